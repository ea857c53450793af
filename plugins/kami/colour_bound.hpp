// colour_bound.hpp -- the free-play search's colour bound (README.md, "Bounds"): each colour that must vanish
// (every colour but the final one) vanishes at a move of its own, which recolours its last group; so while none of
// them has a single group, moves pass without any vanishing. The bound is those colours plus the moves that must
// pass first (0 to 3 here: colour_wait()).
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

// one_may_vanish_after_a_move() of the state move (u, c) reaches, without making it: `count` and `present` are
// that state's (the child's), `scratch` holds 2 * words. The move joins u and its c-coloured neighbours S into one
// group s of colour c; every other group keeps its row, reading S as s. A colour k's groups in the child are the
// node's, less u (k = u's colour) or less S and with s (k = c); a group touches all of them when the AND of their
// rows (the node's) holds a group outside S -- for k = c, one that touches S -- or, for k != c, when s does (S's
// rows cover them).
inline bool one_may_vanish_after_move(const GroupGraph &graph, int32_t u, int c, const int *count, uint32_t present,
                                      int target, uint64_t *scratch) {
    const int words = graph.words();
    uint64_t *star = scratch, *touch = scratch + words; // S, and the groups S touches (outside S)
    for (int w = 0; w < words; ++w) {
        const uint64_t joined = graph.adjacent(u)[w] & graph.of_colour(c)[w];
        star[w] = joined | (w == u / 64 ? uint64_t(1) << (u % 64) : 0);
        touch[w] = graph.adjacent(u)[w];
    }
    graph.for_each(star, [&](int32_t g) {
        if (g == u) return;
        for (int w = 0; w < words; ++w)
            touch[w] |= graph.adjacent(g)[w];
    });
    for (int w = 0; w < words; ++w)
        touch[w] &= ~star[w];
    for (uint32_t v = colours_to_vanish(present, target); v; v &= v - 1) {
        const int k = __builtin_ctz(v);
        if (count[k] <= 2) return true;
        // The child's k-groups other than s are the node's outside S (S holds u and c-coloured groups only).
        bool s_touches_all = k != c;
        for (int w = 0; w < words; ++w)
            if (graph.of_colour(k)[w] & ~star[w] & ~touch[w]) s_touches_all = false;
        if (s_touches_all) return true;
        for (int w = 0; w < words; ++w) { // the AND of their rows, outside S (and touching S, for k = c)
            uint64_t common = ~star[w] & (k == c ? touch[w] : ~uint64_t(0));
            for (int w2 = 0; w2 < words && common; ++w2)
                for (uint64_t groups = graph.of_colour(k)[w2] & ~star[w2]; groups && common; groups &= groups - 1)
                    common &= graph.adjacent(int32_t(w2 * 64 + __builtin_ctzll(groups)))[w];
            if (common) return true;
        }
    }
    return false;
}

// Whether two moves might give a colour that must vanish a single group -- false only when they cannot (a wait of 3).
// For colour k of n groups two moves do it only (1) by recolouring two of them, so n <= 3; (2) by recolouring one
// and giving k to a group touching the rest, or by giving k to a group x and recolouring the one left -- then a
// group touches n - 1 of them; or (3) by giving k to a group y after a first move: y touches them all once that
// move has contracted its star S (groups within 1 of a centre u), so in the node each is within 1 of y or of S,
// and y is within 1 of S, or y is the star itself -- every k-group within distance 3 of u. `scratch`: 2 * words.
// (The general form, for a wait of 4 and more, not built: a group that h >= 1 moves made lies within 2h - 1 of one
// of the node's groups -- a star's centre within 2h_C - 1 of a point, each leaf's groups within 2h_i of each other,
// h = 1 + h_C + sum h_i -- and k-groups recoloured away go in clusters, each a group made by its own moves, so a
// wait of t + 1 holds when no such cover of the k-groups costs t moves or fewer.)
inline bool may_vanish_within_two_moves(const GroupGraph &graph, const int *count, uint32_t present, int target,
                                        uint64_t *scratch) {
    const int words = graph.words();
    uint32_t far = 0; // the colours that (1) and (2) leave open
    for (uint32_t v = colours_to_vanish(present, target); v; v &= v - 1) {
        const int k = __builtin_ctz(v);
        if (count[k] <= 3) return true;
        int most = 0; // the most k-groups one group touches
        graph.for_each(graph.alive(), [&](int32_t y) {
            int touching = 0;
            for (int w = 0; w < words; ++w)
                touching += __builtin_popcountll(graph.adjacent(y)[w] & graph.of_colour(k)[w]);
            most = touching > most ? touching : most;
        });
        if (most >= count[k] - 1) return true;
        far |= 1u << k;
    }
    if (!far) return false;
    uint64_t *ball = scratch, *next = scratch + words;
    bool found = false;
    graph.for_each(graph.alive(), [&](int32_t u) {
        if (found) return;
        for (int w = 0; w < words; ++w)
            ball[w] = graph.adjacent(u)[w] | (w == u / 64 ? uint64_t(1) << (u % 64) : 0);
        for (int step = 2; step <= 3; ++step) { // the ball of radius 3 around u, a layer at a time
            for (int w = 0; w < words; ++w)
                next[w] = ball[w];
            graph.for_each(ball, [&](int32_t g) {
                for (int w = 0; w < words; ++w)
                    next[w] |= graph.adjacent(g)[w];
            });
            for (int w = 0; w < words; ++w)
                ball[w] = next[w];
        }
        for (uint32_t v = far; v && !found; v &= v - 1) {
            bool all = true;
            for (int w = 0; w < words; ++w)
                all = all && !(graph.of_colour(__builtin_ctz(v))[w] & ~ball[w]);
            found = all;
        }
    });
    return found;
}

// The moves that must pass before a colour that must vanish can (0 to 3), found up to `most` (a larger wait is
// reported as `most`): the tests above in turn. `count`: ColourGroups; `scratch`: 2 * words.
inline int colour_wait(const GroupGraph &graph, const int *count, uint32_t present, int target, int most,
                       uint64_t *scratch) {
    if (most <= 0 || one_may_vanish_now(count, present, target)) return 0;
    if (most == 1 || one_may_vanish_after_a_move(graph, count, present, target)) return 1;
    if (most == 2 || may_vanish_within_two_moves(graph, count, present, target, scratch)) return 2;
    return 3;
}

} // namespace kami
