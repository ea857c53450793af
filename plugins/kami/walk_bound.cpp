// walk_bound.cpp -- see walk_bound.hpp for why the least over walks bounds the moves.
#include "walk_bound.hpp"

#include <algorithm>

namespace kami {

// P(u, v): the fewest prints over walks u..v. P(u, u) = 1; otherwise the last cell v is printed alone after a walk
// u..w (w a neighbour of v): P(u, w) + 1; or by the print that made an earlier cell x of v's colour, the walk being
// u..x, then y..z (y next to x, z next to v), then v: P(u, x) + M(x, v) with M(x, v) the least P(y, z) over those y
// and z. (x right next to v would need two touching groups of one colour.) Every value is a sum of smaller ones, so
// pairs settle level by level (Dijkstra's order, a bucket per value): each settled pair offers values to the pairs
// it is a part of, and a pair's first settled value is its least.
int WalkPrinter::least_prints(const GroupGraph &graph, int32_t a, int32_t b, int cap) {
    if (a == b) return std::min(1, cap);
    live_.clear();
    index_.assign(size_t(graph.regions()), -1);
    graph.for_each(graph.alive(), [&](int32_t g) {
        index_[size_t(g)] = int32_t(live_.size());
        live_.push_back(g);
    });
    const size_t n = live_.size();
    adjacent_.resize(n), same_colour_.resize(n), into_.resize(n);
    colour_.resize(n), by_colour_.assign(n * (kColourSlots + 1), 0);
    for (size_t i = 0; i < n; ++i)
        colour_[i] = graph.colour(live_[i]);
    for (size_t i = 0; i < n; ++i) {
        adjacent_[i].clear(), same_colour_[i].clear(), into_[i].clear();
        graph.for_each(graph.adjacent(live_[i]), [&](int32_t h) { adjacent_[i].push_back(index_[size_t(h)]); });
        // Neighbours sorted by colour, with where each colour's run starts: the middle step below pairs only
        // neighbours of one colour.
        std::sort(adjacent_[i].begin(), adjacent_[i].end(),
                  [&](int32_t x, int32_t y) { return colour_[size_t(x)] < colour_[size_t(y)]; });
        uint32_t *starts = &by_colour_[i * (kColourSlots + 1)];
        for (int32_t v : adjacent_[i])
            ++starts[colour_[size_t(v)] + 1];
        for (size_t c = 1; c <= kColourSlots; ++c)
            starts[c] += starts[c - 1];
        graph.for_each(graph.of_colour(graph.colour(live_[i])), [&](int32_t h) {
            if (h != live_[i]) same_colour_[i].push_back(index_[size_t(h)]);
        });
    }
    steps_ += n * n; // the tables' clearing, and the lists above
    prints_.assign(n * n, 0), middle_.assign(n * n, 0);
    offered_.assign(n * n, 0xff);
    cap = std::min(cap, 255); // values fit a byte; a walk needs no more prints than a shortest path's cells
    level_.resize(size_t(cap) + 1);
    for (auto &l : level_)
        l.clear();
    const auto offer = [&](size_t pair, int value) { // a value no lower than one already offered changes nothing
        ++steps_;
        if (value < cap && value < offered_[pair]) {
            offered_[pair] = uint8_t(value);
            level_[size_t(value)].push_back(uint32_t(pair));
        }
    };
    for (size_t i = 0; i < n; ++i)
        offer(i * n + i, 1);
    const size_t goal = size_t(index_[size_t(a)]) * n + size_t(index_[size_t(b)]);
    for (int value = 1; value < cap; ++value)
        for (size_t k = 0; k < level_[size_t(value)].size(); ++k) {
            const size_t pair = level_[size_t(value)][k];
            if (prints_[pair] || offered_[pair] != value) continue; // settled, or offered less later
            prints_[pair] = uint8_t(value);
            if (pair == goal) return value;
            const size_t u = pair / n, w = pair % n;
            into_[w].push_back(int32_t(u));
            for (int32_t v : adjacent_[w]) // w as the cell before the last
                offer(u * n + size_t(v), value + 1);
            for (int32_t v : same_colour_[w]) // w as the earlier cell of the last cell's colour
                if (const int m = middle_[w * n + size_t(v)]) offer(u * n + size_t(v), value + m);
            const uint32_t *starts = &by_colour_[w * (kColourSlots + 1)];
            for (int32_t x : adjacent_[u]) // (u, w) as the walk between x and the last cell v, of x's colour
                for (uint32_t k2 = starts[colour_[size_t(x)]], end = starts[colour_[size_t(x)] + 1]; k2 < end; ++k2) {
                    const int32_t v = adjacent_[w][k2];
                    ++steps_;
                    if (x == v) continue;
                    uint8_t &m = middle_[size_t(x) * n + size_t(v)];
                    if (m) continue; // settled earlier, so no larger
                    m = uint8_t(value);
                    for (int32_t from : into_[size_t(x)])
                        offer(size_t(from) * n + size_t(v), prints_[size_t(from) * n + size_t(x)] + value);
                }
        }
    return cap;
}

} // namespace kami
