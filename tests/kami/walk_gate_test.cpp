// The walk gate (walk_gate.hpp): the free-play search computes the path bound only where it has paid for its cost.
// Its decisions on made-up figures, and that the search answers the same optimum with it as without it (the gate may
// only ever cut less), with the same node counts on every run (it measures counted work, not time).
#include "kami_test_support.hpp"

#include "solver.hpp"
#include "walk_gate.hpp"

#include <random>
#include <string>

using namespace kami;
using namespace kami::test;

namespace {

// Computes the walks at `left` until the gate says no, each costing `walk` steps and cutting when `cut`; between
// them, subtrees of `subtree` steps are searched. Returns how many of `nodes` nodes computed them.
int walks_computed(WalkGate &gate, int left, int nodes, uint64_t walk, bool cut, uint64_t subtree) {
    int computed = 0;
    uint64_t total = 0;
    for (int i = 0; i < nodes; ++i) {
        if (gate.worth(left, total)) {
            ++computed, total += walk;
            gate.walked(left, walk, cut);
            if (cut) continue;
        }
        gate.searched(left, subtree);
        total += subtree;
    }
    return computed;
}

Board random_square_board(std::mt19937_64 &rng, int cols, int rows, int colours, int blotches) {
    Board b;
    b.grid = Grid::Square;
    b.mode = Mode::Free;
    b.cols = cols, b.rows = rows, b.colours = colours;
    b.cells.assign(size_t(cols * rows), 0);
    // Blotches grown from random seeds, as the generator makes them (compact regions, not noise).
    std::vector<int64_t> front;
    for (int s = 0; s < blotches; ++s) {
        const int64_t i = int64_t(rng() % b.cells.size());
        if (b.cells[size_t(i)]) continue;
        b.cells[size_t(i)] = uint8_t(1 + (s < colours ? s : int(rng() % uint64_t(colours))));
        front.push_back(i);
    }
    while (!front.empty()) {
        const size_t f = rng() % front.size();
        const int64_t i = front[f];
        int64_t nb[4], open[4];
        int n = 0;
        for (int k = 0, around = b.neighbours(i, nb); k < around; ++k)
            if (!b.cells[size_t(nb[k])]) open[n++] = nb[k];
        if (!n) {
            front[f] = front.back(), front.pop_back();
            continue;
        }
        const int64_t j = open[rng() % uint64_t(n)];
        b.cells[size_t(j)] = b.cells[size_t(i)];
        front.push_back(j);
    }
    validate_board(b);
    return b;
}

SolveReport solve_with_gate(const Board &b, bool gate) {
    pluzzle::SolveControl control(nullptr, nullptr);
    SolveOptions options;
    options.walk_gate = gate;
    return solve_board(b, control, options);
}

} // namespace

TEST(KamiWalkGate, ComputesTheWalksWhileItLearnsALevel) {
    WalkGate gate;
    // Nothing known yet about a level: the walks run, however dear.
    EXPECT_TRUE(gate.worth(5, 0));
    EXPECT_TRUE(gate.worth(9, 1'000'000));
}

TEST(KamiWalkGate, KeepsWalksThatCutSubtreesDearerThanThemselves) {
    WalkGate gate;
    // Half the walks cut, each saving a subtree 10x their cost: every node computes them.
    int computed = 0;
    uint64_t total = 0;
    for (int i = 0; i < 2000; ++i) {
        ASSERT_TRUE(gate.worth(6, total)) << i;
        ++computed, total += 100;
        gate.walked(6, 100, i % 2 == 0);
        if (i % 2) gate.searched(6, 1000), total += 1000;
    }
    EXPECT_EQ(computed, 2000);
}

TEST(KamiWalkGate, DropsWalksThatCutNothingButStillLooksNowAndThen) {
    WalkGate gate;
    // Walks that never cut, 100x dearer than the subtrees they would save: after the first few, only the occasional
    // look, within a twentieth of the work.
    const int computed = walks_computed(gate, 4, 100'000, 2000, false, 20);
    EXPECT_GE(computed, 32);
    EXPECT_LT(computed, 2000);
    // Another level is learnt on its own.
    EXPECT_TRUE(gate.worth(7, 0));
}

TEST(KamiWalkGate, TurnsBackOnWhenTheWalksStartToPay) {
    WalkGate gate;
    walks_computed(gate, 5, 5000, 1000, false, 50); // dear and useless so far
    // Deeper iterations: the walks now cut, and a cut saves a subtree 100x their cost. The occasional looks see it.
    int computed = 0;
    uint64_t total = 10'000'000;
    for (int i = 0; i < 20'000; ++i) {
        const bool walk = gate.worth(5, total);
        if (walk) {
            ++computed;
            gate.walked(5, 1000, true);
        } else {
            gate.searched(5, 100'000);
        }
        total += walk ? 1000 : 100'000;
    }
    EXPECT_GT(computed, 15'000); // on for good once the figures turned
}

TEST(KamiWalkGate, OffComputesTheWalksEverywhere) {
    WalkGate gate;
    gate.set_on(false);
    EXPECT_EQ(walks_computed(gate, 4, 5000, 2000, false, 20), 5000);
}

// The gate only ever skips a bound, so the optimum is the same with it and without it, and it is counted work, so
// two solves take the same nodes. Random blotchy square boards of the kind the gate was made for (few long arms).
TEST(KamiWalkGate, SameOptimaWithTheGateAsWithoutAndTheSameNodesEveryRun) {
    std::mt19937_64 rng(48);
    for (int round = 0; round < 12; ++round) {
        const Board b = random_square_board(rng, 12 + int(rng() % 3), 8 + int(rng() % 2), 4 + int(rng() % 2),
                                            25 + int(rng() % 15));
        const SolveReport gated = solve_with_gate(b, true), always = solve_with_gate(b, false);
        EXPECT_GE(gated.lower_bound, 5) << encode_board(b); // deep enough for the gate to act
        ASSERT_EQ(gated.status, PZ_SOLVE_SOLVED) << encode_board(b);
        ASSERT_EQ(always.status, PZ_SOLVE_SOLVED) << encode_board(b);
        EXPECT_EQ(gated.moves.size(), always.moves.size()) << encode_board(b);
        EXPECT_EQ(gated.lower_bound, gated.upper_bound) << encode_board(b);
        EXPECT_TRUE(replays_to_one_colour(b, gated.moves)) << encode_board(b);
        EXPECT_EQ(solve_with_gate(b, true).nodes, gated.nodes) << encode_board(b);
    }
}
