// propagation.hpp -- the solver's working state (solver.hpp): the rotation domains of every tile as bitmasks, arc
// consistency over edges, and an undo trail, so guesses never copy the board: a guess pushes old domains on the
// trail and backtracking pops them. Under net rules it also keeps the forest of decided connections
// (net_forest.cpp). Used by loop_count.cpp (loop rules) and net_search.cpp (net rules).
#pragma once
#include "board.hpp"
#include "exit_forest.hpp"

#include <pluzzle/solve_control.hpp>

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace loop {

struct Stopped {};    // unwinds the search when the control says stop
struct OverBudget {}; // unwinds a trial past its node budget (Search::limit_nodes)

// For every tile mask and rotation domain (bit r = "rotated r steps is still possible"): the connections every
// remaining option has (must), the ones some option has (may), and the masks themselves.
struct Tables {
    uint8_t must[64][64] = {}, may[64][64] = {};
    uint8_t rotated[64][6] = {};
    uint8_t distinct[64] = {}; // the domain of a fresh tile: one rotation per distinct mask
};

const Tables &tables(Shape shape);

inline bool single(uint8_t dom) { return dom && !(dom & (dom - 1)); }
inline int lowest(uint8_t dom) { return __builtin_ctz(dom); }

class Search {
public:
    Search(const Board &board, pluzzle::SolveControl &control);

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
    bool propagate_all();

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
    bool propagate();

    // Net rules from here on: builds the forest of the connections decided so far (at a propagation fixpoint) and
    // propagates what it implies. False when the tiles cannot form one tree.
    bool start_net(int64_t pipe_tiles);
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
        if (nodes_ > node_limit_) throw OverBudget{};
        if (control_.tick()) throw Stopped{};
    }
    // Past `limit` nodes in all, node() throws OverBudget (a trial: the split's); UINT64_MAX: no limit.
    void limit_nodes(uint64_t limit) { node_limit_ = limit; }
    // Tells the host how far the search is (rate-limited by SolveControl), e.g. components counted / components.
    void progress(double fraction, const char *what) { control_.progress(fraction, what); }

    std::vector<uint8_t> solved_masks() const;

private:
    void enqueue(int64_t i) {
        if (queued_[size_t(i)]) return;
        queued_[size_t(i)] = 1;
        // Full: drop the entries already taken when they are half of it, rather than grow and copy (same order).
        // The queue empties only at the end of propagate(), and the first one passes ~1.5 million tiles at 10^6.
        if (queue_.size() == queue_.capacity() && head_ >= queue_.size() / 2) {
            queue_.erase(queue_.begin(), queue_.begin() + std::ptrdiff_t(head_));
            head_ = 0;
        }
        queue_.push_back(int32_t(i));
    }
    void set(int64_t i, uint8_t dom);
    // Clears the queue and the asks after a contradiction.
    bool fail();
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
    bool revise(int64_t i);

    // ---- net rules (net_forest.cpp): the forest follows every edge that gets decided
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
    void watch_edges(int64_t i, uint8_t old, const int64_t *nb);
    // The undecided edge i-j opened: merge the two components (one already: a cycle). Edges from the smaller side
    // into the larger one would now close a cycle: they must close.
    void opened(int64_t i, int d, int64_t j);
    // The undecided edge i-j closed: each side loses an exit.
    void closed(int64_t i, int d, int64_t j);
    // A component that does not hold every tile needs a way out: none fails, one is asked for.
    void check_component(int32_t root);

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
    bool trailing_ = true; // off in propagate_all(), whose changes are never undone
    uint64_t nodes_ = 0;
    uint64_t node_limit_ = UINT64_MAX;
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

// Grows `pocket` (undecided tiles, marked in `seen`) breadth-first through undecided edges to the undecided tiles
// beyond, marking them too, until nothing is left to add or it holds more than `limit` tiles. Decided edges
// decouple (arc consistency holds), so what it reaches can only be settled together: a loop-rules component, a Net
// pocket. The pocket is pocket[from..]; the tiles before `from` (other pockets) are left alone.
void grow_pocket(const Search &s, std::vector<int64_t> &pocket, std::vector<uint8_t> &seen, size_t limit,
                 size_t from = 0);

} // namespace loop
