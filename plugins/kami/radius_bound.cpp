// radius_bound.cpp -- see radius_bound.hpp.
#include "radius_bound.hpp"

#include <algorithm>

namespace kami {

int RadiusBound::radius(int budget, int parent_radius) {
    int radius;
    if (parent_radius < 0) {
        radius = 1;
        while (radius <= budget && !has_centre_within(radius))
            ++radius;
    } else {
        radius = std::max(parent_radius - 1, 1);
        if (radius <= budget && radius < parent_radius && !has_centre_within(radius)) ++radius;
    }
    return radius;
}

bool RadiusBound::has_centre_within(int reach) {
    uint64_t *candidates = scratch(0), *reached = scratch(1);
    std::copy_n(graph_.alive(), words_, candidates);
    int32_t centre = live_centre();
    while (true) {
        const int32_t missed = ball(centre, reach, reached);
        if (missed < 0) {
            centre_ = centre;
            return true;
        }
        candidates[size_t(centre) / 64] &= ~(uint64_t(1) << (centre % 64));
        ball(missed, reach, reached);
        centre = -1;
        for (size_t w = 0; w < words_; ++w) {
            candidates[w] &= reached[w];
            if (centre < 0 && candidates[w]) centre = int32_t(w * 64 + size_t(__builtin_ctzll(candidates[w])));
        }
        if (centre < 0) return false;
    }
}

int32_t RadiusBound::ball(int32_t centre, int reach, uint64_t *reached) {
    uint64_t *frontier = scratch(2), *next = scratch(3);
    std::fill_n(reached, words_, 0);
    std::fill_n(frontier, words_, 0);
    reached[size_t(centre) / 64] = frontier[size_t(centre) / 64] = uint64_t(1) << (centre % 64);
    for (int step = 0;; ++step) {
        std::fill_n(next, words_, 0);
        graph_.for_each(frontier, [&](int32_t u) {
            const uint64_t *row = graph_.adjacent(u);
            for (size_t w = 0; w < words_; ++w)
                next[w] |= row[w];
        });
        bool grew = false;
        for (size_t w = 0; w < words_; ++w) {
            next[w] &= ~reached[w];
            grew = grew || next[w];
        }
        if (!grew) return -1;
        if (step == reach) { // the next layer lies beyond reach: one of it is far from the centre
            for (size_t w = 0;; ++w)
                if (next[w]) return int32_t(w * 64 + size_t(__builtin_ctzll(next[w])));
        }
        for (size_t w = 0; w < words_; ++w)
            reached[w] |= next[w];
        std::swap(frontier, next);
    }
}

void RadiusBound::make_balls(int reach) {
    // Two layers beyond reach tell which groups can be a child's centre at all (near_, below).
    const int layers = reach + 2;
    const size_t row = size_t(graph_.regions()) * words_;
    if (balls_.size() < size_t(layers + 1) * row) balls_.resize(size_t(layers + 1) * row);
    graph_.for_each(graph_.alive(), [&](int32_t u) {
        uint64_t *b = ball_row(0, u);
        std::fill_n(b, words_, 0);
        b[size_t(u) / 64] = uint64_t(1) << (u % 64);
    });
    for (int k = 0; k < layers; ++k)
        graph_.for_each(graph_.alive(), [&](int32_t u) {
            uint64_t *b = ball_row(k + 1, u);
            std::copy_n(ball_row(k, u), words_, b);
            graph_.for_each(graph_.adjacent(u), [&](int32_t v) {
                const uint64_t *n = ball_row(k, v);
                for (size_t w = 0; w < words_; ++w)
                    b[w] |= n[w];
            });
        });
    // A contraction of a star shortens a distance by two at most (the star's two edges), so a group whose
    // eccentricity exceeds reach + 2 is beyond reach of something after any move: only the others are tried.
    near_.assign(words_, 0);
    const uint64_t *alive = graph_.alive();
    graph_.for_each(alive, [&](int32_t u) {
        const uint64_t *b = ball_row(layers, u);
        for (size_t w = 0; w < words_; ++w)
            if (b[w] != alive[w]) return;
        near_[size_t(u) / 64] |= uint64_t(1) << (u % 64);
    });
    balls_reach_ = reach;
}

bool RadiusBound::child_has_centre_within(int32_t u, int c, int reach) {
    uint64_t *star = scratch(0), *layers = scratch_layers(reach);
    std::copy_n(graph_.adjacent(u), words_, star);
    for (size_t w = 0; w < words_; ++w)
        star[w] &= graph_.of_colour(c)[w];
    star[size_t(u) / 64] |= uint64_t(1) << (u % 64);
    // layers[k]: S's ball of radius k, the union of its groups' balls -- each word gathered in a register (ORing
    // into the row in memory chained every step through a store and a load: half of the whole search's time).
    int32_t members[64];
    int count = 0;
    graph_.for_each(star, [&](int32_t a) {
        if (count < 64) members[count] = a;
        ++count;
    });
    if (count > 64) { // a star of more than 64 groups (large boards): row by row
        for (int k = 0; k <= reach; ++k) {
            uint64_t *l = &layers[size_t(k) * words_];
            std::fill_n(l, words_, 0);
            graph_.for_each(star, [&](int32_t a) {
                const uint64_t *b = ball_row(k, a);
                for (size_t w = 0; w < words_; ++w)
                    l[w] |= b[w];
            });
        }
    } else {
        for (int k = 0; k <= reach; ++k)
            for (size_t w = 0; w < words_; ++w) {
                uint64_t word = 0;
                for (int i = 0; i < count; ++i)
                    word |= ball_row(k, members[i])[w];
                layers[size_t(k) * words_ + w] = word;
            }
    }
    const uint64_t *alive = graph_.alive();
    const auto covers = [&](const uint64_t *a, const uint64_t *b) {
        for (size_t w = 0; w < words_; ++w)
            if ((a[w] | b[w]) != alive[w]) return false;
        return true;
    };
    const uint64_t *whole = &layers[size_t(reach) * words_];
    if (covers(whole, whole)) return true;
    for (int k = 1; k <= reach; ++k) {
        const uint64_t *at = &layers[size_t(k) * words_], *inside = &layers[size_t(k - 1) * words_];
        const uint64_t *rest = &layers[size_t(reach - k) * words_];
        for (size_t w = 0; w < words_; ++w)
            for (uint64_t x = at[w] & ~inside[w] & near_[w]; x; x &= x - 1)
                if (covers(ball_row(reach, int32_t(w * 64 + size_t(__builtin_ctzll(x)))), rest)) return true;
    }
    return false;
}

} // namespace kami
