// line_search.cpp -- exact search and rollout improvement against a deterministic published AI.
#include "line_search.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace celladd {
namespace {

using Clock = std::chrono::steady_clock;
constexpr double kLineSearchHeadroom = 0.85;  // of the per-move limit: the search stops here
constexpr double kExactShare = 0.4; // of the limit: the exact attempt before falling back to rollouts

int lead(const Position &position, int me) { return me == 0 ? position.margin() : -position.margin(); }

int reply(const Position &position, int me, const Opponent &model) {
    return position.to_move() == me ? policy_move(position) : published_move(position, model);
}

// Exact search. The future from a node where `me` is to move depends only on the grid (scores are a function of
// the grid, and so is the adaptive AI's skill term at its next turns), so the Zobrist hash keys the memo.
class ExactSearch {
  public:
    ExactSearch(int me, const Opponent &model, pluzzle::SolveControl &control)
        : me_(me), model_(model), control_(control) {}

    // The best future lead change from here, or nullopt when stopped.
    std::optional<int> future(Position &position) {
        if (position.finished()) return 0;
        if (control_.tick()) return std::nullopt;
        const int before = lead(position, me_);
        if (position.to_move() != me_) {
            position.play(published_move(position, model_));
            auto rest = future(position);
            const int gained = lead(position, me_) - before;
            position.undo();
            if (!rest) return std::nullopt;
            return gained + *rest;
        }
        if (auto it = memo_.find(position.hash()); it != memo_.end()) return it->second.value;
        std::vector<int> moves;
        position.legal_moves(moves);
        Entry best{std::numeric_limits<int>::min(), kNoCell};
        for (int cell : moves) {
            position.play(cell);
            auto rest = future(position);
            const int gained = lead(position, me_) - before;
            position.undo();
            if (!rest) return std::nullopt;
            if (gained + *rest > best.value) best = {gained + *rest, cell};
        }
        memo_.emplace(position.hash(), best);
        return best.value;
    }

    // Replays the memoised best choices into a full line (restores the position).
    std::vector<int> line(Position &position) {
        std::vector<int> moves;
        while (!position.finished()) {
            int cell;
            if (position.to_move() == me_) {
                auto it = memo_.find(position.hash());
                cell = it != memo_.end() ? it->second.move : policy_move(position);
            } else {
                cell = published_move(position, model_);
            }
            moves.push_back(cell);
            position.play(cell);
        }
        for (size_t i = 0; i < moves.size(); ++i)
            position.undo();
        return moves;
    }

  private:
    struct Entry {
        int value, move;
    };
    int me_;
    Opponent model_;
    pluzzle::SolveControl &control_;
    std::unordered_map<uint64_t, Entry> memo_;
};

} // namespace

int policy_move(const Position &position) {
    thread_local std::vector<int> moves; // no allocation per move in rollouts
    position.legal_moves(moves);
    const int me = position.to_move();
    int best = kNoCell;
    double best_value = -std::numeric_limits<double>::infinity();
    for (int cell : moves) {
        const Features f = features(position, cell, me);
        const double centre = std::isinf(f[3]) ? 2.0 : f[3];
        const double v = 2 * f[0] + 2 * f[1] + f[2] * 0.5 + centre;
        if (v > best_value) best = cell, best_value = v;
    }
    return best;
}

int rollout(Position &position, int me, const Opponent &model, std::vector<int> *line) {
    int played = 0;
    while (!position.finished()) {
        const int cell = reply(position, me, model);
        if (line) line->push_back(cell);
        position.play(cell);
        ++played;
    }
    const int margin = lead(position, me);
    for (int i = 0; i < played; ++i)
        position.undo();
    return margin;
}

std::optional<LineResult> exact_line(Position &position, int me, const Opponent &model,
                                     pluzzle::SolveControl &control) {
    ExactSearch search(me, model, control);
    const auto future = search.future(position);
    if (!future) return std::nullopt;
    LineResult result;
    result.moves = search.line(position);
    result.margin = lead(position, me) + *future;
    result.exact = true;
    return result;
}

int model_move(Position &position, const Opponent &model, const ModelMoveOptions &options,
               pluzzle::SolveControl &control, int *expected) {
    const int me = position.to_move();
    // Everything below runs against one deadline at kLineSearchHeadroom of the limit (wall clock, so a loaded machine
    // costs search, not the limit): the rollout or exact node running when it passes is the only overshoot.
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(kLineSearchHeadroom * options.time_limit_s));
    auto out_of_time = [&] { return Clock::now() >= deadline || control.poll(); };
    // Each rollout's moves count as nodes, so a node limit bounds this search as deterministically as a clock can't.
    auto rollout_counted = [&](int who) {
        const int moves_before = position.empty_count();
        const int margin = rollout(position, who, model);
        control.tick(static_cast<uint64_t>(std::max(1, moves_before)));
        return margin;
    };

    if (position.empty_count() <= options.exact_empties) {
        // A bounded sub-search: its own clock, so a hard endgame cannot eat the whole move's time.
        pz_solve_request request{};
        request.struct_size = sizeof(request);
        request.time_limit_s = std::max(0.0, options.time_limit_s * kExactShare);
        if (control.node_limit())
            request.node_limit = control.node_limit() > control.nodes() ? control.node_limit() - control.nodes() : 1;
        pluzzle::SolveControl sub(&request, nullptr);
        auto exact = exact_line(position, me, model, sub);
        control.tick(sub.nodes());
        if (exact) {
            if (expected) *expected = exact->margin;
            return exact->moves.front();
        }
    }

    // Rollout improvement: each of our moves followed by the base policy; then, while time lasts, the most
    // promising moves again one level deeper (our best second move by rollout after the model's reply).
    std::vector<int> moves;
    position.legal_moves(moves);
    std::vector<std::pair<int, int>> scored; // (margin, move)
    for (int cell : moves) {
        position.play(cell);
        scored.push_back({rollout_counted(me), cell});
        position.undo();
        if (out_of_time() && scored.size() >= 1) break;
    }
    std::stable_sort(scored.begin(), scored.end(), [](auto &a, auto &b) { return a.first > b.first; });
    const size_t deeper = std::min<size_t>(scored.size(), 8);
    for (size_t k = 0; k < deeper && !out_of_time(); ++k) {
        const int cell = scored[k].second;
        position.play(cell);
        int played = 1;
        while (!position.finished() && position.to_move() != me) {
            position.play(published_move(position, model));
            ++played;
        }
        if (!position.finished()) {
            std::vector<int> second;
            position.legal_moves(second);
            for (int next : second) {
                position.play(next);
                scored[k].first = std::max(scored[k].first, rollout_counted(me));
                position.undo();
                if (out_of_time()) break;
            }
        }
        for (int i = 0; i < played; ++i)
            position.undo();
    }
    const auto best =
        std::max_element(scored.begin(), scored.end(), [](auto &a, auto &b) { return a.first < b.first; });
    if (expected) *expected = best->first;
    return best->second;
}

LineResult best_line(Position &position, int me, const Opponent &model, const ModelMoveOptions &options,
                     pluzzle::SolveControl &control) {
    if (position.empty_count() <= options.exact_empties)
        if (auto exact = exact_line(position, me, model, control)) return *exact;
    LineResult result;
    int played = 0;
    while (!position.finished()) {
        int cell;
        if (position.to_move() != me)
            cell = published_move(position, model);
        else if (control.poll())
            cell = policy_move(position); // out of time: finish with the base policy
        else
            cell = model_move(position, model, options, control);
        result.moves.push_back(cell);
        position.play(cell);
        ++played;
    }
    result.margin = lead(position, me);
    for (int i = 0; i < played; ++i)
        position.undo();
    return result;
}

} // namespace celladd
