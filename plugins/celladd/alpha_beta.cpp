// alpha_beta.cpp -- iterative-deepening negamax with a transposition table; leaves are valued by a greedy
// playout to the end of the game (the board always fills, so the final margin of a plausible continuation says
// far more than the margin so far: with it the general AI no longer loses petri 29 to hard).
#include "alpha_beta.hpp"
#include "line_search.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <vector>

namespace celladd {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kInfinity = 1 << 20;
constexpr double kAlphaBetaHeadroom = 0.85;

struct TableEntry {
    uint64_t key = 0;
    int depth = -1, value = 0, move = kNoCell;
    enum Bound : uint8_t { exact, lower, upper } bound = exact;
};

class Searcher {
  public:
    Searcher(Position &position, Clock::time_point deadline, pluzzle::SolveControl &control)
        : position_(position), deadline_(deadline), control_(control), table_(1u << 18) {}

    bool stopped() const { return stopped_; }

    int search(int depth, int alpha, int beta, int *best_move) {
        if (position_.finished()) return side_margin();
        // A leaf costs a playout (up to ~0.8 ms on 120 cells), so the clock is read at every node (~25 ns).
        if (Clock::now() >= deadline_ || control_.poll()) stopped_ = true;
        if (stopped_) return 0;
        if (depth == 0) return playout_margin();
        const int alpha0 = alpha;
        TableEntry &entry = table_[position_.hash() & (table_.size() - 1)];
        int hint = kNoCell;
        if (entry.key == position_.hash()) {
            hint = entry.move;
            if (entry.depth >= depth && !best_move) {
                if (entry.bound == TableEntry::exact) return entry.value;
                if (entry.bound == TableEntry::lower)
                    alpha = std::max(alpha, entry.value);
                else
                    beta = std::min(beta, entry.value);
                if (alpha >= beta) return entry.value;
            }
        }
        std::vector<int> moves;
        ordered_moves(hint, moves);
        int best = -kInfinity, chosen = moves.front();
        for (int cell : moves) {
            position_.play(cell);
            const int value = -search(depth - 1, -beta, -alpha, nullptr);
            position_.undo();
            if (stopped_) return 0;
            if (value > best) best = value, chosen = cell;
            alpha = std::max(alpha, value);
            if (alpha >= beta) break;
        }
        entry = {position_.hash(), depth, best, chosen,
                 best <= alpha0 ? TableEntry::upper
                 : best >= beta ? TableEntry::lower
                                : TableEntry::exact};
        if (best_move) *best_move = chosen;
        return best;
    }

  private:
    int side_margin() const { return position_.to_move() == 0 ? position_.margin() : -position_.margin(); }

    // Both sides by the greedy base policy to the end; the final margin for the side to move now.
    int playout_margin() {
        const int sign = position_.to_move() == 0 ? 1 : -1;
        int played = 0;
        for (; !position_.finished(); ++played)
            position_.play(policy_move(position_));
        const int margin = sign * position_.margin();
        for (; played > 0; --played)
            position_.undo();
        return margin;
    }

    // The table's move first, then by what the cell is worth to either side (taking it or denying it).
    void ordered_moves(int hint, std::vector<int> &moves) const {
        position_.legal_moves(moves);
        const int me = position_.to_move();
        std::vector<std::pair<int, int>> keyed;
        for (int cell : moves) {
            const int key = cell == hint ? kInfinity : position_.gain(cell, me) + position_.gain(cell, 1 - me);
            keyed.push_back({-key, cell});
        }
        std::stable_sort(keyed.begin(), keyed.end(), [](auto &a, auto &b) { return a.first < b.first; });
        for (size_t i = 0; i < moves.size(); ++i)
            moves[i] = keyed[i].second;
    }

    Position &position_;
    Clock::time_point deadline_;
    pluzzle::SolveControl &control_;
    std::vector<TableEntry> table_;
    bool stopped_ = false;
};

} // namespace

AlphaBetaResult alpha_beta_move(Position &position, double time_limit_s, pluzzle::SolveControl &control) {
    AlphaBetaResult result;
    if (position.finished()) return result;
    // Stop at 85% of the limit (wall clock): the node running then, and the return, fit in the rest.
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(kAlphaBetaHeadroom * time_limit_s));
    Searcher searcher(position, deadline, control);
    // Every depth: the playouts finish the game, so a leaf after our move is not flattered as a bare margin was.
    const int empties = position.empty_count();
    for (int depth = 1; depth <= empties; ++depth) {
        int move = kNoCell;
        const int value = searcher.search(depth, -kInfinity, kInfinity, &move);
        if (searcher.stopped() && result.move != kNoCell) break;
        // Depth 1 always completes enough to give a move (its first child is searched before any stop).
        if (move != kNoCell) result = {move, value, depth, depth == position.empty_count()};
        if (searcher.stopped()) break;
    }
    if (result.move == kNoCell) { // stopped before depth 1 finished: the move that is worth most to either side
        std::vector<int> moves;
        position.legal_moves(moves);
        int best = -kInfinity;
        for (int cell : moves) {
            const int worth = position.gain(cell, position.to_move()) + position.gain(cell, 1 - position.to_move());
            if (worth > best) best = worth, result.move = cell;
        }
    }
    return result;
}

} // namespace celladd
