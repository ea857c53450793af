// bounded_solve.cpp -- see bounded_solve.hpp.
#include "bounded_solve.hpp"

#include "pivot_solver.hpp"

namespace kami {
namespace {

// The private control's poll hook: passes the nodes spent since the last poll on to the outer control, whose
// tick() and poll() then apply all its limits (nodes, time, the host's cancel flag).
struct Chain {
    pluzzle::SolveControl *outer = nullptr;
    const pluzzle::SolveControl *inner = nullptr;
    uint64_t charged = 0;
    bool stop() {
        const uint64_t spent = inner->nodes() - charged;
        charged += spent;
        const bool over = outer->tick(spent);
        return over || outer->poll();
    }
};

// Runs solve(control) on a private control with `budget`, chained to `outer`.
template <class Solve> auto run_within(Budget budget, pluzzle::SolveControl *outer, Solve &&solve) {
    Chain chain;
    chain.outer = outer;
    pz_solve_request request{};
    request.struct_size = sizeof request;
    request.node_limit = budget.nodes;
    request.time_limit_s = budget.seconds;
    request.ctx = &chain;
    if (outer) request.should_stop = [](void *ctx) { return static_cast<Chain *>(ctx)->stop() ? 1 : 0; };
    pluzzle::SolveControl control(&request, nullptr);
    chain.inner = &control;
    auto report = solve(control);
    if (outer) chain.stop();
    return report;
}

} // namespace

SolveReport solve_within(const Board &board, const SolveOptions &options, Budget budget, pluzzle::SolveControl *outer) {
    return run_within(budget, outer,
                      [&](pluzzle::SolveControl &control) { return solve_board(board, control, options); });
}

PivotReport pivot_within(const RegionGraph &g, int32_t start, Budget budget, pluzzle::SolveControl *outer) {
    return run_within(budget, outer, [&](pluzzle::SolveControl &control) { return solve_pivot(g, start, control); });
}

} // namespace kami
