// pivot_solver.cpp -- see pivot_solver.hpp.
//
// A state is the blob: the regions (of the starting board) the pivot's region has absorbed, as a bitset; its
// colour is the last move's. A move with colour c absorbs every region of colour c touching the blob (regions of one
// colour never touch, so nothing more joins). The bound is the larger of the colours left outside the blob (each
// needs a move of its own) and the length of a relaxed game (see bound(); it is never shorter than the farthest
// region's distance from the blob). Both are admissible, not always consistent, so a state reached again in fewer
// moves is expanded again.
#include "pivot_solver.hpp"

#include "regions.hpp"

#include <algorithm>
#include <queue>

namespace kami {
namespace {

class BlobSearch {
public:
    BlobSearch(const RegionGraph &g, pluzzle::SolveControl &control)
        : g_(g), words_((size_t(g.count()) + 63) / 64), control_(control),
          adjacent_bits_(size_t(g.count()) * words_, 0), colour_bits_(10 * words_, 0), all_bits_(words_, 0),
          scratch_(5 * words_, 0) {
        for (int32_t r = 0; r < g.count(); ++r) {
            for (int32_t a : g.adjacent[size_t(r)]) set(&adjacent_bits_[size_t(r) * words_], a);
            set(&colour_bits_[size_t(g.colour[size_t(r)]) * words_], r);
            set(all_bits_.data(), r);
        }
    }

    PivotReport run(int32_t start) {
        PivotReport report;
        report.regions = g_.count();
        std::vector<uint64_t> first(words_, 0);
        set(first.data(), start);
        const int h0 = connected(first.data()) ? bound(first.data()) : kUnreachable;
        if (h0 >= kUnreachable) {
            report.status = PZ_SOLVE_UNSOLVABLE;
            return report;
        }
        add(first.data(), 0, -1, g_.colour[size_t(start)], h0);
        report.lower_bound = h0;
        while (!open_.empty()) {
            const Entry e = open_.top();
            open_.pop();
            if (closed_[size_t(e.state)]) continue;
            closed_[size_t(e.state)] = 1;
            report.lower_bound = std::max(report.lower_bound, e.f);
            if (e.f == e.g) { // the bound is 0 only when the blob holds everything
                report.status = PZ_SOLVE_SOLVED;
                report.moves = moves_to(e.state);
                report.lower_bound = int(report.moves.size());
                report.nodes = expanded_;
                return report;
            }
            ++expanded_;
            if (control_.tick()) {
                report.status = control_.stop_status();
                report.nodes = expanded_;
                return report;
            }
            expand(e.state);
        }
        report.status = PZ_SOLVE_UNSOLVABLE; // not reached: a connected board is always solvable
        report.nodes = expanded_;
        return report;
    }

private:
    static constexpr int kUnreachable = 1 << 20;
    struct Entry {
        int f, g;
        int32_t state;
        bool operator<(const Entry &o) const { return f != o.f ? f > o.f : g < o.g; } // deepest first on ties
    };

    static void set(uint64_t *b, int32_t r) { b[size_t(r) / 64] |= uint64_t(1) << (r % 64); }
    const uint64_t *blob(int32_t s) const { return &blobs_[size_t(s) * words_]; }

    // The bound of a blob (0 exactly when it holds every region): the length of a relaxed game that is never longer
    // than the real one (A. Puchert's bound, as ColorFill uses it) -- while some colours can be wiped out, wipe out
    // every such colour at one move each; otherwise absorb all the touching regions, whatever their colours, in one
    // move -- and at least the number of colours left (each needs a move of its own). Bit-parallel: a pc19 board's
    // ~150 regions are 3 words, so a round is a few word operations per colour and per region absorbed.
    int bound(const uint64_t *b) {
        uint64_t *inside = scratch(0), *front = scratch(1), *taken = scratch(2);
        std::copy(b, b + words_, inside);
        touching(inside, front);
        int colours_left = 0;
        for (int c = 1; c < 10; ++c) colours_left += !subset(colour_bits(c), inside);
        int moves = 0;
        while (!all_inside(inside)) {
            if (empty(front)) return kUnreachable;
            std::fill(taken, taken + words_, 0);
            int wiped = 0;
            for (int c = 1; c < 10; ++c) {
                if (!can_wipe_out(c, inside, front)) continue;
                ++wiped;
                for (size_t w = 0; w < words_; ++w) taken[w] |= colour_bits(c)[w] & front[w];
            }
            if (wiped) moves += wiped;
            else {
                ++moves;
                std::copy(front, front + words_, taken);
            }
            for (size_t w = 0; w < words_; ++w) inside[w] |= taken[w], front[w] &= ~taken[w];
            for_each_bit(taken, [&](int32_t r) { or_into(front, adjacent_bits(r)); });
            and_not(front, inside);
        }
        return std::max(moves, colours_left);
    }

    // Whether every region can be reached from the blob at all (holes may cut a board apart for good).
    bool connected(const uint64_t *b) {
        uint64_t *reach = scratch(3), *front = scratch(4);
        std::copy(b, b + words_, reach);
        for (touching(reach, front); !empty(front); touching(reach, front)) or_into(reach, front);
        return all_inside(reach);
    }

    // The regions touching the blob b (not in it) into `front`.
    void touching(const uint64_t *b, uint64_t *front) const {
        std::fill(front, front + words_, 0);
        for_each_bit(b, [&](int32_t r) { or_into(front, adjacent_bits(r)); });
        and_not(front, b);
    }
    // Colour c has regions left outside the blob, and all of them touch it: one move wipes the colour out.
    bool can_wipe_out(int c, const uint64_t *inside, const uint64_t *front) const {
        bool remains = false;
        for (size_t w = 0; w < words_; ++w) {
            const uint64_t rest = colour_bits(c)[w] & ~inside[w];
            if (rest & ~front[w]) return false;
            remains = remains || rest;
        }
        return remains;
    }

    uint64_t *scratch(int k) { return &scratch_[size_t(k) * words_]; }
    const uint64_t *adjacent_bits(int32_t r) const { return &adjacent_bits_[size_t(r) * words_]; }
    const uint64_t *colour_bits(int c) const { return &colour_bits_[size_t(c) * words_]; }
    void or_into(uint64_t *to, const uint64_t *from) const {
        for (size_t w = 0; w < words_; ++w) to[w] |= from[w];
    }
    void and_not(uint64_t *to, const uint64_t *mask) const {
        for (size_t w = 0; w < words_; ++w) to[w] &= ~mask[w];
    }
    bool subset(const uint64_t *a, const uint64_t *b) const {
        for (size_t w = 0; w < words_; ++w)
            if (a[w] & ~b[w]) return false;
        return true;
    }
    bool empty(const uint64_t *a) const {
        for (size_t w = 0; w < words_; ++w)
            if (a[w]) return false;
        return true;
    }
    bool all_inside(const uint64_t *a) const { return subset(all_bits_.data(), a); }
    template <class F> void for_each_bit(const uint64_t *a, F &&f) const {
        for (size_t w = 0; w < words_; ++w)
            for (uint64_t bits = a[w]; bits; bits &= bits - 1) f(int32_t(w * 64 + size_t(__builtin_ctzll(bits))));
    }

    void expand(int32_t s) {
        const std::vector<uint64_t> b(blob(s), blob(s) + words_);
        const int g = depth_[size_t(s)] + 1;
        std::vector<uint64_t> front(words_), next(words_);
        touching(b.data(), front.data());
        // A colour that can be wiped out now can be taken first without loss: a larger blob never needs more
        // moves, and that colour's move is needed anyway. Then it is the only move tried.
        int only = 0;
        for (int c = 1; c < 10 && !only; ++c)
            if (can_wipe_out(c, b.data(), front.data())) only = c;
        for (int c = 1; c < 10; ++c) {
            if (only && c != only) continue;
            bool grows = false;
            for (size_t w = 0; w < words_; ++w) {
                const uint64_t absorbed = colour_bits(c)[w] & front[w];
                next[w] = b[w] | absorbed;
                grows = grows || absorbed;
            }
            if (grows) add(next.data(), g, s, uint8_t(c), -1);
        }
    }

    // Records a state reached in g moves (unless known with g or fewer) and queues it.
    void add(const uint64_t *b, int g, int32_t parent, uint8_t colour, int h) {
        if (table_.empty()) table_.assign(1024, -1);
        if ((count_ + 1) * 2 > table_.size()) grow();
        size_t at = hash(b) & (table_.size() - 1);
        while (table_[at] >= 0) {
            const int32_t s = table_[at];
            if (std::equal(b, b + words_, blob(s))) {
                if (g >= depth_[size_t(s)]) return;
                // Reached in fewer moves (the bound is admissible, not always consistent): take the better path,
                // and expand the state again.
                depth_[size_t(s)] = g, parent_[size_t(s)] = parent, colour_[size_t(s)] = colour;
                closed_[size_t(s)] = 0;
                open_.push({g + bound(b), g, s});
                return;
            }
            at = (at + 1) & (table_.size() - 1);
        }
        const int32_t s = int32_t(depth_.size());
        blobs_.insert(blobs_.end(), b, b + words_);
        depth_.push_back(g), parent_.push_back(parent), colour_.push_back(colour), closed_.push_back(0);
        table_[at] = s;
        ++count_;
        open_.push({g + (h >= 0 ? h : bound(b)), g, s});
    }
    size_t hash(const uint64_t *b) const {
        uint64_t h = 0x9e3779b97f4a7c15ULL;
        for (size_t w = 0; w < words_; ++w) h = (h ^ b[w]) * 0xff51afd7ed558ccdULL, h ^= h >> 32;
        return size_t(h);
    }
    void grow() {
        std::vector<int32_t> old = std::move(table_);
        table_.assign(old.size() * 2, -1);
        for (int32_t s : old) {
            if (s < 0) continue;
            size_t at = hash(blob(s)) & (table_.size() - 1);
            while (table_[at] >= 0) at = (at + 1) & (table_.size() - 1);
            table_[at] = s;
        }
    }

    std::vector<Move> moves_to(int32_t s) const {
        std::vector<Move> moves;
        for (; parent_[size_t(s)] >= 0; s = parent_[size_t(s)]) moves.push_back({0, colour_[size_t(s)]});
        std::reverse(moves.begin(), moves.end());
        return moves;
    }

    const RegionGraph &g_;
    const size_t words_;
    pluzzle::SolveControl &control_;
    std::vector<uint64_t> adjacent_bits_, colour_bits_, all_bits_, scratch_; // per region, per colour, all, work
    std::vector<uint64_t> blobs_;
    std::vector<int> depth_;
    std::vector<int32_t> parent_;
    std::vector<uint8_t> colour_, closed_;
    std::vector<int32_t> table_;
    size_t count_ = 0;
    std::priority_queue<Entry> open_;
    uint64_t expanded_ = 0;
};

} // namespace

PivotReport solve_pivot(const Board &board, pluzzle::SolveControl &control) {
    const RegionGraph g = region_graph(board, board.cells);
    BlobSearch search(g, control);
    PivotReport report = search.run(g.region_of[size_t(board.pivot)]);
    for (Move &m : report.moves) m.cell = board.pivot;
    return report;
}

} // namespace kami
