// net_pockets.cpp -- see net_pockets.hpp: a pocket's completions are enumerated with propagation under a node
// budget, for PocketCheck (during the search) and refutes() (backjumping).
#include "net_pockets.hpp"

namespace loop {
namespace {

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

} // namespace

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

bool small_pocket(const Search &s, int64_t start, size_t limit, std::vector<uint8_t> &seen,
                  std::vector<int64_t> &out) {
    out.assign(1, start);
    seen[size_t(start)] = 1;
    grow_pocket(s, out, seen, limit);
    for (int64_t i : out) seen[size_t(i)] = 0;
    return out.size() <= limit;
}

bool PocketCheck::run(Search &s) {
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

bool PocketCheck::gather(const Search &s, const std::vector<int64_t> &group, uint32_t round) {
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

bool refutes(Search &s, const std::vector<int64_t> &cause) {
    constexpr int kNodes = 4096;
    PocketProbe probe{s, cause, std::vector<uint8_t>(cause.size(), 0), kNodes, true};
    probe.run(0);
    s.forget_touched();
    return probe.completions == 0 && probe.budget > 0;
}

} // namespace loop
