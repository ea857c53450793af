// split.hpp -- cube-and-conquer (ABI 1.8): after the root's propagation, a cube fixes the turns of a few tiles of the
// largest undecided component (loop rules: a component counted on its own; net rules: a pocket of undecided tiles),
// chosen by one pass of look-ahead; a cube that propagation refutes is dropped at once. A solution turns those tiles
// one way only, so it lies in exactly one cube: the cubes' counts add up to the level's (Combine::count). A cube is
// solved by the whole solver with its tiles fixed (SolveOptions::fixed): the other components' counts multiply in.
#pragma once
#include "board.hpp"

#include <pluzzle/puzzle_types.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace loop {

// About `want` cubes, each "tiles X,Y=MASK ..." (the tile in column X, row Y turned to MASK, hex digits as in the
// level's tiles block). No cube when the root decides the level (refuted, every tile decided, or only components
// too small to be worth a cube): the outcome is then solve()'s, from a whole solve within control's limits.
pluzzle::Split split_board(const Board &board, unsigned want, pluzzle::SolveControl &control);

// The tiles a cube fixes, as SolveOptions::fixed: (tile, the one option of its domain it keeps). Throws
// bad_argument (field "cube") for a text that is not a cube of this board, naming the entry and what is wrong.
std::vector<std::pair<int64_t, uint8_t>> read_cube(const Board &board, std::string_view cube);

// The text of the cube that fixes `tiles` (read_cube's form).
std::string cube_text(const Board &board, const std::vector<std::pair<int64_t, uint8_t>> &tiles);

} // namespace loop
