// The exact line solver against brute force: every placement of short lines is enumerated and the forced cells
// (or the contradiction) must agree exactly, for the bit-set and the table versions and for strided input; the
// feasibility test alone must agree with the full solve.
#include "line_solver.hpp"

#include <gtest/gtest.h>

#include <random>

namespace {

using nonogram::Clue;
using nonogram::kEmpty;
using nonogram::kFilled;
using nonogram::kUnknown;

// Forced line by enumerating all 2^n pictures; false when none is consistent.
// The known cells of a line as the masks solve_masks() and feasible_masks() take.
void masks_of(const std::vector<int8_t> &line, nonogram::LineMask &filled, nonogram::LineMask &empty) {
    filled = empty = 0;
    for (size_t i = 0; i < line.size(); ++i) {
        if (line[i] == kFilled) filled |= nonogram::LineMask(1) << i;
        if (line[i] == kEmpty) empty |= nonogram::LineMask(1) << i;
    }
}

bool brute_force(const Clue &clue, const std::vector<int8_t> &line, std::vector<int8_t> &out) {
    const int n = int(line.size());
    bool any = false;
    std::vector<int8_t> pic(size_t(n), 0);
    std::vector<int> filled_count(size_t(n), 0);
    int total = 0;
    for (uint32_t mask = 0; mask < (1u << n); ++mask) {
        bool ok = true;
        for (int i = 0; i < n && ok; ++i) {
            pic[size_t(i)] = int8_t((mask >> i) & 1u);
            if (line[size_t(i)] != kUnknown && line[size_t(i)] != pic[size_t(i)]) ok = false;
        }
        if (!ok || nonogram::runs_of(pic.data(), n) != clue) continue;
        any = true;
        ++total;
        for (int i = 0; i < n; ++i) filled_count[size_t(i)] += pic[size_t(i)];
    }
    if (!any) return false;
    out.assign(size_t(n), kUnknown);
    for (int i = 0; i < n; ++i)
        out[size_t(i)] = filled_count[size_t(i)] == 0 ? kEmpty : filled_count[size_t(i)] == total ? kFilled : kUnknown;
    return true;
}

Clue random_clue(std::mt19937 &rng, int n, std::vector<int8_t> *picture) {
    std::vector<int8_t> pic(static_cast<size_t>(n));
    const double density = std::uniform_real_distribution<double>(0.1, 0.9)(rng);
    for (auto &c : pic) c = std::bernoulli_distribution(density)(rng) ? kFilled : kEmpty;
    if (picture) *picture = pic;
    return nonogram::runs_of(pic.data(), n);
}

void check_random_lines(int max_n, int count, uint32_t seed) {
    std::mt19937 rng(seed);
    nonogram::LineSolver solver;
    int contradictions = 0, forced = 0;
    for (int t = 0; t < count; ++t) {
        const int n = std::uniform_int_distribution<int>(1, max_n)(rng);
        std::vector<int8_t> picture;
        Clue clue = random_clue(rng, n, &picture);
        // Sometimes a clue of another picture, so contradictions are common too.
        if (t % 3 == 0) clue = random_clue(rng, n, nullptr);
        std::vector<int8_t> line(static_cast<size_t>(n), kUnknown);
        const double known = std::uniform_real_distribution<double>(0.0, 0.7)(rng);
        for (int i = 0; i < n; ++i) {
            if (!std::bernoulli_distribution(known)(rng)) continue;
            // Mostly the picture's value, sometimes a random one.
            line[size_t(i)] = std::bernoulli_distribution(0.9)(rng) ? picture[size_t(i)] : int8_t(rng() & 1u);
        }
        std::vector<int8_t> expect;
        const bool expect_ok = brute_force(clue, line, expect);
        std::vector<int8_t> got(static_cast<size_t>(n)), table(static_cast<size_t>(n));
        const bool ok = solver.solve(clue, line.data(), n, got.data());
        const bool table_ok = solver.solve_table(clue.data(), int(clue.size()), line.data(), n, table.data());
        ASSERT_EQ(ok, expect_ok) << "trial " << t;
        ASSERT_EQ(table_ok, expect_ok) << "trial " << t;
        nonogram::LineMask filled, empty;
        masks_of(line, filled, empty);
        ASSERT_EQ(solver.feasible_masks(clue.data(), int(clue.size()), n, filled, empty), expect_ok) << "trial " << t;
        if (!expect_ok) {
            ++contradictions;
            continue;
        }
        ASSERT_EQ(got, expect) << "trial " << t;
        ASSERT_EQ(table, expect) << "trial " << t;
        for (int i = 0; i < n; ++i) forced += line[size_t(i)] == kUnknown && expect[size_t(i)] != kUnknown;
    }
    // The generator must exercise both outcomes.
    EXPECT_GT(contradictions, count / 20);
    EXPECT_GT(forced, count);
}

TEST(LineSolver, MatchesBruteForceOnRandomShortLines) { check_random_lines(14, 6000, 1); }

TEST(LineSolver, MatchesBruteForceOnVeryShortLines) { check_random_lines(5, 3000, 2); }

// Long lines exercise the two-word (65..126 cells) and table (> 126 cells) paths: they must agree with each other
// on lines made from a picture with some cells revealed, where the answer is known to be consistent.
TEST(LineSolver, LongLinesAgreeAcrossImplementations) {
    std::mt19937 rng(3);
    nonogram::LineSolver solver;
    for (int t = 0; t < 3000; ++t) {
        const int n = std::uniform_int_distribution<int>(40, 200)(rng);
        std::vector<int8_t> picture;
        Clue clue = random_clue(rng, n, &picture);
        if (t % 4 == 0) clue = random_clue(rng, n, nullptr);
        std::vector<int8_t> line(static_cast<size_t>(n), kUnknown);
        for (int i = 0; i < n; ++i)
            if (std::bernoulli_distribution(0.3)(rng)) line[size_t(i)] = picture[size_t(i)];
        std::vector<int8_t> got(static_cast<size_t>(n)), table(static_cast<size_t>(n));
        const bool ok = solver.solve(clue, line.data(), n, got.data());
        const bool table_ok = solver.solve_table(clue.data(), int(clue.size()), line.data(), n, table.data());
        ASSERT_EQ(ok, table_ok) << "trial " << t << " n " << n;
        if (n <= nonogram::LineSolver::kMaxMaskCells) {
            nonogram::LineMask filled, empty;
            masks_of(line, filled, empty);
            ASSERT_EQ(solver.feasible_masks(clue.data(), int(clue.size()), n, filled, empty), ok) << "trial " << t;
        }
        if (ok) {
            ASSERT_EQ(got, table) << "trial " << t << " n " << n;
        }
        if (t % 4 != 0) {
            ASSERT_TRUE(ok); // the picture itself is a placement
            for (int i = 0; i < n; ++i)
                if (got[size_t(i)] != kUnknown) {
                    ASSERT_EQ(got[size_t(i)], picture[size_t(i)]);
                }
        }
    }
}

TEST(LineSolver, StridedInputAndSimpleCases) {
    nonogram::LineSolver solver;
    // 3 in 5 cells: the middle cell is forced.
    std::vector<int8_t> line(10, kUnknown), out(5);
    ASSERT_TRUE(solver.solve(Clue{3}, line.data(), 5, out.data(), 2));
    EXPECT_EQ(out, (std::vector<int8_t>{kUnknown, kUnknown, kFilled, kUnknown, kUnknown}));
    // Empty clue: everything empty; a filled cell contradicts it.
    ASSERT_TRUE(solver.solve(Clue{}, line.data(), 5, out.data()));
    EXPECT_EQ(out, std::vector<int8_t>(5, kEmpty));
    line[4] = kFilled; // cell 2 with stride 2
    EXPECT_FALSE(solver.solve(Clue{}, line.data(), 5, out.data(), 2));
    // Too long a clue.
    EXPECT_FALSE(solver.solve(Clue{3, 2}, line.data(), 5, out.data()));
    // Full line.
    std::vector<int8_t> all(5, kUnknown);
    ASSERT_TRUE(solver.solve(Clue{2, 2}, all.data(), 5, out.data()));
    EXPECT_EQ(out, (std::vector<int8_t>{kFilled, kFilled, kEmpty, kFilled, kFilled}));
}

} // namespace
