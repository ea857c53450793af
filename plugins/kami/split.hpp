// split.hpp -- cube-and-conquer (ABI 1.8) for free-play proofs: a cube is one root move, and its solve is the exact
// search below that move (IslandSearch::search_below), looking only for lists shorter than the best any cube has
// found (control.known_best()). The cubes of all root moves search the whole tree between them, each part once.
#pragma once
#include "board.hpp"
#include "solver.hpp"

#include <pluzzle/puzzle_types.hpp>

#include <string_view>

namespace kami {

// The root's quick list (the upper bound every cube starts from, and the level's answer if nothing beats it) and
// one cube per root move, the moves that join the most first. A board the split does not cover (pivot mode,
// several islands, one region) is solved whole here: no cube, the outcome is solve()'s.
pluzzle::Split split_board(const Board &board, pluzzle::SolveControl &control, const SolveOptions &options = {});

// The fewest moves starting with the cube's move, fewer than control.known_best(): SOLVED with that list, or
// UNSOLVABLE when there is none (lower bound: the best known), or the bounds proven when stopped. Throws
// bad_argument ("cube") for a text that is not one of the board's cubes. The cubes of one board solved in turn on a
// thread share their proven bounds (the thread keeps them until it solves anything else: forget_cube_memory()).
pluzzle::SolveOutcome solve_cube_board(const Board &board, std::string_view cube, pluzzle::SolveControl &control,
                                       const SolveOptions &options = {});

// Frees the calling thread's cube memory (up to ~100 MB): any solve but a cube's calls it.
void forget_cube_memory();

} // namespace kami
