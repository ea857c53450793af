// pivot_solver.cpp -- see pivot_solver.hpp.
//
// A state is the blob: the regions (of the starting board) the pivot's region has absorbed, with its front (the
// regions touching it). Wipe-outs (a move taking every region of a colour left) are taken at once, folded into
// the move before them (blob_rules.hpp): a colour's last move is needed anyway, and a larger blob never needs more
// moves (every move sequence does at least as well from it), so some optimal solution makes them first.
//
// A* over f = moves + bound (relaxed_game.hpp), ties broken towards larger blobs: they are nearer the end, and
// expanding them first lets the dominance test drop the blobs they contain. What keeps the search small:
// - One relaxed run per expansion: it gives every child's bound (h or h - 1). Children at the parent's f are
//   queued at once; the parent goes back into the queue at f + 1 for the rest (partial expansion), which the last
//   rounds of a search never take out. Not even one run when the parent was the last state expanded (close to half
//   the time: a child is larger than its parent, and ties go to larger blobs): the child's levels follow from the
//   parent's (RelaxedGame::follow()).
// - Dominance: a state whose blob lies strictly inside one already expanded at the same or a smaller depth is
//   dropped (superset_index.hpp: the few thousand latest expanded); and a child reached by (l, c) from its
//   grandparent is replaced by the state (c, l) reaches when that holds strictly more. Such a replacement's bound
//   is found when it is taken out.
// - Wipe-outs folded into moves, as above; a state reached again in fewer moves is expanded again.
// - Memory: when the stored states could outgrow the budget (PivotSearch), the search stops as at a node
//   limit, with the key it was taking out, a proven lower bound (below).
//
// Why the first finished blob out of the queue is optimal (C* the optimum): call a state good when its moves plus
// its true distance are at most C*, handled when it was taken out and not queued again. Keys: a state's bound is
// admissible; a parent queued again is keyed by the f of the children it holds back; a replacement by the f of the
// state that made it. Claim: until a finished blob comes out, a good state is queued with key <= C*. Take the
// handled good state X with the least true distance, then the largest blob (with none, read X as the start). If X
// was dropped, the strictly larger blob that dropped it is good, comes first in that order, and was expanded: read
// X as that one. An expanded X has a child along an optimal continuation, good and first in the order, so not
// handled: it (or its blob with as few moves, or its strictly larger replacement) is queued with key <= C*, or it
// was held back and X is queued with its f. So the finished blob taken out has at most C* moves, and every key
// taken out is a proven lower bound.
#include "pivot_solver.hpp"

#include "relaxed_game.hpp"
#include "superset_index.hpp"

#include <algorithm>
#include <type_traits>

namespace kami {
namespace {

template <class S> class BlobSearch {
  public:
    BlobSearch(const RegionGraph &g, pluzzle::SolveControl &control, const PivotSearch &how)
        : g_(g), control_(control), rules_(g), relaxed_(rules_), index_(g.count()), size_shift_(0), plain_(how.plain),
          budget_(how.memory_budget), set_bytes_(sizeof(S) + (kHeap ? size_t(g.count() + 63) / 64 * 8 + 16 : 0)) {
        while ((g.count() >> size_shift_) > 1024)
            ++size_shift_; // the queue's tie buckets stay few
    }

    PivotReport run(int32_t start) {
        PivotReport report;
        report.regions = g_.count();
        S blob;
        blob.set(start);
        start_ = blob;
        if (!rules_.reaches_all(blob)) {
            report.status = PZ_SOLVE_UNSOLVABLE;
            return report;
        }
        S front = rules_.neighbours(blob);
        start_wipes_ = rules_.wipe_out(blob, front);
        create(blob, front, popcount(start_wipes_), -1, 0, kUnknown, 0);
        report.lower_bound = 0;
        for (int32_t s; (s = pop()) >= 0;) {
            report.lower_bound = std::max(report.lower_bound, key_);
            Node &n = states_[size_t(s)].node;
            if (!plain_ && n.phase == 0 && index_.covers(states_[size_t(s)].blob, n.depth)) continue; // dominated
            bool relaxed = false;
            if (n.h == kUnknown) {
                n.h = relaxed_.run(states_[size_t(s)].blob, states_[size_t(s)].front);
                relaxed = true, levels_of_ = -1;
                if (n.depth + n.h > key_) { // a replacement whose bound turned out higher
                    queue(s, n.depth + n.h);
                    continue;
                }
            }
            if (n.h == 0) {
                report.status = PZ_SOLVE_SOLVED;
                report.moves = moves_to(s);
                report.lower_bound = int(report.moves.size());
                report.nodes = expanded_;
                return report;
            }
            if (control_.tick() || over_budget()) {
                report.status = control_.stopped() ? control_.stop_status() : PZ_SOLVE_LIMIT;
                report.nodes = expanded_;
                return report;
            }
            if (plain_) {
                ++expanded_;
                expand_plain(s);
            } else if (n.phase == 0) {
                ++expanded_;
                index_.add(states_[size_t(s)].blob, n.depth);
                // The relaxed game's levels: those of a run made above, or derived from the parent's levels when
                // relaxed_ still holds them and this is a child that lowered the bound, or a run.
                const int c = int(n.edge & 15);
                const bool child = n.parent == levels_of_ && n.edge >> 24 == 1 && (lowered_ >> c & 1);
                if (!relaxed && !(child && relaxed_.follow(c, states_[size_t(s)].blob)))
                    relaxed_.run(states_[size_t(s)].blob, states_[size_t(s)].front);
                lowered_ = relaxed_.lowering_moves(states_[size_t(s)].front);
                levels_of_ = s;
                expand(s, lowered_);
            } else {
                expand(s, 0);
            }
        }
        report.status = PZ_SOLVE_UNSOLVABLE; // not reached: a connected board is always solvable
        report.nodes = expanded_;
        return report;
    }

  private:
    static constexpr int kUnknown = -1;
    static constexpr bool kHeap = std::is_same_v<S, DynamicSet>; // a set's words live on the heap

    // Whether the stored states (blobs, fronts, nodes, the table, the queue) could outgrow the budget in the next
    // expansion, which adds at most a state per colour: a vector that fills up doubles, and a table that fills up
    // is rebuilt twice as large while the old one is still there.
    bool over_budget() const {
        const size_t per_state = sizeof(State) + 2 * (set_bytes_ - sizeof(S)), room = BlobRules<S>::kColours;
        size_t bytes = states_.capacity() * per_state + table_.capacity() * sizeof(uint64_t) + queued_ * sizeof(Entry);
        if (states_.size() + room > states_.capacity()) bytes += states_.capacity() * per_state;
        if ((count_ + room) * 2 > table_.size()) bytes += table_.size() * 2 * sizeof(uint64_t);
        return bytes > budget_;
    }
    struct Node {
        int32_t parent;
        uint32_t edge; // bits 0-7: one or two move colours; 8-17: colours wiped out after them; 24-25: how many moves
        int depth, h;  // h: the bound, or kUnknown (a replacement not yet taken out)
        uint8_t closed, phase;
        uint16_t later; // phase 1: the move colours left for the second part of the expansion
        int size;       // regions in the blob (the queue's tie-break)
        uint16_t wipes; // phase 1: the colours a child may wipe out at once
    };
    static int popcount(unsigned x) { return popcount64(x); }
    static uint32_t edge_of(int c, int l, unsigned wiped) {
        return uint32_t(c) | uint32_t(l) << 4 | uint32_t(wiped) << 8 | uint32_t(l ? 2 : 1) << 24;
    }

    // Phase 0 (lower: the moves that lower the bound): those children now, at the parent's f; the parent goes back
    // into the queue at f + 1 for the others. Phase 1: the others, whose bound is the parent's.
    // A child's wipe-outs are looked for among the colours the relaxed run from here wiped out at level 1, usually
    // none (RelaxedGame::child_wipes()); kept for phase 1, when relaxed_ holds other levels.
    void expand(int32_t s, unsigned lower) {
        Node &n = states_[size_t(s)].node;
        const S blob = states_[size_t(s)].blob, front = states_[size_t(s)].front;
        const int f = n.depth + n.h;
        unsigned moves = 0, drop = 0, wipes = n.wipes;
        if (n.phase == 0) {
            const unsigned all = rules_.colours_in(front);
            moves = all & lower, drop = 1, wipes = relaxed_.child_wipes();
            if (all & ~lower) {
                n.phase = 1, n.later = uint16_t(all & ~lower), n.wipes = uint16_t(wipes);
                queue(s, f + 1);
            }
        } else {
            moves = n.later;
        }
        const Node me = n; // states_ may grow below
        for (unsigned rest = moves; rest; rest &= rest - 1) {
            const int c = __builtin_ctz(rest);
            S x = blob, xf = front;
            rules_.play(x, xf, c);
            int32_t parent = s;
            int l = 0;
            if (me.parent >= 0 && me.edge >> 24 == 1 && (me.edge >> 8 & 0x3ff) == 0 &&
                (front & rules_.of_colour(c)).subset_of(states_[size_t(me.parent)].front)) {
                // From the grandparent, c then the parent's colour l may take strictly more: use that state. (It
                // holds x exactly when c's regions here all touch the grandparent's blob, tested just above.)
                const int pl = int(me.edge & 15);
                S y = states_[size_t(me.parent)].blob, yf = states_[size_t(me.parent)].front;
                rules_.play(y, yf, c);
                rules_.play(y, yf, pl);
                if (x.subset_of(y) && !(x == y)) x = y, xf = yf, parent = me.parent, l = pl;
            }
            const unsigned wiped = rules_.wipe_out(x, xf, parent == s ? wipes : ~0u); // (a replacement: any)
            const int depth = me.depth + 1 + popcount(wiped);
            const int h = parent == s ? me.h - int(drop) - popcount(wiped) : kUnknown;
            add(x, xf, depth, parent, edge_of(c, l, wiped), h, f);
        }
    }

    // The textbook expansion (PivotSearch::plain): every child at once, each with a relaxed run of its own.
    void expand_plain(int32_t s) {
        const S blob = states_[size_t(s)].blob, front = states_[size_t(s)].front;
        const int depth = states_[size_t(s)].node.depth;
        for (unsigned rest = rules_.colours_in(front); rest; rest &= rest - 1) {
            const int c = __builtin_ctz(rest);
            S x = blob, xf = front;
            rules_.play(x, xf, c);
            const unsigned wiped = rules_.wipe_out(x, xf);
            const int h = relaxed_.run(x, xf), d = depth + 1 + popcount(wiped);
            add(x, xf, d, s, edge_of(c, 0, wiped), h, d + h);
        }
    }

    // Records a state reached in `depth` moves (unless known with as few) and queues it; `key` stands for an
    // unknown bound.
    void add(const S &b, const S &f, int depth, int32_t parent, uint32_t edge, int h, int key) {
        if ((count_ + 1) * 2 > table_.size()) grow();
        const uint64_t hash = b.hash(), mine = hash >> 32 << 32;
        size_t at = hash & (table_.size() - 1);
        for (; table_[at]; at = (at + 1) & (table_.size() - 1)) {
            if (table_[at] >> 32 << 32 != mine) continue; // another blob's (most probes end here)
            const int32_t s = int32_t(uint32_t(table_[at]) - 1);
            if (!(states_[size_t(s)].blob == b)) continue;
            Node &n = states_[size_t(s)].node;
            if (depth >= n.depth) return;
            // Reached in fewer moves (the bound is not always consistent): take the better path, expand it again.
            n.depth = depth, n.parent = parent, n.edge = edge, n.phase = 0;
            if (n.h == kUnknown) n.h = h;
            queue(s, n.h == kUnknown ? key : depth + n.h);
            return;
        }
        table_[at] = mine | (uint64_t(states_.size()) + 1);
        create(b, f, depth, parent, edge, h, key);
    }
    void create(const S &b, const S &f, int depth, int32_t parent, uint32_t edge, int h, int key) {
        const int32_t s = int32_t(states_.size());
        if (table_.empty()) {
            table_.assign(1024, 0);
            table_[b.hash() & 1023] = b.hash() >> 32 << 32 | (uint64_t(s) + 1);
        }
        ++count_;
        states_.push_back({b, f, {parent, edge, depth, h, 0, 0, 0, b.count(), 0}});
        queue(s, h == kUnknown ? key : depth + h);
    }
    void grow() {
        std::vector<uint64_t> old = std::move(table_);
        table_.assign(old.size() * 2, 0);
        for (uint64_t e : old) {
            if (!e) continue;
            size_t at = states_[size_t(uint32_t(e) - 1)].blob.hash() & (table_.size() - 1);
            while (table_[at])
                at = (at + 1) & (table_.size() - 1);
            table_[at] = e;
        }
    }

    // A bucket queue: lowest key first, then the largest blob (entries made stale by a later queue() are skipped).
    // Emptied lists keep their memory: the same keys and sizes fill again and again.
    void queue(int32_t s, int key) {
        Node &n = states_[size_t(s)].node;
        n.closed = 0;
        const size_t tie = size_t(n.size >> size_shift_);
        if (size_t(key) >= buckets_.size()) buckets_.resize(size_t(key) + 1);
        Bucket &b = buckets_[size_t(key)];
        if (tie >= b.by_size.size()) b.by_size.resize(tie + 1);
        b.by_size[tie].push_back({s, n.depth, n.phase});
        ++queued_;
        b.top = std::max(b.top, tie + 1);
        key_ = std::min(key_, key);
    }
    int32_t pop() {
        for (; size_t(key_) < buckets_.size(); ++key_) {
            Bucket &b = buckets_[size_t(key_)];
            for (; b.top > 0; --b.top) {
                std::vector<Entry> &v = b.by_size[b.top - 1];
                while (!v.empty()) {
                    const Entry e = v.back();
                    v.pop_back();
                    --queued_;
                    Node &n = states_[size_t(e.state)].node;
                    if (n.closed || n.depth != e.depth || n.phase != e.phase) continue;
                    n.closed = 1;
                    return e.state;
                }
            }
        }
        return -1;
    }

    // Replays the edges from the start: each edge's moves, then its wipe-outs in an order that works.
    std::vector<Move> moves_to(int32_t s) const {
        std::vector<int32_t> path;
        for (; s >= 0; s = states_[size_t(s)].node.parent)
            path.push_back(s);
        std::reverse(path.begin(), path.end());
        std::vector<Move> moves;
        S b = start_, f = rules_.neighbours(start_);
        const auto wipes = [&](unsigned w) {
            while (w) {
                const int c = __builtin_ctz(rules_.wipeable(b, f, w));
                rules_.play(b, f, c);
                moves.push_back({0, uint8_t(c)});
                w &= ~(1u << c);
            }
        };
        wipes(start_wipes_);
        for (size_t i = 1; i < path.size(); ++i) {
            b = states_[size_t(path[i - 1])].blob, f = states_[size_t(path[i - 1])].front;
            const uint32_t e = states_[size_t(path[i])].node.edge;
            for (uint32_t j = 0; j < e >> 24; ++j) {
                const int c = int(e >> (4 * j) & 15);
                rules_.play(b, f, c);
                moves.push_back({0, uint8_t(c)});
            }
            wipes(e >> 8 & 0x3ff);
        }
        return moves;
    }

    struct Entry {
        int32_t state;
        int depth;
        uint8_t phase;
    };

    const RegionGraph &g_;
    pluzzle::SolveControl &control_;
    BlobRules<S> rules_;
    RelaxedGame<S> relaxed_;
    SupersetIndex<S> index_;
    int size_shift_;
    bool plain_;
    S start_;
    unsigned start_wipes_ = 0;
    struct State { // together: taking a state out reads all three
        S blob, front;
        Node node;
    };
    std::vector<State> states_;
    std::vector<uint64_t> table_; // open addressing: the blob's hash (high half), its state + 1 (low half; 0: empty)
    size_t count_ = 0;
    struct Bucket {
        std::vector<std::vector<Entry>> by_size;
        size_t top = 0; // the lists from here on are empty
    };
    std::vector<Bucket> buckets_; // per key
    int key_ = 1 << 30;           // the lowest key queued
    uint64_t expanded_ = 0;
    size_t budget_, set_bytes_; // the bytes the stored states may take; those a set takes
    size_t queued_ = 0;         // entries in the queue
    int32_t levels_of_ = -1;    // the state whose levels relaxed_ holds, with the moves that lower its bound
    unsigned lowered_ = 0;
};

template <class S>
PivotReport search(const RegionGraph &g, int32_t start, pluzzle::SolveControl &control, const PivotSearch &how) {
    return BlobSearch<S>(g, control, how).run(start);
}

// The regions renumbered by their distance from the pivot's (which becomes region 0). The relaxed game's levels
// and its waves are bands around the blob, so each then lies in a word or two of a set: loops over a set's words
// find the others empty at once, and mispredict less (10% on pc19). Only colours leave the search: nothing to map
// back.
RegionGraph by_distance(const RegionGraph &g, int32_t start) {
    std::vector<int32_t> order{start}, id(size_t(g.count()), -1);
    id[size_t(order[0])] = 0;
    for (size_t i = 0; i < order.size(); ++i)
        for (int32_t a : g.adjacent[size_t(order[i])])
            if (id[size_t(a)] < 0) id[size_t(a)] = int32_t(order.size()), order.push_back(a);
    for (int32_t r = 0; r < g.count(); ++r) // cut off by holes: the search finds them unreachable
        if (id[size_t(r)] < 0) id[size_t(r)] = int32_t(order.size()), order.push_back(r);
    RegionGraph out;
    for (int32_t r : order) {
        out.colour.push_back(g.colour[size_t(r)]);
        out.adjacent.emplace_back();
        for (int32_t a : g.adjacent[size_t(r)])
            out.adjacent.back().push_back(id[size_t(a)]);
    }
    return out;
}

} // namespace

PivotReport solve_pivot(const RegionGraph &graph, int32_t from, pluzzle::SolveControl &control,
                        const PivotSearch &how) {
    const RegionGraph g = by_distance(graph, from);
    const int32_t start = 0;
    switch ((g.count() + 63) / 64) { // sets of a fixed width up to 512 regions, on the heap beyond
    case 0:
    case 1: return search<FixedSet<1>>(g, start, control, how);
    case 2: return search<FixedSet<2>>(g, start, control, how);
    case 3: return search<FixedSet<3>>(g, start, control, how);
    case 4: return search<FixedSet<4>>(g, start, control, how);
    case 5:
    case 6: return search<FixedSet<6>>(g, start, control, how);
    case 7:
    case 8: return search<FixedSet<8>>(g, start, control, how);
    default: return search<DynamicSet>(g, start, control, how);
    }
}

PivotReport solve_pivot(const Board &board, pluzzle::SolveControl &control, const PivotSearch &how) {
    const RegionGraph g = region_graph(board, board.cells);
    PivotReport report = solve_pivot(g, g.region_of[size_t(board.pivot)], control, how);
    for (Move &m : report.moves)
        m.cell = board.pivot;
    return report;
}

} // namespace kami
