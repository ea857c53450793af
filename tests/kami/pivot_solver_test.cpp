// Pivot mode (Flood-It): A* against breadth-first search over the same blob states on small boards, and the
// ColorFill project's published optimal solutions replayed through our rules.
#include "kami_test_support.hpp"

#include "pivot_solver.hpp"

#include <optional>
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

// The ColorFill pc19 boards and their published optimal move lists (as owned strings), or nothing without the data.
struct Pc19 {
    std::vector<pluzzle::ParsedLevel> levels;
    std::vector<std::string> optima;
    const Board &board(size_t i) const { return pluzzle::as<Board>(*levels.at(i).level); }
};
std::optional<Pc19> pc19() {
    const std::string boards = shared_kami("floodit/pc19_tiles.txt");
    if (!std::filesystem::exists(boards)) return std::nullopt;
    Pc19 data;
    data.levels = parse_levels(read_file(boards), "floodit");
    const std::string optima = read_file(shared_kami("floodit/pc19_optimal_solutions.txt"));
    for (const pluzzle::Line &line : pluzzle::split_lines(optima))
        if (!pluzzle::trim(line.text).empty()) data.optima.emplace_back(pluzzle::trim(line.text));
    return data;
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
    const auto data = pc19();
    if (!data) GTEST_SKIP() << "no pc19 data";
    ASSERT_EQ(data->levels.size(), 1000u);
    ASSERT_EQ(data->optima.size(), 1000u);
    size_t total = 0;
    for (size_t i = 0; i < data->levels.size(); ++i) {
        const Board &b = data->board(i);
        std::vector<Move> theirs;
        for (char c : data->optima[i]) theirs.push_back({b.pivot, uint8_t(c - '0')});
        total += theirs.size();
        EXPECT_TRUE(replays_to_one_colour(b, theirs)) << "board " << i;
    }
    EXPECT_EQ(total, 20086u); // the sum the data's README gives
}

// Real boards: the first pc19 boards solved optimally (as many moves as the published optimum), replay-checked.
TEST(KamiPivotSolver, MatchesThePublishedOptimaOnTheFirstPc19Boards) {
    const auto data = pc19();
    if (!data) GTEST_SKIP() << "no pc19 data";
    for (size_t i = 0; i < 5; ++i) {
        const Board &b = data->board(i);
        pluzzle::SolveControl control(nullptr, nullptr);
        const PivotReport r = solve_pivot(b, control);
        ASSERT_EQ(r.status, PZ_SOLVE_SOLVED) << "board " << i;
        EXPECT_EQ(r.moves.size(), data->optima.at(i).size()) << "board " << i;
        EXPECT_TRUE(replays_to_one_colour(b, r.moves)) << "board " << i;
    }
}

TEST(KamiPivotSolver, StopsWhenTheControlSaysSoWithAProvenLowerBound) {
    const auto data = pc19();
    if (!data) GTEST_SKIP() << "no pc19 data";
    pz_solve_request request{};
    request.struct_size = sizeof request;
    request.node_limit = 50;
    pluzzle::SolveControl control(&request, nullptr);
    const PivotReport r = solve_pivot(data->board(0), control);
    EXPECT_EQ(r.status, PZ_SOLVE_LIMIT);
    EXPECT_GT(r.lower_bound, 0);
    EXPECT_LE(r.lower_bound, int(data->optima.at(0).size())); // 19
}

TEST(KamiPivotSolver, HolesThatCutTheBoardApartMakeItUnsolvable) {
    const Board b = board_from("kami 1\ngrid square\nmode pivot\nsize 3 1\ncolours 2\npivot 0 0\ncells\n1.2\n");
    pluzzle::SolveControl control(nullptr, nullptr);
    EXPECT_EQ(solve_pivot(b, control).status, PZ_SOLVE_UNSOLVABLE);
}
