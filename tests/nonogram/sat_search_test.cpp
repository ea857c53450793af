// The CaDiCaL back end on its own: from an empty or partly decided grid it must find exactly the solutions brute
// force finds, never repeat a solution it was told about, and stop when told to.
#include "sat_search.hpp"
#include "small_puzzles.hpp"
#include "solver.hpp"

#include <gtest/gtest.h>

#include <random>

namespace {

using namespace nonogram;
using namespace nonogram::testing;

TEST(SatSearch, EnumeratesExactlyTheBruteForceSolutions) {
    std::mt19937 rng(11);
    int with_many = 0, with_none = 0;
    for (int t = 0; t < 300; ++t) {
        const Puzzle p = random_puzzle(rng, t % 4 == 0);
        const std::vector<Grid> truth = all_solutions_brute(p);
        pz_solve_request req;
        pluzzle::SolveControl control = unlimited_control(req);
        const SatResult r = sat_search(p, Grid(p.width, p.height), {}, 1000, control);
        ASSERT_FALSE(r.stopped);
        ASSERT_EQ(r.solutions.size(), truth.size()) << "trial " << t;
        for (const Grid &g : r.solutions) ASSERT_TRUE(contains(truth, g)) << "trial " << t;
        with_many += truth.size() >= 2;
        with_none += truth.empty();
    }
    EXPECT_GT(with_many, 20);
    EXPECT_GT(with_none, 20);
}

TEST(SatSearch, RespectsDecidedCellsAndKnownSolutions) {
    std::mt19937 rng(5);
    for (int t = 0; t < 200; ++t) {
        const Puzzle p = random_puzzle(rng, false);
        const std::vector<Grid> truth = all_solutions_brute(p);
        ASSERT_FALSE(truth.empty());
        // Decide one random cell as in the first solution: only solutions agreeing there may come back.
        Grid start(p.width, p.height);
        const size_t cell = rng() % start.cells.size();
        start.cells[cell] = truth[0].cells[cell];
        size_t agreeing = 0;
        for (const Grid &g : truth) agreeing += g.cells[cell] == start.cells[cell];
        pz_solve_request req;
        pluzzle::SolveControl control = unlimited_control(req);
        const std::vector<Grid> known = {truth[0]};
        const SatResult r = sat_search(p, start, known, 1000, control);
        ASSERT_EQ(r.solutions.size(), agreeing - 1) << "trial " << t;
        for (const Grid &g : r.solutions) {
            EXPECT_FALSE(g == truth[0]);
            EXPECT_EQ(g.cells[cell], start.cells[cell]);
        }
    }
}

TEST(SatSearch, ContradictoryStartHasNoSolution) {
    Puzzle p;
    p.width = 3;
    p.height = 1;
    p.rows = {{3}};
    p.cols = {{1}, {1}, {1}};
    Grid start(3, 1);
    start.cells[1] = kEmpty; // the row's run of 3 needs every cell
    pz_solve_request req;
    pluzzle::SolveControl control = unlimited_control(req);
    const SatResult r = sat_search(p, start, {}, 2, control);
    EXPECT_FALSE(r.stopped);
    EXPECT_TRUE(r.solutions.empty());
}

TEST(SatSearch, StopsWhenControlSaysSo) {
    // A 40x40 random picture leaves work after logic; a host that always says stop must be obeyed.
    std::mt19937 rng(3);
    Grid pic(40, 40);
    for (auto &c : pic.cells) c = int8_t(rng() & 1u);
    Puzzle p;
    derive_clues(pic, p);
    pz_solve_request req{};
    req.struct_size = sizeof req;
    req.should_stop = [](void *) { return 1; };
    pluzzle::SolveControl control(&req, nullptr);
    const SatResult r = sat_search(p, Grid(40, 40), {}, 2, control);
    EXPECT_TRUE(r.stopped);
}

// The whole solver gives the same status with each search back end on puzzles that need search.
TEST(SatSearch, SolverStatusIsTheSameWithEverySearch) {
    std::mt19937 rng(17);
    int searched = 0; // trials where logic alone did not finish, so the search back ends really ran
    for (int t = 0; t < 40; ++t) {
        Grid pic(12, 12);
        for (auto &c : pic.cells) c = int8_t(rng() % 5 < 2);
        Puzzle p;
        derive_clues(pic, p);
        SolverOptions dfs;
        dfs.learning = Learning::kNone;
        pz_solve_request req;
        pluzzle::SolveControl c0 = unlimited_control(req);
        const SolverReport b = solve(p, c0, dfs);
        ASSERT_NE(b.status, PZ_SOLVE_UNSOLVABLE);
        searched += b.branches > 0;
        // Clause learning (either kind) at once, and after a DFS cut short (whose solutions it must not repeat).
        for (const Learning learning : {Learning::kLines, Learning::kCnf})
        for (const uint64_t after : {uint64_t(0), uint64_t(40)}) {
            SolverOptions sat;
            sat.learning = learning;
            sat.learn_after_line_solves = after;
            pz_solve_request req2;
            pluzzle::SolveControl c1 = unlimited_control(req2);
            const SolverReport a = solve(p, c1, sat);
            ASSERT_EQ(a.status, b.status) << "trial " << t << " after " << after;
            ASSERT_EQ(a.solutions.size(), b.solutions.size());
            if (a.solutions.size() == 2) EXPECT_FALSE(a.solutions[0] == a.solutions[1]);
            for (const Grid &g : a.solutions) ASSERT_TRUE(satisfies(p, g));
            if (a.status == PZ_SOLVE_UNIQUE) EXPECT_EQ(a.solutions, b.solutions);
        }
    }
    EXPECT_GE(searched, 10);
}

} // namespace
