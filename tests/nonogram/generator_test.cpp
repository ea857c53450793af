// generator_test.cpp -- the nonogram generator: parameters, determinism per seed, density, and uniqueness proved
// by the solver for several sizes and densities.
#include "formats.hpp"
#include "generator.hpp"
#include "solver.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace nonogram;

namespace {

Puzzle make(int w, int h, double density, uint64_t seed, bool unique = true) {
    GeneratorOptions o;
    o.width = w;
    o.height = h;
    o.density = density;
    o.unique = unique;
    pluzzle::SolveControl control(nullptr, nullptr);
    return generate_puzzle(o, seed, control);
}

} // namespace

TEST(NonogramGenerator, DeclaresItsParameters) {
    const auto params = generator_params();
    ASSERT_EQ(params.size(), 5u);
    EXPECT_EQ(params[0].name, "width");
    EXPECT_EQ(params[0].default_value, "20");
    EXPECT_EQ(params[0].max, 100);
    EXPECT_EQ(params[2].name, "density");
    EXPECT_EQ(params[2].type, PZ_PARAM_REAL);
    EXPECT_EQ(params[3].name, "unique");
    EXPECT_EQ(params[3].type, PZ_PARAM_BOOL);
    EXPECT_EQ(params[4].name, "difficulty");
    EXPECT_EQ(params[4].default_value, "-1"); // any
    // Through pluzzle::Params, defaults apply and the range is checked.
    pluzzle::Params given(params, {{"width", "7"}, {"height", "5"}});
    pluzzle::SolveControl control(nullptr, nullptr);
    auto p = generate_puzzle(given, 3, control);
    EXPECT_EQ(p.width, 7);
    EXPECT_EQ(p.height, 5);
    EXPECT_THROW(pluzzle::Params(params, {{"density", "0.99"}}), pluzzle::Error);
    EXPECT_THROW(pluzzle::Params(params, {{"width", "101"}}), pluzzle::Error);
}

TEST(NonogramGenerator, SameSeedSameLevel) {
    for (uint64_t seed : {1u, 2u, 99u}) {
        const std::string a = encode_canonical(make(15, 12, 0.5, seed));
        const std::string b = encode_canonical(make(15, 12, 0.5, seed));
        EXPECT_EQ(a, b);
        EXPECT_NE(a.find("seed=" + std::to_string(seed)), std::string::npos) << a;
    }
    EXPECT_NE(encode_canonical(make(15, 12, 0.5, 1)), encode_canonical(make(15, 12, 0.5, 2)));
}

TEST(NonogramGenerator, NonUniquePictureKeepsTheDensity) {
    auto p = make(40, 40, 0.3, 5, false);
    EXPECT_NO_THROW(validate_puzzle(p));
    size_t filled = 0;
    for (char c : p.goal) filled += c == '1';
    EXPECT_NEAR(double(filled) / 1600.0, 0.3, 0.05);
}

TEST(NonogramGenerator, UniqueForSeveralSizesAndDensities) {
    struct Case {
        int w, h;
        double density;
    };
    for (const Case c : {Case{1, 1, 0.5}, Case{5, 5, 0.5}, Case{10, 10, 0.5}, Case{20, 15, 0.3}, Case{15, 20, 0.7},
                         Case{25, 25, 0.5}, Case{30, 30, 0.5}, Case{30, 30, 0.1}, Case{20, 20, 0.95},
                         Case{20, 20, 0.05}}) {
        for (uint64_t seed : {1u, 2u}) {
            SCOPED_TRACE(std::to_string(c.w) + "x" + std::to_string(c.h) + " density " + std::to_string(c.density) +
                         " seed " + std::to_string(seed));
            auto p = make(c.w, c.h, c.density, seed);
            ASSERT_NO_THROW(validate_puzzle(p));
            EXPECT_TRUE(satisfies(p, goal_grid(p))) << "the goal is the final picture";
            pluzzle::SolveControl control(nullptr, nullptr);
            const SolverReport r = solve(p, control);
            EXPECT_EQ(r.status, PZ_SOLVE_UNIQUE);
            ASSERT_EQ(r.solutions.size(), 1u);
            EXPECT_EQ(goal_string(r.solutions[0]), p.goal);
        }
    }
}

// The size the bulk benchmark uses. How fast it generates is measured by build/bin/nonogram_bench against solving
// the same puzzles (docs/BENCHMARKS.md), not here: a wall-clock budget fails on a loaded machine or a sanitizer.
TEST(NonogramGenerator, Unique30x30ForFiveSeeds) {
    std::vector<std::string> seen;
    for (uint64_t seed = 1; seed <= 5; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        auto p = make(30, 30, 0.5, seed);
        ASSERT_NO_THROW(validate_puzzle(p));
        pluzzle::SolveControl control(nullptr, nullptr);
        const SolverReport r = solve(p, control);
        EXPECT_EQ(r.status, PZ_SOLVE_UNIQUE);
        ASSERT_EQ(r.solutions.size(), 1u);
        EXPECT_EQ(goal_string(r.solutions[0]), p.goal);
        EXPECT_EQ(std::count(seen.begin(), seen.end(), p.goal), 0) << "another seed gave the same picture";
        seen.push_back(p.goal);
    }
}

TEST(NonogramGenerator, StopsWhenTheControlSaysSo) {
    pz_solve_request request{};
    request.struct_size = sizeof request;
    request.should_stop = [](void *) { return 1; };
    pluzzle::SolveControl control(&request, nullptr);
    GeneratorOptions o;
    o.width = o.height = 30;
    try {
        generate_puzzle(o, 1, control);
        FAIL() << "expected a stop";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.code(), PZ_ERR_STOPPED);
    }
}

// Issue 16: a target difficulty is honoured -- each puzzle's own solve grades it within 0.75 of the target, in each
// band -- deterministically, and a target the size cannot reach is refused naming the closest it found.
TEST(NonogramGenerator, ATargetDifficultyIsMetOrRefusedWithTheClosest) {
    const auto grade = [](const Puzzle &p) {
        pluzzle::SolveControl control(nullptr, nullptr);
        const SolverReport r = solve(p, control);
        EXPECT_EQ(r.status, PZ_SOLVE_UNIQUE);
        return estimate_difficulty(r);
    };
    GeneratorOptions o;
    o.width = o.height = 15;
    for (const double target : {2.0, 4.5}) {
        pluzzle::SolveControl control(nullptr, nullptr);
        const auto p = generate_near_difficulty(o, target, 7, control);
        const pluzzle::Difficulty d = grade(p);
        EXPECT_NEAR(d.value, target, 0.75) << d.label;
        EXPECT_EQ(d.label, target < 4 ? "line logic" : "probing");
        pluzzle::SolveControl again(nullptr, nullptr);
        EXPECT_EQ(encode_canonical(generate_near_difficulty(o, target, 7, again)), encode_canonical(p));
        EXPECT_NE(encode_canonical(p).find("difficulty=" + std::to_string(int(target))), std::string::npos);
    }
    o.width = o.height = 3;
    try {
        pluzzle::SolveControl control(nullptr, nullptr);
        generate_near_difficulty(o, 9, 1, control);
        FAIL() << "a 3x3 nonogram of difficulty 9 was made";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.field(), "difficulty");
        EXPECT_NE(std::string(e.what()).find("the closest was"), std::string::npos) << e.what();
    }
}
