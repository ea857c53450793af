// The game's semantics on hand-made cuts: full crossings, slits, concave parts, holes, vertices, edges, forbidden
// zones, slivers and the tolerance.
#include "cut.hpp"
#include "sliceit_test_support.hpp"

#include <gtest/gtest.h>

using namespace sliceit;
using namespace sliceit::test;

namespace {

std::vector<double> shares(const Level &level, const std::vector<Stroke> &strokes) {
    const Board board(level);
    std::vector<double> out;
    for (const Piece &p : cut_board(board, strokes).pieces)
        out.push_back(100 * p.area / board.total);
    return out;
}

} // namespace

TEST(SliceItRules, HouseSeedAnswerThroughTheApexIsValid) {
    const auto level = level_from(data_file("house.sliceit"));
    // x = 170 through the apex vertex, and four horizontal lines that cut 4200 (20 %) slabs of the 21000 area.
    std::vector<Stroke> strokes{{{170, 0}, {170, 260}}};
    for (double y : {30 + 100 * std::sqrt(0.6), 140.0, 170.0, 200.0})
        strokes.push_back({{90, y}, {250, y}});
    const Verdict v = judge(Board(*level), strokes);
    EXPECT_TRUE(v.solved) << v.message;
    EXPECT_EQ(v.counted, 10);
    EXPECT_LT(v.largest_deviation, 1e-9);
}

TEST(SliceItRules, FullCrossingSplitsAndSlitDoesNot) {
    const auto level = level_from(square_level(1, 2));
    EXPECT_EQ(shares(*level, {{{50, -10}, {50, 110}}}).size(), 2u);
    EXPECT_EQ(shares(*level, {{{50, -10}, {50, 60}}}).size(), 1u) << "a stroke ending inside leaves a slit";
    EXPECT_EQ(shares(*level, {{{50, 20}, {50, 80}}}).size(), 1u) << "a stroke inside only";
    EXPECT_EQ(shares(*level, {{{50, 0}, {50, 100}}}).size(), 2u) << "ending exactly on the boundary crosses";
}

TEST(SliceItRules, TJunctionSeparatesAndAGapDoesNot) {
    const auto level = level_from(square_level(2, 3));
    const Stroke across{{-10, 50}, {110, 50}};
    EXPECT_EQ(shares(*level, {across, {{50, -10}, {50, 50}}}).size(), 3u) << "ending on another stroke";
    EXPECT_EQ(shares(*level, {across, {{50, -10}, {50, 49}}}).size(), 2u) << "stopping short of it";
}

TEST(SliceItRules, ConcavePieceFallsIntoSeveralParts) {
    // A comb: one horizontal stroke across the teeth cuts off three teeth and the base.
    const auto level = level_from(data_file("concave-05-comb.sliceit"));
    const std::vector<double> s = shares(*level, {{{-10, 300}, {310, 300}}});
    ASSERT_EQ(s.size(), 4u);
    for (double v : s)
        EXPECT_NEAR(v, 25, 1e-9);
    // The same stroke stopped in the middle tooth: only the first tooth and a half are cut off.
    EXPECT_EQ(shares(*level, {{{-10, 300}, {150, 300}}}).size(), 2u);
}

TEST(SliceItRules, StrokeFromOuterRingToAHoleSplitsNothing) {
    const auto level = level_from(data_file("holes-01-frame.sliceit"));
    EXPECT_EQ(shares(*level, {{{150, -10}, {150, 150}}}).size(), 1u);
    EXPECT_EQ(shares(*level, {{{150, -10}, {150, 310}}}).size(), 2u);
}

TEST(SliceItRules, StrokeAlongAnEdgeOrThroughAVertexOnly) {
    const auto level = level_from(square_level(1, 1));
    EXPECT_EQ(shares(*level, {{{-10, 0}, {110, 0}}}).size(), 1u) << "along an edge";
    EXPECT_EQ(shares(*level, {{{-10, 10}, {10, -10}}}).size(), 1u) << "touching a corner only";
    const std::vector<double> diagonal = shares(*level, {{{-10, -10}, {110, 110}}});
    ASSERT_EQ(diagonal.size(), 2u) << "through two vertices";
    EXPECT_NEAR(diagonal[0], 50, 1e-9);
}

TEST(SliceItRules, ForbiddenZonesAndCounts) {
    const auto level = level_from(data_file("forbidden-04-inside.sliceit"));
    const Board board(*level);
    EXPECT_TRUE(touches_forbidden(board, {{150, -10}, {150, 310}}));
    EXPECT_TRUE(touches_forbidden(board, {{140, -10}, {140, 310}})) << "touching the border counts";
    EXPECT_FALSE(touches_forbidden(board, {{139, -10}, {139, 310}}));
    const Verdict crossing = judge(board, {{{150, -10}, {150, 310}}, {{-10, 100}, {310, 100}}});
    EXPECT_FALSE(crossing.solved);
    EXPECT_NE(crossing.message.find("forbidden"), std::string::npos);
    const Verdict too_few = judge(board, {{{100, -10}, {100, 310}}});
    EXPECT_FALSE(too_few.solved);
    EXPECT_NE(too_few.message.find("1 of 2 strokes"), std::string::npos) << too_few.message;
    // Three vertical thirds of the square: solved.
    EXPECT_TRUE(judge(board, {{{100, -10}, {100, 310}}, {{200, -10}, {200, 310}}}).solved);
}

TEST(SliceItRules, SliversAreIgnoredAndToleranceIsInclusive) {
    const auto level = level_from(square_level(2, 2));
    const Board board(*level);
    // A 0.5 % sliver at the edge is not counted; the rest is split 49.75 / 49.75.
    const Verdict v = judge(board, {{{0.5, -10}, {0.5, 110}}, {{50.25, -10}, {50.25, 110}}});
    EXPECT_TRUE(v.solved) << v.message;
    EXPECT_EQ(v.counted, 2);
    // 53 / 47: exactly 3 points off is accepted, 3.5 is not.
    EXPECT_TRUE(judge(board, {{{53, -10}, {53, 110}}, {{-20, -10}, {-20, 110}}}).solved);
    EXPECT_FALSE(judge(board, {{{53.5, -10}, {53.5, 110}}, {{-20, -10}, {-20, 110}}}).solved);
}

TEST(SliceItRules, OrderOfStrokesDoesNotMatter) {
    const auto level = level_from(data_file("concave-01-l-shape.sliceit"));
    std::vector<Stroke> strokes{{{-10, 150}, {200, 150}}, {{50, -10}, {50, 310}}, {{150, 250}, {310, 250}}};
    const std::vector<double> forward = shares(*level, strokes);
    std::reverse(strokes.begin(), strokes.end());
    const std::vector<double> backward = shares(*level, strokes);
    ASSERT_EQ(forward.size(), backward.size());
    for (size_t i = 0; i < forward.size(); ++i)
        EXPECT_NEAR(forward[i], backward[i], 1e-9);
}
