// The region graph and moves: triangle contacts as KAMI 2 files define them, and the rules of a move.
#include "kami_test_support.hpp"

#include <random>

using namespace kami;
using namespace kami::test;

TEST(KamiRegions, TriangleContactsFollowTheLevelFiles) {
    Board b = board_from("kami 1\ngrid triangle\nmode free\nsize 6 3\ncolours 1\ncells\n111111\n111111\n111111\n");
    int64_t nb[4] = {};
    const auto contacts = [&](int r, int c) {
        std::vector<int64_t> out(nb, nb + b.neighbours(b.index(r, c), nb));
        std::sort(out.begin(), out.end());
        return out;
    };
    // Side 0 of rhombus 1 in row 1 (cell 2): its rhombus's side 1, the side 1 before it, side 1 of rhombus 1 above.
    EXPECT_EQ(contacts(1, 2), (std::vector<int64_t>{b.index(0, 3), b.index(1, 1), b.index(1, 3)}));
    // Side 1 of rhombus 1 in row 1 (cell 3): side 0 of its rhombus, of the next, and of rhombus 1 below.
    EXPECT_EQ(contacts(1, 3), (std::vector<int64_t>{b.index(1, 2), b.index(1, 4), b.index(2, 2)}));
    // Contact is mutual everywhere, and a hole has no contacts.
    for (int64_t i = 0; i < b.size(); ++i) {
        int64_t a[4] = {}, c[4] = {};
        const int n = b.neighbours(i, a);
        for (int k = 0; k < n; ++k) {
            const int m = b.neighbours(a[k], c);
            EXPECT_NE(std::find(c, c + m, i), c + m) << i << " " << a[k];
        }
    }
    b.cells[size_t(b.index(1, 2))] = 0;
    EXPECT_EQ(contacts(1, 3), (std::vector<int64_t>{b.index(1, 4), b.index(2, 2)}));
}

TEST(KamiRegions, RegionsAndMoves) {
    const Board b = board_from("kami 1\ngrid square\nmode free\nsize 4 2\ncolours 3\ncells\n1122\n1.32\n");
    const RegionGraph g = region_graph(b, b.cells);
    ASSERT_EQ(g.count(), 3);
    EXPECT_EQ(g.cells, (std::vector<int32_t>{3, 3, 1}));
    EXPECT_EQ(g.adjacent[0], (std::vector<int32_t>{1})); // 1s touch 2s; the hole keeps them from the 3
    EXPECT_EQ(g.adjacent[2], (std::vector<int32_t>{1}));
    std::vector<uint8_t> cells = apply_move(b, b.cells, {b.index(0, 3), 1});
    EXPECT_EQ(cells, (std::vector<uint8_t>{1, 1, 1, 1, 1, 0, 3, 1}));
    cells = apply_move(b, cells, {b.index(1, 2), 1});
    EXPECT_TRUE(one_colour(cells));
    EXPECT_THROW(apply_move(b, b.cells, {b.index(1, 1), 2}), pluzzle::Error); // a hole
    EXPECT_THROW(apply_move(b, b.cells, {b.index(0, 0), 1}), pluzzle::Error); // the colour it has
    Board pivot = b;
    pivot.mode = Mode::Pivot;
    pivot.pivot = 0;
    EXPECT_THROW(apply_move(pivot, pivot.cells, {pivot.index(0, 3), 1}), pluzzle::Error); // not the pivot's region
}

// recolour() contracts the region graph without the cells: it must be exactly what the cells give after the move.
TEST(KamiRegions, RecolouringARegionContractsTheGraphAsTheCellsWould) {
    std::mt19937_64 rng(5);
    int merged = 0;
    for (int round = 0; round < 300; ++round) {
        Board b;
        b.grid = round % 2 ? Grid::Triangle : Grid::Square;
        b.mode = Mode::Free, b.rows = 2 + int(rng() % 6), b.colours = 2 + int(rng() % 4);
        b.cols = (b.grid == Grid::Triangle ? 2 : 1) * (2 + int(rng() % 6));
        for (int64_t i = 0; i < b.size(); ++i)
            b.cells.push_back(uint8_t(rng() % 8 == 0 ? 0 : 1 + rng() % uint64_t(b.colours))); // some holes
        if (std::all_of(b.cells.begin(), b.cells.end(), [](uint8_t c) { return c == 0; })) continue;
        const RegionGraph g = region_graph(b, b.cells);
        const int32_t r = int32_t(rng() % uint64_t(g.count()));
        const uint8_t c = uint8_t(1 + (g.colour[size_t(r)] + rng() % uint64_t(b.colours - 1)) % uint64_t(b.colours));
        ASSERT_NE(c, g.colour[size_t(r)]);
        std::vector<int32_t> ids;
        const RegionGraph contracted = recolour(g, r, c, &ids);
        const RegionGraph fresh = region_graph(b, apply_move(b, b.cells, {g.cell[size_t(r)], c}));
        EXPECT_EQ(contracted.colour, fresh.colour) << encode_board(b);
        EXPECT_EQ(contracted.cell, fresh.cell) << encode_board(b);
        EXPECT_EQ(contracted.cells, fresh.cells) << encode_board(b);
        EXPECT_EQ(contracted.region_of, fresh.region_of) << encode_board(b);
        EXPECT_EQ(contracted.adjacent, fresh.adjacent) << encode_board(b);
        for (int64_t i = 0; i < b.size(); ++i) { // each old region's new number holds its cells
            if (g.region_of[size_t(i)] >= 0) {
                EXPECT_EQ(ids[size_t(g.region_of[size_t(i)])], fresh.region_of[size_t(i)]);
            }
        }
        merged += contracted.count() < g.count() - 1;
    }
    EXPECT_GT(merged, 30); // moves that join two regions or more are among them
}
