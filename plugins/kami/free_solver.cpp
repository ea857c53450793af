// free_solver.cpp -- see free_solver.hpp and README.md, "How the free-play solver works".
//
// Holes may cut a board into islands that no move joins; each is searched on its own and the answers are combined
// over a common final colour. An island's search is IDA* over colourings of its regions (the regions of the starting
// board; a state's regions are its same-coloured connected groups of them), with
//   - a bound that never overestimates: the larger of the colours that must vanish (a move removes at most one
//     colour from the board) and the radius of the state's region graph (a move contracts a region with some of its
//     neighbours, a star, which lowers every eccentricity by at most one), and at nodes with a few moves left the
//     moves a shortest path of groups needs on its own (a connected subgraph never needs more than the whole);
//   - children bounded before any is made (their radius from the node's balls), so only those within the
//     threshold cost a move;
//   - a transposition table that keeps, for each state met, the best lower bound a finished search below it
//     proved, so states reached again (moves in another order) are cut at once;
//   - a quick beam search first, whose answer is the upper bound: when no iteration below it succeeds, the beam's
//     answer is optimal.
#include "free_solver.hpp"

#include "bounded_solve.hpp"
#include "greedy_flood.hpp"
#include "group_graph.hpp"
#include "regions.hpp"
#include "walk_bound.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <unordered_set>

namespace kami {
namespace {

constexpr int kFound = -1;
constexpr int kUnbounded = 1 << 20;
constexpr int kBeamWidth = 64; // the beam's width when optimal mode is asked for no beam but a limit stops it
constexpr uint64_t kPolishNodes = 100'000; // quick mode's search after the beam, per island, at most
// A group graph's rows take regions^2 / 8 bytes: islands beyond these sizes (or beyond what is left of the budget
// for all of them) get the greedy flood's list, with no search.
constexpr int kMaxSearchRegions = 16'384;          // 32 MB of rows
constexpr size_t kGraphBudget = size_t(512) << 20; // the rows of all islands' graphs together
// The beam tries every group and colour at each step of `width` states: beyond this many regions a step costs
// too much, and quick mode starts from the greedy flood instead.
constexpr int kMaxBeamRegions = 2'048;
// The beam's list is also raced by one blob grown from each start region (pivot mode's exact search, each within this
// many nodes), on islands of up to this many regions: about 0.2 s for all 114 story levels.
constexpr uint64_t kBlobNodes = 20'000;
constexpr int kMaxBlobRegions = 400;
// Nodes with fewer moves left than this skip the path bound: near the leaves it rarely cuts what the rest does not.
constexpr int kPathBoundFrom = 3;
// Beyond this many groups the path bound is skipped: its tables take groups^2 bytes and about groups^3 steps.
constexpr int kMaxWalkGroups = 400;

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
            for (int32_t s : g.adjacent[size_t(r)])
                island.adjacent.back().push_back(local[size_t(s)]);
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

// Lower bounds proven for states (moves still needed to the search's goal), in a table that doubles as it fills up
// to a cap, then replaces entries.
class BoundTable {
  public:
    int lookup(const Key &k) const {
        if (slots_.empty()) return 0;
        const Slot &s = slots_[size_t(k.a) & (slots_.size() - 1)];
        return s.bound && s.key == k ? s.bound : 0;
    }
    void prefetch(const Key &k) const {
        if (!slots_.empty()) __builtin_prefetch(&slots_[size_t(k.a) & (slots_.size() - 1)]);
    }
    void store(const Key &k, int bound) {
        if (bound <= 0) return;
        if (used_ * 2 >= slots_.size() && slots_.size() < kMaxSlots) grow();
        Slot &s = slots_[size_t(k.a) & (slots_.size() - 1)];
        if (s.bound && s.key == k && s.bound >= bound) return;
        used_ += !s.bound;
        s = {k, int16_t(std::min(bound, 32000))};
    }

  private:
    static constexpr size_t kMaxSlots = size_t(1) << 22; // 96 MB
    struct Slot {
        Key key;
        int16_t bound = 0; // 0: empty
    };
    void grow() {
        std::vector<Slot> old = std::move(slots_);
        slots_.assign(old.empty() ? size_t(1) << 12 : old.size() * 2, Slot{});
        used_ = 0;
        for (const Slot &s : old)
            if (s.bound) store(s.key, s.bound);
    }
    std::vector<Slot> slots_;
    size_t used_ = 0;
};

// The path bounds computed, by state: what IslandSearch::remembered_path_bound() looks up first. Direct-mapped,
// replaced on collision; shared by the islands like the BoundTable (their keys differ by their seeds).
class WalkMemo {
  public:
    struct Slot {
        Key key;
        uint8_t value = 0;
        bool exact = false, known = false;
    };
    Slot &slot(const Key &k) {
        if (slots_.empty()) slots_.resize(kSlots);
        return slots_[size_t(k.a) & (kSlots - 1)];
    }

  private:
    static constexpr size_t kSlots = size_t(1) << 16; // 1.5 MB, allocated by the first path bound
    std::vector<Slot> slots_;
};

class IslandSearch {
  public:
    // `seed` tells the islands' keys apart, so that they share one table of proven bounds.
    IslandSearch(const Island &island, int palette, pluzzle::SolveControl &control, BoundTable &table,
                 WalkMemo &walk_memo, uint64_t seed)
        : graph_(island.colour, island.adjacent, seed), words_(size_t(graph_.words())), palette_(palette),
          control_(control), table_(table), scratch_(4 * words_), walk_memo_(walk_memo) {}

    // The fewest moves that leave the island one colour (`target`, or any colour for 0), searched for with no more
    // than `most` moves and (when not 0) `budget` more nodes; returns the moves, or gives up early when the control
    // says so (stopped()) or the budget runs out. `lower` reports the bound proven so far (moves any solution needs,
    // up to most + 1 when none has most or fewer).
    // With `at_most`, one pass for any list of `most` moves or fewer (not the fewest): quick mode's improvement.
    bool search(uint8_t target, int most, std::vector<IslandMove> &moves, int &lower, uint64_t budget = 0,
                bool at_most = false) {
        target_ = target;
        node_cap_ = budget ? nodes_ + budget : 0;
        out_of_budget_ = false;
        // Quick mode's passes (at_most) skip the walk bound below the root: it costs ~20 us a node on a story level,
        // and a pass under a node budget finds its lists sooner with cheap nodes than with fewer, dear ones.
        walks_on_ = !at_most;
        int threshold = bound(kUnbounded);
        if (graph_.groups() > 1) threshold = std::max(threshold, path_bound(threshold, kUnbounded));
        lower = threshold;
        if (at_most) threshold = std::max(threshold, most);
        if (move_lists_.size() < size_t(std::max(most, 0)) + 2) {
            move_lists_.resize(size_t(std::max(most, 0)) + 2);
            waiting_.resize(move_lists_.size());
        }
        while (threshold <= most) {
            // Every iteration below failed, so `threshold` moves are proven needed (not so for at_most's pass).
            proven_ = at_most ? lower : threshold, best_ = target || most + 1 >= graph_.regions() ? -1 : most + 1;
            report_progress();
            path_.clear();
            waiting_[0].clear();
            const int r = dfs(key(), 0, threshold, root_bound(key(), threshold), -1);
            if (halted()) return false;
            if (r == kFound) {
                moves.assign(path_.rbegin(), path_.rend());
                if (!at_most) lower = int(moves.size());
                return true;
            }
            if (at_most) return false; // lower stays the bound: a failed pass at `most` proves most + 1 only
            lower = threshold = r;
        }
        lower = std::min(lower, most + 1);
        return false;
    }

    // A quick answer ending with `target` (any colour for 0): a beam of the `width` best states a move deeper at a
    // time (lowest bound, then fewest groups), each kept as its move list and replayed to be expanded. Each child
    // ticks the control; when it says stop, the state being expanded is finished greedily, so a stopped beam still
    // answers at once.
    std::vector<IslandMove> beam(int width, uint8_t target = 0) {
        struct Node {
            std::vector<IslandMove> moves;
            int bound, groups, radius;
            size_t parent = 0; // index in the layer before
        };
        target_ = target;
        std::vector<Node> layer{{{}, bound(kUnbounded), graph_.groups(), radius_}};
        std::unordered_set<uint64_t> seen;
        while (true) {
            std::vector<Node> next;
            for (size_t at = 0; at < layer.size(); ++at) {
                const Node &node = layer[at];
                for (const IslandMove &m : node.moves)
                    graph_.move(m.region, m.colour);
                if (graph_.groups() == 1 || stopped_) return finish_greedily(node.moves);
                graph_.for_each(graph_.alive(), [&](int32_t u) {
                    const uint32_t near = graph_.neighbour_colours(u);
                    for (int c = 1; c <= palette_ && !stopped_; ++c) {
                        if (!(near >> c & 1)) continue;
                        if (control_.tick()) {
                            stopped_ = true;
                            return;
                        }
                        graph_.move(u, uint8_t(c));
                        ++nodes_;
                        if (seen.insert(graph_.key().a).second) {
                            Node child{node.moves, bound(kUnbounded, node.radius), graph_.groups(), radius_, at};
                            child.moves.push_back({u, uint8_t(c)});
                            next.push_back(std::move(child));
                        }
                        graph_.undo();
                    }
                });
                if (stopped_) return finish_greedily(node.moves);
                for (size_t i = 0; i < node.moves.size(); ++i)
                    graph_.undo();
            }
            const auto better = [](const Node &a, const Node &b) {
                return a.bound != b.bound ? a.bound < b.bound : a.groups < b.groups;
            };
            if (next.size() > size_t(width)) {
                // The best first, but no parent fills more than half of the beam: a beam of one state's
                // children is a greedy search with extra steps.
                std::stable_sort(next.begin(), next.end(), better);
                std::vector<int> taken(layer.size(), 0);
                std::vector<Node> kept;
                const int share = std::max(1, width / 2);
                for (Node &n : next)
                    if (int(kept.size()) < width && taken[n.parent]++ < share) kept.push_back(std::move(n));
                next = std::move(kept);
            }
            layer = std::move(next);
        }
    }

    // The bounds while it works, for the editor's solve line and the host's progress (at most ~10 a second).
    void report_progress() {
        std::string bounds = label_ + "at least " + std::to_string(proven_) + " moves";
        if (best_ >= 0) bounds += ", a list of " + std::to_string(best_);
        control_.progress(-1, bounds.c_str());
    }
    // What the progress messages start with ("island 2 of 5: " when there are several).
    void set_label(std::string label) { label_ = std::move(label); }
    bool stopped() const { return stopped_; }
    bool halted() const { return stopped_ || out_of_budget_; }
    uint64_t nodes() const { return nodes_; }

  private:
    // The graph holds `moves` played: one group grows by its most common neighbouring colour until it is all that
    // is left (each move joins a group at least), then takes the target colour if it lacks it. Returns `moves`
    // with those moves after them, and puts the graph back to the start.
    std::vector<IslandMove> finish_greedily(std::vector<IslandMove> moves) {
        const int32_t centre = graph_.alive()[size_t(centre_) / 64] >> (centre_ % 64) & 1 ? centre_ : first_alive();
        while (graph_.groups() > 1) {
            int best = 0, most = 0;
            const uint32_t near = graph_.neighbour_colours(centre);
            for (int c = 1; c < GroupGraph::kColours; ++c)
                if (near >> c & 1)
                    if (const int n = graph_.neighbours_of_colour(centre, c); n > most) best = c, most = n;
            graph_.move(centre, uint8_t(best));
            moves.push_back({centre, uint8_t(best)});
        }
        const size_t applied = moves.size();
        if (target_ && graph_.colour(centre) != target_) moves.push_back({centre, target_}); // recolours it all
        for (size_t i = 0; i < applied; ++i)
            graph_.undo();
        return moves;
    }

    Key key() const {
        Key k = graph_.key();
        k ^= graph_.target_key(target_);
        return k;
    }

    // Moves still needed, never overestimated; returns early (more than `budget`) once it exceeds the budget.
    // `parent_radius` is the radius before the last move, or -1: a move contracts a star, which never lengthens a
    // distance and lowers the radius by one at most, so one test tells which of the two values it has now.
    int bound(int budget, int parent_radius = -1) {
        const uint32_t present = graph_.colours_present();
        const int colours = __builtin_popcount(present) - (target_ ? int(present >> target_ & 1) : 1);
        colours_needed_ = colours;
        if (graph_.groups() == 1) {
            radius_ = 0;
            return colours;
        }
        if (parent_radius < 0) {
            radius_ = 1;
            while (radius_ <= budget && !has_centre_within(radius_))
                ++radius_;
        } else {
            radius_ = std::max(parent_radius - 1, 1);
            if (radius_ <= budget && radius_ < parent_radius && !has_centre_within(radius_)) ++radius_;
        }
        return std::max(colours, radius_);
    }

    // Whether some group has every group within `reach` edges. A centre must lie within reach of every group, so
    // the ball around a group that a candidate's ball missed rules out every candidate outside it at once: a few
    // balls settle the question where testing each group would take one ball each.
    bool has_centre_within(int reach) {
        uint64_t *candidates = scratch(0), *reached = scratch(1);
        std::copy_n(graph_.alive(), words_, candidates);
        int32_t centre = graph_.alive()[size_t(centre_) / 64] >> (centre_ % 64) & 1 ? centre_ : first_alive();
        while (true) {
            const int32_t missed = ball(centre, reach, reached);
            if (missed < 0) {
                centre_ = centre;
                return true;
            }
            candidates[size_t(centre) / 64] &= ~(uint64_t(1) << (centre % 64));
            ball(missed, reach, reached);
            centre = -1;
            for (size_t w = 0; w < words_; ++w) {
                candidates[w] &= reached[w];
                if (centre < 0 && candidates[w]) centre = int32_t(w * 64 + size_t(__builtin_ctzll(candidates[w])));
            }
            if (centre < 0) return false;
        }
    }

    // The groups within `reach` edges of `centre` into `reached`; returns a group just beyond reach, or -1
    // when every group is within reach.
    int32_t ball(int32_t centre, int reach, uint64_t *reached) {
        uint64_t *frontier = scratch(2), *next = scratch(3);
        std::fill_n(reached, words_, 0);
        std::fill_n(frontier, words_, 0);
        reached[size_t(centre) / 64] = frontier[size_t(centre) / 64] = uint64_t(1) << (centre % 64);
        for (int step = 0;; ++step) {
            std::fill_n(next, words_, 0);
            graph_.for_each(frontier, [&](int32_t u) {
                const uint64_t *row = graph_.adjacent(u);
                for (size_t w = 0; w < words_; ++w)
                    next[w] |= row[w];
            });
            bool grew = false;
            for (size_t w = 0; w < words_; ++w) {
                next[w] &= ~reached[w];
                grew = grew || next[w];
            }
            if (!grew) return -1;
            if (step == reach) { // the next layer lies beyond reach: one of it is far from the centre
                for (size_t w = 0;; ++w)
                    if (next[w]) return int32_t(w * 64 + size_t(__builtin_ctzll(next[w])));
            }
            for (size_t w = 0; w < words_; ++w)
                reached[w] |= next[w];
            std::swap(frontier, next);
        }
    }

    uint64_t *scratch(int k) { return &scratch_[size_t(k) * words_]; }

    // A move that joins nothing (group `group` recoloured from `was` to `now`) waits for its trigger: a later move
    // on a neighbour of the group with colour `was` or `now`. README.md proves that such a move can always be put off,
    // without making the solution longer, until the moves after it up to the next joining move include a trigger;
    // so a joining move must trigger every move still waiting, and a waiting group is never moved itself (that
    // would be one move instead of two).
    struct Waiting {
        int32_t group;
        uint8_t was, now;
        bool triggered_by(const GroupGraph &graph, int32_t u, int colour) const {
            return (colour == was || colour == now) && graph.touches(group, u);
        }
    };

    // Two joining moves with nothing waiting commute when the second's group neither is nor touches the group the
    // first made: either order reaches the same state (README.md, "Commuting moves"). Of the two orders only the one
    // whose first group has the lower representative is searched. `last_group` is the group the move before made, when
    // it was such a move (joining, nothing waiting), else -1.
    bool commutes_with_last(int32_t u, int32_t last_group) const {
        return last_group >= 0 && u != last_group && !graph_.touches(u, last_group);
    }

    // What a node's bound is made of: h = max(colours, radius, learned) moves still needed, with the radius
    // (exact when the node is searched, a lower bound when it is cut) and the colours that must vanish.
    struct Known {
        int h = 0, radius = 0, colours = 0;
    };

    // Moves every walk between two far groups needs on its own, when that is more than `h` (else 0), or `cap`
    // moves when it is that many or more: a bound on the whole graph's moves (README.md, "Bounds", the path bound;
    // walk_bound.hpp says why every walk, not one shortest path). The two groups are the ends of a double sweep
    // (the group farthest from a centre, and the group farthest from that), about as far apart as the graph is wide.
    int path_bound(int h, int cap) {
        const int n = graph_.regions();
        if (graph_.groups() > kMaxWalkGroups) return 0;
        if (int(far_.size()) < n) far_.resize(size_t(n)), queue_.resize(size_t(n));
        const int32_t start = graph_.alive()[size_t(centre_) / 64] >> (centre_ % 64) & 1 ? centre_ : first_alive();
        const int32_t a = farthest(start);
        const int32_t b = farthest(a); // far_ now holds the way back to a
        colours_on_path_.clear();
        for (int32_t u = b; u != a; u = far_[size_t(u)])
            colours_on_path_.push_back(graph_.colour(u));
        colours_on_path_.push_back(graph_.colour(a));
        if (int(colours_on_path_.size()) - 1 <= h) return 0; // a walk's moves are fewer than a shortest one's edges
        // The shortest path's prints: the walks' least is no more (it is one of them), and costs far more.
        const int most = printed(colours_on_path_);
        if (most - 1 <= h) return 0;
        const int limit = std::min(cap + 1, most);
        const int prints = walks_.least_prints(graph_, a, b, limit);
        walk_exact_ = prints < limit;
        return prints - 1;
    }

    // path_bound(left, left + 1) for the node `state`, remembered: IDA*'s iterations meet the same states again
    // with one move more to spend, and the walks cost nearly all of a node's time (98% on Threegrid1). The bound is
    // the state's alone (the graph's walks), so an exact value holds for any `left`, and a capped one (the walks
    // stopped at the cap) still bounds from below.
    int remembered_path_bound(const Key &state, int left) {
        WalkMemo::Slot &m = walk_memo_.slot(state);
        if (m.known && m.key == state && (m.exact || m.value > left)) return m.value;
        walk_exact_ = false;
        const int p = path_bound(left, left + 1);
        if (walk_exact_ || p > left) m = {state, uint8_t(std::min(p, 255)), walk_exact_, true};
        return p;
    }

    // Breadth-first from `from`: the last group reached, with far_[u] the group u was reached from.
    int32_t farthest(int32_t from) {
        uint64_t *seen = scratch(0);
        std::fill_n(seen, words_, 0);
        seen[size_t(from) / 64] |= uint64_t(1) << (from % 64);
        size_t head = 0, tail = 0;
        queue_[tail++] = from;
        while (head < tail) {
            const int32_t u = queue_[head++];
            const uint64_t *row = graph_.adjacent(u);
            for (size_t w = 0; w < words_; ++w)
                for (uint64_t x = row[w] & ~seen[w]; x; x &= x - 1) {
                    const int32_t v = int32_t(w * 64 + size_t(__builtin_ctzll(x)));
                    seen[w] |= uint64_t(1) << (v % 64);
                    far_[size_t(v)] = u;
                    queue_[tail++] = v;
                }
        }
        return queue_[tail - 1];
    }

    // The fewest prints that paint the colours `s` on a strip, each print one colour over an interval (the strange
    // printer's recurrence: the last cell's colour is printed alone, or by the print that also made an earlier cell
    // of that colour, which then covers everything between). On one shortest path it is NOT a bound (walk_bound.hpp),
    // but it is at least the least over every walk, so path_bound() skips the walks when it is too small to matter.
    int printed(const std::vector<uint8_t> &s) {
        const size_t m = s.size();
        printer_.assign(m * m, 0);
        const auto f = [&](size_t i, size_t j) { return i > j ? 0 : printer_[i * m + j]; };
        for (size_t len = 1; len <= m; ++len)
            for (size_t i = 0; i + len <= m; ++i) {
                const size_t j = i + len - 1;
                int best = j > i ? f(i, j - 1) + 1 : 1;
                for (size_t k = i; k < j; ++k)
                    if (s[k] == s[j]) best = std::min(best, f(i, k) + (k + 1 <= j - 1 ? f(k + 1, j - 1) : 0));
                printer_[i * m + j] = best;
            }
        return printer_[m - 1];
    }

    // The bound of the state at the root of an iteration, from scratch.
    Known root_bound(const Key &state, int threshold) {
        const int learned = table_.lookup(state);
        const int b = bound(threshold);
        return {std::max(b, learned), radius_, colours_needed_};
    }

    // Balls around every live group, of radius 0 to `reach`, into balls_: the children's radius test combines them.
    // Each layer from the one before: a group's ball of radius k + 1 is the union of its neighbours' and its own
    // balls of radius k.
    void make_balls(int reach) {
        const size_t row = size_t(graph_.regions()) * words_;
        if (balls_.size() < size_t(reach + 1) * row) balls_.resize(size_t(reach + 1) * row);
        graph_.for_each(graph_.alive(), [&](int32_t u) {
            uint64_t *b = ball_row(0, u);
            std::fill_n(b, words_, 0);
            b[size_t(u) / 64] = uint64_t(1) << (u % 64);
        });
        for (int k = 0; k < reach; ++k)
            graph_.for_each(graph_.alive(), [&](int32_t u) {
                uint64_t *b = ball_row(k + 1, u);
                std::copy_n(ball_row(k, u), words_, b);
                graph_.for_each(graph_.adjacent(u), [&](int32_t v) {
                    const uint64_t *n = ball_row(k, v);
                    for (size_t w = 0; w < words_; ++w)
                        b[w] |= n[w];
                });
            });
        balls_reach_ = reach;
    }
    uint64_t *ball_row(int k, int32_t u) {
        return &balls_[(size_t(k) * size_t(graph_.regions()) + size_t(u)) * words_];
    }

    // Whether, after u takes colour c, some group has every group within `reach` edges -- without making the move.
    // The move contracts the star S (u and its c-coloured neighbours) into one group s, and a contraction keeps
    // every other distance as it was or shortens it to a path through s: d'(x, y) = min(d(x, y), d(x, S) + d(S, y)),
    // and d'(s, y) = d(S, y). So s is such a centre when S's ball of radius `reach` (the union of its groups' balls)
    // is everything, and a group x at distance k from S is one when its own ball of radius `reach` and S's ball of
    // radius reach - k cover everything. make_balls(reach) must hold the node's balls.
    bool child_has_centre_within(int32_t u, int c, int reach) {
        uint64_t *star = scratch(0), *layers = scratch_layers(reach);
        std::copy_n(graph_.adjacent(u), words_, star);
        for (size_t w = 0; w < words_; ++w)
            star[w] &= graph_.of_colour(c)[w];
        star[size_t(u) / 64] |= uint64_t(1) << (u % 64);
        for (int k = 0; k <= reach; ++k) { // layers[k]: S's ball of radius k
            uint64_t *l = &layers[size_t(k) * words_];
            std::fill_n(l, words_, 0);
            graph_.for_each(star, [&](int32_t a) {
                const uint64_t *b = ball_row(k, a);
                for (size_t w = 0; w < words_; ++w)
                    l[w] |= b[w];
            });
        }
        const uint64_t *alive = graph_.alive();
        const auto covers = [&](const uint64_t *a, const uint64_t *b) {
            for (size_t w = 0; w < words_; ++w)
                if ((a[w] | b[w]) != alive[w]) return false;
            return true;
        };
        const uint64_t *whole = &layers[size_t(reach) * words_];
        if (covers(whole, whole)) return true;
        for (int k = 1; k <= reach; ++k) {
            const uint64_t *at = &layers[size_t(k) * words_], *inside = &layers[size_t(k - 1) * words_];
            const uint64_t *rest = &layers[size_t(reach - k) * words_];
            for (size_t w = 0; w < words_; ++w)
                for (uint64_t x = at[w] & ~inside[w]; x; x &= x - 1)
                    if (covers(ball_row(reach, int32_t(w * 64 + size_t(__builtin_ctzll(x)))), rest)) return true;
        }
        return false;
    }
    uint64_t *scratch_layers(int reach) {
        if (layers_.size() < size_t(reach + 1) * words_) layers_.resize(size_t(reach + 1) * words_);
        return layers_.data();
    }

    // The bound of the state move (u, c) reaches from the node (`node`: its bound; `present`: its colours; `sole`:
    // u is the last group of its colour; `joined`: the neighbours the move absorbs), without making the move --
    // h exact when it is at most `budget`, else a value above the budget that never overestimates.
    // The radius drops by one at most (README.md, "Bounds"): the child's is the node's, or one less when the test
    // finds a centre that near; a move that joins nothing contracts nothing and keeps it.
    Known child_bound(int32_t u, int c, int joined, bool sole, uint32_t present, const Known &node, int budget) {
        uint32_t after = present | 1u << c;
        if (sole) after &= ~(1u << graph_.colour(u));
        Known child;
        child.colours = __builtin_popcount(after) - (target_ ? int(after >> target_ & 1) : 1);
        Key k = graph_.key_after(u, c);
        k ^= graph_.target_key(target_);
        table_.prefetch(k); // a likely cache miss, overlapped with the radius test
        if (!joined) {
            child.radius = node.radius;
        } else if (child.colours > budget || node.radius - 1 > budget) {
            child.radius = node.radius - 1; // cut whatever it is: the least it can be
        } else {
            if (balls_reach_ != node.radius - 1) make_balls(node.radius - 1);
            child.radius = node.radius - int(child_has_centre_within(u, c, node.radius - 1));
        }
        child.h = std::max(child.colours, child.radius);
        // The table only for children the rest leaves within the threshold: those cut anyway report a bound that
        // is lower than it might be, which never overestimates.
        if (child.h <= budget) child.h = std::max(child.h, table_.lookup(k));
        return child;
    }

    // Depth-first below the graph's state (reached in g moves, with waiting_[g] still waiting, `known` its bound):
    // kFound with the moves in path_ (last first), or the least f = g + bound met beyond the threshold. Children are
    // counted as nodes and bounded here, before any is entered, and only those within the threshold are made.
    int dfs(const Key &state, int g, int threshold, const Known &known, int32_t last_group) {
        if (graph_.groups() == 1 && (!target_ || graph_.colour(first_alive()) == target_)) return kFound;
        if (halted()) return kUnbounded;
        // A node with moves waiting may need more moves than its state does, so only free nodes teach the table;
        // both may use it.
        const std::vector<Waiting> &waiting = waiting_[size_t(g)];
        // The last move of an iteration is decided without trying each one: most of IDA*'s nodes are there.
        if (g == threshold) return threshold + 1;
        if (g + 1 == threshold && waiting.empty()) {
            const IslandMove last = finishing_move();
            if (last.region < 0) return threshold + 1;
            path_.push_back(last);
            return kFound;
        }
        const int h = known.h;
        if (g + h > threshold) return g + h;
        if (graph_.groups() == 1) { // the target colour is left to give the last group
            path_.push_back({first_alive(), target_});
            return kFound;
        }
        // Before its children are bounded (most of a node's cost), a stronger bound of its own that may cut it.
        const int left = threshold - g; // the most moves a solution may still make
        if (const int p = walks_on_ && left >= kPathBoundFrom ? remembered_path_bound(state, left) : 0;
            g + p > threshold) {
            if (waiting.empty()) table_.store(state, p);
            return g + p;
        }
        balls_reach_ = -1; // the balls of another node, if any
        const uint32_t present = graph_.colours_present();
        const int budget = threshold - g - 1; // the most a child's bound may be
        // Moves that join the most groups first: the last iteration finds its answer sooner.
        int least = kUnbounded, learn = kUnbounded; // learn: the least f of the children left to the other order
        std::vector<Candidate> &moves = move_lists_[size_t(g)]; // sized by search(): never moves
        moves.clear();
        // When the colours left need every move that remains, each move must remove a colour: it recolours the
        // last group of its colour (not of the final colour, which must stay).
        const bool must_remove_colour = known.colours >= threshold - g;
        graph_.for_each(graph_.alive(), [&](int32_t u) {
            for (const Waiting &w : waiting)
                if (w.group == u) return;
            const bool sole = sole_of_colour(u);
            if (must_remove_colour && (graph_.colour(u) == target_ || !sole)) {
                least = std::min(least, threshold + 1); // what its moves would have met: the table learns from it
                return;
            }
            for (int c = 1; c <= palette_ && !halted(); ++c) {
                if (c == graph_.colour(u)) continue;
                const int joined = graph_.neighbours_of_colour(u, c);
                if (joined) {
                    bool triggers_all = true;
                    for (const Waiting &w : waiting)
                        triggers_all = triggers_all && w.triggered_by(graph_, u, c);
                    if (!triggers_all) continue;
                    if (u < last_group && commutes_with_last(u, last_group)) {
                        // The other order is searched, so this iteration needs nothing from it; but its bound
                        // caps what the table learns, or the table would claim this state needs more than it does.
                        const int child = g + 1 + child_bound(u, c, joined, sole, present, known, budget).h;
                        least = std::min(least, std::max(child, threshold + 1));
                        learn = std::min(learn, child);
                        continue;
                    }
                } else if (g + 1 >= threshold) { // it would wait for a trigger, so it is never the last move
                    least = std::min(least, g + 2);
                    continue;
                }
                count_node();
                const Known child = child_bound(u, c, joined, sole, present, known, budget);
                if (child.h > budget) {
                    least = std::min(least, g + 1 + child.h);
                    continue;
                }
                // Joining moves sort by how many they join; a move that joins nothing waits for a trigger.
                moves.push_back({joined ? -joined : 1, {u, uint8_t(c)}, child});
            }
        });
        if (halted()) return kUnbounded;
        std::stable_sort(moves.begin(), moves.end(), [](const auto &a, const auto &b) { return a.order < b.order; });
        for (size_t i = 0; i < moves.size(); ++i) {
            Candidate candidate = moves[i];
            const IslandMove move = candidate.move;
            // The subtrees searched since it was bounded may have taught the table more about it.
            Key k = graph_.key_after(move.region, move.colour);
            k ^= graph_.target_key(target_);
            candidate.child.h = std::max(candidate.child.h, table_.lookup(k));
            if (candidate.child.h > budget) {
                least = std::min(least, g + 1 + candidate.child.h);
                continue;
            }
            std::vector<Waiting> &next = waiting_[size_t(g) + 1];
            next.clear();
            if (candidate.order > 0) { // joins nothing: it waits, and those it triggers wait no more
                for (const Waiting &w : waiting)
                    if (!w.triggered_by(graph_, move.region, move.colour)) next.push_back(w);
                next.push_back({move.region, graph_.colour(move.region), move.colour});
            }
            graph_.move(move.region, move.colour);
            const int r = dfs(key(), g + 1, threshold, candidate.child,
                              candidate.order < 0 && waiting.empty() ? move.region : -1);
            graph_.undo();
            if (r == kFound) {
                path_.push_back(move);
                return kFound;
            }
            if (halted()) return kUnbounded;
            least = std::min(least, r);
        }
        if (waiting.empty()) table_.store(state, std::min(least, learn) - g);
        return least;
    }

    // One child bounded: it ticks the control and counts against the budget.
    void count_node() {
        ++nodes_;
        if (control_.tick()) stopped_ = true;
        if ((nodes_ & 0xffff) == 0) report_progress();
        if (node_cap_ && nodes_ >= node_cap_) out_of_budget_ = true;
    }

    // The one move that leaves the island one colour (the target, if set), or region -1 when none does. After it
    // the board is one group, so before it every other group touches the moved one and has the colour it takes:
    // two colours at most, one of them on the moved group alone.
    IslandMove finishing_move() const {
        if (graph_.groups() == 1) return {first_alive(), target_}; // only a target colour can be missing
        const uint32_t present = graph_.colours_present();
        if (__builtin_popcount(present) != 2) return {-1, 0};
        for (int c = 1; c < GroupGraph::kColours; ++c) {
            if (!(present >> c & 1)) continue;
            const uint8_t other = uint8_t(__builtin_ctz(present & ~(1u << c)));
            if (target_ && other != target_) continue;
            int32_t only = -1, count = 0;
            graph_.for_each(graph_.of_colour(c), [&](int32_t u) { only = u, ++count; });
            if (count == 1 && graph_.neighbours_of_colour(only, other) == graph_.groups() - 1) return {only, other};
        }
        return {-1, 0};
    }

    bool sole_of_colour(int32_t u) const {
        const uint64_t *same = graph_.of_colour(graph_.colour(u));
        for (size_t w = 0; w < words_; ++w)
            if (same[w] & ~(w == size_t(u) / 64 ? uint64_t(1) << (u % 64) : 0)) return false;
        return true;
    }

    int32_t first_alive() const {
        int32_t first = -1;
        graph_.for_each(graph_.alive(), [&](int32_t u) { first = first < 0 ? u : first; });
        return first;
    }

    GroupGraph graph_;
    const size_t words_;
    const int palette_;
    pluzzle::SolveControl &control_;
    BoundTable &table_;
    std::string label_;
    int proven_ = 0, best_ = -1; // search()'s bounds so far: moves proven needed, and the best list's (or -1)
    uint8_t target_ = 0;
    struct Candidate { // a move to search, with the bound of the state it reaches
        int order;     // joining moves by how many they join (most first), then those that join nothing
        IslandMove move;
        Known child;
    };
    std::vector<std::vector<Candidate>> move_lists_; // per depth
    std::vector<std::vector<Waiting>> waiting_;      // per depth
    std::vector<IslandMove> path_;
    int colours_needed_ = 0;           // bound()'s colour count: moves the colours left need
    int radius_ = 0;                   // bound()'s radius (or budget + 1 when the search needs no more)
    int32_t centre_ = 0;               // the last centre found: often still one a move later
    std::vector<uint64_t> scratch_;    // has_centre_within()'s and ball()'s rows
    std::vector<uint64_t> balls_;      // make_balls(): per radius and group, a row
    int balls_reach_ = -1;             // the radius make_balls() made them to for the node being expanded, or -1
    std::vector<uint64_t> layers_;     // child_has_centre_within()'s balls around the star
    std::vector<int32_t> far_, queue_; // path_bound()'s breadth-first searches
    std::vector<uint8_t> colours_on_path_;
    std::vector<int> printer_;          // printed()'s table, per interval
    WalkPrinter walks_;                 // path_bound()'s prints over walks
    bool walks_on_ = true;              // whether dfs() tries the path bound (search() decides)
    bool walk_exact_ = false;           // whether path_bound()'s last walks ran below their cap
    WalkMemo &walk_memo_;
    uint64_t nodes_ = 0, node_cap_ = 0; // node_cap_: search()'s budget as a node count, 0 for none
    bool stopped_ = false, out_of_budget_ = false;
};

} // namespace

// The greedy flood's list from the island's central region: the answer where no search runs.
std::vector<IslandMove> greedy_list(const Island &island) {
    const int32_t centre = central_region(island.adjacent, 0);
    std::vector<IslandMove> moves;
    for (uint8_t c : greedy_flood(island.colour, island.adjacent, centre))
        moves.push_back({centre, c});
    return moves;
}

// The shortest list that only ever recolours one growing blob, over every start region of the island (each found
// by pivot mode's exact search, under a node budget): KAMI 2's pars are often such lists (Threegrid4's 13, where the
// beam finds 14). Then the same with one free move first -- a region recoloured to join two or more neighbours at
// once, a merge the blob would otherwise make piecemeal -- from the starts that came within a move of the best
// (Bud3's par 17: the blob alone takes 18, as does the beam). Empty when no start finished within its budget.
std::vector<IslandMove> best_blob_list(const RegionGraph &g, const Island &island, pluzzle::SolveControl &control) {
    RegionGraph part; // the island alone, its regions numbered as the island's
    part.colour = island.colour;
    part.adjacent = island.adjacent;
    for (int32_t r : island.region)
        part.cell.push_back(g.cell[size_t(r)]), part.cells.push_back(g.cells[size_t(r)]);
    const int32_t regions = int32_t(island.region.size());

    std::vector<IslandMove> best;
    std::vector<int> length(size_t(regions), kUnbounded); // per start region
    for (int32_t r = 0; r < regions && !control.stopped(); ++r) {
        const PivotReport blob = pivot_within(part, r, Budget{kBlobNodes, 0}, &control);
        if (blob.status != PZ_SOLVE_SOLVED) continue;
        length[size_t(r)] = int(blob.moves.size());
        if (!best.empty() && blob.moves.size() >= best.size()) continue;
        best.clear();
        for (const Move &m : blob.moves)
            best.push_back({r, m.colour});
        if (best.empty()) return best; // one colour already
    }
    if (best.size() < 3) return best; // a free move and a blob take two moves at least

    std::vector<int32_t> starts;
    for (int32_t r = 0; r < regions; ++r)
        if (length[size_t(r)] <= int(best.size()) + 1) starts.push_back(r);
    const int palette = *std::max_element(island.colour.begin(), island.colour.end());
    std::vector<int32_t> id; // old region -> region after the free move
    for (int32_t r = 0; r < regions && !control.stopped(); ++r) {
        std::vector<int> joins(size_t(palette) + 1, 0); // per colour: the neighbours a move to it joins
        for (int32_t a : island.adjacent[size_t(r)])
            ++joins[island.colour[size_t(a)]];
        for (int c = 1; c <= palette; ++c) {
            if (joins[size_t(c)] < 2) continue;
            const RegionGraph after = recolour(part, r, uint8_t(c), &id);
            for (int32_t start : starts) {
                const PivotReport blob = pivot_within(after, id[size_t(start)], Budget{kBlobNodes, 0}, &control);
                if (blob.status != PZ_SOLVE_SOLVED || blob.moves.size() + 1 >= best.size()) continue;
                best = {{r, uint8_t(c)}};
                for (const Move &m : blob.moves)
                    best.push_back({start, m.colour}); // (the group holding the start: merged with r's or not)
            }
        }
    }
    return best;
}

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
    std::vector<std::unique_ptr<IslandSearch>> searches; // none for an island too large to search
    BoundTable table;                                    // shared: the islands' keys differ by their seeds
    WalkMemo walk_memo;                                  // likewise
    size_t graph_bytes = 0;
    bool stopped = false;
    const auto ends_with = [](const Island &island, const std::vector<IslandMove> &moves) {
        return moves.empty() ? island.colour[0] : moves.back().colour;
    };
    for (size_t i = 0; i < islands.size(); ++i) {
        const Island &island = islands[i];
        Answer &a = answers[i];
        const size_t regions = island.colour.size();
        stopped = stopped || control.poll(); // an island may take no node at all: the clock is read here too
        const size_t bytes = regions * regions / 8;
        if (stopped || int(regions) > kMaxSearchRegions || graph_bytes + bytes > kGraphBudget) {
            // No search: the greedy flood's list, and the colours that must vanish as the bound.
            searches.push_back(nullptr);
            a.moves = greedy_list(island);
            uint32_t colours = 0;
            for (uint8_t c : island.colour)
                colours |= 1u << c;
            a.lower = __builtin_popcount(colours) - 1;
            a.ends = ends_with(island, a.moves);
            a.proven = int(a.moves.size()) == a.lower;
            continue;
        }
        graph_bytes += bytes;
        searches.push_back(std::make_unique<IslandSearch>(island, board.colours, control, table, walk_memo,
                                                          0x243f6a8885a308d3ULL + i * 0x9e3779b97f4a7c15ULL));
        IslandSearch &search = *searches[i];
        if (islands.size() > 1)
            search.set_label("island " + std::to_string(i + 1) + " of " + std::to_string(islands.size()) + ": ");
        const bool beam_first = options.beam_width > 0 || !options.optimal;
        if (beam_first) {
            if (int(regions) <= kMaxBeamRegions) {
                a.moves = search.beam(std::max(options.beam_width, 1));
            } else {
                a.moves = greedy_list(island);
            }
            if (int(regions) <= kMaxBlobRegions) { // in optimal mode too: a better upper bound while it works
                std::vector<IslandMove> blob = best_blob_list(g, island, control);
                if (!blob.empty() && blob.size() < a.moves.size()) a.moves = std::move(blob);
            }
        }
        a.ends = ends_with(island, a.moves);
        if (search.stopped() || control.stopped()) {
            stopped = true;
            continue;
        }
        // Quick mode: a short IDA* may still find a shorter list than the beam's; optimal mode: as long as it takes.
        std::vector<IslandMove> better;
        if (!beam_first) {
            // No list to beat: every joining move removes a group, so regions - 1 moves always do.
            const bool found = search.search(0, int(regions) - 1, better, a.lower);
            a.moves = found ? better : search.beam(kBeamWidth); // a list even when a limit stopped the search
        } else if (options.optimal) {
            if (search.search(0, int(a.moves.size()) - 1, better, a.lower)) a.moves = better;
        } else {
            // One depth-first pass at a time for a list shorter than the best so far, within a node budget.
            // Nodes cost about in proportion to the regions, so the budget shrinks with them.
            const uint64_t budget = std::clamp<uint64_t>(kPolishNodes * 50 / regions, 20'000, kPolishNodes);
            while (search.search(0, int(a.moves.size()) - 1, better, a.lower, budget, true))
                a.moves = better;
        }
        a.ends = ends_with(island, a.moves);
        stopped = search.stopped();
        a.proven = !search.halted();
        if (a.proven) a.lower = int(a.moves.size());
    }

    // A common final colour: an island that cannot end with it in its fewest moves needs one move more. Optimal
    // mode asks each proven island whether it can end with d in as few moves; quick mode asks a beam.
    int best_total = kUnbounded;
    std::vector<std::vector<IslandMove>> best_moves;
    for (uint8_t d = 1; d <= board.colours && islands.size() > 1; ++d) {
        int total = 0;
        std::vector<std::vector<IslandMove>> lists;
        for (size_t i = 0; i < islands.size() && total < best_total; ++i) {
            std::vector<IslandMove> moves = answers[i].moves;
            if (answers[i].ends != d) {
                std::vector<IslandMove> targeted;
                int lower = 0;
                if (!searches[i]) {
                    // not searched: recoloured whole below
                } else if (!options.optimal) {
                    targeted = searches[i]->beam(std::max(options.beam_width, 1), d);
                } else if (answers[i].proven && !stopped) {
                    searches[i]->search(d, int(moves.size()), targeted, lower);
                }
                stopped = stopped || (searches[i] && searches[i]->stopped());
                if (!targeted.empty() && targeted.size() <= moves.size())
                    moves = targeted;
                else
                    moves.push_back({0, d}); // the island is one colour by then: recolour it whole
            }
            total += int(moves.size());
            lists.push_back(std::move(moves));
        }
        if (total < best_total) best_total = total, best_moves = std::move(lists);
    }
    if (islands.size() == 1) { // no common colour to agree on: the island's own list
        best_moves = {answers[0].moves};
        best_total = int(answers[0].moves.size());
    }

    int lower = 0;
    bool proven = !stopped && options.optimal;
    for (const Answer &a : answers)
        lower += a.lower, proven = proven && a.proven;
    for (const auto &search : searches)
        if (search) report.nodes += search->nodes();
    for (size_t i = 0; i < islands.size(); ++i)
        for (const IslandMove &m : best_moves[i])
            report.moves.push_back({g.cell[size_t(islands[i].region[size_t(m.region)])], m.colour});
    report.upper_bound = best_total;
    report.lower_bound = proven ? best_total : std::min(lower, best_total);
    // Quick mode has its answer whatever it proved; optimal mode is solved only with a proof.
    if (!options.optimal || proven)
        report.status = PZ_SOLVE_SOLVED;
    else
        report.status = control.stopped() ? control.stop_status() : PZ_SOLVE_LIMIT;
    return report;
}

} // namespace kami
