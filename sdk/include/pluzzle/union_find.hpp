// pluzzle/union_find.hpp -- disjoint sets over 0..n-1 (path halving): which cells a search has joined so far, e.g.
// pipes that must not close a cycle (loop/Net), a random spanning tree (Kruskal), regions of one colour.
#pragma once
#include <cstdint>
#include <numeric>
#include <vector>

namespace pluzzle {

class UnionFind {
public:
    explicit UnionFind(int64_t n) : parent_(size_t(n)) { std::iota(parent_.begin(), parent_.end(), int64_t(0)); }
    // The representative of x's set.
    int64_t find(int64_t x) {
        while (parent_[size_t(x)] != x) x = parent_[size_t(x)] = parent_[size_t(parent_[size_t(x)])];
        return x;
    }
    // Joins the sets of a and b; false when they were one set already (the edge would close a cycle).
    bool unite(int64_t a, int64_t b) {
        a = find(a), b = find(b);
        if (a == b) return false;
        parent_[size_t(a)] = b;
        return true;
    }

private:
    std::vector<int64_t> parent_;
};

} // namespace pluzzle
