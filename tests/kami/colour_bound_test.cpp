// The colour bound's tests (colour_bound.hpp) against their definitions: whether a colour that must vanish has a
// single group now, and whether some move gives one a single group -- found by making every move on the group
// graph and counting -- and the second for a child without making its move, and a wait of 3 only where no two
// moves give one a single group, on random boards along random games, for every target colour and for none. The
// solver with the bound is checked against breadth-first search in free_solver_test.cpp (a wait of 2 where the
// child test can only prove 1 fails KamiFreeSolver.MatchesBreadthFirstSearchOnSmallBoards).
#include "kami_test_support.hpp"

#include "colour_bound.hpp"
#include "group_graph.hpp"

#include <random>

using namespace kami;
using namespace kami::test;

namespace {

// Whether the graph has a single group of some colour of `present` (the colours before any move) but the target.
bool single_group_of_a_colour_to_vanish(const GroupGraph &graph, uint32_t present, int target) {
    const ColourGroups groups(graph);
    for (int c = 1; c < GroupGraph::kColours; ++c)
        if ((present >> c & 1) && c != target && groups.count[c] == 1) return true;
    return false;
}

// Whether any move leaves a colour that must vanish *now* (one present before the move, not the target) with a
// single group -- by making each move.
bool some_move_gives_a_single_group(GroupGraph &graph, int target, int palette) {
    const uint32_t present = graph.colours_present();
    std::vector<int32_t> alive;
    graph.for_each(graph.alive(), [&](int32_t g) { alive.push_back(g); });
    for (int32_t g : alive) {
        for (int c = 1; c <= palette; ++c) {
            if (c == graph.colour(g)) continue;
            graph.move(g, uint8_t(c));
            const bool found = single_group_of_a_colour_to_vanish(graph, present, target);
            graph.undo();
            if (found) return true;
        }
    }
    return false;
}

// Whether two moves can leave a colour that must vanish now with a single group -- by making every pair of moves.
bool two_moves_give_a_single_group(GroupGraph &graph, int target, int palette) {
    const uint32_t present = graph.colours_present();
    std::vector<int32_t> alive;
    graph.for_each(graph.alive(), [&](int32_t g) { alive.push_back(g); });
    for (int32_t g : alive) {
        for (int c = 1; c <= palette; ++c) {
            if (c == graph.colour(g)) continue;
            graph.move(g, uint8_t(c));
            // As some_move_gives_a_single_group(), but for the colours present before the first move.
            std::vector<int32_t> now;
            graph.for_each(graph.alive(), [&](int32_t h) { now.push_back(h); });
            bool found = false;
            for (size_t i = 0; i < now.size() && !found; ++i) {
                for (int d = 1; d <= palette && !found; ++d) {
                    if (d == graph.colour(now[i])) continue;
                    graph.move(now[i], uint8_t(d));
                    found = single_group_of_a_colour_to_vanish(graph, present, target);
                    graph.undo();
                }
            }
            graph.undo();
            if (found) return true;
        }
    }
    return false;
}

} // namespace

TEST(KamiColourBound, TestsMatchTheirDefinitionsAlongRandomGames) {
    std::mt19937_64 rng(31);
    // The cases met, so that the test shows it saw each.
    int single_now = 0, after_a_move = 0, neither = 0, wait_of_three = 0;
    for (int round = 0; round < 60; ++round) {
        Board b;
        b.grid = round % 2 ? Grid::Square : Grid::Triangle;
        b.rows = 3 + int(rng() % 4);
        b.cols = 2 * (2 + int(rng() % 4));
        b.colours = 3 + int(rng() % 5);
        for (int64_t i = 0; i < b.size(); ++i)
            b.cells.push_back(uint8_t(1 + rng() % uint64_t(b.colours)));
        validate_board(b);
        const RegionGraph start = region_graph(b, b.cells);
        GroupGraph graph(start.colour, start.adjacent, 7);
        for (int moves = 0; graph.groups() > 1; ++moves) {
            const uint32_t present = graph.colours_present();
            const ColourGroups groups(graph);
            std::vector<uint64_t> scratch(2 * size_t(graph.words()));
            for (int target = 0; target <= b.colours; ++target) {
                const bool now = one_may_vanish_now(groups.count, present, target);
                ASSERT_EQ(now, single_group_of_a_colour_to_vanish(graph, present, target)) << encode_board(b);
                if (now) {
                    ++single_now;
                    continue;
                }
                const bool after = one_may_vanish_after_a_move(graph, groups.count, present, target);
                ASSERT_EQ(after, some_move_gives_a_single_group(graph, target, b.colours))
                    << encode_board(b) << " target " << target << " after " << moves << " moves";
                ++(after ? after_a_move : neither);
                // A wait of 3 only where no two moves do it (the test may say "may" where they cannot).
                if (!after && !may_vanish_within_two_moves(graph, groups.count, present, target, scratch.data())) {
                    ++wait_of_three;
                    ASSERT_FALSE(two_moves_give_a_single_group(graph, target, b.colours))
                        << encode_board(b) << " target " << target << " after " << moves << " moves";
                }
            }
            // The same test of each child, without making its move, against the test after making it.
            std::vector<int32_t> groups_now;
            graph.for_each(graph.alive(), [&](int32_t g) { groups_now.push_back(g); });
            for (int32_t u : groups_now) {
                for (int c = 1; c <= b.colours; ++c) {
                    if (c == graph.colour(u)) continue;
                    graph.move(u, uint8_t(c));
                    const ColourGroups child(graph);
                    const uint32_t child_present = graph.colours_present();
                    std::vector<bool> expected;
                    for (int target = 0; target <= b.colours; ++target)
                        expected.push_back(one_may_vanish_after_a_move(graph, child.count, child_present, target));
                    graph.undo();
                    for (int target = 0; target <= b.colours; ++target)
                        ASSERT_EQ(one_may_vanish_after_move(graph, u, c, child.count, child_present, target,
                                                            scratch.data()),
                                  expected[size_t(target)])
                            << encode_board(b) << " move " << u << "=" << c << " target " << target;
                }
            }
            std::vector<int32_t> alive;
            graph.for_each(graph.alive(), [&](int32_t g) { alive.push_back(g); });
            const int32_t g = alive[rng() % alive.size()];
            const uint8_t c = uint8_t(1 + rng() % uint64_t(b.colours));
            if (c != graph.colour(g)) graph.move(g, c);
        }
    }
    EXPECT_GT(single_now, 0);
    EXPECT_GT(after_a_move, 0);
    EXPECT_GT(neither, 0);
    EXPECT_GT(wait_of_three, 0);
}
