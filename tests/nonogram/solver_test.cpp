// The complete solver: unique / multiple / unsolvable puzzles, limits and cancellation, propagate(), and real
// data (the free survey puzzles must be proved unique; tournament puzzles must get valid solutions).
#include "formats.hpp"
#include "solver.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace {

using namespace nonogram;

Puzzle puzzle_from_rows(const std::vector<std::string> &picture) {
    Grid g(int(picture[0].size()), int(picture.size()));
    for (int r = 0; r < g.height; ++r)
        for (int c = 0; c < g.width; ++c) g.at(r, c) = picture[size_t(r)][size_t(c)] == '#' ? kFilled : kEmpty;
    Puzzle p;
    derive_clues(g, p);
    return p;
}

Grid grid_from_rows(const std::vector<std::string> &picture) {
    Grid g(int(picture[0].size()), int(picture.size()));
    for (int r = 0; r < g.height; ++r)
        for (int c = 0; c < g.width; ++c) g.at(r, c) = picture[size_t(r)][size_t(c)] == '#' ? kFilled : kEmpty;
    return g;
}

SolverReport run(const Puzzle &p, unsigned max_solutions = 2, SolverOptions options = {}, uint64_t node_limit = 0) {
    pz_solve_request req{};
    req.struct_size = sizeof req;
    req.max_solutions = max_solutions;
    req.node_limit = node_limit;
    pluzzle::SolveControl control(&req, nullptr);
    options.max_solutions = max_solutions;
    return solve(p, control, options);
}

// Every solution of a small puzzle by brute force over all pictures.
int count_solutions_brute(const Puzzle &p) {
    const int n = p.width * p.height;
    int count = 0;
    Grid g(p.width, p.height, kEmpty);
    for (uint32_t mask = 0; mask < (1u << n); ++mask) {
        for (int i = 0; i < n; ++i) g.cells[size_t(i)] = int8_t((mask >> i) & 1u);
        if (satisfies(p, g)) ++count;
    }
    return count;
}

// runs_match (render and play ask it of every line) says exactly what comparing runs_of with the clue says, for
// lines with unknown cells, along rows and columns, against the line's own runs and others.
TEST(Clues, RunsMatchAgreesWithRunsOf) {
    std::mt19937 rng(23);
    int matched = 0;
    for (int t = 0; t < 5000; ++t) {
        const int n = 1 + int(rng() % 12), stride = 1 + int(rng() % 3);
        std::vector<int8_t> cells(size_t(n) * size_t(stride));
        for (auto &c : cells) c = int8_t(int(rng() % 3) - 1); // kUnknown, kEmpty or kFilled
        Clue clue = runs_of(cells.data(), n, stride);
        if (t % 2) { // someone else's clue, or this one changed
            if (!clue.empty() && rng() % 2) clue[rng() % clue.size()] += int(rng() % 2) ? 1 : -1;
            else clue = std::vector<int>(rng() % 4, 1 + int(rng() % 3));
        }
        const bool match = runs_of(cells.data(), n, stride) == clue;
        ASSERT_EQ(runs_match(cells.data(), n, stride, clue), match) << "trial " << t;
        matched += match;
    }
    EXPECT_GT(matched, 2500);
    EXPECT_LT(matched, 4500);
}

TEST(Solver, UniquePuzzleIsProvedUnique) {
    const std::vector<std::string> pic = {".##..", "##.#.", "#..#.", "#####", ".#.#.", "##.##"};
    const Puzzle p = puzzle_from_rows(pic);
    for (bool probing : {true, false}) {
        SolverOptions o;
        o.probing = probing;
        const SolverReport r = run(p, 2, o);
        ASSERT_EQ(r.status, PZ_SOLVE_UNIQUE) << "probing " << probing;
        ASSERT_EQ(r.solutions.size(), 1u);
        EXPECT_TRUE(satisfies(p, r.solutions[0]));
        EXPECT_EQ(r.solutions[0], grid_from_rows(pic));
        EXPECT_GT(r.line_solves, 0u);
    }
}

TEST(Solver, DiagonalHasTwoSolutions) {
    const Puzzle p = puzzle_from_rows({"#.", ".#"});
    for (bool probing : {true, false}) {
        SolverOptions o;
        o.probing = probing;
        const SolverReport r = run(p, 2, o);
        ASSERT_EQ(r.status, PZ_SOLVE_MULTIPLE);
        ASSERT_EQ(r.solutions.size(), 2u);
        EXPECT_FALSE(r.solutions[0] == r.solutions[1]);
        for (const Grid &g : r.solutions) EXPECT_TRUE(satisfies(p, g));
        // One solution wanted: SOLVED (uniqueness not examined).
        const SolverReport one = run(p, 1, o);
        EXPECT_EQ(one.status, PZ_SOLVE_SOLVED);
        ASSERT_EQ(one.solutions.size(), 1u);
        // More wanted than exist: both found, and the search ends exhausted.
        const SolverReport many = run(p, 5, o);
        EXPECT_EQ(many.status, PZ_SOLVE_MULTIPLE);
        EXPECT_EQ(many.solutions.size(), 2u);
    }
}

TEST(Solver, ContradictoryCluesAreUnsolvable) {
    Puzzle p;
    p.width = 3;
    p.height = 3;
    p.rows = {{1, 1}, {3}, {1, 1}};
    p.cols = {{1, 1}, {3}, {1, 1}}; // totals agree (7 / 7) but the rows force an H, whose columns differ
    EXPECT_EQ(count_solutions_brute(p), 0);
    for (bool probing : {true, false}) {
        SolverOptions o;
        o.probing = probing;
        const SolverReport r = run(p, 2, o);
        EXPECT_EQ(r.status, PZ_SOLVE_UNSOLVABLE);
        EXPECT_TRUE(r.solutions.empty());
    }
    p.cols = {{3}, {3}, {3}}; // totals differ
    EXPECT_EQ(run(p).status, PZ_SOLVE_UNSOLVABLE);
}

// Random small puzzles (and clue sets mixed from two pictures, often unsolvable) against brute force counting.
TEST(Solver, AgreesWithBruteForceOnRandomSmallPuzzles) {
    std::mt19937 rng(7);
    int seen[3] = {0, 0, 0};
    for (int t = 0; t < 400; ++t) {
        const int w = std::uniform_int_distribution<int>(2, 4)(rng), h = std::uniform_int_distribution<int>(2, 4)(rng);
        Grid pic(w, h);
        for (auto &c : pic.cells) c = int8_t(rng() & 1u);
        Puzzle p;
        derive_clues(pic, p);
        if (t % 3 == 0) { // columns from another picture
            Grid other(w, h);
            for (auto &c : other.cells) c = int8_t(rng() & 1u);
            Puzzle q;
            derive_clues(other, q);
            p.cols = q.cols;
        }
        const int truth = count_solutions_brute(p);
        for (bool probing : {true, false}) {
            SolverOptions o;
            o.probing = probing;
            const SolverReport r = run(p, 2, o);
            const pz_solve_status expect =
                truth == 0 ? PZ_SOLVE_UNSOLVABLE : truth == 1 ? PZ_SOLVE_UNIQUE : PZ_SOLVE_MULTIPLE;
            ASSERT_EQ(r.status, expect) << "trial " << t << " probing " << probing;
            for (const Grid &g : r.solutions) ASSERT_TRUE(satisfies(p, g));
        }
        ++seen[truth == 0 ? 0 : truth == 1 ? 1 : 2];
    }
    EXPECT_GT(seen[0], 10);
    EXPECT_GT(seen[1], 10);
    EXPECT_GT(seen[2], 10);
}

// Restarts (budgeted, randomized runs before a complete one) must give the same status as one complete run.
TEST(Solver, RestartsKeepTheStatus) {
    std::mt19937 rng(11);
    for (int t = 0; t < 12; ++t) {
        Grid pic(25, 25);
        for (auto &c : pic.cells) c = int8_t(rng() & 1u);
        Puzzle p;
        derive_clues(pic, p);
        SolverOptions with, without;
        without.restarts = false;
        const SolverReport a = run(p, 2, with), b = run(p, 2, without);
        ASSERT_EQ(a.status, b.status) << "trial " << t;
        for (const Grid &g : a.solutions) ASSERT_TRUE(satisfies(p, g));
    }
}

// First-solution mode (adaptive probing, endless restarts) must agree with a plain complete search, including
// "unsolvable" (clue sets mixed from two pictures), and only report valid grids.
TEST(Solver, FirstSolutionModeKeepsTheStatus) {
    std::mt19937 rng(13);
    int unsolvable = 0;
    for (int t = 0; t < 60; ++t) {
        const int w = 12 + int(rng() % 6), h = 12 + int(rng() % 6);
        Grid pic(w, h);
        for (auto &c : pic.cells) c = int8_t(rng() & 1u);
        Puzzle p;
        derive_clues(pic, p);
        if (t % 2 == 0) { // move one filled cell to another column of its row: column clues no longer match
            Grid other = pic;
            const int r = int(rng() % unsigned(h));
            for (int c = 0; c + 1 < w; ++c)
                if (other.cells[size_t(r * w + c)] != other.cells[size_t(r * w + c + 1)]) {
                    std::swap(other.cells[size_t(r * w + c)], other.cells[size_t(r * w + c + 1)]);
                    break;
                }
            Puzzle q;
            derive_clues(other, q);
            p.cols = q.cols;
        }
        SolverOptions fast, plain;
        plain.restarts = false;
        plain.probe_backoff = 0;
        plain.first_solution_restarts = false;
        fast.probe_backoff = 1; // back off as soon as possible: the most skipping
        const SolverReport a = run(p, 1, fast), b = run(p, 1, plain), c = run(p, 1, SolverOptions{});
        ASSERT_EQ(a.status, b.status) << "trial " << t;
        ASSERT_EQ(c.status, b.status) << "trial " << t;
        for (const SolverReport *r : {&a, &b, &c})
            for (const Grid &g : r->solutions) ASSERT_TRUE(satisfies(p, g));
        unsolvable += b.status == PZ_SOLVE_UNSOLVABLE;
    }
    EXPECT_GT(unsolvable, 3);
}

TEST(Solver, PropagateIsLineSolvingOnly) {
    // A 3-run in 5 cells forces the middle; a full row forces everything in its columns... only by lines.
    Puzzle p;
    p.width = 2;
    p.height = 2;
    p.rows = {{1}, {1}};
    p.cols = {{1}, {1}};
    Grid g(2, 2);
    ASSERT_TRUE(propagate(p, g));
    EXPECT_EQ(g.cells, std::vector<int8_t>(4, kUnknown)); // needs a guess: two solutions
    g.at(0, 0) = kFilled;
    ASSERT_TRUE(propagate(p, g));
    EXPECT_EQ(g, grid_from_rows({"#.", ".#"}));
    Grid bad(2, 2);
    bad.at(0, 0) = kFilled;
    bad.at(0, 1) = kFilled;
    EXPECT_FALSE(propagate(p, bad));
}

// A hard random puzzle for the limit tests: 30x30 at density 0.5 usually needs search.
Puzzle random_puzzle(int size, uint32_t seed) {
    std::mt19937 rng(seed);
    Grid pic(size, size);
    for (auto &c : pic.cells) c = int8_t(rng() & 1u);
    Puzzle p;
    derive_clues(pic, p);
    return p;
}

TEST(Solver, NodeLimitGivesLimit) {
    const Puzzle p = random_puzzle(30, 11);
    const SolverReport r = run(p, 2, {}, 5);
    EXPECT_EQ(r.status, PZ_SOLVE_LIMIT);
}

TEST(Solver, CancellationIsPrompt) {
    Puzzle p = random_puzzle(60, 12);
    pz_solve_request req{};
    req.struct_size = sizeof req;
    req.max_solutions = 2;
    req.should_stop = [](void *) { return 1; };
    pluzzle::SolveControl control(&req, nullptr);
    const auto start = std::chrono::steady_clock::now();
    const SolverReport r = solve(p, control);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.status, PZ_SOLVE_CANCELLED);
    EXPECT_LT(seconds, 0.5);
}

std::string read_text(const std::filesystem::path &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const Puzzle &as_puzzle(const pluzzle::Parsed<Puzzle> &level) { return level.level; }

TEST(Solver, FreeSurveyPuzzlesAreUnique) {
    const std::filesystem::path dir = std::filesystem::path(PLUZZLE_SHARED_DATA_DIR) / "nonogram/survey-free";
    if (!std::filesystem::exists(dir)) GTEST_SKIP() << "no shared data at " << dir;
    // Left to the benchmark: puzzles that take more than a few seconds each.
    const std::vector<std::string> slow = {"knotty", "faase"};
    int solved = 0;
    for (const auto &entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".non") continue;
        const std::string name = entry.path().stem().string();
        if (std::find(slow.begin(), slow.end(), name) != slow.end()) continue;
        const auto levels = parse_levels(read_text(entry.path()), "non");
        ASSERT_EQ(levels.size(), 1u) << name;
        const Puzzle &p = as_puzzle(levels[0]);
        pz_solve_request req{};
        req.struct_size = sizeof req;
        req.max_solutions = 2;
        req.time_limit_s = 30;
        pluzzle::SolveControl control(&req, nullptr);
        const SolverReport r = solve(p, control);
        ASSERT_EQ(r.status, PZ_SOLVE_UNIQUE) << name;
        ASSERT_TRUE(satisfies(p, r.solutions[0])) << name;
        if (!p.goal.empty()) {
            EXPECT_EQ(r.solutions[0], goal_grid(p)) << name;
        }
        ++solved;
    }
    EXPECT_GE(solved, 10);
}

TEST(Solver, TournamentPuzzlesGetValidSolutions) {
    const std::filesystem::path file =
        std::filesystem::path(PLUZZLE_SHARED_DATA_DIR) / "nonogram/tournament/question/taai2011.txt";
    if (!std::filesystem::exists(file)) GTEST_SKIP() << "no shared data at " << file;
    const auto levels = parse_levels(read_text(file), "tournament");
    ASSERT_GE(levels.size(), 50u);
    for (size_t i = 0; i < 50; ++i) {
        const Puzzle &p = as_puzzle(levels[i]);
        ASSERT_EQ(p.width, 25);
        const SolverReport r = run(p, 1);
        ASSERT_EQ(r.status, PZ_SOLVE_SOLVED) << levels[i].name;
        ASSERT_TRUE(satisfies(p, r.solutions[0])) << levels[i].name;
    }
}

} // namespace
