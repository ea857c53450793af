// Concave polygons (sliceit's pieces) are filled as triangles that cover exactly the polygon.
#include "polygon_fill.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace pluzzle::editor;

namespace {
double area(const std::vector<pz_point> &p, const std::array<int, 3> &t) {
    const pz_point a = p[size_t(t[0])], b = p[size_t(t[1])], c = p[size_t(t[2])];
    return std::abs(double(b.x - a.x) * (c.y - a.y) - double(b.y - a.y) * (c.x - a.x)) / 2;
}
double total(const std::vector<pz_point> &p) {
    double sum = 0;
    for (auto &t : triangulate(p))
        sum += area(p, t);
    return sum;
}
} // namespace

TEST(PolygonFill, ConvexShapesAreRecognised) {
    EXPECT_TRUE(is_convex({{0, 0}, {1, 0}, {1, 1}, {0, 1}}));
    EXPECT_TRUE(is_convex({{0, 0}, {1, 0}, {2, 0}, {1, 1}})); // a flat vertex does not make it concave
    EXPECT_FALSE(is_convex({{0, 0}, {100, 0}, {100, 200}, {300, 200}, {300, 300}, {0, 300}}));
}

TEST(PolygonFill, AnLShapeInEitherOrientationIsCoveredExactly) {
    std::vector<pz_point> l = {{0, 0}, {100, 0}, {100, 200}, {300, 200}, {300, 300}, {0, 300}};
    EXPECT_EQ(triangulate(l).size(), 4u);
    EXPECT_NEAR(total(l), 50000, 1e-6);
    std::vector<pz_point> reversed(l.rbegin(), l.rend());
    EXPECT_NEAR(total(reversed), 50000, 1e-6);
    std::vector<pz_point> comb = {{0, 0}, {10, 0}, {10, 5}, {20, 5}, {20, 0}, {30, 0}, {30, 10}, {0, 10}};
    EXPECT_NEAR(total(comb), 250, 1e-6);
}

TEST(PolygonFill, DegenerateInputEndsWithoutLooping) {
    EXPECT_TRUE(triangulate({{0, 0}, {1, 1}}).empty());
    triangulate({{0, 0}, {1, 0}, {2, 0}, {3, 0}}); // all collinear
    triangulate({{0, 0}, {1, 1}, {1, 0}, {0, 1}}); // self-intersecting bow tie
}
