// Concave polygons (sliceit's pieces) are filled as triangles that cover exactly the polygon.
#include "polygon_fill.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

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
// What the renderer relies on: three distinct vertices of the input per triangle, and (each clipped ear removes
// one vertex and the last three make one triangle) at most n - 2 triangles.
void expect_well_formed(const std::vector<pz_point> &p, const std::vector<std::array<int, 3>> &triangles) {
    EXPECT_LE(triangles.size(), p.size() < 3 ? 0 : p.size() - 2);
    for (const auto &t : triangles) {
        for (int i : t) {
            EXPECT_GE(i, 0);
            EXPECT_LT(i, int(p.size()));
        }
        EXPECT_TRUE(t[0] != t[1] && t[1] != t[2] && t[0] != t[2]) << t[0] << " " << t[1] << " " << t[2];
    }
}
// Whether point q lies inside (or on) one of the triangles.
bool covered(const std::vector<pz_point> &p, const std::vector<std::array<int, 3>> &triangles, pz_point q) {
    auto side = [](pz_point o, pz_point a, pz_point b) {
        return double(a.x - o.x) * (b.y - o.y) - double(a.y - o.y) * (b.x - o.x);
    };
    for (const auto &t : triangles) {
        const pz_point a = p[size_t(t[0])], b = p[size_t(t[1])], c = p[size_t(t[2])];
        const double s1 = side(a, b, q), s2 = side(b, c, q), s3 = side(c, a, q);
        if ((s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)) return true;
    }
    return false;
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

// Degenerate input: ear clipping must end (a version that never gives up loops forever here, which ctest's
// timeout reports) and hand back only what it could clip, so the renderer can draw it without reading out of range.
TEST(PolygonFill, DegenerateInputEndsWithoutLooping) {
    EXPECT_TRUE(triangulate({}).empty());
    EXPECT_TRUE(triangulate({{0, 0}, {1, 1}}).empty());

    // Collinear points enclose nothing: whatever comes back must cover no area.
    const std::vector<std::pair<std::string, std::vector<pz_point>>> lines = {
        {"four on a line", {{0, 0}, {1, 0}, {2, 0}, {3, 0}}},
        {"doubling back", {{0, 0}, {3, 0}, {1, 0}, {2, 0}}},
        {"three on a slope", {{0, 0}, {1, 2}, {2, 4}}},
        {"one point four times", {{5, 5}, {5, 5}, {5, 5}, {5, 5}}},
    };
    for (const auto &[name, line] : lines) {
        SCOPED_TRACE(name);
        const auto triangles = triangulate(line);
        expect_well_formed(line, triangles);
        EXPECT_EQ(total(line), 0.0);
    }

    // A bow tie crosses itself at (50, 50), its two lobes wind opposite ways and its signed area is 0. The SVG
    // renderer (fill-rule nonzero) fills both lobes, so the editor's fill must cover both too: an early "zero area,
    // nothing to fill" exit would draw nothing. Each triangle clipped is a real ear (positive area).
    const std::vector<pz_point> bow = {{0, 0}, {100, 100}, {100, 0}, {0, 100}};
    for (const auto &tie : {bow, std::vector<pz_point>(bow.rbegin(), bow.rend())}) {
        SCOPED_TRACE(tie[0].y == 0 ? "bow tie" : "bow tie, reversed");
        const auto triangles = triangulate(tie);
        expect_well_formed(tie, triangles);
        for (const auto &t : triangles)
            EXPECT_GT(area(tie, t), 0) << t[0] << " " << t[1] << " " << t[2];
        EXPECT_TRUE(covered(tie, triangles, {15, 50})) << "left lobe, (0,0)-(0,100)-(50,50)";
        EXPECT_TRUE(covered(tie, triangles, {85, 50})) << "right lobe, (100,100)-(100,0)-(50,50)";
    }
}
