// alpha_beta.cpp -- iterative-deepening negamax with a transposition table.
#include "alpha_beta.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <vector>

namespace celladd {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kInfinity = 1 << 20;

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
        if (position_.finished() || depth == 0) return side_margin();
        if ((++nodes_ & 1023) == 0 && (Clock::now() >= deadline_ || control_.poll())) stopped_ = true;
        if (stopped_) return 0;
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

    // The table's move first, then by what the cell is worth to either side (taking it or denying it).
    void ordered_moves(int hint, std::vector<int> &moves) const {
        legal_moves(position_.board(), position_.owner(), moves);
        const int me = position_.to_move();
        std::vector<std::pair<int, int>> keyed;
        for (int cell : moves) {
            const int key = cell == hint ? kInfinity
                                         : gain(position_.board(), position_.owner(), cell, me) +
                                               gain(position_.board(), position_.owner(), cell, 1 - me);
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
    uint64_t nodes_ = 0;
    bool stopped_ = false;
};

} // namespace

AlphaBetaResult alpha_beta_move(Position &position, double time_limit_s, pluzzle::SolveControl &control) {
    AlphaBetaResult result;
    if (position.finished()) return result;
    const auto deadline =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(time_limit_s));
    Searcher searcher(position, deadline, control);
    // Even depths only (then the exact depth): a margin read after our move but before the reply flatters us.
    const int empties = position.empty_count();
    for (int depth = std::min(2, empties); depth <= empties;
         depth = depth + 2 > empties && depth < empties ? empties : depth + 2) {
        int move = kNoCell;
        const int value = searcher.search(depth, -kInfinity, kInfinity, &move);
        if (searcher.stopped() && result.move != kNoCell) break;
        // Depth 1 always completes enough to give a move (its first child is searched before any stop).
        if (move != kNoCell) result = {move, value, depth, depth == position.empty_count()};
        if (searcher.stopped()) break;
    }
    if (result.move == kNoCell) { // stopped before depth 1 finished: the move that is worth most to either side
        std::vector<int> moves;
        legal_moves(position.board(), position.owner(), moves);
        int best = -kInfinity;
        for (int cell : moves) {
            const int worth = gain(position.board(), position.owner(), cell, position.to_move()) +
                              gain(position.board(), position.owner(), cell, 1 - position.to_move());
            if (worth > best) best = worth, result.move = cell;
        }
    }
    return result;
}

} // namespace celladd
