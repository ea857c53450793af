// island_beam.cpp -- IslandSearch's quick answer (island_search.hpp): a beam search, and a greedy finish for a beam
// that was told to stop.
#include "island_search.hpp"

#include <algorithm>
#include <unordered_set>

namespace kami {

std::vector<IslandMove> IslandSearch::beam(int width, uint8_t target) {
    struct Node {
        std::vector<IslandMove> moves;
        int bound, groups, radius;
        size_t parent = 0; // index in the layer before
    };
    target_ = target;
    std::vector<Node> layer{{{}, bound(kUnbounded), graph_.groups(), radius_}};
    std::unordered_set<uint64_t> seen;
    while (true) {
        std::vector<Node> next;
        for (size_t at = 0; at < layer.size(); ++at) {
            const Node &node = layer[at];
            for (const IslandMove &m : node.moves)
                graph_.move(m.region, m.colour);
            if (graph_.groups() == 1 || stopped_) return finish_greedily(node.moves);
            graph_.for_each(graph_.alive(), [&](int32_t u) {
                const uint32_t near = graph_.neighbour_colours(u);
                for (int c = 1; c <= palette_ && !stopped_; ++c) {
                    if (!(near >> c & 1)) continue;
                    if (control_.tick()) {
                        stopped_ = true;
                        return;
                    }
                    graph_.move(u, uint8_t(c));
                    ++nodes_;
                    if (seen.insert(graph_.key().a).second) {
                        Node child{node.moves, bound(kUnbounded, node.radius), graph_.groups(), radius_, at};
                        child.moves.push_back({u, uint8_t(c)});
                        next.push_back(std::move(child));
                    }
                    graph_.undo();
                }
            });
            if (stopped_) return finish_greedily(node.moves);
            for (size_t i = 0; i < node.moves.size(); ++i)
                graph_.undo();
        }
        const auto better = [](const Node &a, const Node &b) {
            return a.bound != b.bound ? a.bound < b.bound : a.groups < b.groups;
        };
        if (next.size() > size_t(width)) {
            // The best first, but no parent fills more than half of the beam: a beam of one state's
            // children is a greedy search with extra steps.
            std::stable_sort(next.begin(), next.end(), better);
            std::vector<int> taken(layer.size(), 0);
            std::vector<Node> kept;
            const int share = std::max(1, width / 2);
            for (Node &n : next)
                if (int(kept.size()) < width && taken[n.parent]++ < share) kept.push_back(std::move(n));
            next = std::move(kept);
        }
        layer = std::move(next);
    }
}

std::vector<IslandMove> IslandSearch::finish_greedily(std::vector<IslandMove> moves) {
    const int32_t centre = radius_bound_.live_centre();
    while (graph_.groups() > 1) {
        int best = 0, most = 0;
        const uint32_t near = graph_.neighbour_colours(centre);
        for (int c = 1; c < GroupGraph::kColours; ++c)
            if (near >> c & 1)
                if (const int n = graph_.neighbours_of_colour(centre, c); n > most) best = c, most = n;
        graph_.move(centre, uint8_t(best));
        moves.push_back({centre, uint8_t(best)});
    }
    const size_t applied = moves.size();
    if (target_ && graph_.colour(centre) != target_) moves.push_back({centre, target_}); // recolours it all
    for (size_t i = 0; i < applied; ++i)
        graph_.undo();
    return moves;
}

} // namespace kami
