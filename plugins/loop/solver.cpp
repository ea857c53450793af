// solver.cpp -- see solver.hpp. One Search object holds the rotation domains of every tile and an undo trail, so
// guesses never copy the board: a guess pushes old domains on the trail and backtracking pops them.
#include "solver.hpp"

#include <pluzzle/union_find.hpp>

#include <algorithm>

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
            const size_t before = mark();
            const bool go_on = !(restrict(t, uint8_t(dom & -dom)) && propagate()) || visit();
            undo(before);
            if (!go_on) return;
        }
    }

    bool propagate() {
        while (head_ < queue_.size()) {
            const int64_t i = queue_[head_++];
            queued_[size_t(i)] = 0;
            // A decided tile needs no revision: each neighbour that changes is revised against it (and every tile
            // was revised once at the start), so a conflict shows up as that neighbour's empty domain.
            if (single(dom_[size_t(i)])) continue;
            if (!revise(i)) {
                for (size_t q = head_; q < queue_.size(); ++q) queued_[size_t(queue_[q])] = 0;
                queue_.clear();
                head_ = 0;
                return false;
            }
        }
        queue_.clear();
        head_ = 0;
        return true;
    }

    size_t mark() const { return trail_.size(); }
    void undo(size_t mark) {
        while (trail_.size() > mark) {
            dom_[size_t(trail_.back().first)] = trail_.back().second;
            trail_.pop_back();
        }
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
        trail_.emplace_back(int32_t(i), dom_[size_t(i)]);
        dom_[size_t(i)] = dom;
        int64_t nb[6] = {};
        neighbours(i, nb);
        for (int d = 0; d < k_; ++d)
            if (nb[d] >= 0) enqueue(nb[d]);
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
};

// ---------------------------------------------------------------- loop rules: independent components

// Groups `tiles` (all undecided) into components: two undecided tiles belong together when the edge between them
// is still open to both choices (decided edges decouple, since arc consistency holds).
std::vector<std::vector<int64_t>> components(const Search &s, const std::vector<int64_t> &tiles,
                                             std::vector<uint8_t> &seen) {
    const int k = s.directions();
    std::vector<std::vector<int64_t>> out;
    for (int64_t start : tiles) {
        if (seen[size_t(start)] || single(s.domain(start))) continue;
        std::vector<int64_t> comp{start};
        seen[size_t(start)] = 1;
        for (size_t q = 0; q < comp.size(); ++q) {
            const int64_t i = comp[q];
            const uint8_t open_to_choice = uint8_t(s.may(i) & ~s.must(i));
            int64_t nb[6] = {};
            s.neighbours(i, nb);
            for (int d = 0; d < k; ++d)
                if ((open_to_choice >> d & 1) && nb[d] >= 0 && !seen[size_t(nb[d])] && !single(s.domain(nb[d]))) {
                    seen[size_t(nb[d])] = 1;
                    comp.push_back(nb[d]);
                }
        }
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
    const size_t root = s.mark();
    std::vector<size_t> component_marks;
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

// What the reachability check needs of the board, found once: the tiles with pipes and the first of them.
struct NetTiles {
    int64_t tiles = 0;
    int64_t first = -1;
};

// Net reasoning at a propagation fixpoint: connections both sides have decided form no cycle; an undecided
// connection that would close one is removed (then propagation runs again); and the tiles can still all be
// reached through connections that remain possible. False on a contradiction.
bool net_fixpoint(Search &s, const NetTiles &net) {
    const int k = s.directions();
    for (;;) {
        if (!s.propagate()) return false;
        pluzzle::UnionFind uf(s.size());
        int64_t nb[6] = {};
        for (int64_t i = 0; i < s.size(); ++i) {
            const uint8_t must = s.must(i);
            s.neighbours(i, nb);
            for (int d = 0; d < k; ++d)
                if ((must >> d & 1) && nb[d] >= i) // each edge once (a self-loop closes a cycle at once)
                    if (!uf.unite(i, nb[d])) return false;
        }
        bool changed = false;
        for (int64_t i = 0; i < s.size(); ++i) {
            const uint8_t open_to_choice = uint8_t(s.may(i) & ~s.must(i));
            if (!open_to_choice) continue;
            s.neighbours(i, nb);
            for (int d = 0; d < k; ++d)
                if ((open_to_choice >> d & 1) && nb[d] >= 0 && uf.find(i) == uf.find(nb[d])) {
                    if (!s.restrict_edge(i, d, false)) return false;
                    changed = true;
                }
        }
        if (changed) continue;
        // Every tile with a connection must be reachable from the first one through possible connections.
        if (net.first < 0) return true;
        std::vector<uint8_t> reached(size_t(s.size()), 0);
        std::vector<int64_t> stack{net.first};
        reached[size_t(net.first)] = 1;
        int64_t count = 1;
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
        return count == net.tiles;
    }
}

unsigned search_net(Search &s, const NetTiles &net, unsigned want, std::vector<std::vector<uint8_t>> &found) {
    s.progress(-1, "net search"); // no useful fraction: the search's size is unknown
    // Branch on the undecided tile with the fewest options.
    int64_t t = -1;
    int best = 99;
    for (int64_t i = 0; i < s.size() && best > 2; ++i) {
        const int options = bit_count(s.domain(i));
        if (options > 1 && options < best) t = i, best = options;
    }
    if (t < 0) {
        found.push_back(s.solved_masks());
        return 1;
    }
    unsigned got = 0;
    s.branch(t, [&] {
        if (net_fixpoint(s, net)) got += search_net(s, net, want - got, found);
        return got < want;
    });
    return got;
}

void solve_net(Search &s, const Board &b, const SolveOptions &options, SolveReport &report) {
    const PipeCount pipes = pipe_count(b.tiles);
    NetTiles net;
    net.tiles = pipes.tiles;
    for (int64_t i = 0; i < b.size() && net.first < 0; ++i)
        if (b.tiles[size_t(i)]) net.first = i;
    if (!pipes.fits_a_tree() || !net_fixpoint(s, net)) {
        mark_unsolvable(report);
        return;
    }
    for (int64_t i = 0; i < s.size(); ++i) report.decided_by_propagation += single(s.domain(i));
    const unsigned want = std::max(options.max_solutions, 1u);
    const unsigned got = search_net(s, net, want, report.solutions);
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
