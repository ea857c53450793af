// Free play (KAMI): the IDA* against breadth-first search over every legal move (any region, any colour) on small
// boards (brute_force_par) -- the reference has none of the solver's bounds or move rules, so a bound that
// overestimates or a move rule that loses solutions shows up as a longer answer -- and boards cut into islands by
// holes.
#include "kami_test_support.hpp"

#include "solver.hpp"

#include <random>
#include <string>
#include <vector>

using namespace kami;
using namespace kami::test;

namespace {

// With the beam's list to beat (the default) and without (beam_width 0): then the search must find the optimum
// itself, so a bound or a learned table entry that overestimates shows as a longer list.
void expect_optimal(const Board &b, int beam_width) {
    pluzzle::SolveControl control(nullptr, nullptr);
    SolveOptions options;
    options.beam_width = beam_width;
    const SolveReport r = solve_board(b, control, options);
    ASSERT_EQ(r.status, PZ_SOLVE_SOLVED) << encode_board(b);
    EXPECT_EQ(int(r.moves.size()), brute_force_par(b, b.cells)) << encode_board(b);
    EXPECT_EQ(r.lower_bound, int(r.moves.size())) << encode_board(b);
    EXPECT_EQ(r.upper_bound, int(r.moves.size())) << encode_board(b);
    EXPECT_TRUE(replays_to_one_colour(b, r.moves)) << encode_board(b);
}

// `rounds` random boards of 2 to 1 + `rows` rows and 2 to 1 + `cols` columns, with about `holes_in_ten` holes in ten
// cells, each solved with and without the beam.
void expect_optimal_on_random_boards(uint64_t seed, int holes_in_ten, int rounds = 150, int rows = 2, int cols = 3) {
    std::mt19937_64 rng(seed);
    for (int round = 0; round < rounds; ++round) {
        const Board b = random_board(rng, 2 + int(rng() % uint64_t(rows)), 2 + int(rng() % uint64_t(cols)),
                                     2 + int(rng() % 3), holes_in_ten);
        expect_optimal(b, 64);
        expect_optimal(b, 0);
    }
}

} // namespace

TEST(KamiFreeSolver, MatchesBreadthFirstSearchOnSmallBoards) { expect_optimal_on_random_boards(12, 0); }

// Up to 3 x 5 cells: radii of 3 and more, where the children's radius test and the bounds beyond the radius have
// something to do.
TEST(KamiFreeSolver, MatchesBreadthFirstSearchOnLargerBoards) { expect_optimal_on_random_boards(56, 0, 60, 2, 4); }

// Strips and bands, long and thin: the shortest paths the path bound follows are most of the board (on a strip,
// the whole of it, and the bound is the optimum).
TEST(KamiFreeSolver, MatchesBreadthFirstSearchOnStripsAndBands) {
    std::mt19937_64 rng(78);
    for (int round = 0; round < 80; ++round) {
        const int rows = 1 + int(rng() % 2), cols = rows == 1 ? 4 + int(rng() % 7) : 4 + int(rng() % 2);
        const Board b = random_board(rng, rows, cols, 3 + int(rng() % 2), 0);
        expect_optimal(b, 64);
        expect_optimal(b, 0);
    }
}

// A shortest path's prints alone do not bound the moves: groups 2-0-{1,3}-4-5-6 (a 4-cycle with tails) take 3
// moves (0 takes 3's colour, then 4 takes it, then the rest), but the shortest path through 1 alone takes 4. Each
// of the board's eight orientations numbers the groups differently, so the double sweep meets both shortest
// paths; with no beam, a bound from the wrong one made the search answer 4.
TEST(KamiFreeSolver, PathBoundCountsEveryWalkNotOneShortestPath) {
    const std::vector<std::string> base{"242..", ".1321"};
    for (int t = 0; t < 8; ++t) {
        const bool swap = t & 4;
        const int rows = swap ? 5 : 2, cols = swap ? 2 : 5;
        std::string text = "kami 1\ngrid square\nmode free\nsize " + std::to_string(cols) + " " +
                           std::to_string(rows) + "\ncolours 4\ncells\n";
        for (int r = 0; r < rows; ++r) {
            for (int c = 0; c < cols; ++c) {
                int br = swap ? c : r, bc = swap ? r : c;
                if (t & 1) br = 1 - br;
                if (t & 2) bc = 4 - bc;
                text += base[size_t(br)][size_t(bc)];
            }
            text += "\n";
        }
        const Board b = board_from(text);
        ASSERT_EQ(brute_force_par(b, b.cells), 3) << text;
        expect_optimal(b, 64);
        expect_optimal(b, 0);
    }
}

// Holes cut boards into islands solved apart and joined over a common final colour: one island that cannot end with
// the others' colour in its fewest moves costs one more.
TEST(KamiFreeSolver, IslandsAgreeOnAFinalColour) { expect_optimal_on_random_boards(34, 3); }

TEST(KamiFreeSolver, IslandsThatEndApartCostAMoveEach) {
    // Two islands, one red and one blue: one recolour, whichever colour is kept.
    const Board b = board_from("kami 1\ngrid square\nmode free\nsize 3 1\ncolours 2\ncells\n1.2\n");
    pluzzle::SolveControl control(nullptr, nullptr);
    const SolveReport r = solve_board(b, control);
    ASSERT_EQ(r.status, PZ_SOLVE_SOLVED);
    EXPECT_EQ(r.moves.size(), 1u);
    EXPECT_TRUE(replays_to_one_colour(b, r.moves));
}

// Real files: the official KAMI 2 story levels (kept outside the repository; docs/BENCHMARKS.md says how to fetch
// them; set KAMI2_STORY_DIR). Quick mode's lists replay to one colour under our rules and are within the game's par;
// the optimal search proves Threegrid3 at 12 moves, one under its par.
TEST(KamiFreeSolver, StoryLevelsQuickListsReplayAndThreegrid3IsTwelve) {
    const char *dir = std::getenv("KAMI2_STORY_DIR");
    if (!dir || !std::filesystem::is_directory(dir)) GTEST_SKIP() << "KAMI2_STORY_DIR not set";
    int within_par = 0, levels = 0;
    for (const auto &e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() != ".puz" || e.path().filename().string().rfind("old_", 0) == 0) continue;
        SCOPED_TRACE(e.path().string());
        const Board b = board_from(read_file(e.path().string()));
        pluzzle::SolveControl control(nullptr, nullptr);
        const SolveReport r = solve_board(b, control, {false});
        ASSERT_EQ(r.status, PZ_SOLVE_SOLVED);
        EXPECT_TRUE(replays_to_one_colour(b, r.moves));
        EXPECT_LE(int(r.moves.size()), b.par);
        EXPECT_LE(r.lower_bound, int(r.moves.size()));
        EXPECT_LE(r.lower_bound, b.par); // the game's par is reachable: a proven bound above it is a bug
        within_par += int(r.moves.size()) <= b.par;
        ++levels;
    }
    EXPECT_EQ(levels, 114);
    EXPECT_EQ(within_par, 114); // Bud3's 17 takes a free move before the blob (best_blob_list)
    const Board three = board_from(read_file(std::string(dir) + "/Threegrid3.puz"));
    pluzzle::SolveControl control(nullptr, nullptr);
    const SolveReport r = solve_board(three, control);
    ASSERT_EQ(r.status, PZ_SOLVE_SOLVED);
    EXPECT_EQ(r.moves.size(), 12u);
    EXPECT_EQ(r.lower_bound, 12);
    EXPECT_TRUE(replays_to_one_colour(three, r.moves));
}
