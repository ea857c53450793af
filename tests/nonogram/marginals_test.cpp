// Line marginals against brute force (every picture of short lines, weighted), and the belief of a whole puzzle:
// decided cells keep their value, a puzzle that logic solves gets beliefs that point at its solution.
#include "marginals.hpp"
#include "line_solver.hpp"
#include "solver.hpp"

#include <gtest/gtest.h>

#include <random>

namespace {

using nonogram::Clue;

// P(filled) per cell over every picture matching `clue`, each weighted by its cells' independent weights.
std::vector<double> brute_force(const Clue &clue, const std::vector<double> &filled) {
    const int n = int(filled.size());
    std::vector<double> p1(static_cast<size_t>(n), 0.0);
    std::vector<int8_t> pic(static_cast<size_t>(n));
    double total = 0;
    for (uint32_t mask = 0; mask < (1u << n); ++mask) {
        double weight = 1;
        for (int i = 0; i < n; ++i) {
            pic[size_t(i)] = int8_t((mask >> i) & 1u);
            weight *= pic[size_t(i)] ? filled[size_t(i)] : 1.0 - filled[size_t(i)];
        }
        if (weight == 0 || nonogram::runs_of(pic.data(), n) != clue) continue;
        total += weight;
        for (int i = 0; i < n; ++i)
            if (pic[size_t(i)]) p1[size_t(i)] += weight;
    }
    if (total == 0) return {};
    for (double &p : p1) p /= total;
    return p1;
}

TEST(LineMarginals, MatchBruteForceOnEveryShortLine) {
    std::mt19937 rng(46);
    int lines = 0, infeasible = 0;
    for (int n = 1; n <= 11; ++n)
        for (int trial = 0; trial < 300; ++trial) {
            // A clue from a random picture; random weights, a third of the cells decided (0 or 1) either way, so
            // some lines have no completion at all.
            std::vector<int8_t> pic(static_cast<size_t>(n));
            for (int8_t &c : pic) c = int8_t(rng() % 2);
            const Clue clue = nonogram::runs_of(pic.data(), n);
            std::vector<double> filled(static_cast<size_t>(n));
            for (double &w : filled) {
                const unsigned kind = rng() % 6;
                w = kind == 0 ? 0.0 : kind == 1 ? 1.0 : double(rng() % 1000 + 1) / 1002.0;
            }
            const std::vector<double> want = brute_force(clue, filled), got = nonogram::line_marginals(clue, filled);
            ++lines;
            ASSERT_EQ(want.empty(), got.empty()) << "n " << n << " trial " << trial;
            if (want.empty()) {
                ++infeasible;
                continue;
            }
            for (int i = 0; i < n; ++i) EXPECT_NEAR(want[size_t(i)], got[size_t(i)], 1e-9) << "n " << n << " cell " << i;
        }
    EXPECT_GT(infeasible, 50); // decided cells against the clue: the "no completion" answer was exercised
    EXPECT_GT(lines - infeasible, 2000);
}

TEST(LineMarginals, AnEmptyClueEmptiesTheLineAndAFullOneFillsIt) {
    EXPECT_EQ(nonogram::line_marginals({}, {0.5, 0.9, 0.1}), (std::vector<double>{0, 0, 0}));
    EXPECT_EQ(nonogram::line_marginals({3}, {0.5, 0.9, 0.1}), (std::vector<double>{1, 1, 1}));
    EXPECT_TRUE(nonogram::line_marginals({2, 2}, {0.5, 0.5, 0.5, 0.5}).empty()); // 2 + 1 + 2 > 4 cells
    EXPECT_TRUE(nonogram::line_marginals({}, {1.0, 0.5}).empty());              // a filled cell, no block
}

TEST(CellMarginals, BeliefsKeepDecidedCellsAndPointAtTheSolution) {
    // A 5x5 picture; its mirror image has the same clues, and the two decided cells pick this one.
    nonogram::Puzzle p;
    p.width = p.height = 5;
    const char *picture[] = {"11100", "10100", "11111", "00101", "00111"};
    nonogram::Grid goal(5, 5);
    for (int r = 0; r < 5; ++r)
        for (int c = 0; c < 5; ++c) goal.at(r, c) = picture[r][c] == '1' ? nonogram::kFilled : nonogram::kEmpty;
    for (int r = 0; r < 5; ++r) p.rows.push_back(nonogram::runs_of(&goal.cells[size_t(r) * 5], 5));
    for (int c = 0; c < 5; ++c) p.cols.push_back(nonogram::runs_of(&goal.cells[size_t(c)], 5, 5));
    nonogram::Grid start(5, 5);
    start.at(0, 0) = nonogram::kFilled;
    start.at(3, 0) = nonogram::kEmpty;
    const std::vector<double> belief = nonogram::cell_marginals(p, start, 30).filled;
    ASSERT_EQ(belief.size(), 25u);
    EXPECT_EQ(belief[0], 1.0);
    EXPECT_EQ(belief[15], 0.0);
    int agree = 0;
    for (size_t i = 0; i < 25; ++i) {
        EXPECT_GE(belief[i], 0.0);
        EXPECT_LE(belief[i], 1.0);
        agree += (belief[i] >= 0.5) == (goal.cells[i] == nonogram::kFilled);
    }
    EXPECT_GE(agree, 23) << "beliefs should mostly point at the solution the decided cells leave";
}

// Each round ticks the control by its number of lines: a node limit or a host's stop ends the exchange.
TEST(CellMarginals, StopWhenTheControlSaysSo) {
    std::mt19937 rng(5);
    nonogram::Grid pic(30, 30);
    for (auto &c : pic.cells) c = int8_t(rng() % 2);
    nonogram::Puzzle p;
    p.width = p.height = 30;
    for (int r = 0; r < 30; ++r) p.rows.push_back(nonogram::runs_of(&pic.cells[size_t(r) * 30], 30));
    for (int c = 0; c < 30; ++c) p.cols.push_back(nonogram::runs_of(&pic.cells[size_t(c)], 30, 30));
    pz_solve_request req{};
    req.struct_size = sizeof req;
    req.node_limit = 200; // three rounds of 60 lines
    pluzzle::SolveControl limited(&req, nullptr);
    const nonogram::Beliefs cut = nonogram::cell_marginals(p, nonogram::Grid(30, 30), 1000, &limited);
    EXPECT_TRUE(cut.stopped);
    EXPECT_TRUE(cut.filled.empty());
    EXPECT_EQ(limited.stop_status(), PZ_SOLVE_LIMIT);
    EXPECT_LE(cut.rounds, 4);
    const nonogram::Beliefs whole = nonogram::cell_marginals(p, nonogram::Grid(30, 30), 5);
    EXPECT_FALSE(whole.stopped);
    EXPECT_EQ(whole.rounds, 5);
    EXPECT_EQ(whole.filled.size(), 900u);
}

} // namespace
