// free_solver.cpp -- see free_solver.hpp and README.md, "How the free-play solver works".
//
// Holes may cut a board into islands that no move joins; each is searched on its own and the answers are combined
// over a common final colour. An island's search is IDA* over colourings of its regions (the regions of the starting
// board; a state's regions are its same-coloured connected groups of them), with
//   - a bound that never overestimates: the larger of the colours that must vanish (a move removes at most one
//     colour from the board) and the radius of the state's region graph (a move contracts a region with some of its
//     neighbours, a star, which lowers every eccentricity by at most one);
//   - a transposition table that keeps, for each state met, the best lower bound a finished search below it
//     proved, so states reached again (moves in another order) are cut at once;
//   - a quick beam search first, whose answer is the upper bound: when no iteration below it succeeds, the beam's
//     answer is optimal.
#include "free_solver.hpp"

#include "regions.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <numeric>
#include <string>
#include <unordered_set>

namespace kami {
namespace {

constexpr int kFound = -1;
constexpr int kUnbounded = 1 << 20;

// One island: the regions of the starting board that edges join, renumbered 0..n-1.
struct Island {
    std::vector<int32_t> region;                // island index -> region of the whole board
    std::vector<std::vector<int32_t>> adjacent; // island indices
    std::vector<uint8_t> colour;                // at the start
};

std::vector<Island> islands_of(const RegionGraph &g) {
    std::vector<int32_t> local(size_t(g.count()), -1);
    std::vector<Island> islands;
    for (int32_t start = 0; start < g.count(); ++start) {
        if (local[size_t(start)] >= 0) continue;
        Island island;
        local[size_t(start)] = 0;
        island.region.push_back(start);
        for (size_t q = 0; q < island.region.size(); ++q)
            for (int32_t s : g.adjacent[size_t(island.region[q])])
                if (local[size_t(s)] < 0) {
                    local[size_t(s)] = int32_t(island.region.size());
                    island.region.push_back(s);
                }
        for (int32_t r : island.region) {
            island.colour.push_back(g.colour[size_t(r)]);
            island.adjacent.emplace_back();
            for (int32_t s : g.adjacent[size_t(r)]) island.adjacent.back().push_back(local[size_t(s)]);
        }
        islands.push_back(std::move(island));
    }
    return islands;
}

// A move on an island: recolour the group holding island region `region` with `colour`.
struct IslandMove {
    int32_t region;
    uint8_t colour;
};

// A state's groups (same-coloured connected sets of the island's regions) and which groups touch, as bitsets.
struct Position {
    int n = 0;                      // groups
    std::vector<int32_t> group_of;  // per island region
    std::vector<int32_t> first;     // per group: one of its regions
    std::vector<uint8_t> colour;    // per group
    std::vector<uint64_t> adjacent; // per group: `words` words
    uint32_t colours = 0;           // bit c: colour c is on the island
};

// 128-bit Zobrist keys: a collision would make the search skip a state it never proved anything about, so the key
// is long enough that one is not expected in any search this machine can run.
struct Key {
    uint64_t a = 0, b = 0;
    bool operator==(const Key &o) const { return a == o.a && b == o.b; }
};

// Lower bounds proven for states (moves still needed), in a fixed-size table: a full table replaces an entry.
class BoundTable {
public:
    explicit BoundTable(size_t entries) : slots_(entries) {}
    int lookup(const Key &k) const {
        const Slot &s = slots_[size_t(k.a) & (slots_.size() - 1)];
        return s.used && s.key == k ? s.bound : 0;
    }
    void store(const Key &k, int bound) {
        Slot &s = slots_[size_t(k.a) & (slots_.size() - 1)];
        if (s.used && s.key == k && s.bound >= bound) return;
        s = {k, int16_t(std::min(bound, 32000)), true};
    }

private:
    struct Slot {
        Key key;
        int16_t bound = 0;
        bool used = false;
    };
    std::vector<Slot> slots_;
};

class IslandSearch {
public:
    IslandSearch(const Island &island, int palette, pluzzle::SolveControl &control)
        : island_(island), n0_(int(island.colour.size())), words_((size_t(n0_) + 63) / 64), palette_(palette),
          control_(control), table_(size_t(1) << 20) {
        uint64_t x = 0x243f6a8885a308d3ULL;
        const auto next = [&x] {
            x += 0x9e3779b97f4a7c15ULL;
            uint64_t z = x;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            return z ^ (z >> 31);
        };
        zobrist_.resize(size_t(n0_) * 10 + 10);
        for (Key &k : zobrist_) k = {next(), next()};
    }

    // The fewest moves that leave the island one colour (`target`, or any colour for 0), searched for with no more
    // than `most` moves; returns the moves, or stops early (stopped()) when the control says so. `lower` reports the
    // bound proven so far (moves any solution needs, up to most + 1 when none has most or fewer).
    bool search(uint8_t target, int most, std::vector<IslandMove> &moves, int &lower) {
        target_ = target;
        std::vector<uint8_t> colours = island_.colour;
        const Key key = key_of(colours);
        Position p;
        evaluate(colours, p);
        int threshold = bound(p, kUnbounded);
        lower = threshold;
        if (depth_.size() < size_t(std::max(most, 0)) + 2) depth_.resize(size_t(std::max(most, 0)) + 2);
        while (threshold <= most) {
            path_.clear();
            const int r = dfs(colours, key, 0, threshold, nullptr);
            if (stopped_) return false;
            if (r == kFound) {
                moves.assign(path_.rbegin(), path_.rend());
                lower = int(moves.size());
                return true;
            }
            lower = threshold = r;
        }
        lower = std::min(lower, most + 1);
        return false;
    }

    // A quick answer: a beam of the `width` best states a move deeper at a time (fewest groups, then bound).
    std::vector<IslandMove> beam(int width) {
        struct Node {
            std::vector<uint8_t> colours;
            std::vector<IslandMove> moves;
            int groups, bound;
        };
        target_ = 0;
        Position p;
        std::vector<Node> layer{{island_.colour, {}, 0, 0}};
        std::unordered_set<std::string> seen;
        while (true) {
            std::vector<Node> next;
            for (const Node &node : layer) {
                evaluate(node.colours, p);
                if (p.n == 1) return node.moves;
                for (int u = 0; u < p.n; ++u)
                    for (int c = 1; c <= palette_; ++c) {
                        if (!(neighbour_colours(p, u) >> c & 1)) continue;
                        Node child{node.colours, node.moves, 0, 0};
                        recolour(child.colours, p, u, uint8_t(c));
                        if (!seen.insert(std::string(child.colours.begin(), child.colours.end())).second) continue;
                        child.moves.push_back({p.first[size_t(u)], uint8_t(c)});
                        next.push_back(std::move(child));
                    }
            }
            for (Node &node : next) {
                evaluate(node.colours, p);
                node.groups = p.n;
                node.bound = bound(p, kUnbounded);
            }
            const auto better = [](const Node &a, const Node &b) {
                return a.bound != b.bound ? a.bound < b.bound : a.groups < b.groups;
            };
            if (next.size() > size_t(width)) {
                std::partial_sort(next.begin(), next.begin() + width, next.end(), better);
                next.resize(size_t(width));
            }
            layer = std::move(next);
        }
    }

    bool stopped() const { return stopped_; }
    uint64_t nodes() const { return nodes_; }

private:
    Key key_of(const std::vector<uint8_t> &colours) const {
        Key k = zobrist_[size_t(n0_) * 10 + target_];
        for (int r = 0; r < n0_; ++r) {
            const Key &z = zobrist_[size_t(r) * 10 + colours[size_t(r)]];
            k.a ^= z.a, k.b ^= z.b;
        }
        return k;
    }

    void evaluate(const std::vector<uint8_t> &colours, Position &p) const {
        p.group_of.assign(size_t(n0_), -1);
        p.first.clear(), p.colour.clear();
        p.colours = 0;
        std::vector<int32_t> &stack = stack_;
        for (int32_t r = 0; r < n0_; ++r) {
            if (p.group_of[size_t(r)] >= 0) continue;
            const int32_t id = int32_t(p.first.size());
            p.first.push_back(r);
            p.colour.push_back(colours[size_t(r)]);
            p.colours |= 1u << colours[size_t(r)];
            p.group_of[size_t(r)] = id;
            stack.assign(1, r);
            while (!stack.empty()) {
                const int32_t x = stack.back();
                stack.pop_back();
                for (int32_t y : island_.adjacent[size_t(x)])
                    if (p.group_of[size_t(y)] < 0 && colours[size_t(y)] == colours[size_t(r)]) {
                        p.group_of[size_t(y)] = id;
                        stack.push_back(y);
                    }
            }
        }
        p.n = int(p.first.size());
        p.adjacent.assign(size_t(p.n) * words_, 0);
        for (int32_t r = 0; r < n0_; ++r)
            for (int32_t s : island_.adjacent[size_t(r)]) {
                const int32_t a = p.group_of[size_t(r)], b = p.group_of[size_t(s)];
                if (a != b) p.adjacent[size_t(a) * words_ + size_t(b) / 64] |= uint64_t(1) << (b % 64);
            }
    }

    uint32_t neighbour_colours(const Position &p, int u) const {
        uint32_t mask = 0;
        for (size_t w = 0; w < words_; ++w)
            for (uint64_t bits = p.adjacent[size_t(u) * words_ + w]; bits; bits &= bits - 1)
                mask |= 1u << p.colour[w * 64 + size_t(__builtin_ctzll(bits))];
        return mask;
    }

    void recolour(std::vector<uint8_t> &colours, const Position &p, int u, uint8_t c) const {
        for (int32_t r = 0; r < n0_; ++r)
            if (p.group_of[size_t(r)] == u) colours[size_t(r)] = c;
    }

    // Moves still needed, never overestimated; returns early (more than `budget`) once it exceeds the budget.
    int bound(const Position &p, int budget) {
        const int present = __builtin_popcount(p.colours);
        const int colours = target_ ? present - int(p.colours >> target_ & 1) : present - 1;
        if (colours > budget || p.n == 1) return colours;
        return std::max(colours, radius_above(p, std::max(budget, colours)));
    }

    // The radius of the group graph, or budget + 1 once it is known to be larger. Bit-parallel: the ball of radius
    // k+1 around a group is the union of the radius-k balls around it and its neighbours.
    int radius_above(const Position &p, int budget) {
        const size_t n = size_t(p.n), row = (n + 63) / 64;
        balls_.assign(n * row, 0);
        for (size_t u = 0; u < n; ++u) balls_[u * row + u / 64] |= uint64_t(1) << (u % 64);
        for (int k = 0;; ++k) {
            for (size_t u = 0; u < n; ++u) {
                size_t count = 0;
                for (size_t w = 0; w < row; ++w) count += size_t(__builtin_popcountll(balls_[u * row + w]));
                if (count == n) return k;
            }
            if (k >= budget) return budget + 1;
            grown_ = balls_;
            for (size_t u = 0; u < n; ++u)
                for (size_t w = 0; w < words_; ++w)
                    for (uint64_t bits = p.adjacent[u * words_ + w]; bits; bits &= bits - 1) {
                        const size_t v = w * 64 + size_t(__builtin_ctzll(bits));
                        for (size_t x = 0; x < row; ++x) grown_[u * row + x] |= balls_[v * row + x];
                    }
            balls_.swap(grown_);
        }
    }

    // After a move that joins nothing (group `region` recoloured from `was` to `now`), the only moves worth trying
    // next: README.md proves that such a move can wait, without making the solution longer, until just before a
    // neighbour of its group is recoloured `now` or `was`.
    struct FollowUp {
        int32_t region;
        uint8_t was, now;
    };

    // Depth-first below `colours` (reached in g moves): kFound with the moves in path_ (last first), or the least
    // f = g + bound met beyond the threshold.
    int dfs(std::vector<uint8_t> &colours, const Key &key, int g, int threshold, const FollowUp *follow) {
        Position &p = depth_[size_t(g)]; // sized by search(): a reference that recursion never moves
        evaluate(colours, p);
        if (p.n == 1 && (!target_ || p.colour[0] == target_)) return kFound;
        ++nodes_;
        if (control_.tick()) {
            stopped_ = true;
            return kUnbounded;
        }
        // A restricted node's answer may exceed its state's, so only free nodes teach the table; both may use it.
        const int h = std::max(bound(p, threshold - g), table_.lookup(key));
        if (g + h > threshold) return g + h;
        if (p.n == 1) { // the target colour is left to give the last group
            path_.push_back({p.first[0], target_});
            return kFound;
        }
        // Moves that join the most groups first: the last iteration finds its answer sooner.
        int least = kUnbounded;
        std::vector<std::pair<int, IslandMove>> moves;
        const int after = follow ? p.group_of[size_t(follow->region)] : -1;
        for (int u = 0; u < p.n; ++u) {
            if (follow && !has(p, after, u)) continue;
            for (int c = 1; c <= palette_; ++c) {
                if (c == p.colour[size_t(u)]) continue;
                if (follow && c != follow->was && c != follow->now) continue;
                int joined = 0;
                for (size_t w = 0; w < words_; ++w)
                    for (uint64_t bits = p.adjacent[size_t(u) * words_ + w]; bits; bits &= bits - 1)
                        joined += p.colour[w * 64 + size_t(__builtin_ctzll(bits))] == c;
                // A move that joins nothing is tried last, and never as the last move: it needs its follow-up.
                if (!joined && g + 1 >= threshold) {
                    least = std::min(least, g + 2);
                    continue;
                }
                moves.push_back({joined ? -joined : 1, {int32_t(u), uint8_t(c)}});
            }
        }
        std::stable_sort(moves.begin(), moves.end(),
                         [](const auto &a, const auto &b) { return a.first < b.first; });
        for (const auto &[order, move] : moves) {
            const int u = move.region;
            Key child = key;
            for (int32_t r = 0; r < n0_; ++r) {
                if (p.group_of[size_t(r)] != u) continue;
                const Key &was = zobrist_[size_t(r) * 10 + colours[size_t(r)]];
                const Key &now = zobrist_[size_t(r) * 10 + move.colour];
                child.a ^= was.a ^ now.a, child.b ^= was.b ^ now.b;
            }
            const uint8_t old = p.colour[size_t(u)];
            const FollowUp next{p.first[size_t(u)], old, move.colour};
            recolour(colours, p, u, move.colour);
            const int r = dfs(colours, child, g + 1, threshold, order > 0 ? &next : nullptr);
            recolour(colours, p, u, old);
            if (r == kFound) {
                path_.push_back({p.first[size_t(u)], move.colour});
                return kFound;
            }
            if (stopped_) return kUnbounded;
            least = std::min(least, r);
        }
        if (!follow) table_.store(key, least - g);
        return least;
    }

    bool has(const Position &p, int u, int v) const {
        return p.adjacent[size_t(u) * words_ + size_t(v) / 64] >> (v % 64) & 1;
    }

    const Island &island_;
    const int n0_;
    const size_t words_;
    const int palette_;
    pluzzle::SolveControl &control_;
    BoundTable table_;
    std::vector<Key> zobrist_; // per (region, colour), then per target
    uint8_t target_ = 0;
    std::vector<Position> depth_;
    std::vector<IslandMove> path_;
    std::vector<uint64_t> balls_, grown_;
    mutable std::vector<int32_t> stack_;
    uint64_t nodes_ = 0;
    bool stopped_ = false;
};

} // namespace

SolveReport solve_free(const Board &board, pluzzle::SolveControl &control, const SolveOptions &options) {
    const RegionGraph g = region_graph(board, board.cells);
    const std::vector<Island> islands = islands_of(g);
    SolveReport report;
    report.regions = g.count();

    // Per island: the best move list found, the colour it ends with, and the moves proven needed.
    struct Answer {
        std::vector<IslandMove> moves;
        uint8_t ends = 0;
        int lower = 0;
        bool proven = false;
    };
    std::vector<Answer> answers(islands.size());
    std::vector<std::unique_ptr<IslandSearch>> searches;
    bool stopped = false;
    const auto ends_with = [](const Island &island, const std::vector<IslandMove> &moves) {
        return moves.empty() ? island.colour[0] : moves.back().colour;
    };
    for (size_t i = 0; i < islands.size(); ++i) {
        searches.push_back(std::make_unique<IslandSearch>(islands[i], board.colours, control));
        Answer &a = answers[i];
        a.moves = searches[i]->beam(options.optimal ? 16 : 64);
        a.ends = ends_with(islands[i], a.moves);
        if (!options.optimal || stopped) continue;
        std::vector<IslandMove> better;
        if (searches[i]->search(0, int(a.moves.size()) - 1, better, a.lower)) {
            a.moves = better;
            a.ends = ends_with(islands[i], a.moves);
        }
        stopped = searches[i]->stopped();
        a.proven = !stopped;
        if (a.proven) a.lower = int(a.moves.size());
        report.nodes += searches[i]->nodes();
    }

    // A common final colour: an island that cannot end with it in its fewest moves needs one move more.
    int best_total = kUnbounded;
    uint8_t best_colour = 0;
    std::vector<std::vector<IslandMove>> best_moves;
    for (uint8_t d = 1; d <= board.colours; ++d) {
        int total = 0;
        std::vector<std::vector<IslandMove>> lists;
        for (size_t i = 0; i < islands.size() && total < best_total; ++i) {
            std::vector<IslandMove> moves = answers[i].moves;
            if (answers[i].ends != d) {
                std::vector<IslandMove> targeted;
                int lower = 0;
                // Only worth asking when it could end with d in as few moves (islands.size() > 1 alone).
                if (islands.size() > 1 && answers[i].proven && !stopped &&
                    searches[i]->search(d, int(moves.size()), targeted, lower))
                    moves = targeted;
                else
                    moves.push_back({0, d}); // the island is one colour by then: recolour it whole
                stopped = stopped || searches[i]->stopped();
            }
            total += int(moves.size());
            lists.push_back(std::move(moves));
        }
        if (total < best_total) best_total = total, best_colour = d, best_moves = std::move(lists);
    }
    if (islands.size() == 1) { // no common colour to agree on: the island's own list
        best_moves = {answers[0].moves};
        best_total = int(answers[0].moves.size());
    }
    (void)best_colour;

    int lower = 0;
    bool proven = !stopped;
    for (const Answer &a : answers) lower += a.lower, proven = proven && a.proven;
    for (size_t i = 0; i < islands.size(); ++i)
        for (const IslandMove &m : best_moves[i])
            report.moves.push_back({g.cell[size_t(islands[i].region[size_t(m.region)])], m.colour});
    report.upper_bound = best_total;
    report.lower_bound = proven ? best_total : std::min(lower, best_total);
    if (!options.optimal) report.status = PZ_SOLVE_SOLVED;
    else if (proven) report.status = PZ_SOLVE_SOLVED;
    else report.status = control.stopped() ? control.stop_status() : PZ_SOLVE_LIMIT;
    return report;
}

} // namespace kami
