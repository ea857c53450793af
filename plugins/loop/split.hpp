// split.hpp -- cube-and-conquer (ABI 1.8): after the root's propagation, a cube fixes the turns of a few tiles of the
// largest undecided component (loop rules: a component counted on its own; net rules: a pocket of undecided tiles),
// chosen by one pass of look-ahead; a cube that propagation refutes is dropped at once. A solution turns those tiles
// one way only, so it lies in exactly one cube: the cubes' counts add up to the level's (Combine::count). Loop rules
// (counting): the split counts the rest of the board once and each cube carries that count, so a cube counts only
// its component. Otherwise a cube is solved by the whole solver with its tiles fixed (SolveOptions::fixed).
#pragma once
#include "board.hpp"
#include "solver.hpp"

#include <pluzzle/puzzle_types.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace loop {

// What a cube fixes, and (loop rules, counting) what the split counted beyond it.
struct Cube {
    std::vector<std::pair<int64_t, uint8_t>> tiles; // as SolveOptions::fixed: (tile, the one option it keeps)
    std::optional<BigCount> rest_solutions;          // as SolveOptions::rest_solutions; none: the cube counts all
};

// About `want` cubes, each "tiles X,Y=MASK ..." (the tile in column X, row Y turned to MASK, hex digits as in the
// level's tiles block), then under loop rules with counting "times N" (the rest's solutions, decimal). No cube when
// the root decides the level (refuted, every tile decided, only components too small to be worth a cube, a rest
// without solutions, or a largest component cheaper to count than its cubes): the outcome is then solve()'s (its
// status, count and stats; a second solution may differ in which component it differs), within control's limits.
pluzzle::Split split_board(const Board &board, unsigned want, pluzzle::SolveControl &control);

// Throws bad_argument (field "cube") for a text that is not a cube of this board, naming the entry and what is
// wrong.
Cube read_cube(const Board &board, std::string_view cube);

// The text of `cube` (read_cube's form).
std::string cube_text(const Board &board, const Cube &cube);

// solve_cube(): the level solved within the cube (solve_level with its tiles fixed and the rest's count).
pluzzle::SolveOutcome solve_cube_text(const Board &board, std::string_view cube, pluzzle::SolveControl &control);

} // namespace loop
