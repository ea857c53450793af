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

TEST(Grid, TransposedTrianglesPointLeftAndRightAndShareTheirEdges) {
    const float side = 20, h = side * std::sqrt(3.0f) / 2;
    TriangleGrid g(3, 7, side, {5, 8}, true);
    EXPECT_FLOAT_EQ(g.width(), 3 * h);
    EXPECT_FLOAT_EQ(g.height(), side * 4);
    // (0,0) "points up": transposed, its apex is at the left and its upright edge at the right.
    const auto left = g.polygon({0, 0});
    ASSERT_EQ(left.size(), 3u);
    EXPECT_FLOAT_EQ(left[0].x, 5);
    EXPECT_FLOAT_EQ(left[0].y, 8 + side / 2);
    EXPECT_FLOAT_EQ(left[1].x, 5 + h);
    EXPECT_FLOAT_EQ(left[1].y, 8 + side);
    EXPECT_FLOAT_EQ(left[2].x, 5 + h);
    EXPECT_FLOAT_EQ(left[2].y, 8);
    const auto right = g.polygon({0, 1});
    EXPECT_FLOAT_EQ(right[2].x, 5 + h); // the apex of a "down" triangle, now at the right
    // Every pair of neighbours shares exactly two corners (an edge), and no other pair shares more than one.
    const auto shared = [&](Cell a, Cell b) {
        int n = 0;
        for (const pz_point &p : g.polygon(a))
            for (const pz_point &q : g.polygon(b)) n += std::fabs(p.x - q.x) < 1e-3f && std::fabs(p.y - q.y) < 1e-3f;
        return n;
    };
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 7; ++c) {
            int edges = 0;
            for (int r2 = 0; r2 < 3; ++r2)
                for (int c2 = 0; c2 < 7; ++c2) {
                    if (Cell{r, c} == Cell{r2, c2}) continue;
                    bool adjacent = false;
                    for (int d = 0; d < 3; ++d) adjacent = adjacent || g.neighbour({r, c}, d) == Cell{r2, c2};
                    EXPECT_EQ(shared({r, c}, {r2, c2}) == 2, adjacent) << r << "," << c << " / " << r2 << "," << c2;
                    edges += adjacent;
                }
            EXPECT_GE(edges, 1);
        }
    expect_centres_map_back(g);
    // Just inside each side of the edge (0,0) and (0,1) share, from (5, 8 + side/2) to (5 + h, 8 + side).
    const pz_point mid{5 + h / 2, 8 + side * 3 / 4};
    EXPECT_EQ(*g.cell_at(mid.x + 0.5f, mid.y - 0.5f), (Cell{0, 0}));
    EXPECT_EQ(*g.cell_at(mid.x - 0.5f, mid.y + 0.5f), (Cell{0, 1}));
    EXPECT_FALSE(g.cell_at(6, 9)); // above the first triangle's slope
}
