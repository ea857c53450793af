// solver.cpp -- see solver.hpp: propagation first (propagation.hpp), then the rule set's own solver
// (rule_solvers.hpp).
#include "solver.hpp"

#include "formats.hpp"
#include "rule_solvers.hpp"

#include <pluzzle/error.hpp>

namespace loop {

void mark_unsolvable(SolveReport &report) {
    report.status = PZ_SOLVE_UNSOLVABLE;
    report.count = 0;
    report.counted = true;
}

namespace {

// The undecided component of the root's propagation that holds every fixed tile, one mark per tile. Throws
// bad_argument (field "cube") when there is none: the cube was not split from this board.
std::vector<uint8_t> component_of_fixed(const Search &s, const Board &board, const SolveOptions &options) {
    const auto mismatch = [&](int64_t tile, const std::string &why) {
        return pluzzle::bad_argument("a cube with 'times' fixes tiles of one undecided component of the board, but "
                                     "tile " + std::to_string(tile % board.cols) + "," +
                                         std::to_string(tile / board.cols) + " " + why + ": not a cube of this board",
                                     "cube");
    };
    std::vector<uint8_t> part(size_t(s.size()), 0);
    const int64_t first = options.fixed.at(0).first;
    if (single(s.domain(first))) throw mismatch(first, "is decided at the root");
    std::vector<int64_t> tiles{first};
    part[size_t(first)] = 1;
    grow_pocket(s, tiles, part, SIZE_MAX);
    for (const auto &[tile, keep] : options.fixed)
        if (!part[size_t(tile)]) throw mismatch(tile, "is not in its first tile's");
    return part;
}

// A cube that carries the rest's count: the root's fixpoint first (to find the cube's component), then its tiles
// fixed one at a time, since propagation never revises a decided tile against another decided one.
void solve_cube_component(Search &s, const Board &board, const SolveOptions &options, SolveReport &report) {
    if (!s.propagate_all()) return mark_unsolvable(report);
    const std::vector<uint8_t> part = component_of_fixed(s, board, options);
    for (const auto &[tile, keep] : options.fixed)
        if (!(s.restrict(tile, keep) && s.propagate())) return mark_unsolvable(report);
    solve_loop(s, options, report, &part);
}

} // namespace

SolveReport solve_board(const Board &board, pluzzle::SolveControl &control, const SolveOptions &options) {
    SolveReport report;
    Search s(board, control);
    try {
        if (options.rest_solutions && board.rule == Rule::Loop) {
            solve_cube_component(s, board, options, report);
        } else {
            bool holds = true;
            for (const auto &[tile, keep] : options.fixed) holds = holds && s.restrict(tile, keep);
            if (!holds || !s.propagate_all()) mark_unsolvable(report);
            else if (board.rule == Rule::Loop) solve_loop(s, options, report);
            else solve_net(s, board, options, report);
        }
    } catch (const Stopped &) {
        report = SolveReport{};
        report.status = control.stop_status();
    }
    report.nodes = s.nodes();
    return report;
}

SolveOptions solve_options(pluzzle::SolveControl &control) {
    SolveOptions options;
    options.max_solutions = control.max_solutions();
    options.count = control.options().boolean("count");
    return options;
}

pluzzle::SolveOutcome solve_outcome(const Board &board, pluzzle::SolveControl &control, const SolveReport &report) {
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

pluzzle::SolveOutcome solve_level(const Board &board, pluzzle::SolveControl &control,
                                  std::vector<std::pair<int64_t, uint8_t>> fixed,
                                  std::optional<BigCount> rest_solutions) {
    SolveOptions options = solve_options(control);
    options.fixed = std::move(fixed);
    options.rest_solutions = std::move(rest_solutions);
    return solve_outcome(board, control, solve_board(board, control, options));
}

} // namespace loop
