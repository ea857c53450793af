// hint.cpp -- see hint.hpp.
#include "hint.hpp"

#include "bounded_solve.hpp"
#include "regions.hpp"

namespace kami {
namespace {

// A hint is asked for while a person waits: a request without limits still gets an answer within seconds.
constexpr Budget kUnlimitedCap{20'000'000, 5.0};
// The quick search after a limit: greedy, so these are generous.
constexpr Budget kQuickBudget{2'000'000, 2.0};

} // namespace

std::string hint_move(const Board &board, const PlayState &state, pluzzle::SolveControl &control) {
    if (one_colour(state.cells)) return {};
    Board now = board;
    now.cells = state.cells;
    const Budget cap = control.time_limit_s() > 0 ? Budget{} : kUnlimitedCap;
    SolveReport report = solve_within(now, SolveOptions{}, cap, &control);
    if (control.stopped() && control.stop_status() == PZ_SOLVE_CANCELLED) throw pluzzle::stopped("the hint");
    if (report.status == PZ_SOLVE_LIMIT || report.status == PZ_SOLVE_CANCELLED) {
        // Not proven in time: the quick search's first move, under a budget of its own (the host's may be spent).
        SolveOptions quick;
        quick.optimal = false;
        report = solve_within(now, quick, kQuickBudget);
    }
    if (report.status == PZ_SOLVE_UNSOLVABLE)
        throw pluzzle::invalid("no move list finishes this board: holes cut tiles of two colours or more off from the pivot", "state");
    if (report.moves.empty()) throw pluzzle::stopped("the hint");
    return encode_moves(board, {report.moves.front()});
}

} // namespace kami
