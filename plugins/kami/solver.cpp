// solver.cpp -- see solver.hpp: one entry point over the two modes' searches.
#include "solver.hpp"

#include "free_solver.hpp"
#include "pivot_solver.hpp"

namespace kami {

SolveReport solve_board(const Board &board, pluzzle::SolveControl &control, const SolveOptions &options) {
    if (board.mode == Mode::Free) return solve_free(board, control, options);
    // Pivot mode: the A* is fast enough that the quick mode has nothing quicker to offer.
    const PivotReport p = solve_pivot(board, control);
    SolveReport report;
    report.status = p.status;
    report.moves = p.moves;
    report.lower_bound = p.lower_bound;
    report.upper_bound = p.status == PZ_SOLVE_SOLVED ? int(p.moves.size()) : -1;
    report.nodes = p.nodes;
    report.regions = p.regions;
    return report;
}

} // namespace kami
