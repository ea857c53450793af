// The whole solver with each search back end (line_cdcl, CaDiCaL, the DFS alone); what the two learning back
// ends must each do on their own is in learning_backends_test.cpp.
#include "formats.hpp"
#include "small_puzzles.hpp"
#include "solver.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"

#include <random>

namespace {

using namespace nonogram;
using namespace nonogram::testing;

// The whole solver gives the same status with each search back end on puzzles that need search.
TEST(SearchBackEnds, SolverStatusIsTheSameWithEverySearch) {
    std::mt19937 rng(17);
    int searched = 0; // trials where logic alone did not finish, so the search back ends really ran
    for (int t = 0; t < 40; ++t) {
        const Puzzle p = random_picture_puzzle(rng, 12, 12, 2);
        SolverOptions dfs;
        dfs.learning = Learning::kNone;
        pz_solve_request req;
        pluzzle::SolveControl c0 = unlimited_control(req);
        const SolverReport b = solve(p, c0, dfs);
        ASSERT_NE(b.status, PZ_SOLVE_UNSOLVABLE);
        searched += b.branches > 0;
        // Clause learning (either kind) at once, and after a DFS cut short (whose solutions it must not repeat),
        // guided by beliefs (the default) or not.
        for (const Learning learning : {Learning::kLines, Learning::kCnf})
        for (const uint64_t after : {uint64_t(0), uint64_t(40)})
        for (const unsigned rounds : {0u, 100u}) {
            SolverOptions sat;
            sat.learning = learning;
            sat.learn_after_line_solves = after;
            sat.belief_rounds = rounds;
            pz_solve_request req2;
            pluzzle::SolveControl c1 = unlimited_control(req2);
            const SolverReport a = solve(p, c1, sat);
            ASSERT_EQ(a.status, b.status) << "trial " << t << " after " << after;
            ASSERT_EQ(a.solutions.size(), b.solutions.size());
            if (a.solutions.size() == 2) { EXPECT_FALSE(a.solutions[0] == a.solutions[1]); }
            for (const Grid &g : a.solutions) ASSERT_TRUE(satisfies(p, g));
            if (a.status == PZ_SOLVE_UNIQUE) { EXPECT_EQ(a.solutions, b.solutions); }
        }
    }
    EXPECT_GE(searched, 10);
}

// Lines over 126 cells are beyond line_cdcl's masks: the default search hands them to CaDiCaL, which must still
// decide the puzzle (a picture's clues: at least that picture solves them).
TEST(SearchBackEnds, LinesTooLongForLineCdclGoToCadical) {
    std::mt19937 rng(29);
    int searched = 0;
    for (int t = 0; t < 6; ++t) {
        Grid pic(130, 4);
        for (auto &c : pic.cells) c = int8_t(rng() % 5 < 2);
        Puzzle p;
        derive_clues(pic, p);
        pz_solve_request req;
        pluzzle::SolveControl control = unlimited_control(req);
        const SolverReport r = solve(p, control, SolverOptions{}); // learning = kLines, the default
        ASSERT_TRUE(r.status == PZ_SOLVE_UNIQUE || r.status == PZ_SOLVE_MULTIPLE) << "trial " << t;
        ASSERT_FALSE(r.solutions.empty());
        for (const Grid &g : r.solutions) ASSERT_TRUE(satisfies(p, g));
        if (r.status == PZ_SOLVE_UNIQUE) { EXPECT_EQ(r.solutions[0], pic); }
        EXPECT_EQ(r.conflicts, 0u); // line_cdcl (the only back end counting conflicts) never ran
        searched += r.logic_fraction < 1.0;
    }
    EXPECT_GE(searched, 3); // logic alone left cells open, so the learning back end really ran
}

// Knotty (40x40, bundled; logic leaves 95% of it open, and it has more than one solution): beliefs decide it with
// each learning back end, well within a node budget that the unguided line_cdcl search runs out of.
TEST(SearchBackEnds, BeliefsDecideKnottyWithEachBackEndAndWithoutThemTheBudgetRunsOut) {
    auto levels = parse_levels(pluzzle::test::read_file(std::string(PLUZZLE_SOURCE_DIR) + "/data/nonogram/knotty.non"), "");
    const Puzzle p = levels.at(0).level;
    // Nodes: line solves, probes, decisions, conflicts, belief rounds' lines. Each guided back end needs ~17,000.
    constexpr uint64_t kBudget = 100000;
    for (const Learning learning : {Learning::kLines, Learning::kCnf}) {
        SolverOptions guided;
        guided.learning = learning;
        pz_solve_request req{};
        req.struct_size = sizeof req;
        req.node_limit = kBudget;
        pluzzle::SolveControl control(&req, nullptr);
        const SolverReport r = solve(p, control, guided);
        ASSERT_EQ(r.status, PZ_SOLVE_MULTIPLE) << "learning " << int(learning);
        ASSERT_EQ(r.solutions.size(), 2u);
        EXPECT_FALSE(r.solutions[0] == r.solutions[1]);
        for (const Grid &g : r.solutions) EXPECT_TRUE(satisfies(p, g));
        EXPECT_GT(r.belief_rounds, 0u);
    }
    SolverOptions unguided;
    unguided.belief_rounds = 0;
    pz_solve_request req{};
    req.struct_size = sizeof req;
    req.node_limit = kBudget;
    pluzzle::SolveControl control(&req, nullptr);
    const SolverReport r = solve(p, control, unguided);
    EXPECT_EQ(r.status, PZ_SOLVE_LIMIT); // a node limit stops this path too
    EXPECT_EQ(r.belief_rounds, 0u);
}

} // namespace
