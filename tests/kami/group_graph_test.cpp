// The free-play search's mutable group graph against the region graph rebuilt from the cells after each move: the
// same groups, colours and contacts, the same key for the same colouring however it was reached, and undo puts
// everything back.
#include "kami_test_support.hpp"

#include "group_graph.hpp"

#include <random>

using namespace kami;
using namespace kami::test;

namespace {

// Whether the group graph's groups are exactly the regions of `cells` (as the rules see them), with their colours
// and contacts.
void expect_same_groups(const GroupGraph &graph, const Board &b, const RegionGraph &start,
                        const std::vector<uint8_t> &cells) {
    const RegionGraph now = region_graph(b, cells);
    ASSERT_EQ(graph.groups(), now.count());
    // Each starting region r lies in the group of some representative; map that to the rules' region.
    std::vector<int32_t> group_of_region(size_t(start.count()), -1);
    graph.for_each(graph.alive(), [&](int32_t rep) {
        const int32_t region = now.region_of[size_t(start.cell[size_t(rep)])];
        EXPECT_EQ(graph.colour(rep), now.colour[size_t(region)]);
        int touching = 0;
        graph.for_each(graph.adjacent(rep), [&](int32_t other) {
            ++touching;
            const int32_t o = now.region_of[size_t(start.cell[size_t(other)])];
            EXPECT_TRUE(
                std::binary_search(now.adjacent[size_t(region)].begin(), now.adjacent[size_t(region)].end(), o));
        });
        EXPECT_EQ(touching, int(now.adjacent[size_t(region)].size()));
    });
}

} // namespace

TEST(KamiGroupGraph, MovesMatchTheRulesAndUndoRestoresEverything) {
    std::mt19937_64 rng(5);
    for (int round = 0; round < 40; ++round) {
        Board b;
        b.grid = round % 2 ? Grid::Square : Grid::Triangle;
        b.rows = 4 + int(rng() % 4);
        b.cols = 2 * (3 + int(rng() % 4));
        b.colours = 2 + int(rng() % 4);
        for (int64_t i = 0; i < b.size(); ++i)
            b.cells.push_back(uint8_t(1 + rng() % uint64_t(b.colours)));
        validate_board(b);
        const RegionGraph start = region_graph(b, b.cells);
        if (start.count() > 200) continue;
        GroupGraph graph(start.colour, start.adjacent, 99);
        std::vector<std::vector<uint8_t>> history{b.cells};
        std::vector<Key> keys{graph.key()};
        while (graph.groups() > 1) {
            std::vector<int32_t> alive;
            graph.for_each(graph.alive(), [&](int32_t g) { alive.push_back(g); });
            const int32_t g = alive[rng() % alive.size()];
            uint8_t c = uint8_t(1 + rng() % uint64_t(b.colours));
            if (c == graph.colour(g)) continue;
            graph.move(g, c);
            history.push_back(apply_move(b, history.back(), {start.cell[size_t(g)], c}));
            keys.push_back(graph.key());
            expect_same_groups(graph, b, start, history.back());
        }
        // Rebuilt from the final colouring, the key is the same as the one reached move by move.
        const RegionGraph last = region_graph(b, history.back());
        std::vector<uint8_t> colours(size_t(start.count()));
        for (int32_t r = 0; r < start.count(); ++r)
            colours[size_t(r)] = last.colour[size_t(last.region_of[size_t(start.cell[size_t(r)])])];
        EXPECT_TRUE(GroupGraph(colours, start.adjacent, 99).key() == graph.key());
        while (history.size() > 1) {
            graph.undo();
            history.pop_back(), keys.pop_back();
            EXPECT_TRUE(graph.key() == keys.back());
            expect_same_groups(graph, b, start, history.back());
        }
    }
}
