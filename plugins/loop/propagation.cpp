// propagation.cpp -- see propagation.hpp: the rotation tables, and arc consistency over the domains with an undo
// trail.
#include "propagation.hpp"

namespace loop {

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

Search::Search(const Board &board, pluzzle::SolveControl &control)
    : b_(board), t_(tables(board.shape)), k_(loop::directions(board.shape)), n_(board.size()), control_(control),
      dom_(size_t(n_)), queued_(size_t(n_), 0) {
    for (int64_t i = 0; i < n_; ++i) dom_[size_t(i)] = b_.is_locked(i) ? 1 : t_.distinct[b_.tiles[size_t(i)]];
    // Room for a change of every tile, reserved (not touched, so not paged in) once: grown by doubling instead,
    // each copy pages in a new buffer.
    queue_.reserve(size_t(n_));
    trail_.reserve(size_t(n_));
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

bool Search::propagate_all() {
    // Nothing is ever undone past the starting point, so its changes go on no trail (at 10^6 tiles ~2 million of
    // them: 16 MB written and paged in, measured as a third of this call).
    trailing_ = false;
    bool holds = true;
    for (int64_t i = 0; i < n_ && holds; ++i) holds = revise(i);
    holds = holds && propagate();
    trailing_ = true;
    return holds;
}

bool Search::propagate() {
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

std::vector<uint8_t> Search::solved_masks() const {
    std::vector<uint8_t> out;
    out.reserve(size_t(n_));
    for (int64_t i = 0; i < n_; ++i) out.push_back(mask(i));
    return out;
}

void Search::set(int64_t i, uint8_t dom) {
    const uint8_t old = dom_[size_t(i)];
    if (trailing_) trail_.emplace_back(int32_t(i), old);
    dom_[size_t(i)] = dom;
    ++changes_;
    int64_t nb[6] = {};
    neighbours(i, nb);
    for (int d = 0; d < k_; ++d)
        if (nb[d] >= 0 && !single(dom_[size_t(nb[d])])) enqueue(nb[d]); // decided tiles need no revision
    if (forest_) watch_edges(i, old, nb);
}

bool Search::fail() {
    for (size_t q = head_; q < queue_.size(); ++q) queued_[size_t(queue_[q])] = 0;
    queue_.clear();
    head_ = 0;
    asks_.clear();
    forget_touched();
    failed_ = false;
    return false;
}

bool Search::revise(int64_t i) {
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

void grow_pocket(const Search &s, std::vector<int64_t> &pocket, std::vector<uint8_t> &seen, size_t limit,
                 size_t from) {
    const int k = s.directions();
    int64_t nb[6] = {};
    for (size_t q = from; q < pocket.size() && pocket.size() - from <= limit; ++q) {
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

} // namespace loop
