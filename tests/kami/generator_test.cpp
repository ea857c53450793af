// The generator: a seed names one board, the par is proven (checked here by a breadth-first search over whole
// boards, independent of the solvers), a par asked for is met, and blank boards have KAMI 2's screen shape.
#include "generator.hpp"
#include "kami_test_support.hpp"
#include "solver.hpp"

using namespace kami;
using namespace kami::test;

namespace {

pluzzle::Params params(std::vector<std::pair<std::string, std::string>> given) {
    return pluzzle::Params(generator_params(), std::move(given));
}

Board generate(std::vector<std::pair<std::string, std::string>> given, uint64_t seed) {
    pluzzle::SolveControl control(nullptr, nullptr);
    return generate_board(params(std::move(given)), seed, control);
}

int tiles(const Board &b) { return int(b.cells.size() - size_t(std::count(b.cells.begin(), b.cells.end(), 0))); }

} // namespace

TEST(KamiGenerator, ASeedNamesOneBoard) {
    const std::vector<std::pair<std::string, std::string>> p = {{"width", "4"}, {"height", "8"}, {"colours", "3"}};
    const std::string a = encode_board(generate(p, 7)), again = encode_board(generate(p, 7));
    EXPECT_EQ(a, again);
    EXPECT_NE(a, encode_board(generate(p, 8)));
    const Board b = board_from(a);
    EXPECT_EQ(b.grid, Grid::Triangle);
    EXPECT_EQ(tiles(b), 32);
    EXPECT_GT(b.par, 0);
}

TEST(KamiGenerator, TheParIsProven) {
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        for (const auto &p : std::vector<std::vector<std::pair<std::string, std::string>>>{
                 {{"width", "2"}, {"height", "6"}, {"colours", "3"}, {"blotch", "2"}},
                 {{"width", "3"}, {"height", "3"}, {"grid", "square"}, {"colours", "3"}, {"blotch", "2"}},
                 {{"width", "4"},
                  {"height", "3"},
                  {"grid", "square"},
                  {"mode", "pivot"},
                  {"colours", "4"},
                  {"blotch", "1"}}}) {
            const auto b = generate(p, seed);
            SCOPED_TRACE(encode_board(b));
            validate_board(b);
            EXPECT_EQ(b.par, brute_force_par(b, b.cells));
        }
    }
}

TEST(KamiGenerator, AParAskedForIsMet) {
    for (const char *want : {"2", "4", "6"}) {
        const auto b = generate({{"width", "5"}, {"height", "10"}, {"colours", "4"}, {"par", want}}, 3);
        EXPECT_EQ(b.par, std::stoi(want));
        pluzzle::SolveControl control(nullptr, nullptr);
        const SolveReport r = solve_board(b, control);
        EXPECT_EQ(r.status, PZ_SOLVE_SOLVED);
        EXPECT_EQ(int(r.moves.size()), b.par);
    }
    const auto flood = generate({{"width", "8"},
                                 {"height", "8"},
                                 {"grid", "square"},
                                 {"mode", "pivot"},
                                 {"colours", "4"},
                                 {"blotch", "2"},
                                 {"par", "9"}},
                                1);
    EXPECT_EQ(flood.mode, Mode::Pivot);
    EXPECT_EQ(flood.par, 9);
}

TEST(KamiGenerator, LimitsStopTheGeneratorCleanly) {
    pz_solve_request request{};
    request.struct_size = sizeof request;
    request.time_limit_s = 1e-9;
    pluzzle::SolveControl control(&request, nullptr);
    try {
        generate_board(params({{"width", "6"}, {"height", "12"}}), 1, control);
        ADD_FAILURE() << "generated within a nanosecond";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.code(), PZ_ERR_STOPPED);
    }
    // A par no board of this size has: a clear failure after the tries.
    try {
        generate({{"width", "1"}, {"height", "2"}, {"colours", "2"}, {"par", "30"}, {"tries", "5"}}, 1);
        ADD_FAILURE() << "a par of 30 on two triangles";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.code(), PZ_ERR_STOPPED);
        EXPECT_NE(std::string(e.what()).find("par 30"), std::string::npos) << e.what();
    }
}

TEST(KamiGenerator, BlankBoardsAreKami2sScreen) {
    const auto full = blank_board(params({{"width", "10"}, {"height", "29"}, {"colours", "5"}}));
    validate_board(full);
    EXPECT_EQ(tiles(full), 290);
    EXPECT_EQ(full.rows, 10);
    EXPECT_EQ(full.cols, 40) << "as the game's own level files";
    EXPECT_EQ(full.colours, 5);
    EXPECT_TRUE(one_colour(full.cells));
    // Each file row is a column of 29 triangles, one place further up the band than the row before.
    for (int r = 0; r < full.rows; ++r) {
        int first = -1, count = 0;
        for (int k = 0; k < full.cols; ++k)
            if (full.cells[size_t(full.index(r, k))]) count++, first = first < 0 ? k : first;
        EXPECT_EQ(count, 29);
        EXPECT_EQ(first, 10 - r);
    }
    EXPECT_EQ(board_from(encode_board(full)).cells, full.cells);
    const auto square = blank_board(params({{"width", "5"}, {"height", "4"}, {"grid", "square"}, {"mode", "pivot"}}));
    EXPECT_EQ(square.cells, std::vector<uint8_t>(20, 1));
    EXPECT_EQ(square.pivot, 0);
    validate_board(square);
}
