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
//   rounds of a search never take out.
// - Dominance: a state whose blob lies strictly inside one already expanded at the same or a smaller depth is
//   dropped (superset_index.hpp); and a child reached by (l, c) from its grandparent is replaced by the state
//   (c, l) reaches when that holds strictly more. Such a replacement's bound is found when it is taken out.
// - Wipe-outs folded into moves, as above; a state reached again in fewer moves is expanded again.
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

namespace kami {
namespace {

template <class S> class BlobSearch {
  public:
    BlobSearch(const RegionGraph &g, pluzzle::SolveControl &control)
        : g_(g), control_(control), rules_(g), relaxed_(rules_), index_(g.count(), size_t(4) << 20), size_shift_(0) {
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
            Node &n = nodes_[size_t(s)];
            if (n.phase == 0 && index_.covers(blobs_[size_t(s)], n.depth)) continue; // dominated
            bool relaxed = false;
            if (n.h == kUnknown) {
                n.h = relaxed_.run(blobs_[size_t(s)], fronts_[size_t(s)]);
                relaxed = true;
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
            if (control_.tick()) {
                report.status = control_.stop_status();
                report.nodes = expanded_;
                return report;
            }
            if (n.phase == 0) {
                ++expanded_;
                index_.add(blobs_[size_t(s)], n.depth);
                if (!relaxed) relaxed_.run(blobs_[size_t(s)], fronts_[size_t(s)]);
                expand(s, relaxed_.lowering_moves(fronts_[size_t(s)]));
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
    struct Node {
        int32_t parent;
        uint32_t edge; // bits 0-7: one or two move colours; 8-17: colours wiped out after them; 24-25: how many moves
        int depth, h;  // h: the bound, or kUnknown (a replacement not yet taken out)
        uint8_t closed, phase;
        uint16_t later; // phase 1: the move colours left for the second part of the expansion
        int size;       // regions in the blob (the queue's tie-break)
    };
    static int popcount(unsigned x) { return __builtin_popcount(x); }
    static uint32_t edge_of(int c, int l, unsigned wiped) {
        return uint32_t(c) | uint32_t(l) << 4 | uint32_t(wiped) << 8 | uint32_t(l ? 2 : 1) << 24;
    }

    // Phase 0 (lower: the moves that lower the bound): those children now, at the parent's f; the parent goes back
    // into the queue at f + 1 for the others. Phase 1: the others, whose bound is the parent's.
    void expand(int32_t s, unsigned lower) {
        Node &n = nodes_[size_t(s)];
        const S blob = blobs_[size_t(s)], front = fronts_[size_t(s)];
        const int f = n.depth + n.h;
        unsigned moves = 0, drop = 0;
        if (n.phase == 0) {
            const unsigned all = rules_.colours_in(front);
            moves = all & lower, drop = 1;
            if (all & ~lower) {
                n.phase = 1, n.later = uint16_t(all & ~lower);
                queue(s, f + 1);
            }
        } else {
            moves = n.later;
        }
        const Node me = n; // nodes_ may grow below
        for (unsigned rest = moves; rest; rest &= rest - 1) {
            const int c = __builtin_ctz(rest);
            S x = blob, xf = front;
            rules_.play(x, xf, c);
            int32_t parent = s;
            int l = 0;
            if (me.parent >= 0 && me.edge >> 24 == 1 && (me.edge >> 8 & 0x3ff) == 0) {
                // From the grandparent, c then the parent's colour l may take strictly more: use that state.
                const int pl = int(me.edge & 15);
                S y = blobs_[size_t(me.parent)], yf = fronts_[size_t(me.parent)];
                rules_.play(y, yf, c);
                rules_.play(y, yf, pl);
                if (x.subset_of(y) && !(x == y)) x = y, xf = yf, parent = me.parent, l = pl;
            }
            const unsigned wiped = rules_.wipe_out(x, xf);
            const int depth = me.depth + 1 + popcount(wiped);
            const int h = parent == s ? me.h - int(drop) - popcount(wiped) : kUnknown;
            add(x, xf, depth, parent, edge_of(c, l, wiped), h, f);
        }
    }

    // Records a state reached in `depth` moves (unless known with as few) and queues it; `key` stands for an
    // unknown bound.
    void add(const S &b, const S &f, int depth, int32_t parent, uint32_t edge, int h, int key) {
        if ((count_ + 1) * 2 > table_.size()) grow();
        size_t at = b.hash() & (table_.size() - 1);
        for (; table_[at] >= 0; at = (at + 1) & (table_.size() - 1)) {
            const int32_t s = table_[at];
            if (!(blobs_[size_t(s)] == b)) continue;
            Node &n = nodes_[size_t(s)];
            if (depth >= n.depth) return;
            // Reached in fewer moves (the bound is not always consistent): take the better path, expand it again.
            n.depth = depth, n.parent = parent, n.edge = edge, n.phase = 0;
            if (n.h == kUnknown) n.h = h;
            queue(s, n.h == kUnknown ? key : depth + n.h);
            return;
        }
        table_[at] = int32_t(nodes_.size());
        create(b, f, depth, parent, edge, h, key);
    }
    void create(const S &b, const S &f, int depth, int32_t parent, uint32_t edge, int h, int key) {
        const int32_t s = int32_t(nodes_.size());
        if (table_.empty()) {
            table_.assign(1024, -1);
            table_[b.hash() & 1023] = s;
        }
        ++count_;
        blobs_.push_back(b), fronts_.push_back(f);
        nodes_.push_back({parent, edge, depth, h, 0, 0, 0, b.count()});
        queue(s, h == kUnknown ? key : depth + h);
    }
    void grow() {
        std::vector<int32_t> old = std::move(table_);
        table_.assign(old.size() * 2, -1);
        for (int32_t s : old) {
            if (s < 0) continue;
            size_t at = blobs_[size_t(s)].hash() & (table_.size() - 1);
            while (table_[at] >= 0)
                at = (at + 1) & (table_.size() - 1);
            table_[at] = s;
        }
    }

    // A bucket queue: lowest key first, then the largest blob (entries made stale by a later queue() are skipped).
    void queue(int32_t s, int key) {
        Node &n = nodes_[size_t(s)];
        n.closed = 0;
        const size_t tie = size_t(n.size >> size_shift_);
        if (size_t(key) >= buckets_.size()) buckets_.resize(size_t(key) + 1);
        std::vector<std::vector<Entry>> &by_size = buckets_[size_t(key)];
        if (tie >= by_size.size()) by_size.resize(tie + 1);
        by_size[tie].push_back({s, n.depth, n.phase});
        key_ = std::min(key_, key);
    }
    int32_t pop() {
        for (; size_t(key_) < buckets_.size(); ++key_) {
            std::vector<std::vector<Entry>> &by_size = buckets_[size_t(key_)];
            for (; !by_size.empty(); by_size.pop_back()) {
                std::vector<Entry> &v = by_size.back();
                while (!v.empty()) {
                    const Entry e = v.back();
                    v.pop_back();
                    Node &n = nodes_[size_t(e.state)];
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
        for (; s >= 0; s = nodes_[size_t(s)].parent)
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
            b = blobs_[size_t(path[i - 1])], f = fronts_[size_t(path[i - 1])];
            const uint32_t e = nodes_[size_t(path[i])].edge;
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
    S start_;
    unsigned start_wipes_ = 0;
    std::vector<S> blobs_, fronts_;
    std::vector<Node> nodes_;
    std::vector<int32_t> table_;
    size_t count_ = 0;
    std::vector<std::vector<std::vector<Entry>>> buckets_; // per key, per blob size
    int key_ = 1 << 30;                                    // the lowest key queued
    uint64_t expanded_ = 0;
};

template <class S> PivotReport search(const RegionGraph &g, int32_t start, pluzzle::SolveControl &control) {
    return BlobSearch<S>(g, control).run(start);
}

} // namespace

PivotReport solve_pivot(const Board &board, pluzzle::SolveControl &control) {
    const RegionGraph g = region_graph(board, board.cells);
    const int32_t start = g.region_of[size_t(board.pivot)];
    PivotReport report;
    switch ((g.count() + 63) / 64) { // sets of a fixed width up to 512 regions, on the heap beyond
    case 0:
    case 1: report = search<FixedSet<1>>(g, start, control); break;
    case 2: report = search<FixedSet<2>>(g, start, control); break;
    case 3: report = search<FixedSet<3>>(g, start, control); break;
    case 4: report = search<FixedSet<4>>(g, start, control); break;
    case 5:
    case 6: report = search<FixedSet<6>>(g, start, control); break;
    case 7:
    case 8: report = search<FixedSet<8>>(g, start, control); break;
    default: report = search<DynamicSet>(g, start, control); break;
    }
    for (Move &m : report.moves)
        m.cell = board.pivot;
    return report;
}

} // namespace kami
