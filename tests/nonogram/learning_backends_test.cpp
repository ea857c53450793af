// What both clause-learning back ends must do (CaDiCaL's CNF, sat_search.hpp; our line-level CDCL,
// line_cdcl.hpp): from an empty or partly decided grid find exactly the solutions brute force finds, never repeat a
// solution they were told about, report no solution for a contradictory start, and stop when told to -- with and
// without beliefs (marginals.hpp) guiding their first decisions, which must never change an answer.
#include "line_cdcl.hpp"
#include "marginals.hpp"
#include "sat_search.hpp"
#include "small_puzzles.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>

namespace {

using namespace nonogram;
using namespace nonogram::testing;

struct Found {
    bool stopped = false;
    std::vector<Grid> solutions;
};
struct BackEnd {
    std::string name;
    std::function<Found(const Puzzle &, const Grid &, const std::vector<Grid> &, unsigned, pluzzle::SolveControl &)> search;
};

const BackEnd kBackEnds[] = {
    {"cadical",
     [](const Puzzle &p, const Grid &start, const std::vector<Grid> &known, unsigned wanted, pluzzle::SolveControl &c) {
         SatResult r = sat_search(p, start, known, wanted, c);
         return Found{r.stopped, std::move(r.solutions)};
     }},
    {"line_cdcl",
     [](const Puzzle &p, const Grid &start, const std::vector<Grid> &known, unsigned wanted, pluzzle::SolveControl &c) {
         LineCdclResult r = line_cdcl_search(p, start, known, wanted, c);
         return Found{r.stopped, std::move(r.solutions)};
     }},
    {"cadical_guided",
     [](const Puzzle &p, const Grid &start, const std::vector<Grid> &known, unsigned wanted, pluzzle::SolveControl &c) {
         SatResult r = sat_search(p, start, known, wanted, c, "default", cell_marginals(p, start, 30).filled);
         return Found{r.stopped, std::move(r.solutions)};
     }},
    {"line_cdcl_guided",
     [](const Puzzle &p, const Grid &start, const std::vector<Grid> &known, unsigned wanted, pluzzle::SolveControl &c) {
         LineCdclResult r = line_cdcl_search(p, start, known, wanted, c, cell_marginals(p, start, 30).filled);
         return Found{r.stopped, std::move(r.solutions)};
     }},
};

class LearningBackEnd : public ::testing::TestWithParam<BackEnd> {};

TEST_P(LearningBackEnd, EnumeratesExactlyTheBruteForceSolutions) {
    std::mt19937 rng(11);
    int with_many = 0, with_none = 0;
    for (int t = 0; t < 300; ++t) {
        const Puzzle p = random_puzzle(rng, t % 4 == 0);
        const std::vector<Grid> truth = all_solutions_brute(p);
        pz_solve_request req;
        pluzzle::SolveControl control = unlimited_control(req);
        const Found r = GetParam().search(p, Grid(p.width, p.height), {}, 1000, control);
        ASSERT_FALSE(r.stopped);
        ASSERT_EQ(r.solutions.size(), truth.size()) << "trial " << t;
        for (const Grid &g : r.solutions) ASSERT_TRUE(contains(truth, g)) << "trial " << t;
        with_many += truth.size() >= 2;
        with_none += truth.empty();
    }
    EXPECT_GT(with_many, 20);
    EXPECT_GT(with_none, 20);
}

TEST_P(LearningBackEnd, RespectsDecidedCellsAndKnownSolutions) {
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
        const Found r = GetParam().search(p, start, {truth[0]}, 1000, control);
        ASSERT_EQ(r.solutions.size(), agreeing - 1) << "trial " << t;
        for (const Grid &g : r.solutions) {
            EXPECT_FALSE(g == truth[0]);
            EXPECT_EQ(g.cells[cell], start.cells[cell]);
        }
    }
}

// Clause learning starts where line logic stopped, so most cells (often whole lines) are decided: any mix of
// decided cells, agreeing with a solution or not, gives exactly the brute-force solutions that agree with them.
TEST_P(LearningBackEnd, ManyDecidedCellsGiveExactlyTheAgreeingSolutions) {
    std::mt19937 rng(17);
    int whole_lines = 0, contradictions = 0;
    for (int t = 0; t < 400; ++t) {
        const Puzzle p = random_puzzle(rng, t % 3 == 0);
        const std::vector<Grid> truth = all_solutions_brute(p);
        Grid start(p.width, p.height);
        Grid source(p.width, p.height, kEmpty); // a solution, or (every other trial) a random picture
        if (!truth.empty() && t % 2 == 0) source = truth[rng() % truth.size()];
        else for (auto &c : source.cells) c = int8_t(rng() & 1u);
        const unsigned percent = 30 + rng() % 71; // 30..100% of the cells decided
        for (size_t i = 0; i < start.cells.size(); ++i)
            if (rng() % 100 < percent) start.cells[i] = source.cells[i];
        std::vector<Grid> agreeing;
        for (const Grid &g : truth) {
            bool agrees = true;
            for (size_t i = 0; i < g.cells.size(); ++i)
                agrees = agrees && (start.cells[i] == kUnknown || start.cells[i] == g.cells[i]);
            if (agrees) agreeing.push_back(g);
        }
        for (int r = 0; r < p.height; ++r) {
            bool decided = true;
            for (int c = 0; c < p.width; ++c) decided = decided && start.cells[size_t(r * p.width + c)] != kUnknown;
            whole_lines += decided;
        }
        contradictions += agreeing.empty();
        pz_solve_request req;
        pluzzle::SolveControl control = unlimited_control(req);
        const Found r = GetParam().search(p, start, {}, 1000, control);
        ASSERT_FALSE(r.stopped);
        ASSERT_EQ(r.solutions.size(), agreeing.size()) << "trial " << t;
        for (const Grid &g : r.solutions) ASSERT_TRUE(contains(agreeing, g)) << "trial " << t;
    }
    EXPECT_GT(whole_lines, 200);
    EXPECT_GT(contradictions, 50);
}

TEST_P(LearningBackEnd, ContradictoryStartHasNoSolution) {
    Puzzle p;
    p.width = 3;
    p.height = 1;
    p.rows = {{3}};
    p.cols = {{1}, {1}, {1}};
    Grid start(3, 1);
    start.cells[1] = kEmpty; // the row's run of 3 needs every cell
    pz_solve_request req;
    pluzzle::SolveControl control = unlimited_control(req);
    const Found r = GetParam().search(p, start, {}, 2, control);
    EXPECT_FALSE(r.stopped);
    EXPECT_TRUE(r.solutions.empty());
}

// A 40x40 random picture's clues: work is left after logic, so a search is still running when told to stop.
Puzzle random_40x40_puzzle() {
    std::mt19937 rng(3);
    return random_picture_puzzle(rng, 40, 40, 2);
}

TEST_P(LearningBackEnd, StopsWhenControlSaysSo) {
    // A host that always says stop must be obeyed.
    const Puzzle p = random_40x40_puzzle();
    pz_solve_request req{};
    req.struct_size = sizeof req;
    req.should_stop = [](void *) { return 1; };
    pluzzle::SolveControl control(&req, nullptr);
    const Found r = GetParam().search(p, Grid(40, 40), {}, 2, control);
    EXPECT_TRUE(r.stopped);
}

// A node limit is only seen by tick(), which CaDiCaL's terminator calls once the search runs (the host's cancel
// flag above already stops the cadical back end while it encodes): both kinds of stop must be obeyed.
TEST_P(LearningBackEnd, StopsAtTheNodeLimitOnceSearching) {
    const Puzzle p = random_40x40_puzzle();
    pz_solve_request req{};
    req.struct_size = sizeof req;
    req.node_limit = 1;
    pluzzle::SolveControl control(&req, nullptr);
    const Found r = GetParam().search(p, Grid(40, 40), {}, 2, control);
    EXPECT_TRUE(r.stopped);
    EXPECT_EQ(control.stop_status(), PZ_SOLVE_LIMIT);
}

// Beliefs that name one solution exactly (0/1 per cell) make line_cdcl find that solution first, whichever of the
// puzzle's solutions it is, without a single conflict: the guesses really set its decisions. (CaDiCaL gets them as
// phases of the cell variables only; it also decides automaton states, so on puzzles this small the phases do not
// pick the solution: knotty, in search_backends_test.cpp, is where they show.)
TEST(GuidedBackEnds, BeliefsNamingASolutionMakeLineCdclFindItFirst) {
    std::mt19937 rng(23);
    int puzzles = 0, not_first_unguided = 0;
    for (int t = 0; t < 400 && puzzles < 40; ++t) {
        const Puzzle p = random_puzzle(rng, false);
        const std::vector<Grid> truth = all_solutions_brute(p);
        if (truth.size() < 2) continue;
        ++puzzles;
        const Grid start(p.width, p.height);
        for (const Grid &target : truth) {
            std::vector<double> belief;
            for (const int8_t c : target.cells) belief.push_back(c == kFilled ? 1.0 : 0.0);
            pz_solve_request r1, r2;
            pluzzle::SolveControl c1 = unlimited_control(r1), c2 = unlimited_control(r2);
            const LineCdclResult guided = line_cdcl_search(p, start, {}, 1, c1, belief);
            ASSERT_EQ(guided.solutions.size(), 1u);
            EXPECT_EQ(guided.solutions[0], target) << "trial " << t;
            EXPECT_EQ(guided.conflicts, 0u) << "trial " << t;
            not_first_unguided += !(line_cdcl_search(p, start, {}, 1, c2).solutions.at(0) == target);
        }
    }
    EXPECT_GE(puzzles, 20);
    EXPECT_GT(not_first_unguided, 20); // without beliefs, the first solution is often another one
}

// Beliefs must name every cell: a wrong count is refused, never read past.
TEST(GuidedBackEnds, BeliefsOfTheWrongSizeAreRefused) {
    std::mt19937 rng(3);
    const Puzzle p = random_picture_puzzle(rng, 5, 5, 2);
    pz_solve_request req;
    pluzzle::SolveControl control = unlimited_control(req);
    const std::vector<double> short_beliefs(24, 0.5);
    EXPECT_THROW(line_cdcl_search(p, Grid(5, 5), {}, 1, control, short_beliefs), std::invalid_argument);
    EXPECT_THROW(sat_search(p, Grid(5, 5), {}, 1, control, "default", short_beliefs), std::invalid_argument);
    EXPECT_THROW(cell_marginals(p, Grid(4, 5), 10), std::invalid_argument);
}

INSTANTIATE_TEST_SUITE_P(EachBackEnd, LearningBackEnd, ::testing::ValuesIn(kBackEnds),
                         [](const ::testing::TestParamInfo<BackEnd> &info) { return info.param.name; });

} // namespace
