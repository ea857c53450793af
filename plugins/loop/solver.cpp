// solver.cpp -- see solver.hpp: propagation first (propagation.hpp), then the rule set's own solver
// (rule_solvers.hpp).
#include "solver.hpp"

#include "rule_solvers.hpp"

namespace loop {

void mark_unsolvable(SolveReport &report) {
    report.status = PZ_SOLVE_UNSOLVABLE;
    report.count = 0;
    report.counted = true;
}

SolveReport solve_board(const Board &board, pluzzle::SolveControl &control, const SolveOptions &options) {
    SolveReport report;
    Search s(board, control);
    try {
        if (!s.propagate_all()) mark_unsolvable(report);
        else if (board.rule == Rule::Loop) solve_loop(s, options, report);
        else solve_net(s, board, options, report);
    } catch (const Stopped &) {
        report = SolveReport{};
        report.status = control.stop_status();
    }
    report.nodes = s.nodes();
    return report;
}

} // namespace loop
