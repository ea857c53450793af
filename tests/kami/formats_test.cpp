// The kami texts: canonical round trips, errors that name line and field, and files from the wild.
#include "kami_test_support.hpp"

#include <cstdlib>

using namespace kami;
using namespace kami::test;

namespace {

const char *kTriangle = "kami 1\n"
                        "name Two rhombi\n"
                        "grid triangle\n"
                        "mode free\n"
                        "size 4 2\n"
                        "colours 3\n"
                        "par 2\n"
                        "cells\n"
                        "1123\n"
                        ".231\n";

std::string error_of(std::string_view text, std::string_view format = "") {
    try {
        parse_levels(text, format);
    } catch (const pluzzle::Error &e) {
        return e.field() + "@" + std::to_string(e.line()) + ": " + e.what();
    }
    return "no error";
}

} // namespace

TEST(KamiFormats, CanonicalRoundTripsExactly) {
    const Board b = board_from(kTriangle);
    EXPECT_EQ(b.grid, Grid::Triangle);
    EXPECT_EQ(b.cols, 4);
    EXPECT_EQ(b.rows, 2);
    EXPECT_EQ(b.par, 2);
    EXPECT_EQ(b.name, "Two rhombi");
    EXPECT_EQ(b.cells, (std::vector<uint8_t>{1, 1, 2, 3, 0, 2, 3, 1}));
    EXPECT_EQ(encode_board(b), kTriangle);

    const std::string pivot = "kami 1\ngrid square\nmode pivot\nsize 3 2\ncolours 2\npivot 2 1\ncells\n121\n212\n";
    const Board p = board_from(pivot);
    EXPECT_EQ(p.pivot, 5);
    EXPECT_EQ(encode_board(p), pivot);
}

TEST(KamiFormats, ErrorsNameTheLineAndField) {
    std::string bad = kTriangle;
    bad.replace(bad.find(".231"), 4, ".241");
    EXPECT_EQ(error_of(bad).substr(0, 9), "cells@10:");
    bad = kTriangle;
    bad.replace(bad.find(".231"), 4, ".23");
    EXPECT_EQ(error_of(bad).substr(0, 9), "cells@10:");
    bad = kTriangle;
    bad.replace(bad.find("size 4 2"), 8, "size 3 2");
    EXPECT_NE(error_of(bad).find("even number"), std::string::npos) << error_of(bad);
    EXPECT_EQ(error_of("kami 1\ngrid square\nmode pivot\nsize 2 1\ncolours 2\ncells\n12\n").substr(0, 6), "pivot@");
    EXPECT_EQ(error_of("kami 1\ngrid hex\n").substr(0, 7), "grid@2:");
    EXPECT_EQ(error_of("hello\n").substr(0, 7), "format@");
    EXPECT_EQ(error_of("123\n", "floodit").substr(0, 6), "cells@");
    EXPECT_EQ(error_of("01|Default|0|0|2|8|1a2X0a|3||0|\n", "puz").substr(0, 6), "tiles@");
    EXPECT_EQ(error_of("01|Default|0|0|2|9|1g|3||0|\n", "puz").substr(0, 7), "length@");
    EXPECT_EQ(error_of("02|Default|0|0|1|2|11|1||0|\n", "puz").substr(0, 8), "version@");
    EXPECT_EQ(error_of("01|Default|0\n", "puz").substr(0, 4), "puz@");
    EXPECT_EQ(error_of("01|Default|0|0|x|2|11|1||0|\n", "puz").substr(0, 6), "width@");
    EXPECT_EQ(error_of("1234123412341234\n1234\n12a4\n", "floodit").substr(0, 8), "cells@3:");
}

TEST(KamiFormats, MoveListsRoundTripAndRefuseBadMoves) {
    const Board b = board_from(kTriangle);
    const std::vector<Move> moves = {{b.index(0, 2), 1}, {b.index(1, 3), 3}};
    EXPECT_EQ(encode_moves(b, moves), "2,0=1 3,1=3");
    EXPECT_EQ(decode_moves(b, "2,0=1   3,1=3\n"), moves);
    EXPECT_TRUE(decode_moves(b, "").empty());
    for (const char *bad : {"0,1=2", "9,0=1", "1,0=4", "1,0", "a,0=1"}) {
        try {
            decode_moves(b, bad);
            ADD_FAILURE() << bad;
        } catch (const pluzzle::Error &e) {
            EXPECT_EQ(e.field(), "moves") << bad;
        }
    }
}

TEST(KamiFormats, ThePuzRunLengthTilesExpand) {
    // 2 rhombi a row (4 triangles), 2 rows: "1a" = 1 x3, "2" once, "0X02" = 0 x2, "3" then "2".
    const Board b = board_from("01|Default|-1|-1|2|8|1a20X0232|5||0|3A\n");
    EXPECT_EQ(b.grid, Grid::Triangle);
    EXPECT_EQ(b.cols, 4);
    EXPECT_EQ(b.rows, 2);
    EXPECT_EQ(b.cells, (std::vector<uint8_t>{1, 1, 1, 2, 0, 0, 3, 2}));
    EXPECT_EQ(b.par, 5);
    EXPECT_EQ(b.colours, 3);
}

// Real files: the ColorFill project's Flood-It boards (../shared).
TEST(KamiFormats, EveryFloodItBoardOfTheWildReads) {
    const std::string path = shared_kami("floodit/pc19_tiles.txt");
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
    const auto levels = parse_levels(read_file(path), "");
    ASSERT_EQ(levels.size(), 1000u);
    for (const auto &l : levels) {
        const Board &b = l.level;
        EXPECT_EQ(b.mode, Mode::Pivot);
        EXPECT_EQ(b.rows, 14);
        EXPECT_EQ(b.cols, 14);
        EXPECT_LE(b.colours, 6);
        EXPECT_EQ(parse_levels(encode_board(b), "canonical").size(), 1u);
    }
}

// The official KAMI 2 story levels are game content, kept outside the repository (docs/BENCHMARKS.md says how to
// fetch them); set KAMI2_STORY_DIR to their folder to run this.
TEST(KamiFormats, EveryOfficialStoryLevelReadsAndRoundTrips) {
    const char *dir = std::getenv("KAMI2_STORY_DIR");
    if (!dir || !std::filesystem::is_directory(dir)) GTEST_SKIP() << "KAMI2_STORY_DIR not set";
    int files = 0;
    for (const auto &e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() != ".puz") continue;
        SCOPED_TRACE(e.path().string());
        const Board b = board_from(read_file(e.path().string()));
        EXPECT_EQ(b.grid, Grid::Triangle);
        EXPECT_GT(b.par, 0);
        const Board again = board_from(encode_board(b), "canonical");
        EXPECT_EQ(again.cells, b.cells);
        ++files;
    }
    EXPECT_GE(files, 114);
}
