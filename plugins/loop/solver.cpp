// solver.cpp -- see solver.hpp: propagation first (propagation.hpp), then the rule set's own solver
// (rule_solvers.hpp).
#include "solver.hpp"

#include "formats.hpp"
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
        bool holds = true;
        for (const auto &[tile, keep] : options.fixed) holds = holds && s.restrict(tile, keep);
        if (!holds || !s.propagate_all()) mark_unsolvable(report);
        else if (board.rule == Rule::Loop) solve_loop(s, options, report);
        else solve_net(s, board, options, report);
    } catch (const Stopped &) {
        report = SolveReport{};
        report.status = control.stop_status();
    }
    report.nodes = s.nodes();
    return report;
}

pluzzle::SolveOutcome solve_level(const Board &board, pluzzle::SolveControl &control,
                                  std::vector<std::pair<int64_t, uint8_t>> fixed) {
    SolveOptions options;
    options.max_solutions = control.max_solutions();
    options.count = control.options().boolean("count");
    options.fixed = std::move(fixed);
    const SolveReport report = solve_board(board, control, options);
    for (const auto &masks : report.solutions) control.solution(encode_masks(board, masks));
    pluzzle::SolveOutcome outcome;
    outcome.status = report.status;
    if (report.counted) outcome.stats.emplace_back("solutions", report.count.str());
    outcome.stats.emplace_back("decided_by_propagation", std::to_string(report.decided_by_propagation));
    outcome.stats.emplace_back("components", std::to_string(report.components));
    outcome.stats.emplace_back("largest_component", std::to_string(report.largest_component));
    outcome.difficulty = estimate_difficulty(report, uint64_t(board.size()));
    return outcome;
}

} // namespace loop
