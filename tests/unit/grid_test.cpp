// pluzzle/grid.hpp: neighbour relations are symmetric, every cell's centre maps back to the cell, and points off
// the board map to nothing.
#include <pluzzle/grid.hpp>

#include <gtest/gtest.h>

using namespace pluzzle::grid;

namespace {

template <class G> void expect_centres_map_back(const G &g) {
    for (int r = 0; r < g.rows(); ++r)
        for (int c = 0; c < g.cols(); ++c) {
            const pz_point m = g.center({r, c});
            auto hit = g.cell_at(m.x, m.y);
            ASSERT_TRUE(hit) << r << "," << c;
            EXPECT_EQ(*hit, (Cell{r, c}));
        }
}

} // namespace

TEST(Grid, SquareNeighboursAndHitTesting) {
    SquareGrid g(3, 4, 10);
    EXPECT_EQ(*g.neighbour({1, 1}, 0), (Cell{0, 1}));
    EXPECT_EQ(*g.neighbour({1, 1}, 3), (Cell{2, 2}));
    EXPECT_FALSE(g.neighbour({0, 0}, 7));
    EXPECT_EQ(*g.neighbour({0, 0}, 7, true), (Cell{2, 3}));
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 4; ++c)
            for (int d = 0; d < 8; ++d)
                if (auto n = g.neighbour({r, c}, d)) { EXPECT_EQ(*g.neighbour(*n, SquareGrid::opposite(d)), (Cell{r, c})); }
    expect_centres_map_back(g);
    EXPECT_FALSE(g.cell_at(-0.1f, 5));
    EXPECT_FALSE(g.cell_at(40, 5));
    EXPECT_FALSE(g.cell_at(NAN, 5));
    EXPECT_EQ(g.polygon({2, 3}).size(), 4u);
}

TEST(Grid, HexFollowsTheHexapipesLayoutWithAndWithoutWrap) {
    HexGrid flat(4, 5);
    // Even row / odd row deltas as documented for the hexapipes data.
    EXPECT_EQ(*flat.neighbour({2, 2}, 1), (Cell{1, 2}));  // NE from an even row
    EXPECT_EQ(*flat.neighbour({1, 2}, 1), (Cell{0, 3}));  // NE from an odd row
    EXPECT_EQ(*flat.neighbour({1, 2}, 4), (Cell{2, 2}));  // SW from an odd row
    EXPECT_FALSE(flat.neighbour({0, 0}, 2));
    HexGrid wrapped(4, 5, true);
    EXPECT_EQ(*wrapped.neighbour({0, 2}, 1), (Cell{3, 3})); // row -1 becomes the last row, col + 1
    for (const HexGrid *g : {&flat, &wrapped})
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 5; ++c)
                for (int d = 0; d < 6; ++d)
                    if (auto n = g->neighbour({r, c}, d)) {
                        EXPECT_EQ(*g->neighbour(*n, HexGrid::opposite(d)), (Cell{r, c})) << r << "," << c << " d" << d;
                    }
    expect_centres_map_back(flat);
    EXPECT_FALSE(flat.cell_at(-30, -30));
    EXPECT_EQ(flat.polygon({0, 0}).size(), 6u);
    // A point near a shared edge goes to the nearer hexagon.
    const pz_point a = flat.center({2, 2}), b = flat.center({2, 3});
    EXPECT_EQ(*flat.cell_at(a.x + (b.x - a.x) * 0.45f, a.y), (Cell{2, 2}));
    EXPECT_EQ(*flat.cell_at(a.x + (b.x - a.x) * 0.55f, a.y), (Cell{2, 3}));
}

TEST(Grid, TrianglesAlternateAndHitTestExactly) {
    TriangleGrid g(3, 7, 20);
    EXPECT_TRUE(TriangleGrid::points_up({0, 0}));
    EXPECT_FALSE(TriangleGrid::points_up({0, 1}));
    EXPECT_EQ(*g.neighbour({0, 0}, 2), (Cell{1, 0}));  // up triangle: the one below
    EXPECT_EQ(*g.neighbour({1, 0}, 2), (Cell{0, 0}));  // down triangle: the one above
    EXPECT_FALSE(g.neighbour({0, 1}, 2));               // down triangle in the top row
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 7; ++c) {
            if (auto n = g.neighbour({r, c}, 0)) { EXPECT_EQ(*g.neighbour(*n, 1), (Cell{r, c})); }
            if (auto n = g.neighbour({r, c}, 2)) { EXPECT_EQ(*g.neighbour(*n, 2), (Cell{r, c})); }
        }
    expect_centres_map_back(g);
    // Just inside each side of the shared edge of (0,0) up and (0,1) down.
    const float h = g.row_height();
    EXPECT_EQ(*g.cell_at(14.5f, h * 0.5f), (Cell{0, 0}));
    EXPECT_EQ(*g.cell_at(15.5f, h * 0.5f), (Cell{0, 1}));
    EXPECT_FALSE(g.cell_at(1, 1)); // left of the first up triangle's slope
}
