// solver.cpp -- see solver.hpp: one entry point over the two modes' searches.
#include "solver.hpp"

#include "free_solver.hpp"
#include "pivot_mode.hpp"

namespace kami {

SolveReport solve_board(const Board &board, pluzzle::SolveControl &control, const SolveOptions &options) {
    if (board.mode == Mode::Free) return solve_free(board, control, options);
    return solve_pivot_mode(board, control, options);
}

} // namespace kami
