// Pivot mode (Flood-It): A* against breadth-first search over the same blob states on small boards, and the
// ColorFill project's published optimal solutions replayed through our rules.
#include "kami_test_support.hpp"

#include "pivot_solver.hpp"

#include <map>
#include <random>
#include <set>

using namespace kami;
using namespace kami::test;

namespace {

// The fewest moves by breadth-first search over the cells themselves (no regions, no bound): the reference.
int fewest_moves(const Board &b) {
    std::set<std::vector<uint8_t>> seen{b.cells};
    std::vector<std::vector<uint8_t>> layer{b.cells};
    for (int moves = 0;; ++moves) {
        std::vector<std::vector<uint8_t>> next;
        for (const auto &cells : layer) {
            if (one_colour(cells)) return moves;
            for (uint8_t c = 1; c <= b.colours; ++c) {
                if (c == cells[size_t(b.pivot)]) continue;
                auto after = apply_move(b, cells, {b.pivot, c});
                if (seen.insert(after).second) next.push_back(std::move(after));
            }
        }
        layer = std::move(next);
    }
}

Board random_board(std::mt19937_64 &rng, int rows, int cols, int colours) {
    Board b;
    b.grid = rng() % 2 ? Grid::Square : Grid::Triangle;
    b.mode = Mode::Pivot;
    b.rows = rows;
    b.cols = b.grid == Grid::Triangle ? 2 * cols : cols;
    b.colours = colours;
    for (int64_t i = 0; i < b.size(); ++i) b.cells.push_back(uint8_t(1 + rng() % uint64_t(colours)));
    b.pivot = int64_t(rng() % uint64_t(b.size()));
    validate_board(b);
    return b;
}

} // namespace

TEST(KamiPivotSolver, MatchesBreadthFirstSearchOnSmallBoards) {
    std::mt19937_64 rng(21);
    for (int round = 0; round < 60; ++round) {
        const Board b = random_board(rng, 3 + int(rng() % 3), 3 + int(rng() % 3), 3 + int(rng() % 3));
        pluzzle::SolveControl control(nullptr, nullptr);
        const PivotReport r = solve_pivot(b, control);
        ASSERT_EQ(r.status, PZ_SOLVE_SOLVED) << encode_board(b);
        EXPECT_EQ(int(r.moves.size()), fewest_moves(b)) << encode_board(b);
        EXPECT_EQ(r.lower_bound, int(r.moves.size()));
        EXPECT_TRUE(replays_to_one_colour(b, r.moves)) << encode_board(b);
    }
}

// Real files: every published optimal solution of pc19 replays to one colour under our rules.
TEST(KamiPivotSolver, ThePublishedOptimaReplayUnderOurRules) {
    const std::string boards = shared_kami("floodit/pc19_tiles.txt");
    if (!std::filesystem::exists(boards)) GTEST_SKIP() << "no " << boards;
    const auto levels = parse_levels(read_text(boards), "floodit");
    const std::string optima = read_text(shared_kami("floodit/pc19_optimal_solutions.txt"));
    const auto known = pluzzle::split_lines(optima); // views into `optima`
    ASSERT_EQ(levels.size(), 1000u);
    size_t total = 0;
    for (size_t i = 0; i < levels.size(); ++i) {
        const Board &b = pluzzle::as<Board>(*levels[i].level);
        std::vector<Move> theirs;
        for (char c : pluzzle::trim(known.at(i).text)) theirs.push_back({b.pivot, uint8_t(c - '0')});
        total += theirs.size();
        EXPECT_TRUE(replays_to_one_colour(b, theirs)) << "board " << i;
    }
    EXPECT_EQ(total, 20086u); // the sum the data's README gives
}

// Real boards: the first pc19 boards solved optimally (as many moves as the published optimum), replay-checked.
TEST(KamiPivotSolver, MatchesThePublishedOptimaOnTheFirstPc19Boards) {
    const std::string boards = shared_kami("floodit/pc19_tiles.txt");
    if (!std::filesystem::exists(boards)) GTEST_SKIP() << "no " << boards;
    const auto levels = parse_levels(read_text(boards), "floodit");
    const std::string optima = read_text(shared_kami("floodit/pc19_optimal_solutions.txt"));
    const auto known = pluzzle::split_lines(optima); // views into `optima`
    for (size_t i = 0; i < 5; ++i) {
        const Board &b = pluzzle::as<Board>(*levels[i].level);
        pluzzle::SolveControl control(nullptr, nullptr);
        const PivotReport r = solve_pivot(b, control);
        ASSERT_EQ(r.status, PZ_SOLVE_SOLVED) << "board " << i;
        EXPECT_EQ(r.moves.size(), pluzzle::trim(known.at(i).text).size()) << "board " << i;
        EXPECT_TRUE(replays_to_one_colour(b, r.moves)) << "board " << i;
    }
}

TEST(KamiPivotSolver, StopsWhenTheControlSaysSoWithAProvenLowerBound) {
    const std::string boards = shared_kami("floodit/pc19_tiles.txt");
    if (!std::filesystem::exists(boards)) GTEST_SKIP() << "no " << boards;
    const Board b = board_from(pluzzle::split_lines(read_text(boards)).at(0).text, "floodit");
    pz_solve_request request{};
    request.struct_size = sizeof request;
    request.node_limit = 50;
    pluzzle::SolveControl control(&request, nullptr);
    const PivotReport r = solve_pivot(b, control);
    EXPECT_EQ(r.status, PZ_SOLVE_LIMIT);
    EXPECT_GT(r.lower_bound, 0);
    const std::string optima = read_text(shared_kami("floodit/pc19_optimal_solutions.txt"));
    EXPECT_LE(r.lower_bound, int(pluzzle::trim(pluzzle::split_lines(optima).at(0).text).size())); // 19
}

TEST(KamiPivotSolver, HolesThatCutTheBoardApartMakeItUnsolvable) {
    const Board b = board_from("kami 1\ngrid square\nmode pivot\nsize 3 1\ncolours 2\npivot 0 0\ncells\n1.2\n");
    pluzzle::SolveControl control(nullptr, nullptr);
    EXPECT_EQ(solve_pivot(b, control).status, PZ_SOLVE_UNSOLVABLE);
}
