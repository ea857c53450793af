// colour_bound.hpp -- the free-play search's colour bound (README.md, "Bounds"): each colour that must vanish
// (every colour but the final one) vanishes at a move of its own, which recolours its last group; so while none of
// them has a single group, moves pass without any vanishing. The bound is those colours plus the moves that must
// pass first (0, 1 or 2 here).
#pragma once
#include "group_graph.hpp"

#include <cstdint>

namespace kami {

// Live groups per colour.
struct ColourGroups {
    int count[GroupGraph::kColours] = {};

    explicit ColourGroups(const GroupGraph &graph) {
        for (int c = 1; c < GroupGraph::kColours; ++c) {
            const uint64_t *row = graph.of_colour(c);
            for (int w = 0; w < graph.words(); ++w)
                count[c] += __builtin_popcountll(row[w]);
        }
    }
};

// The colours of which one must vanish first: with a target, every colour present but the target; with none, any
// colour present (all but one of them must vanish, and which one stays is still open).
inline uint32_t colours_to_vanish(uint32_t present, int target) {
    return target ? present & ~(1u << target) : present;
}

// Whether one of them has a single group, so that the next move may make it vanish. `count`: ColourGroups.
inline bool one_may_vanish_now(const int *count, uint32_t present, int target) {
    for (uint32_t v = colours_to_vanish(present, target); v; v &= v - 1)
        if (count[__builtin_ctz(v)] == 1) return true;
    return false;
}

// Whether one move can give one of them a single group: recolouring one of its two groups, or giving its colour to
// a group that touches every group of it (they all join that one).
inline bool one_may_vanish_after_a_move(const GroupGraph &graph, const int *count, uint32_t present, int target) {
    for (uint32_t v = colours_to_vanish(present, target); v; v &= v - 1) {
        const int c = __builtin_ctz(v);
        if (count[c] <= 2) return true;
        for (int w = 0; w < graph.words(); ++w) {
            uint64_t common = ~uint64_t(0); // the groups touching all of colour c's groups, in word w
            graph.for_each(graph.of_colour(c), [&](int32_t g) { common &= graph.adjacent(g)[w]; });
            if (common) return true;
        }
    }
    return false;
}

} // namespace kami
