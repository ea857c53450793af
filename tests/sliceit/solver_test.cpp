// The solver on the bundled pack and on small levels: answers confirmed by the rules, limits honoured.
#include "fit.hpp"
#include "sliceit_test_support.hpp"
#include "solver.hpp"
#include "strokes_text.hpp"

#include <gtest/gtest.h>

#include <filesystem>

using namespace sliceit;
using namespace sliceit::test;

namespace {

pz_solve_request limits(double seconds, uint64_t nodes = 0) {
    pz_solve_request request{};
    request.struct_size = sizeof request;
    request.time_limit_s = seconds;
    request.node_limit = nodes;
    return request;
}

} // namespace

TEST(SliceItSolver, SolvesTheHouseFast) {
    const auto level = level_from(data_file("house.sliceit"));
    const pz_solve_request request = limits(5);
    pluzzle::SolveControl control(&request, nullptr);
    const SolveReport report = solve_level(*level, control);
    ASSERT_EQ(report.status, PZ_SOLVE_SOLVED);
    EXPECT_LT(control.elapsed_s(), 0.5);
    ASSERT_EQ(report.strokes.size(), 5u);
    const Verdict v = judge(Board(*level), report.strokes);
    EXPECT_TRUE(v.solved) << v.message;
    EXPECT_EQ(v.counted, 10);
    // Through a text round trip too: the solution text decodes to the same cut.
    EXPECT_TRUE(judge(Board(*level), decode_strokes(encode_strokes(report.strokes))).solved);
}

TEST(SliceItSolver, SolvesEveryBundledLevel) {
    for (const auto &entry : std::filesystem::directory_iterator(std::string(PLUZZLE_SOURCE_DIR) + "/data/sliceit")) {
        if (entry.path().extension() != ".sliceit") continue;
        SCOPED_TRACE(entry.path().filename().string());
        const auto level = level_from(data_file(entry.path().filename().string()));
        const pz_solve_request request = limits(120); // a safety net, not a target: CI machines share their cores
        pluzzle::SolveControl control(&request, nullptr);
        const SolveReport report = solve_level(*level, control);
        ASSERT_EQ(report.status, PZ_SOLVE_SOLVED);
        const Verdict v = judge(Board(*level), report.strokes);
        EXPECT_TRUE(v.solved) << v.message;
        EXPECT_EQ(int(report.strokes.size()), level->strokes);
        EXPECT_LE(v.largest_deviation, level->tolerance);
        const Board board(*level);
        // Every stroke is in view: unneeded strokes become slits or copies, never parked outside the picture.
        const double reach = 0.6 * board.scale;
        for (const Stroke &s : report.strokes) {
            EXPECT_FALSE(touches_forbidden(board, s));
            for (const Vec &p : {s.a, s.b}) {
                EXPECT_GE(p.x, board.box.x0 - reach);
                EXPECT_LE(p.x, board.box.x1 + reach);
                EXPECT_GE(p.y, board.box.y0 - reach);
                EXPECT_LE(p.y, board.box.y1 + reach);
            }
        }
    }
}

TEST(SliceItSolver, UnneededStrokesBecomeSlitsThatChangeNothing) {
    // One cut halves the square; the other two strokes are not needed.
    const auto level = level_from(square_level(3, 2));
    const pz_solve_request request = limits(5);
    pluzzle::SolveControl control(&request, nullptr);
    const SolveReport report = solve_level(*level, control);
    ASSERT_EQ(report.status, PZ_SOLVE_SOLVED);
    ASSERT_EQ(report.strokes.size(), 3u);
    int inside = 0;
    for (const Stroke &s : report.strokes)
        inside += s.a.x > 0 && s.a.x < 100 && s.a.y > 0 && s.a.y < 100 && s.b.x > 0 && s.b.x < 100 && s.b.y > 0 &&
                  s.b.y < 100;
    EXPECT_EQ(inside, 2) << "two slits strictly inside a piece";
    EXPECT_TRUE(judge(Board(*level), report.strokes).solved);
}

TEST(SliceItSolver, ImpossibleButValidLevelEndsAtTheLimit) {
    // Halves of 400 with one stroke, but a separate 10x10 square holds 25 %: any part of it above the sliver
    // threshold is a piece far from 50 %. Validation cannot see that; the solver must stop at its limit.
    const std::string text =
        "{\"sliceit\": 1, \"strokes\": 1, \"pieces\": 2, \"tolerance\": 1, \"shapes\": ["
        "{\"outer\": [[0,0],[10,0],[10,10],[0,10]]}, {\"outer\": [[20,0],[50,0],[50,10],[20,10]]}]}";
    const auto level = level_from(text);
    const pz_solve_request request = limits(0.3);
    pluzzle::SolveControl control(&request, nullptr);
    const SolveReport report = solve_level(*level, control);
    EXPECT_EQ(report.status, PZ_SOLVE_LIMIT);
    EXPECT_LT(control.elapsed_s(), 1.5);
}

TEST(SliceItSolver, NodeLimitStopsTheSearch) {
    const auto level = level_from(data_file("holes-07-ring-five.sliceit"));
    const pz_solve_request request = limits(0, 50);
    pluzzle::SolveControl control(&request, nullptr);
    const SolveReport report = solve_level(*level, control);
    EXPECT_EQ(report.status, PZ_SOLVE_LIMIT);
    EXPECT_LT(control.nodes(), 2000u);
}

TEST(SliceItFit, LevenbergMarquardtSolvesASmoothSystem) {
    // x^2 + y^2 = 2, x - y = 0 from (3, 0.5): the root (1, 1).
    std::vector<double> p{3, 0.5};
    const double cost = fit(
        p,
        [](const std::vector<double> &q, std::vector<double> &r) {
            r = {q[0] * q[0] + q[1] * q[1] - 2, q[0] - q[1]};
            return true;
        },
        [](const std::vector<double> &, const std::vector<double> &) { return false; }, FitOptions{});
    EXPECT_LT(cost, 1e-12);
    EXPECT_NEAR(p[0], 1, 1e-5);
    EXPECT_NEAR(p[1], 1, 1e-5);
}
