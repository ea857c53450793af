// exit_forest.hpp -- the Net solver's picture of the tree being built, kept up to date at every domain change and
// undone with the search: tiles joined by connections both sides have decided form components (a union-find with
// rollback: union by size, no path compression, so each union is undone by restoring what it changed). Each
// component keeps its exits -- the undecided connections leaving it, as half-edges (tile, direction) at its end --
// in a circular doubly linked list (Knuth's dancing links: a removed half-edge keeps its pointers, so putting it
// back is two writes), so the solver can name the last few ways out of a component without looking at its tiles.
// A circular member list lets a merge visit the smaller side (edges that now join a component to itself must close).
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace loop {

class ExitForest {
public:
    // n tiles, k directions: half-edge h = tile * k + direction.
    ExitForest(int64_t n, int k)
        : k_(k), n_(n), parent_(size_t(n)), size_(size_t(n), 1), exits_(size_t(n), 0), member_next_(size_t(n)),
          next_(size_t(n * (k + 1))), prev_(size_t(n * (k + 1))) {
        for (int64_t i = 0; i < n; ++i) parent_[size_t(i)] = member_next_[size_t(i)] = int32_t(i);
        // Each tile's sentinel (n*k + tile) heads its exit list while the tile is a root: empty at first.
        for (int64_t s = n * k; s < n * (k + 1); ++s) next_[size_t(s)] = prev_[size_t(s)] = uint32_t(s);
    }

    int32_t find(int64_t x) const {
        int32_t r = int32_t(x);
        while (parent_[size_t(r)] != r) r = parent_[size_t(r)];
        return r;
    }
    int32_t size(int32_t root) const { return size_[size_t(root)]; }
    int32_t exits(int32_t root) const { return exits_[size_t(root)]; }
    int32_t next_member(int64_t x) const { return member_next_[size_t(x)]; }
    // Calls f(half_edge) for every exit of a component (an undecided edge inside it shows up at both ends).
    template <class F> void for_each_exit(int32_t root, F &&f) const {
        const uint32_t s = sentinel(root);
        for (uint32_t h = next_[s]; h != s; h = next_[h]) f(h);
    }

    // Before the search: the undecided half-edge h (at a tile of x's component) is an exit. Not undone.
    void add_exit_initially(int64_t x, uint32_t h) {
        const int32_t r = find(x);
        const uint32_t s = sentinel(r), last = prev_[s];
        next_[h] = s, prev_[h] = last, next_[last] = h, prev_[s] = h;
        ++exits_[size_t(r)];
    }
    // The exit h of `root`'s component got decided.
    void remove_exit(int32_t root, uint32_t h) {
        next_[prev_[h]] = next_[h];
        prev_[next_[h]] = prev_[h];
        --exits_[size_t(root)];
        trail_.push_back({Op::RemoveExit, root, int32_t(h)});
    }
    // Joins two distinct roots; returns the new root (the larger side's).
    int32_t unite(int32_t a, int32_t b) {
        if (size_[size_t(a)] < size_[size_t(b)]) std::swap(a, b);
        parent_[size_t(b)] = a;
        size_[size_t(a)] += size_[size_t(b)];
        std::swap(member_next_[size_t(a)], member_next_[size_t(b)]); // splices two circular lists into one
        if (exits_[size_t(b)] > 0) { // b's exits go right after a's sentinel; b's sentinel keeps its two pointers
            const uint32_t sa = sentinel(a), sb = sentinel(b), first = next_[sb], last = prev_[sb], after = next_[sa];
            next_[sa] = first, prev_[first] = sa, next_[last] = after, prev_[after] = last;
        }
        exits_[size_t(a)] += exits_[size_t(b)];
        trail_.push_back({Op::Unite, a, b});
        return a;
    }

    size_t mark() const { return trail_.size(); }
    void undo(size_t mark) {
        while (trail_.size() > mark) {
            const Step step = trail_.back();
            trail_.pop_back();
            if (step.op == Op::RemoveExit) {
                const uint32_t h = uint32_t(step.b);
                next_[prev_[h]] = h;
                prev_[next_[h]] = h;
                ++exits_[size_t(step.a)];
                continue;
            }
            const int32_t a = step.a, b = step.b;
            exits_[size_t(a)] -= exits_[size_t(b)];
            if (exits_[size_t(b)] > 0) {
                const uint32_t sa = sentinel(a), sb = sentinel(b), first = next_[sb], last = prev_[sb],
                               after = next_[last];
                next_[sa] = after, prev_[after] = sa, next_[last] = sb, prev_[first] = sb;
            }
            std::swap(member_next_[size_t(a)], member_next_[size_t(b)]);
            size_[size_t(a)] -= size_[size_t(b)];
            parent_[size_t(b)] = b;
        }
    }

private:
    enum class Op : uint8_t { RemoveExit, Unite };
    struct Step {
        Op op;
        int32_t a, b; // RemoveExit: root, half-edge; Unite: the root kept, the root merged into it
    };
    uint32_t sentinel(int32_t root) const { return uint32_t(n_ * k_ + root); }

    int k_;
    int64_t n_;
    std::vector<int32_t> parent_, size_, exits_, member_next_;
    std::vector<uint32_t> next_, prev_; // exit lists: half-edges, then one sentinel per tile
    std::vector<Step> trail_;
};

} // namespace loop
