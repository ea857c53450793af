// kami's cubes (split.hpp) as a conquest on one thread runs them: one after another, each told the best list the
// cubes before it found, sharing what they proved (the thread's cube memory). The least list over the cubes must be
// the optimum breadth-first search finds -- in either order of the cubes, and with another board's cubes in between,
// which must start the memory afresh (a state's key holds only its regions' colours: another board's table would
// lie).
#include "kami_test_support.hpp"

#include "solver.hpp"
#include "split.hpp"

#include <cmath>
#include <random>

using namespace kami;
using namespace kami::test;

namespace {

// The conquest of one board's cubes on this thread, in the given order; the least list found, or -1.
int conquer_in_turn(const Board &b, bool reverse) {
    pluzzle::SolveControl root(nullptr, nullptr);
    pluzzle::Split split = split_board(b, root);
    if (split.cubes.empty()) return split.outcome.status == PZ_SOLVE_SOLVED ? int(split.outcome.upper_bound) : -1;
    if (reverse) std::reverse(split.cubes.begin(), split.cubes.end());
    double best = split.outcome.upper_bound; // the root's quick list
    for (const std::string &cube : split.cubes) {
        pz_solve_request request{};
        request.struct_size = sizeof request;
        request.ctx = &best;
        request.known_best = [](void *ctx) { return *static_cast<double *>(ctx); };
        pluzzle::SolveControl control(&request, nullptr);
        const pluzzle::SolveOutcome o = solve_cube_board(b, cube, control);
        EXPECT_TRUE(o.status == PZ_SOLVE_SOLVED || o.status == PZ_SOLVE_UNSOLVABLE) << cube;
        if (o.status == PZ_SOLVE_SOLVED) {
            EXPECT_LT(o.upper_bound, best) << cube << ": only lists shorter than the best known are asked for";
            best = std::min(best, o.upper_bound);
        }
    }
    return int(best);
}

} // namespace

// Boards whose root quick list is not proven optimal (those have cubes), eight of them; the reference is the whole
// search (itself checked against breadth-first search in free_solver_test.cpp).
TEST(KamiSplit, CubesInTurnSharingTheirMemoryFindTheOptimumInEitherOrder) {
    std::mt19937_64 rng(48);
    int split_boards = 0;
    for (int round = 0; round < 400 && split_boards < 8; ++round) {
        Board a = random_board(rng, 6, 7, 4 + int(rng() % 2), 0);
        a.grid = Grid::Square; // one island: a square board without holes
        pluzzle::SolveControl control(nullptr, nullptr);
        if (split_board(a, control).cubes.empty()) continue;
        ++split_boards;
        const Board other = random_board(rng, 4, 4, 4, 0);
        const auto optimum = [](const Board &b) {
            pluzzle::SolveControl c(nullptr, nullptr);
            const SolveReport r = solve_board(b, c);
            EXPECT_EQ(r.status, PZ_SOLVE_SOLVED);
            return int(r.moves.size());
        };
        const int par = optimum(a);
        EXPECT_EQ(conquer_in_turn(a, false), par) << encode_board(a);
        EXPECT_EQ(conquer_in_turn(other, true), optimum(other)) << encode_board(other);
        EXPECT_EQ(conquer_in_turn(a, true), par) << encode_board(a) << ": after another board's cubes";
        forget_cube_memory();
    }
    EXPECT_GE(split_boards, 8) << "too few boards needed cubes: the test would not test them";
}

// The memory is the board's: a cube solved again right after itself takes fewer nodes (what it proved is kept), and
// solved again after another board's cube takes exactly the nodes of its first solve (the memory started afresh).
TEST(KamiSplit, TheCubeMemoryIsKeptForItsBoardAndForgottenForAnother) {
    std::mt19937_64 rng(4848);
    std::vector<std::pair<Board, std::string>> found; // boards with a cube worth learning from, and that cube
    const auto nodes_of = [](const Board &b, const std::string &cube) {
        pluzzle::SolveControl control(nullptr, nullptr);
        solve_cube_board(b, cube, control);
        return control.nodes();
    };
    for (int round = 0; round < 400 && found.size() < 2; ++round) {
        Board b = random_board(rng, 6, 7, 5, 0);
        b.grid = Grid::Square;
        pluzzle::SolveControl root(nullptr, nullptr);
        const pluzzle::Split split = split_board(b, root);
        if (split.cubes.empty()) continue;
        forget_cube_memory();
        if (nodes_of(b, split.cubes[0]) >= 100) found.push_back({b, split.cubes[0]});
    }
    ASSERT_EQ(found.size(), 2u) << "no boards with cubes worth learning from";
    const auto &[a, cube] = found[0];
    const auto &[other, other_cube] = found[1];
    forget_cube_memory();
    const uint64_t first = nodes_of(a, cube);
    EXPECT_LT(nodes_of(a, cube), first) << encode_board(a) << ": nothing kept";
    nodes_of(other, other_cube);
    EXPECT_EQ(nodes_of(a, cube), first) << encode_board(a) << ": another board's memory was used";
}
