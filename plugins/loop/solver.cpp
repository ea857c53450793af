// solver.cpp -- see solver.hpp. One Search object holds the rotation domains of every tile and an undo trail, so
// guesses never copy the board: a guess pushes old domains on the trail and backtracking pops them.
#include "solver.hpp"

#include "exit_forest.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>

namespace loop {
namespace {

struct Stopped {}; // unwinds the search when the control says stop

// For every tile mask and rotation domain (bit r = "rotated r steps is still possible"): the connections every
// remaining option has (must), the ones some option has (may), and the masks themselves.
struct Tables {
    uint8_t must[64][64] = {}, may[64][64] = {};
    uint8_t rotated[64][6] = {};
    uint8_t distinct[64] = {}; // the domain of a fresh tile: one rotation per distinct mask
};

const Tables &tables(Shape shape) {
    static const auto build = [](Shape s) {
        Tables t;
        const int k = directions(s), masks = 1 << k;
        for (int m = 0; m < masks; ++m) {
            for (int r = 0; r < k; ++r) t.rotated[m][r] = rotate(s, uint8_t(m), r);
            for (int r = 0; r < k; ++r) {
                bool seen = false;
                for (int q = 0; q < r; ++q) seen = seen || t.rotated[m][q] == t.rotated[m][r];
                if (!seen) t.distinct[m] |= uint8_t(1u << r);
            }
            for (int dom = 0; dom < (1 << k); ++dom) {
                uint8_t must = 0xff, may = 0;
                for (int r = 0; r < k; ++r)
                    if (dom >> r & 1) must &= t.rotated[m][r], may |= t.rotated[m][r];
                t.must[m][dom] = dom ? must : 0;
                t.may[m][dom] = may;
            }
        }
        return t;
    };
    static const Tables square = build(Shape::Square), hex = build(Shape::Hex);
    return shape == Shape::Square ? square : hex;
}

inline bool single(uint8_t dom) { return dom && !(dom & (dom - 1)); }
inline int lowest(uint8_t dom) { return __builtin_ctz(dom); }

void mark_unsolvable(SolveReport &report) {
    report.status = PZ_SOLVE_UNSOLVABLE;
    report.count = 0;
    report.counted = true;
}

class Search {
public:
    Search(const Board &board, pluzzle::SolveControl &control)
        : b_(board), t_(tables(board.shape)), k_(loop::directions(board.shape)), n_(board.size()), control_(control),
          dom_(size_t(n_)), queued_(size_t(n_), 0) {
        for (int64_t i = 0; i < n_; ++i) dom_[size_t(i)] = b_.is_locked(i) ? 1 : t_.distinct[b_.tiles[size_t(i)]];
        // Net rules look every tile's neighbours up again at each search node (cycles, reachability): a table
        // (4 bytes a direction) saves the divisions, up to 16 million tiles. Loop rules touch most tiles once or
        // twice, where building the table costs more than it saves (measured: 0.24 s against 0.20 s at 10^6).
        if (board.rule == Rule::Net && n_ <= (int64_t(1) << 24)) {
            table_.resize(size_t(n_) * size_t(k_));
            int64_t nb[6] = {};
            for (int64_t i = 0; i < n_; ++i) {
                b_.neighbours(i, nb);
                for (int d = 0; d < k_; ++d) table_[size_t(i) * size_t(k_) + size_t(d)] = int32_t(nb[d]);
            }
        }
    }

    uint64_t nodes() const { return nodes_; }
    int64_t size() const { return n_; }
    int directions() const { return k_; }
    uint8_t domain(int64_t i) const { return dom_[size_t(i)]; }
    uint8_t must(int64_t i) const { return t_.must[b_.tiles[size_t(i)]][dom_[size_t(i)]]; }
    uint8_t may(int64_t i) const { return t_.may[b_.tiles[size_t(i)]][dom_[size_t(i)]]; }
    uint8_t mask(int64_t i) const { return t_.rotated[b_.tiles[size_t(i)]][lowest(dom_[size_t(i)])]; }
    void neighbours(int64_t i, int64_t *out) const {
        if (table_.empty()) return b_.neighbours(i, out);
        const int32_t *row = &table_[size_t(i) * size_t(k_)];
        for (int d = 0; d < k_; ++d) out[d] = row[d];
    }

    // Arc consistency from scratch: every tile is revised once, in order, then the queue runs to its end.
    bool propagate_all() {
        for (int64_t i = 0; i < n_; ++i)
            if (!revise(i)) return false;
        return propagate();
    }

    // Keeps only the options of `i` in `keep`; false when none is left. Neighbours are revised by propagate().
    bool restrict(int64_t i, uint8_t keep) {
        const uint8_t now = dom_[size_t(i)] & keep;
        if (now == dom_[size_t(i)]) return true;
        if (!now) return false;
        set(i, now);
        return true;
    }
    // Keeps only the options of `i` whose connection towards d is `open`.
    bool restrict_edge(int64_t i, int d, bool open) {
        const uint8_t side = uint8_t(1u << d);
        return restrict(i, options_with(i, open ? side : 0, open ? 0 : side));
    }

    // One search node per option of tile t: restrict t to it, propagate, and when that holds call visit(), which
    // answers whether to go on with the next option; the state is restored after each.
    template <class Visit> void branch(int64_t t, Visit &&visit) {
        for (uint8_t dom = dom_[size_t(t)]; dom; dom &= uint8_t(dom - 1)) {
            node();
            const Mark before = mark();
            const bool go_on = !(restrict(t, uint8_t(dom & -dom)) && propagate()) || visit();
            undo(before);
            if (!go_on) return;
        }
    }

    // Revises tiles until nothing changes; under net rules, also carries out what the forest asks for. False on a
    // contradiction (the caller undoes).
    bool propagate() {
        for (;;) {
            while (head_ < queue_.size()) {
                const int64_t i = queue_[head_++];
                queued_[size_t(i)] = 0;
                // A decided tile needs no revision: each neighbour that changes is revised against it (and every
                // tile was revised once at the start), so a conflict shows up as that neighbour's empty domain.
                if (single(dom_[size_t(i)])) continue;
                if (!revise(i) || failed_) return fail();
            }
            queue_.clear();
            head_ = 0;
            if (failed_) return fail();
            if (asks_.empty()) return true;
            const auto [tile, ask] = asks_.back();
            asks_.pop_back();
            if (!restrict_edge(tile, ask & 0x7f, ask & kOpen)) return fail();
        }
    }

    // Net rules from here on: builds the forest of the connections decided so far (at a propagation fixpoint) and
    // propagates what it implies. False when the tiles cannot form one tree.
    bool start_net(int64_t pipe_tiles) {
        forest_ = std::make_unique<ExitForest>(n_, k_);
        touch_mark_.assign(size_t(n_), 0);
        pipe_tiles_ = pipe_tiles;
        // Every edge not closed starts as an exit of both ends; opening the open ones then merges, exactly as a
        // search decision would.
        std::vector<std::pair<int64_t, int>> open;
        int64_t nb[6] = {};
        for (int64_t i = 0; i < n_; ++i) {
            neighbours(i, nb);
            for (int d = 0; d < k_; ++d) {
                if (nb[d] < 0 || !is_first_end(i, d, nb[d])) continue;
                const EdgeState state = edge_state(i, d, nb[d]);
                if (state == EdgeState::Closed) continue;
                if (state == EdgeState::Conflict) return false;
                forest_->add_exit_initially(i, half_edge(i, d));
                forest_->add_exit_initially(nb[d], half_edge(nb[d], opposite(b_.shape, d)));
                if (state == EdgeState::Open) open.emplace_back(i, d);
            }
        }
        for (auto [i, d] : open) opened(i, d, neighbour(i, d));
        for (int64_t i = 0; i < n_; ++i)
            if (b_.tiles[size_t(i)] && forest_->find(i) == i) check_component(int32_t(i));
        return propagate();
    }
    // Net rules: groups of tiles (each ended by -1) whose pockets must be checked together since the last call: a
    // tile next to a component that has just merged with another (its pocket may have lost every way to fit without
    // a cycle), or the tiles at the last few exits of a component (together, their pockets must let it out).
    std::vector<int32_t> take_touched() {
        ++touch_clock_;
        return std::exchange(touched_, {});
    }
    // Whether to list tiles for take_touched() at all (off, the list stays empty).
    void watch_pockets(bool on) { watch_pockets_ = on; }
    void forget_touched() {
        ++touch_clock_;
        touched_.clear();
    }
    // Changes of a domain so far (a clock for occasional whole-board checks).
    uint64_t changes() const { return changes_; }

    // A point of the search to come back to: the domains and, under net rules, the forest.
    struct Mark {
        size_t domains = 0, forest = 0;
    };
    Mark mark() const { return {trail_.size(), forest_ ? forest_->mark() : 0}; }
    void undo(const Mark &mark) {
        while (trail_.size() > mark.domains) {
            dom_[size_t(trail_.back().first)] = trail_.back().second;
            trail_.pop_back();
        }
        if (forest_) forest_->undo(mark.forest);
    }
    // One search node: counts it and answers whether to stop.
    void node() {
        ++nodes_;
        if (control_.tick()) throw Stopped{};
    }
    // Tells the host how far the search is (rate-limited by SolveControl), e.g. components counted / components.
    void progress(double fraction, const char *what) { control_.progress(fraction, what); }

    std::vector<uint8_t> solved_masks() const {
        std::vector<uint8_t> out;
        out.reserve(size_t(n_));
        for (int64_t i = 0; i < n_; ++i) out.push_back(mask(i));
        return out;
    }

private:
    void enqueue(int64_t i) {
        if (queued_[size_t(i)]) return;
        queued_[size_t(i)] = 1;
        queue_.push_back(int32_t(i));
    }
    void set(int64_t i, uint8_t dom) {
        const uint8_t old = dom_[size_t(i)];
        trail_.emplace_back(int32_t(i), old);
        dom_[size_t(i)] = dom;
        ++changes_;
        int64_t nb[6] = {};
        neighbours(i, nb);
        for (int d = 0; d < k_; ++d)
            if (nb[d] >= 0 && !single(dom_[size_t(nb[d])])) enqueue(nb[d]); // decided tiles need no revision
        if (forest_) watch_edges(i, old, nb);
    }

    // ---- net rules: the forest follows every edge that gets decided
    enum class EdgeState : uint8_t { Undecided, Open, Closed, Conflict };
    static constexpr uint8_t kOpen = 0x80; // in an ask: the edge must open (else close)

    static EdgeState combine(bool open, bool closed) {
        if (open) return closed ? EdgeState::Conflict : EdgeState::Open;
        return closed ? EdgeState::Closed : EdgeState::Undecided;
    }
    // An edge is open when either end must have it, closed when either end cannot.
    EdgeState edge_state(int64_t i, int d, int64_t j) const {
        const int o = opposite(b_.shape, d);
        return combine(((must(i) >> d) | (must(j) >> o)) & 1, !((may(i) >> d) & (may(j) >> o) & 1));
    }
    // Each edge is seen once from its end with the lower half-edge number i*k+d.
    int64_t neighbour(int64_t i, int d) const {
        return table_.empty() ? b_.neighbour(i, d) : table_[size_t(i) * size_t(k_) + size_t(d)];
    }
    bool is_first_end(int64_t i, int d, int64_t j) const {
        return half_edge(i, d) <= half_edge(j, opposite(b_.shape, d));
    }
    uint32_t half_edge(int64_t i, int d) const { return uint32_t(i * k_ + d); }

    // Tile i went from domain `old` to its current one: every edge of i whose state that changed is reported.
    void watch_edges(int64_t i, uint8_t old, const int64_t *nb) {
        const uint8_t m = b_.tiles[size_t(i)];
        const uint8_t must0 = t_.must[m][old], may0 = t_.may[m][old], must1 = must(i), may1 = may(i);
        const uint8_t changed = uint8_t((must0 ^ must1) | (may0 ^ may1));
        for (uint8_t bits = changed; bits; bits &= uint8_t(bits - 1)) {
            const int d = lowest(bits), o = opposite(b_.shape, d);
            const int64_t j = nb[d];
            if (j < 0) continue; // never open: revise keeps pipes off the border
            // A wrapped one-tile row or column joins i to itself: then the far end changed too (seen once).
            if (j == i && (changed >> o & 1) && o < d) continue;
            const uint8_t must_j0 = j == i ? must0 : must(j), may_j0 = j == i ? may0 : may(j);
            const uint8_t must_j1 = j == i ? must1 : must_j0, may_j1 = j == i ? may1 : may_j0;
            const EdgeState before = combine(((must0 >> d) | (must_j0 >> o)) & 1, !((may0 >> d) & (may_j0 >> o) & 1));
            const EdgeState after = combine(((must1 >> d) | (must_j1 >> o)) & 1, !((may1 >> d) & (may_j1 >> o) & 1));
            if (before == after) continue;
            if (after == EdgeState::Conflict) failed_ = true;
            else if (after == EdgeState::Open) opened(i, d, j);
            else closed(i, d, j);
        }
    }
    // The undecided edge i-j opened: merge the two components (one already: a cycle). Edges from the smaller side
    // into the larger one would now close a cycle: they must close.
    void opened(int64_t i, int d, int64_t j) {
        const int32_t ri = forest_->find(i), rj = forest_->find(j);
        forest_->remove_exit(ri, half_edge(i, d));
        forest_->remove_exit(rj, half_edge(j, opposite(b_.shape, d)));
        if (ri == rj) {
            failed_ = true;
            return;
        }
        const bool i_smaller = forest_->size(ri) < forest_->size(rj);
        const int32_t small = i_smaller ? ri : rj, large = i_smaller ? rj : ri;
        int64_t nb[6] = {};
        int32_t m = small;
        do {
            const uint8_t undecided = uint8_t(may(m) & ~must(m));
            if (undecided) {
                neighbours(m, nb);
                for (int e = 0; e < k_; ++e)
                    if ((undecided >> e & 1) && nb[e] >= 0 && edge_state(m, e, nb[e]) == EdgeState::Undecided) {
                        if (forest_->find(nb[e]) == large) asks_.emplace_back(m, uint8_t(e));
                        // Otherwise its pocket may now touch one component twice: check it (once a round).
                        else if (watch_pockets_ && touch_mark_[size_t(nb[e])] != touch_clock_) {
                            touch_mark_[size_t(nb[e])] = touch_clock_;
                            touched_.push_back(int32_t(nb[e]));
                            touched_.push_back(-1);
                        }
                    }
            }
            m = forest_->next_member(m);
        } while (m != small);
        check_component(forest_->unite(ri, rj));
    }
    // The undecided edge i-j closed: each side loses an exit.
    void closed(int64_t i, int d, int64_t j) {
        const int32_t ri = forest_->find(i), rj = forest_->find(j);
        forest_->remove_exit(ri, half_edge(i, d));
        forest_->remove_exit(rj, half_edge(j, opposite(b_.shape, d)));
        check_component(ri);
        if (rj != ri) check_component(rj);
    }
    // A component that does not hold every tile needs a way out: with none it is a closed island, with one it must
    // take it. With a few left, the pockets they lead into are checked again (pockets_fit): often every way to fill
    // them shuts the component in, and finding that now, not when the search gets there, keeps backtracking short.
    // (An undecided edge inside a component is listed at both ends and leads nowhere.)
    void check_component(int32_t root) {
        constexpr int32_t kFewExits = 8;
        if (forest_->size(root) >= pipe_tiles_) return;
        const int32_t exits = forest_->exits(root);
        if (exits == 0) {
            failed_ = true;
            return;
        }
        if (exits > kFewExits) return;
        int ways_out = 0;
        uint32_t way_out = 0;
        forest_->for_each_exit(root, [&](uint32_t h) {
            const int64_t i = int64_t(h / uint32_t(k_)), j = neighbour(i, int(h % uint32_t(k_)));
            if (forest_->find(j) == root) return;
            ++ways_out, way_out = h;
            if (!watch_pockets_) return;
            touched_.push_back(int32_t(i));
            touched_.push_back(int32_t(j));
        });
        if (watch_pockets_) touched_.push_back(-1);
        if (ways_out == 0) failed_ = true;
        else if (ways_out == 1)
            asks_.emplace_back(int32_t(way_out / uint32_t(k_)), uint8_t(way_out % uint32_t(k_) | kOpen));
    }
    // Clears the queue and the asks after a contradiction.
    bool fail() {
        for (size_t q = head_; q < queue_.size(); ++q) queued_[size_t(queue_[q])] = 0;
        queue_.clear();
        head_ = 0;
        asks_.clear();
        forget_touched();
        failed_ = false;
        return false;
    }
    // The options of `i` whose tile has every connection in `open` and none in `closed`.
    uint8_t options_with(int64_t i, uint8_t open, uint8_t closed) const {
        const uint8_t m = b_.tiles[size_t(i)];
        uint8_t keep = 0;
        for (uint8_t dom = dom_[size_t(i)]; dom; dom &= uint8_t(dom - 1)) {
            const uint8_t rm = t_.rotated[m][lowest(dom)];
            if ((rm & open) == open && !(rm & closed)) keep |= uint8_t(dom & -dom);
        }
        return keep;
    }
    // Filters the options of `i` by what its neighbours allow on each shared edge (and nothing off the board).
    bool revise(int64_t i) {
        int64_t nb[6] = {};
        neighbours(i, nb);
        uint8_t open = 0, closed = 0;
        for (int d = 0; d < k_; ++d) {
            if (nb[d] < 0) {
                closed |= uint8_t(1u << d);
                continue;
            }
            const int o = opposite(b_.shape, d);
            if (must(nb[d]) >> o & 1) open |= uint8_t(1u << d);
            else if (!(may(nb[d]) >> o & 1)) closed |= uint8_t(1u << d);
        }
        if ((must(i) & open) == open && !(may(i) & closed)) return true; // every option fits: the common case
        return restrict(i, options_with(i, open, closed));
    }

    const Board &b_;
    const Tables &t_;
    const int k_;
    const int64_t n_;
    pluzzle::SolveControl &control_;
    std::vector<uint8_t> dom_;
    std::vector<uint8_t> queued_;
    // Tile numbers fit 32 bits (kMaxTiles): half the memory of 64-bit ones for the queue and the trail, which at
    // 10^8 tiles is what pages in and out (measured: 37.0 s to a first solution with 64-bit entries).
    static_assert(kMaxTiles < (int64_t(1) << 31), "tile numbers are stored in 32 bits");
    std::vector<int32_t> queue_;
    size_t head_ = 0;
    std::vector<std::pair<int32_t, uint8_t>> trail_;
    uint64_t nodes_ = 0;
    std::vector<int32_t> table_; // neighbours, k per tile, -1 off the board; empty for very large boards
    uint64_t changes_ = 0;
    // Net rules: the forest of decided connections, what it asks for ((tile, direction | kOpen to open)), and
    // whether it found a contradiction since the last propagate().
    std::unique_ptr<ExitForest> forest_;
    int64_t pipe_tiles_ = 0;
    std::vector<std::pair<int32_t, uint8_t>> asks_;
    std::vector<int32_t> touched_;
    std::vector<uint32_t> touch_mark_; // a tile is listed alone once between two calls of take_touched()
    uint32_t touch_clock_ = 1;
    bool watch_pockets_ = false;
    bool failed_ = false;
};

// ---------------------------------------------------------------- loop rules: independent components

// Grows `pocket` (undecided tiles, marked in `seen`) breadth-first through undecided edges to the undecided tiles
// beyond, marking them too, until nothing is left to add or it holds more than `limit` tiles. Decided edges
// decouple (arc consistency holds), so what it reaches can only be settled together: a loop-rules component, a Net
// pocket.
void grow_pocket(const Search &s, std::vector<int64_t> &pocket, std::vector<uint8_t> &seen, size_t limit) {
    const int k = s.directions();
    int64_t nb[6] = {};
    for (size_t q = 0; q < pocket.size() && pocket.size() <= limit; ++q) {
        const int64_t i = pocket[q];
        const uint8_t open_to_choice = uint8_t(s.may(i) & ~s.must(i));
        s.neighbours(i, nb);
        for (int d = 0; d < k; ++d)
            if ((open_to_choice >> d & 1) && nb[d] >= 0 && !seen[size_t(nb[d])] && !single(s.domain(nb[d]))) {
                seen[size_t(nb[d])] = 1;
                pocket.push_back(nb[d]);
            }
    }
}

// Groups `tiles` (all undecided) into components: two undecided tiles belong together when the edge between them
// is still open to both choices (decided edges decouple, since arc consistency holds).
std::vector<std::vector<int64_t>> components(const Search &s, const std::vector<int64_t> &tiles,
                                             std::vector<uint8_t> &seen) {
    std::vector<std::vector<int64_t>> out;
    for (int64_t start : tiles) {
        if (seen[size_t(start)] || single(s.domain(start))) continue;
        std::vector<int64_t> comp{start};
        seen[size_t(start)] = 1;
        grow_pocket(s, comp, seen, SIZE_MAX);
        out.push_back(std::move(comp));
    }
    for (auto &comp : out)
        for (int64_t i : comp) seen[size_t(i)] = 0;
    return out;
}

// The undecided tile of `comp` to branch on: the one with the most undecided connections (deciding it cuts the
// most ties, so the rest falls apart sooner), then the fewest options; the first such, for determinism. -1 when
// every tile is decided.
int64_t branch_tile(const Search &s, const std::vector<int64_t> &comp) {
    int64_t best = -1;
    int best_score = -1;
    for (int64_t i : comp) {
        const int options = bit_count(s.domain(i));
        if (options < 2) continue;
        const int score = bit_count(uint8_t(s.may(i) & ~s.must(i))) * 8 - options;
        if (score > best_score) best = i, best_score = score;
    }
    return best;
}

// The exact number of solutions of one component: branch on a tile, propagate, and multiply the counts of the
// components the rest falls apart into.
BigCount count_component(Search &s, const std::vector<int64_t> &comp, std::vector<uint8_t> &seen) {
    const int64_t t = branch_tile(s, comp);
    if (t < 0) return 1;
    BigCount total = 0;
    s.branch(t, [&] {
        BigCount product = 1;
        for (auto &sub : components(s, comp, seen)) {
            product *= count_component(s, sub, seen);
            if (product == 0) break;
        }
        total += product;
        return true;
    });
    return total;
}

// Depth-first search over `comp` for up to `want` full assignments; each is handed to `found` while the search
// state holds it. Returns the number found.
template <class Found>
unsigned enumerate(Search &s, const std::vector<int64_t> &comp, unsigned want, const Found &found) {
    const int64_t t = branch_tile(s, comp);
    if (t < 0) {
        found();
        return 1;
    }
    unsigned got = 0;
    s.branch(t, [&] {
        got += enumerate(s, comp, want - got, found);
        return got < want;
    });
    return got;
}

void solve_loop(Search &s, const SolveOptions &options, SolveReport &report) {
    std::vector<int64_t> undecided;
    for (int64_t i = 0; i < s.size(); ++i)
        if (!single(s.domain(i))) undecided.push_back(i);
    report.decided_by_propagation = uint64_t(s.size()) - undecided.size();
    std::vector<uint8_t> seen(size_t(s.size()), 0);
    const auto comps = components(s, undecided, seen);
    report.components = comps.size();
    for (auto &c : comps) report.largest_component = std::max<uint64_t>(report.largest_component, c.size());

    // The first solution: each component's first, in turn (components are independent).
    std::vector<BigCount> counts;
    BigCount total = 1;
    if (options.count) {
        for (auto &c : comps) {
            s.progress(double(counts.size()) / double(comps.size()), "counting components");
            counts.push_back(count_component(s, c, seen));
            total *= counts.back();
            if (total == 0) break;
        }
        report.count = total;
        report.counted = true;
        if (total == 0) {
            mark_unsolvable(report);
            return;
        }
    }
    if (options.max_solutions == 0) {
        report.status = total > 1 ? PZ_SOLVE_MULTIPLE : PZ_SOLVE_UNIQUE;
        return;
    }
    // Fix each component to its first solution, keeping the trail so a second one can be found afterwards.
    const Search::Mark root = s.mark();
    std::vector<Search::Mark> component_marks;
    for (auto &c : comps) {
        s.progress(double(component_marks.size()) / double(comps.size()), "solving components");
        component_marks.push_back(s.mark());
        std::vector<std::pair<int64_t, uint8_t>> first;
        const unsigned got = enumerate(s, c, 1, [&] {
            for (int64_t i : c) first.emplace_back(i, s.domain(i));
        });
        if (!got) { // only without counting: this component has no solution
            s.undo(root);
            mark_unsolvable(report);
            return;
        }
        for (auto &[i, d] : first) s.restrict(i, d);
        s.propagate();
    }
    report.solutions.push_back(s.solved_masks());
    // A second solution differs in one component: the first one with two or more.
    if (options.max_solutions >= 2 && options.count && total > 1) {
        for (size_t c = 0; c < comps.size(); ++c) {
            if (counts[c] < 2) continue;
            // Free this component again (later components stay fixed: they are independent of it).
            std::vector<std::pair<int64_t, uint8_t>> fixed_later;
            for (size_t later = c + 1; later < comps.size(); ++later)
                for (int64_t i : comps[later]) fixed_later.emplace_back(i, s.domain(i));
            s.undo(component_marks[c]);
            for (auto &[i, d] : fixed_later) s.restrict(i, d);
            s.propagate();
            unsigned seen_solutions = 0;
            enumerate(s, comps[c], 2, [&] {
                if (++seen_solutions == 2) report.solutions.push_back(s.solved_masks());
            });
            break;
        }
    }
    s.undo(root);
    if (!options.count) {
        report.status = PZ_SOLVE_SOLVED;
        return;
    }
    report.status = total > 1 ? PZ_SOLVE_MULTIPLE : PZ_SOLVE_UNIQUE;
}

// ---------------------------------------------------------------- net rules: one tree

// Every tile with a pipe can still be reached from the first one through connections that remain possible. The
// forest catches a closed island once its connections are decided; this whole-board pass catches it earlier.
bool reaches_every_tile(const Search &s, int64_t pipe_tiles, int64_t first) {
    if (first < 0) return true;
    const int k = s.directions();
    std::vector<uint8_t> reached(size_t(s.size()), 0);
    std::vector<int64_t> stack{first};
    reached[size_t(first)] = 1;
    int64_t count = 1;
    int64_t nb[6] = {};
    while (!stack.empty()) {
        const int64_t i = stack.back();
        stack.pop_back();
        const uint8_t may = s.may(i);
        s.neighbours(i, nb);
        for (int d = 0; d < k; ++d)
            if ((may >> d & 1) && nb[d] >= 0 && !reached[size_t(nb[d])]) {
                reached[size_t(nb[d])] = 1;
                ++count;
                stack.push_back(nb[d]);
            }
    }
    return count == pipe_tiles;
}

// The pocket of undecided tiles around `start` (joined by undecided edges), in breadth-first order, into `out`;
// false when it has more than `limit` tiles (`out` then holds some of them).
bool small_pocket(const Search &s, int64_t start, size_t limit, std::vector<uint8_t> &seen,
                  std::vector<int64_t> &out) {
    out.assign(1, start);
    seen[size_t(start)] = 1;
    grow_pocket(s, out, seen, limit);
    for (int64_t i : out) seen[size_t(i)] = 0;
    return out.size() <= limit;
}

// A pocket's completions, enumerated with propagation under a node budget: `fits` collects, per tile, the options
// it takes in some completion.
struct PocketProbe {
    Search &s;
    const std::vector<int64_t> &tiles;
    std::vector<uint8_t> fits;
    int budget;
    bool first_only = false; // stop at the first completion (fits is then incomplete)
    int64_t completions = 0;

    void run(size_t pos) {
        while (pos < tiles.size() && single(s.domain(tiles[pos]))) ++pos;
        if (pos == tiles.size()) {
            ++completions;
            for (size_t q = 0; q < tiles.size(); ++q) fits[q] |= s.domain(tiles[q]);
            return;
        }
        const int64_t t = tiles[pos];
        for (uint8_t dom = s.domain(t); dom && budget > 0 && !(first_only && completions); dom &= uint8_t(dom - 1)) {
            --budget;
            s.node();
            const Search::Mark before = s.mark();
            if (s.restrict(t, uint8_t(dom & -dom)) && s.propagate()) run(pos + 1);
            s.undo(before);
        }
    }
};

// Pocket consistency: the pockets of each group of tiles the forest flagged since the last call (see
// Search::take_touched) must still have a joint completion, and each of their tiles keeps only the options some
// joint completion uses. Without it a pocket that can only close a cycle, or pockets that cannot all leave a
// component a way out, are found when the search reaches them -- possibly far from, and many guesses after, the
// decision that doomed them. False on a contradiction.
class PocketCheck {
public:
    explicit PocketCheck(int64_t tiles)
        : seen_(size_t(tiles), 0), stamp_(size_t(tiles), 0), checked_(size_t(tiles), 0), large_(size_t(tiles), 0) {}

    // The tiles whose pockets had no joint completion when run() last returned false.
    const std::vector<int64_t> &failed_tiles() const { return failed_; }

    bool run(Search &s) {
        std::vector<int32_t> pending = s.take_touched();
        if (pending.empty()) return true;
        const uint32_t round = ++clock_;
        std::vector<int64_t> group;
        while (!pending.empty()) {
            group.clear();
            pending.pop_back(); // the group's end mark
            while (!pending.empty() && pending.back() >= 0) {
                group.push_back(pending.back());
                pending.pop_back();
            }
            if (!gather(s, group, round)) continue;
            PocketProbe probe{s, tiles_, std::vector<uint8_t>(tiles_.size(), 0), kProbeNodes};
            probe.run(0);
            s.forget_touched(); // what probing merged was undone
            if (probe.budget <= 0) continue; // too many ways: no conclusion
            if (probe.completions == 0) {
                failed_ = tiles_;
                return false;
            }
            bool changed = false;
            for (size_t q = 0; q < tiles_.size(); ++q) {
                changed = changed || (s.domain(tiles_[q]) & ~probe.fits[q]);
                s.restrict(tiles_[q], probe.fits[q]);
            }
            if (!changed) continue;
            if (!s.propagate()) return false;
            for (int32_t t : s.take_touched()) pending.push_back(t);
        }
        return true;
    }

private:
    static constexpr size_t kPocket = 32, kTiles = 64; // one pocket, all pockets of a group
    static constexpr int kProbeNodes = 256;

    // The undecided tiles of the small pockets of `group` into tiles_; false when there is nothing new to check
    // (all of them checked already this round) or they are too many.
    bool gather(const Search &s, const std::vector<int64_t> &group, uint32_t round) {
        const uint32_t mark = ++clock_;
        tiles_.clear();
        bool fresh = false;
        for (int64_t x : group) {
            if (single(s.domain(x)) || stamp_[size_t(x)] == mark) continue;
            if (large_[size_t(x)] == round) return false;
            if (!small_pocket(s, x, kPocket, seen_, pocket_)) {
                for (int64_t i : pocket_) large_[size_t(i)] = round; // spares the next tiles of this region a search
                return false;
            }
            if (tiles_.size() + pocket_.size() > kTiles) return false;
            for (int64_t i : pocket_) {
                fresh = fresh || checked_[size_t(i)] != round;
                stamp_[size_t(i)] = mark;
                tiles_.push_back(i);
            }
        }
        if (!fresh) return false;
        for (int64_t i : tiles_) checked_[size_t(i)] = round;
        return true;
    }

    std::vector<uint8_t> seen_;
    std::vector<uint32_t> stamp_, checked_, large_; // per tile: this group's mark, the rounds it was probed, seen large
    uint32_t clock_ = 0;
    std::vector<int64_t> pocket_, tiles_, failed_;
};

// True when the tiles of `cause` have no joint completion in the current state (so no solution extends it);
// false when they have one or the probe ran out of budget.
bool refutes(Search &s, const std::vector<int64_t> &cause) {
    constexpr int kNodes = 4096;
    PocketProbe probe{s, cause, std::vector<uint8_t>(cause.size(), 0), kNodes, true};
    probe.run(0);
    s.forget_touched();
    return probe.completions == 0 && probe.budget > 0;
}

// Whether tile t or one of its neighbours is in `tiles` (sorted).
bool touches(const Search &s, const std::vector<int64_t> &tiles, int64_t t) {
    int64_t nb[6] = {};
    s.neighbours(t, nb);
    for (int d = 0; d < s.directions(); ++d)
        if (nb[d] >= 0 && std::binary_search(tiles.begin(), tiles.end(), nb[d])) return true;
    return std::binary_search(tiles.begin(), tiles.end(), t);
}

// Depth-first search without recursion (a million-tile board can need that many nested guesses).
//
// Order: propagation decides most of a Net board and leaves pockets of undecided tiles; a pocket is finished
// before the search moves on. A new pocket starts near the first undecided tile in row-major order, whose tiles
// above and to the left are decided, so its guesses are as constrained as they can be.
//
// Backjumping: a dead end is often caused by a guess made long before, with guesses in unrelated pockets in
// between; chronological backtracking would try every combination of those (700x700 and 800x800 boards ran for
// minutes). Each guess keeps the tiles whose completion failed under its options (its cause); when all its options
// have failed, the search goes back one guess at a time while the cause still has no completion in the state
// before that guess -- proof that no solution extends it -- and so skips the irrelevant guesses unopened.
unsigned search_net(Search &s, int64_t pipe_tiles, int64_t first, const SolveOptions &options,
                    std::vector<std::vector<uint8_t>> &found) {
    const unsigned want = std::max(options.max_solutions, 1u);
    s.progress(-1, "net search"); // no useful fraction: the search's size is unknown
    constexpr size_t kSmallPocket = 4096, kLargestCause = 256;
    // A new pocket starts at the tile with the fewest options among the kLookahead tiles from the cursor (a row or
    // two): fewer options, fewer siblings to refute.
    constexpr int64_t kLookahead = 2048;
    // Pocket checks during the search cost about 15% on small boards, where dead ends stay close to their cause,
    // and save large ones from thrashing (one 1000x1000 board: 0.9 s with them, over 10 s without): they run on
    // boards of options.net_large_board tiles or more, and on any board after options.net_struggle dead ends.
    constexpr size_t kNoPocket = SIZE_MAX;
    // Where the search stands: every tile before `cursor` is decided; `pocket` (an index into `pockets`, or
    // kNoPocket) is being finished, and its tiles before `pos` are decided.
    struct Focus {
        int64_t cursor = 0;
        size_t pocket = kNoPocket, pos = 0, pockets = 0; // `pockets`: how many pockets exist
    };
    struct Choice {
        int64_t tile;
        uint8_t untried;
        Search::Mark mark;
        Focus focus;
        std::vector<int64_t> cause; // tiles without a joint completion under the options tried
        bool cause_known = true;    // false once an option failed for another reason (or led to a solution)
    };
    const auto add_cause = [&](Choice &c, const std::vector<int64_t> &tiles) {
        c.cause.insert(c.cause.end(), tiles.begin(), tiles.end());
        std::sort(c.cause.begin(), c.cause.end());
        c.cause.erase(std::unique(c.cause.begin(), c.cause.end()), c.cause.end());
        if (c.cause.size() > kLargestCause) c.cause_known = false;
    };
    std::vector<Choice> choices;
    std::vector<std::vector<int64_t>> pockets;
    std::vector<uint8_t> seen(size_t(s.size()), 0);
    std::vector<int64_t> pocket;
    PocketCheck pockets_fit(s.size());
    // The whole-board reachability pass costs a pass over the board: run it once the search has changed about as
    // many domains since the last pass, so it never costs more than the search itself.
    uint64_t next_check = s.changes() + uint64_t(s.size());
    Focus focus;
    unsigned got = 0;
    uint64_t dead_ends = 0;
    if (!pockets_fit.run(s)) return 0; // at the root they prune much of a large board at once
    bool check_pockets = s.size() >= options.net_large_board || options.net_struggle == 0;
    s.watch_pockets(check_pockets);
    for (;;) {
        int64_t t = -1;
        if (focus.pocket != kNoPocket) {
            const auto &tiles = pockets[focus.pocket];
            while (focus.pos < tiles.size() && single(s.domain(tiles[focus.pos]))) ++focus.pos;
            if (focus.pos < tiles.size()) t = tiles[focus.pos];
            else focus.pocket = kNoPocket;
        }
        if (t < 0) {
            while (focus.cursor < s.size() && single(s.domain(focus.cursor))) ++focus.cursor;
            if (focus.cursor < s.size()) {
                t = focus.cursor;
                const int64_t end = std::min(s.size(), focus.cursor + kLookahead);
                for (int64_t i = focus.cursor + 1, best = bit_count(s.domain(t)); i < end && best > 2; ++i) {
                    const int options = bit_count(s.domain(i));
                    if (options > 1 && options < best) best = options, t = i;
                }
                if (small_pocket(s, t, kSmallPocket, seen, pocket)) {
                    pockets.resize(focus.pockets);
                    pockets.push_back(pocket);
                    focus.pockets = pockets.size();
                    focus.pocket = pockets.size() - 1;
                    focus.pos = 0;
                }
            }
        }
        if (t >= 0) choices.push_back({t, s.domain(t), s.mark(), focus, {}, true});
        else {
            found.push_back(s.solved_masks());
            if (++got >= want) return got;
            for (Choice &c : choices) c.cause_known = false; // a solution lies below every open guess
        }
        for (;;) { // the next option of the deepest choice
            if (choices.empty()) return got;
            Choice &c = choices.back();
            s.undo(c.mark);
            if (!c.untried) {
                if (++dead_ends == options.net_struggle) s.watch_pockets(check_pockets = true);
                std::vector<int64_t> cause = std::move(c.cause);
                cause.push_back(c.tile);
                const bool known = c.cause_known;
                choices.pop_back();
                std::sort(cause.begin(), cause.end());
                while (known && !choices.empty()) {
                    s.undo(choices.back().mark);
                    // A guess on or next to a tile of the cause is most likely involved: stop there without probing.
                    const Choice &p = choices.back();
                    if (touches(s, cause, p.tile) || !refutes(s, cause)) break;
                    choices.pop_back(); // no solution extends the state before this guess either
                }
                if (!choices.empty()) {
                    if (known) add_cause(choices.back(), cause);
                    else choices.back().cause_known = false;
                }
                continue;
            }
            const uint8_t option = uint8_t(c.untried & -c.untried);
            c.untried = uint8_t(c.untried & (c.untried - 1));
            s.node();
            if (!s.restrict(c.tile, option) || !s.propagate()) continue; // the cause: c.tile alone
            if (check_pockets && !pockets_fit.run(s)) {
                add_cause(c, pockets_fit.failed_tiles());
                continue;
            }
            if (s.changes() >= next_check) {
                next_check = s.changes() + uint64_t(s.size());
                if (!reaches_every_tile(s, pipe_tiles, first)) {
                    c.cause_known = false;
                    continue;
                }
            }
            focus = c.focus;
            break;
        }
    }
}

void solve_net(Search &s, const Board &b, const SolveOptions &options, SolveReport &report) {
    const PipeCount pipes = pipe_count(b.tiles);
    int64_t first = -1;
    for (int64_t i = 0; i < b.size() && first < 0; ++i)
        if (b.tiles[size_t(i)]) first = i;
    s.watch_pockets(true);
    if (!pipes.fits_a_tree() || !s.start_net(pipes.tiles) || !reaches_every_tile(s, pipes.tiles, first)) {
        mark_unsolvable(report);
        return;
    }
    for (int64_t i = 0; i < s.size(); ++i) report.decided_by_propagation += single(s.domain(i));
    const unsigned want = std::max(options.max_solutions, 1u);
    const unsigned got = search_net(s, pipes.tiles, first, options, report.solutions);
    if (got < want) { // the search ran to its end: the count is exact
        report.count = got;
        report.counted = true;
    }
    report.status = got == 0   ? PZ_SOLVE_UNSOLVABLE
                    : got >= 2 ? PZ_SOLVE_MULTIPLE
                    : want >= 2 ? PZ_SOLVE_UNIQUE
                                : PZ_SOLVE_SOLVED;
}

} // namespace

SolveReport solve_board(const Board &board, pluzzle::SolveControl &control, const SolveOptions &options) {
    SolveReport report;
    Search s(board, control);
    try {
        if (!s.propagate_all()) mark_unsolvable(report);
        else if (board.rule == Rule::Loop) solve_loop(s, options, report);
        else solve_net(s, board, options, report);
    } catch (const Stopped &) {
        report = SolveReport{};
        report.status = control.stop_status();
    }
    report.nodes = s.nodes();
    return report;
}

} // namespace loop
