// pivot_mode.hpp -- pivot mode (Flood-It) as the solver facade sees it: the board as it comes, which the exact
// search (pivot_solver.hpp) does not take as is.
//   - Holes may cut tiles off from the pivot. The game still ends when every tile has one colour, so a board whose
//     cut-off tiles all have one colour d is solvable: flood the pivot's part and end with d. A last colour may cost
//     one move more than the part's optimum; which of the two it is, a depth-limited search settles.
//   - A part beyond the search's size gets the greedy flood's list (greedy_flood.hpp), with no proof.
//   - Quick mode (not optimal) gives the search a node budget and then takes the greedy list.
#pragma once
#include "solver.hpp"

namespace kami {

SolveReport solve_pivot_mode(const Board &board, pluzzle::SolveControl &control, const SolveOptions &options);

} // namespace kami
