// free_solver.hpp -- optimal solutions of free-play boards (KAMI): any region may be recoloured. Exact search over
// region graphs with admissible bounds; see README.md, "How the free-play solver works".
#pragma once
#include "solver.hpp"

namespace kami {

SolveReport solve_free(const Board &board, pluzzle::SolveControl &control, const SolveOptions &options);

} // namespace kami
