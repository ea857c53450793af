// The region graph and moves: triangle contacts as KAMI 2 files define them, and the rules of a move.
#include "kami_test_support.hpp"

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
    EXPECT_EQ(g.adjacent[0], (std::vector<int32_t>{1}));  // 1s touch 2s; the hole keeps them from the 3
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
