// radius_bound.hpp -- the free-play search's radius bound (README.md, "Bounds"): a move contracts a region with
// some of its neighbours, a star, which lowers every eccentricity by at most one, so the radius of the region graph
// never overestimates the moves left. Children are bounded from the node's balls, without making the move.
#pragma once
#include "group_graph.hpp"

#include <cstdint>
#include <vector>

namespace kami {

// The lowest-numbered live group of the graph.
inline int32_t first_alive(const GroupGraph &graph) {
    int32_t first = -1;
    graph.for_each(graph.alive(), [&](int32_t u) { first = first < 0 ? u : first; });
    return first;
}

// The radius of one island's graph, as its moves change it.
class RadiusBound {
  public:
    explicit RadiusBound(const GroupGraph &graph)
        : graph_(graph), words_(size_t(graph.words())), scratch_(4 * words_) {}

    // The radius of the graph (of two or more groups), exact when it is at most `budget`, else a value above the
    // budget that never overestimates. `parent_radius` is the radius before the last move, or -1: a move contracts
    // a star, which never lengthens a distance and lowers the radius by one at most, so one test tells which of the
    // two values it has now.
    int radius(int budget, int parent_radius);

    // The radius after u takes colour c, from the node's (exact) `node_radius`, without making the move: the same,
    // or one less when the node's balls show a centre that near. The balls are made once a node: forget_balls()
    // when the search moves to another node.
    int child_radius(int32_t u, int c, int node_radius) {
        if (balls_reach_ != node_radius - 1) make_balls(node_radius - 1);
        return node_radius - int(child_has_centre_within(u, c, node_radius - 1));
    }
    void forget_balls() { balls_reach_ = -1; }

    // The last centre found, which is often still one a move later, or the first live group once it is gone.
    int32_t live_centre() const {
        return graph_.alive()[size_t(centre_) / 64] >> (centre_ % 64) & 1 ? centre_ : first_alive(graph_);
    }

  private:
    // Whether some group has every group within `reach` edges. A centre must lie within reach of every group, so
    // the ball around a group that a candidate's ball missed rules out every candidate outside it at once: a few
    // balls settle the question where testing each group would take one ball each.
    bool has_centre_within(int reach);

    // The groups within `reach` edges of `centre` into `reached`; returns a group just beyond reach, or -1
    // when every group is within reach.
    int32_t ball(int32_t centre, int reach, uint64_t *reached);

    uint64_t *scratch(int k) { return &scratch_[size_t(k) * words_]; }

    // Balls around every live group, of radius 0 to `reach` + 2, into balls_: the children's radius test combines
    // those up to `reach`; the two beyond give near_.
    // Each layer from the one before: a group's ball of radius k + 1 is the union of its neighbours' and its own
    // balls of radius k.
    void make_balls(int reach);
    uint64_t *ball_row(int k, int32_t u) {
        return &balls_[(size_t(k) * size_t(graph_.regions()) + size_t(u)) * words_];
    }

    // Whether, after u takes colour c, some group has every group within `reach` edges -- without making the move.
    // The move contracts the star S (u and its c-coloured neighbours) into one group s, and a contraction keeps
    // every other distance as it was or shortens it to a path through s: d'(x, y) = min(d(x, y), d(x, S) + d(S, y)),
    // and d'(s, y) = d(S, y). So s is such a centre when S's ball of radius `reach` (the union of its groups' balls)
    // is everything, and a group x at distance k from S is one when its own ball of radius `reach` and S's ball of
    // radius reach - k cover everything. make_balls(reach) must hold the node's balls.
    bool child_has_centre_within(int32_t u, int c, int reach);
    uint64_t *scratch_layers(int reach) {
        if (layers_.size() < size_t(reach + 1) * words_) layers_.resize(size_t(reach + 1) * words_);
        return layers_.data();
    }

    const GroupGraph &graph_;
    const size_t words_;
    int32_t centre_ = 0;            // the last centre found: often still one a move later
    std::vector<uint64_t> scratch_; // has_centre_within()'s and ball()'s rows
    std::vector<uint64_t> balls_;   // make_balls(): per radius and group, a row
    int balls_reach_ = -1;          // the radius make_balls() made them to for the node being expanded, or -1
    std::vector<uint64_t> layers_;  // child_has_centre_within()'s balls around the star
    std::vector<uint64_t> near_;    // make_balls(): the groups within reach + 2 of every group, the only ones that
                                    // can be within reach of every group after a move
};

} // namespace kami
