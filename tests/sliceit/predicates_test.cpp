// Exact predicates and the degenerate cuts they decide: strokes exactly through vertices, along edges, on a
// forbidden zone's corner, ending exactly on a boundary or another stroke -- and the same one ulp away.
#include "cut.hpp"
#include "predicates.hpp"
#include "sliceit_test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace sliceit;
using namespace sliceit::test;

namespace {

double up(double v) { return std::nextafter(v, INFINITY); }
double down(double v) { return std::nextafter(v, -INFINITY); }

size_t piece_count(const Level &level, std::vector<Stroke> strokes) {
    const Board board(level);
    const size_t count = cut_board(board, strokes).pieces.size();
    // Consistency: neither the strokes' direction nor their order may change the answer.
    for (Stroke &s : strokes)
        std::swap(s.a, s.b);
    std::reverse(strokes.begin(), strokes.end());
    EXPECT_EQ(cut_board(board, strokes).pieces.size(), count);
    return count;
}

// The exact sign for points on the grid of multiples of 2^-53 below 32: integers below 2^58, products in __int128.
int reference_orient(const Vec &a, const Vec &b, const Vec &c) {
    auto n = [](double v) { return __int128(std::ldexp(v, 53)); };
    const __int128 v = (n(b.x) - n(a.x)) * (n(c.y) - n(a.y)) - (n(b.y) - n(a.y)) * (n(c.x) - n(a.x));
    return (v > 0) - (v < 0);
}

} // namespace

TEST(SliceItPredicates, OrientationIsExactNearCollinearity) {
    // Shewchuk's classic: a point swept ulp by ulp past the line through (12, 12) and (24, 24).
    const double ulp = std::ldexp(1.0, -53);
    int positives = 0, negatives = 0, zeros = 0;
    for (int i = 0; i < 64; ++i)
        for (int j = 0; j < 64; ++j) {
            const Vec a{0.5 + i * ulp, 0.5 + j * ulp}, b{12, 12}, c{24, 24};
            const int o = orient2d(a, b, c);
            ASSERT_EQ(o, reference_orient(a, b, c)) << i << " " << j;
            ASSERT_EQ(orient2d(b, c, a), o);
            ASSERT_EQ(orient2d(b, a, c), -o);
            positives += o > 0, negatives += o < 0, zeros += o == 0;
        }
    EXPECT_GT(positives, 0);
    EXPECT_GT(negatives, 0);
    EXPECT_EQ(zeros, 64); // the diagonal i == j
}

TEST(SliceItPredicates, ForbiddenCornerTouchedExactlyOrMissedByOneUlp) {
    const auto level = level_from(square_level(1, 2, ", \"forbidden\": [[[100,100],[200,100],[200,200],[100,200]]]"));
    const Board board(*level);
    // y = x + 100 meets the zone at the corner (100, 200) only.
    EXPECT_TRUE(touches_forbidden(board, {{0, 100}, {200, 300}}));
    EXPECT_FALSE(touches_forbidden(board, {{0, up(100)}, {200, up(300)}})) << "one ulp off the corner";
    EXPECT_TRUE(touches_forbidden(board, {{0, down(100)}, {200, down(300)}})) << "one ulp into the left edge";
    // Ending exactly on the corner, and one ulp before it.
    EXPECT_TRUE(touches_forbidden(board, {{0, 100}, {100, 200}}));
    EXPECT_FALSE(touches_forbidden(board, {{0, 100}, {down(100), 200}}));
    // Along an edge, and one ulp beside it.
    EXPECT_TRUE(touches_forbidden(board, {{100, 0}, {100, 300}}));
    EXPECT_FALSE(touches_forbidden(board, {{down(100), 0}, {down(100), 300}}));
    // Wholly inside the zone.
    EXPECT_TRUE(touches_forbidden(board, {{120, 120}, {180, 150}}));
}

TEST(SliceItPredicates, StrokeEndingExactlyOnTheBoundaryCrossesAndOneUlpShortIsASlit) {
    const auto level = level_from(square_level(1, 2));
    EXPECT_EQ(piece_count(*level, {{{-10, 20}, {100, 70}}}), 2u) << "slanted, ending exactly on the right edge";
    EXPECT_EQ(piece_count(*level, {{{-10, 20}, {down(100), 70}}}), 1u) << "one ulp short: a slit";
    EXPECT_EQ(piece_count(*level, {{{-10, 20}, {up(100), 70}}}), 2u) << "one ulp past";
    EXPECT_EQ(piece_count(*level, {{{50, -10}, {50, down(100)}}}), 1u);
}

TEST(SliceItPredicates, TJunctionExactlyOnASlantedStrokeOrOneUlpShort) {
    const auto level = level_from(square_level(2, 3));
    const Stroke across{{-10, 30}, {110, 70}}; // passes exactly through (50, 50)
    EXPECT_EQ(piece_count(*level, {across, {{50, -10}, {50, 50}}}), 3u);
    EXPECT_EQ(piece_count(*level, {across, {{50, -10}, {50, down(50)}}}), 2u) << "one ulp short: a gap";
    EXPECT_EQ(piece_count(*level, {across, {{50, -10}, {50, up(50)}}}), 3u) << "one ulp past";
}

TEST(SliceItPredicates, StrokesAlongAnEdgeAndThroughAVertex) {
    const auto house = level_from(data_file("house.sliceit"));
    // Along the roof edge (240, 130)-(170, 30), extended both ways: nothing is cut; one ulp inside, a sliver is.
    EXPECT_EQ(piece_count(*house, {{{247, 140}, {163, 20}}}), 1u);
    EXPECT_EQ(piece_count(*house, {{{down(247), 140}, {down(163), 20}}}), 1u);
    // Through the apex exactly: two cells, no sliver beside the vertex; one ulp beside it, still two halves.
    const Board board(*house);
    const Cut through = cut_board(board, {{{170, 0}, {170, 260}}});
    EXPECT_EQ(through.cells.size(), 2u);
    ASSERT_EQ(through.pieces.size(), 2u);
    EXPECT_DOUBLE_EQ(through.pieces[0].area, through.pieces[1].area);
    EXPECT_EQ(piece_count(*house, {{{up(170), 0}, {up(170), 260}}}), 2u);
    // Ending exactly at the apex from above touches the shape only there: nothing is cut.
    EXPECT_EQ(piece_count(*house, {{{170, 0}, {170, 30}}}), 1u);
}

TEST(SliceItPredicates, ExactlyCollinearStrokesShareTheirLine) {
    // Two halves of one slanted cut, given by different points of the same line: together they cross.
    const auto level = level_from(square_level(2, 2));
    EXPECT_EQ(piece_count(*level, {{{-10, 20}, {50, 50}}, {{50, 50}, {110, 80}}}), 2u);
    // The first half ending one ulp below (50, 50) is on another line; a one-ulp gap joins the two sides.
    EXPECT_EQ(piece_count(*level, {{{-10, 20}, {50, down(50)}}, {{50, 50}, {110, 80}}}), 1u);
}
