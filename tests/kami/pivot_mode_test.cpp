// Pivot mode through the solver facade: tiles cut off from the pivot by holes, boards beyond the exact search, and
// quick mode -- checked against breadth-first search over colourings, which knows nothing of regions or parts.
#include "kami_test_support.hpp"

#include "solver.hpp"

#include <random>

using namespace kami;
using namespace kami::test;

namespace {

SolveReport solve(const Board &b, bool optimal = true) {
    pluzzle::SolveControl control(nullptr, nullptr);
    SolveOptions options;
    options.optimal = optimal;
    return solve_board(b, control, options);
}

} // namespace

TEST(KamiPivotMode, TilesOfOneColourCutOffFromThePivotAreFloodedLast) {
    // The pivot's part is one tile: one move gives it the cut-off colour.
    const Board one = board_from("kami 1\ngrid square\nmode pivot\nsize 5 1\ncolours 3\npivot 0 0\ncells\n1.2.2\n");
    SolveReport r = solve(one);
    ASSERT_EQ(r.status, PZ_SOLVE_SOLVED);
    EXPECT_EQ(r.moves.size(), 1u);
    EXPECT_TRUE(replays_to_one_colour(one, r.moves));
    // Already the cut-off colour: nothing to do.
    const Board none = board_from("kami 1\ngrid square\nmode pivot\nsize 3 1\ncolours 2\npivot 0 0\ncells\n2.2\n");
    r = solve(none);
    EXPECT_EQ(r.status, PZ_SOLVE_SOLVED);
    EXPECT_TRUE(r.moves.empty());
    // Two colours cut off: no move reaches them, so never one colour.
    const Board two = board_from("kami 1\ngrid square\nmode pivot\nsize 5 1\ncolours 3\npivot 0 0\ncells\n1.2.3\n");
    EXPECT_EQ(solve(two).status, PZ_SOLVE_UNSOLVABLE);
    EXPECT_EQ(solve(two, false).status, PZ_SOLVE_UNSOLVABLE);
}

// Random small boards with holes, many of them cut apart: the fewest moves, or none, as breadth-first search finds.
// Both answers of the ending question occur: the part's optimum can end with the cut-off colour, or needs one more.
TEST(KamiPivotMode, MatchesBreadthFirstSearchOnBoardsWithHoles) {
    std::mt19937_64 rng(41);
    int cut = 0, unsolvable = 0, quick_valid = 0;
    for (int round = 0; round < 400; ++round) {
        Board b;
        b.mode = Mode::Pivot, b.grid = rng() % 2 ? Grid::Square : Grid::Triangle;
        b.rows = 2 + int(rng() % 4);
        b.cols = (b.grid == Grid::Triangle ? 2 : 1) * (2 + int(rng() % 4));
        b.colours = 2 + int(rng() % 3);
        for (int64_t i = 0; i < b.size(); ++i)
            b.cells.push_back(rng() % 4 == 0 ? 0 : uint8_t(1 + rng() % uint64_t(b.colours)));
        std::vector<int64_t> tiles;
        for (int64_t i = 0; i < b.size(); ++i)
            if (b.cells[size_t(i)]) tiles.push_back(i);
        if (tiles.empty()) continue;
        b.pivot = tiles[size_t(rng() % tiles.size())];
        validate_board(b);
        const RegionGraph g = region_graph(b, b.cells);
        std::vector<char> seen(size_t(g.count()), 0);
        std::vector<int32_t> part{g.region_of[size_t(b.pivot)]};
        seen[size_t(part[0])] = 1;
        for (size_t q = 0; q < part.size(); ++q)
            for (int32_t s : g.adjacent[size_t(part[q])])
                if (!seen[size_t(s)]) seen[size_t(s)] = 1, part.push_back(s);
        const bool is_cut = int(part.size()) < g.count();

        const int fewest = brute_force_par(b, b.cells, 40);
        const SolveReport r = solve(b);
        const SolveReport quick = solve(b, false);
        if (fewest < 0) {
            EXPECT_EQ(r.status, PZ_SOLVE_UNSOLVABLE) << encode_board(b);
            EXPECT_EQ(quick.status, PZ_SOLVE_UNSOLVABLE) << encode_board(b);
            ++unsolvable;
            continue;
        }
        ASSERT_EQ(r.status, PZ_SOLVE_SOLVED) << encode_board(b);
        EXPECT_EQ(int(r.moves.size()), fewest) << encode_board(b);
        EXPECT_EQ(r.lower_bound, fewest);
        EXPECT_TRUE(replays_to_one_colour(b, r.moves)) << encode_board(b);
        ASSERT_EQ(quick.status, PZ_SOLVE_SOLVED) << encode_board(b);
        EXPECT_GE(int(quick.moves.size()), fewest);
        quick_valid += replays_to_one_colour(b, quick.moves);
        cut += is_cut;
    }
    EXPECT_GT(cut, 40);
    EXPECT_GT(unsolvable, 20);
    EXPECT_EQ(quick_valid, 400 - unsolvable);
}

// ~70,000 regions: beyond the exact search's rows. The greedy flood's list comes back at once, with the colours
// that must vanish as the proven bound.
TEST(KamiPivotMode, APartTooLargeToSearchGetsTheGreedyFloodsList) {
    std::mt19937_64 rng(8);
    Board b;
    b.mode = Mode::Pivot, b.grid = Grid::Square, b.rows = b.cols = 400, b.colours = 4;
    for (int64_t i = 0; i < b.size(); ++i)
        b.cells.push_back(uint8_t(1 + rng() % 4));
    b.pivot = b.index(200, 200);
    validate_board(b);
    const SolveReport r = solve(b);
    EXPECT_GT(r.regions, 16'384);
    EXPECT_EQ(r.status, PZ_SOLVE_LIMIT);
    EXPECT_EQ(r.lower_bound, 3);
    ASSERT_FALSE(r.moves.empty());
    EXPECT_EQ(r.upper_bound, int(r.moves.size()));
    EXPECT_TRUE(replays_to_one_colour(b, r.moves));
    const SolveReport quick = solve(b, false);
    EXPECT_EQ(quick.status, PZ_SOLVE_SOLVED); // quick mode: a list, with no claim
    EXPECT_EQ(quick.moves.size(), r.moves.size());
}
