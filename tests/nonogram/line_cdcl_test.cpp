// The line-level CDCL (line_cdcl.hpp) beyond what learning_backends_test.cpp asks of both back ends: the same
// solution sets as CaDiCaL's CNF back end on puzzles large enough for learning, restarts and clause-database
// reduction to happen, and a clear refusal of lines too long for its masks.
#include "line_cdcl.hpp"
#include "sat_search.hpp"
#include "small_puzzles.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace {

using namespace nonogram;
using namespace nonogram::testing;

std::vector<std::vector<int8_t>> sorted_cells(const std::vector<Grid> &grids) {
    std::vector<std::vector<int8_t>> out;
    for (const Grid &g : grids) out.push_back(g.cells);
    std::sort(out.begin(), out.end());
    return out;
}

// Sparse 9x9 pictures have up to thousands of solutions: enumerating them all makes the search learn, restart
// and block solutions many times over. Both back ends must find the same set (pictures with more solutions than
// the cap are skipped: each back end would stop at a different subset).
TEST(LineCdcl, EnumeratesTheSameSolutionsAsCadical) {
    constexpr unsigned kCap = 3000;
    std::mt19937 rng(23);
    size_t most = 0, compared = 0;
    for (int t = 0; t < 40; ++t) {
        const Puzzle p = random_picture_puzzle(rng, 9, 9, 1);
        pz_solve_request r1, r2;
        pluzzle::SolveControl c1 = unlimited_control(r1), c2 = unlimited_control(r2);
        const SatResult theirs = sat_search(p, Grid(9, 9), {}, kCap, c2);
        if (theirs.solutions.size() >= kCap) continue;
        const LineCdclResult mine = line_cdcl_search(p, Grid(9, 9), {}, kCap, c1);
        ASSERT_FALSE(mine.stopped);
        ASSERT_EQ(sorted_cells(mine.solutions), sorted_cells(theirs.solutions)) << "trial " << t;
        for (const Grid &g : mine.solutions) ASSERT_TRUE(satisfies(p, g));
        most = std::max(most, mine.solutions.size());
        ++compared;
    }
    EXPECT_GE(compared, 25u);
    EXPECT_GT(most, 200u);
}

// Random half-filled 25x25 pictures (the tournament kind) need thousands of conflicts, so the clause database is
// reduced and compacted while reasons are live. Two solutions must be found, or uniqueness proven, as CaDiCaL does.
TEST(LineCdcl, DecidesTournamentSizedPuzzlesAsCadicalDoes) {
    std::mt19937 rng(31);
    uint64_t conflicts = 0;
    for (int t = 0; t < 6; ++t) {
        const Puzzle p = random_picture_puzzle(rng, 25, 25, 2);
        pz_solve_request r1, r2;
        pluzzle::SolveControl c1 = unlimited_control(r1), c2 = unlimited_control(r2);
        const LineCdclResult mine = line_cdcl_search(p, Grid(25, 25), {}, 2, c1);
        const SatResult theirs = sat_search(p, Grid(25, 25), {}, 2, c2);
        ASSERT_EQ(mine.solutions.size(), theirs.solutions.size()) << "trial " << t;
        for (const Grid &g : mine.solutions) ASSERT_TRUE(satisfies(p, g));
        if (mine.solutions.size() == 2) { EXPECT_FALSE(mine.solutions[0] == mine.solutions[1]); }
        if (mine.solutions.size() == 1) { EXPECT_EQ(mine.solutions, theirs.solutions); }
        conflicts += mine.conflicts;
    }
    EXPECT_GT(conflicts, 2000u); // the reduction (first at 2000 learned clauses) really ran
}

TEST(LineCdcl, RefusesLinesTooLongForMasks) {
    Puzzle p;
    p.width = 130;
    p.height = 1;
    p.rows = {{1}};
    p.cols.assign(130, Clue{});
    p.cols[0] = {1};
    pz_solve_request req;
    pluzzle::SolveControl control = unlimited_control(req);
    EXPECT_THROW(line_cdcl_search(p, Grid(130, 1), {}, 2, control), std::invalid_argument);
}

} // namespace
