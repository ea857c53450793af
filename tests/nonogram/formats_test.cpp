// formats_test.cpp -- nonogram level files: canonical, .non and tournament parsing, exact round trips, every
// parse error with its line and column, and validate_puzzle's rules.
#include "formats.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace nonogram;

namespace {

const Puzzle &puzzle(const pluzzle::Parsed<Puzzle> &l) { return l.level; }

Puzzle parse_one(const std::string &text, const std::string &format = "") {
    auto levels = parse_levels(text, format);
    EXPECT_EQ(levels.size(), 1u);
    return puzzle(levels.at(0));
}

const char *const kDemoNon = R"(catalogue "webpbn.com #1"
title "Demo Puzzle from Front Page"
by "Jan Wolter"
copyright "&copy; Copyright 2004 by Jan Wolter"
license CC-BY
width 5
height 10

rows
2
2,1
1,1
3
1,1
1,1
2
1,1
1,2
2

columns
2,1
2,1,3
7
1,3
2,1

goal "01100011010010101110101001010000110010100101111000"
)";

const char *const kSmallCanonical = R"(nonogram 1
title "Tiny \"quoted\" \\ title"
size 3 2
rows
3
1
columns
2
1
1
goal
###
#..
)";

struct ErrorCase {
    const char *name;
    std::string text;
    std::string format;
    int line, column;
    std::string message_part;
};

} // namespace

TEST(NonogramFormats, NonKeepsMetadataCluesAndGoal) {
    const Puzzle p = parse_one(kDemoNon);
    EXPECT_EQ(p.width, 5);
    EXPECT_EQ(p.height, 10);
    ASSERT_EQ(p.meta.size(), 5u);
    EXPECT_EQ(p.meta[0], (std::pair<std::string, std::string>("catalogue", "webpbn.com #1")));
    EXPECT_EQ(p.meta[1].second, "Demo Puzzle from Front Page");
    EXPECT_EQ(p.meta[4], (std::pair<std::string, std::string>("license", "CC-BY")));
    EXPECT_EQ(p.rows[1], (Clue{2, 1}));
    EXPECT_EQ(p.cols[1], (Clue{2, 1, 3}));
    EXPECT_EQ(p.goal, "01100011010010101110101001010000110010100101111000");
    EXPECT_NO_THROW(validate_puzzle(p));
    EXPECT_TRUE(satisfies(p, goal_grid(p)));
}

TEST(NonogramFormats, CanonicalRoundTripsExactlyWithEscapes) {
    const Puzzle p = parse_one(kSmallCanonical);
    EXPECT_EQ(p.meta.at(0).second, "Tiny \"quoted\" \\ title");
    EXPECT_EQ(p.goal, "111100");
    EXPECT_NO_THROW(validate_puzzle(p));
    EXPECT_EQ(encode_canonical(p), kSmallCanonical);
    auto levels = parse_levels(kSmallCanonical, "");
    EXPECT_EQ(levels[0].name, "Tiny \"quoted\" \\ title");
}

TEST(NonogramFormats, NonToCanonicalAndBack) {
    const Puzzle p = parse_one(kDemoNon);
    const std::string text = encode_canonical(p);
    EXPECT_EQ(text.rfind("nonogram 1\ncatalogue \"webpbn.com #1\"\n", 0), 0u) << text;
    const Puzzle q = parse_one(text);
    EXPECT_EQ(encode_canonical(q), text);
    EXPECT_EQ(q.meta, p.meta);
    EXPECT_EQ(q.rows, p.rows);
    EXPECT_EQ(q.cols, p.cols);
    EXPECT_EQ(q.goal, p.goal);
}

TEST(NonogramFormats, SeveralCanonicalPuzzlesInOneFile) {
    const Puzzle a = parse_one(kDemoNon);
    const std::string text = encode_canonical(a) + "\n\n" + kSmallCanonical;
    auto levels = parse_levels(text, "");
    ASSERT_EQ(levels.size(), 2u);
    EXPECT_EQ(encode_canonical(puzzle(levels[0])), encode_canonical(a));
    EXPECT_EQ(encode_canonical(puzzle(levels[1])), kSmallCanonical);
    EXPECT_EQ(levels[0].name, "Demo Puzzle from Front Page");
}

TEST(NonogramFormats, NonBlankCluesAndSpaceSeparators) {
    // A blank row as `0`, a blank column as an empty line inside the section, blanks as separators, CRLF.
    const std::string text =
        "width 3\r\nheight 4\r\nrows\r\n1 1\r\n0\r\n1,1\r\n1, 1\r\ncolumns\r\n1 2\r\n\r\n1 2\r\n";
    const Puzzle p = parse_one(text, "non");
    EXPECT_EQ(p.rows, (std::vector<Clue>{{1, 1}, {}, {1, 1}, {1, 1}}));
    EXPECT_EQ(p.cols, (std::vector<Clue>{{1, 2}, {}, {1, 2}}));
    EXPECT_TRUE(p.meta.empty());
    EXPECT_NO_THROW(validate_puzzle(p));
    // A last column that is blank may be written as a trailing empty line.
    const Puzzle q = parse_one("width 2\nheight 1\nrows\n1\ncolumns\n1\n\n", "non");
    EXPECT_EQ(q.cols, (std::vector<Clue>{{1}, {}}));
}

TEST(NonogramFormats, NonInnerQuotesKeptAsWritten) {
    const Puzzle p = parse_one("title \"For  merilinnuke aka \"Merka\"\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n");
    EXPECT_EQ(p.meta.at(0).second, "For  merilinnuke aka \"Merka\"");
    const Puzzle q = parse_one(encode_canonical(p));
    EXPECT_EQ(q.meta, p.meta);
}

TEST(NonogramFormats, BundledSurveyPuzzlesParseValidateAndRoundTrip) {
    const std::filesystem::path dir = std::filesystem::path(PLUZZLE_SOURCE_DIR) / "data" / "nonogram";
    int files = 0;
    for (auto &e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() != ".non" && e.path().extension() != ".nonogram") continue;
        SCOPED_TRACE(e.path().string());
        ++files;
        auto levels = parse_levels(pluzzle::test::read_file(e.path().string()), "");
        for (auto &l : levels) {
            const Puzzle &p = puzzle(l);
            EXPECT_NO_THROW(validate_puzzle(p));
            EXPECT_FALSE(p.goal.empty());
            const std::string text = encode_canonical(p);
            EXPECT_EQ(encode_canonical(parse_one(text)), text);
        }
    }
    EXPECT_EQ(files, 15);
}

// How fast this parses is measured by build/bin/nonogram_bench (docs/BENCHMARKS.md), not here: a wall-clock budget
// fails on a loaded machine or under a sanitizer.
TEST(NonogramFormats, TournamentFileOf1000Parses) {
    const std::string path = std::string(PLUZZLE_SHARED_DATA_DIR) + "/nonogram/tournament/question/taai2011.txt";
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "no shared data at " << path;
    const std::string text = pluzzle::test::read_file(path);
    auto levels = parse_levels(text, "");
    ASSERT_EQ(levels.size(), 1000u);
    EXPECT_EQ(levels[0].name, "$1");
    EXPECT_EQ(levels[999].name, "$1000");
    const Puzzle &p = puzzle(levels[0]);
    EXPECT_EQ(p.width, 25);
    EXPECT_EQ(p.height, 25);
    // The first lines of $1: columns first, then rows.
    EXPECT_EQ(p.cols[0], (Clue{2, 1, 1, 1, 1, 2, 3}));
    EXPECT_EQ(p.cols[1], (Clue{1, 2, 3, 4, 1, 1}));
    EXPECT_EQ(p.cols[24], (Clue{1, 1, 1, 2, 4, 3}));
    EXPECT_EQ(p.rows[0], (Clue{4, 4, 1, 1, 1, 2, 5}));
    for (auto &l : levels) EXPECT_NO_THROW(validate_puzzle(puzzle(l)));
    // Through the canonical format and back.
    const std::string canon = encode_canonical(p);
    EXPECT_EQ(encode_canonical(parse_one(canon)), canon);
}

TEST(NonogramFormats, SmallTournamentTextWithBlankClues) {
    auto levels = parse_levels("$7\n1\n0\n1 \t\n1\n\n$8\n1\n1\n", "");
    ASSERT_EQ(levels.size(), 2u);
    EXPECT_EQ(levels[0].name, "$7");
    const Puzzle &p = puzzle(levels[0]);
    EXPECT_EQ(p.width, 2);
    EXPECT_EQ(p.cols, (std::vector<Clue>{{1}, {}}));
    EXPECT_EQ(p.rows, (std::vector<Clue>{{1}, {1}}));
    EXPECT_THROW(validate_puzzle(p), pluzzle::Error); // rows fill 2 cells, columns 1
    EXPECT_NO_THROW(validate_puzzle(puzzle(levels[1])));
}

TEST(NonogramFormats, ParseErrorsNameLineAndColumn) {
    const std::string good_rows = "rows\n1\ncolumns\n1\n";
    const std::vector<ErrorCase> cases = {
        {"letter in a clue", "width 1\nheight 1\nrows\n1x\ncolumns\n1\n", "", 4, 1, "expected an integer"},
        {"comma junk", "width 2\nheight 1\nrows\n1,#\ncolumns\n1\n0\n", "", 4, 3, "expected an integer"},
        {"too few rows", "width 1\nheight 2\nrows\n1\ncolumns\n1\n", "", 3, 1, "rows: expected 2 clues, found 1"},
        {"too many columns", "width 1\nheight 1\nrows\n1\ncolumns\n1\n1\n", "", 5, 1, "columns: expected 1 clues, found 2"},
        {"missing width", "height 1\n" + good_rows, "", 6, 1, "missing 'width'"},
        {"bad width", "width x\nheight 1\n" + good_rows, "", 1, 7, "expected an integer"},
        {"unterminated title", "title \"abc\nwidth 1\nheight 1\n" + good_rows, "", 1, 7, "unterminated"},
        {"keyword without value", "width 1\nheight 1\nauthor\n" + good_rows, "", 3, 7, "expected a value"},
        {"bad goal cell", "width 1\nheight 1\n" + good_rows + "goal \"2\"\n", "", 7, 7, "bad goal cell"},
        {"short goal", "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"1\"\n", "", 8, 7, "goal has 1 cells"},
        {"zero among runs", "width 3\nheight 1\nrows\n1 0 1\ncolumns\n1\n0\n1\n", "", 4, 3, "0 stands alone"},
        {"stray text before rows", "width 1\nheight 1\n5\n" + good_rows, "", 3, 1, "unexpected text"},
        {"canonical version", "nonogram 2\n", "", 1, 10, "unsupported format version"},
        {"canonical missing size", "nonogram 1\ntitle \"x\"\nrows\n", "", 3, 1, "'rows' before 'size'"},
        {"canonical unquoted meta", "nonogram 1\ntitle x\nsize 1 1\n", "", 2, 7, "expected a quoted value"},
        {"canonical bad escape", "nonogram 1\ntitle \"a\\n\"\nsize 1 1\n", "", 2, 9, "bad escape"},
        {"canonical short section", "nonogram 1\nsize 1 2\nrows\n1\ncolumns\n1\n", "", 5, 1, "rows: expected 2 clues, found 1"},
        {"canonical goal cell", "nonogram 1\nsize 2 1\nrows\n1\ncolumns\n1\n0\ngoal\n#x\n", "", 9, 2, "bad goal cell"},
        {"canonical goal row length", "nonogram 1\nsize 2 1\nrows\n1\ncolumns\n1\n0\ngoal\n#\n", "", 9, 2, "has 1 cells"},
        {"canonical trailing junk", "nonogram 1\nsize 1 1\nrows\n1\ncolumns\n1\nhello\n", "", 7, 1, "expected 'goal'"},
        {"tournament odd lines", "$1\n1\n1\n1\n", "", 1, 1, "even number"},
        {"tournament junk", "$1\n1\t2\nx\n", "", 3, 1, "expected an integer"},
        {"tournament text before", "1\n$1\n1\n1\n", "tournament", 1, 1, "'$N'"},
    };
    for (const ErrorCase &c : cases) {
        SCOPED_TRACE(c.name);
        try {
            parse_levels(c.text, c.format);
            ADD_FAILURE() << "no error for: " << c.text;
        } catch (const pluzzle::Error &e) {
            EXPECT_EQ(e.code(), PZ_ERR_PARSE) << e.what();
            EXPECT_EQ(e.line(), c.line) << e.what();
            EXPECT_EQ(e.column(), c.column) << e.what();
            EXPECT_NE(std::string(e.what()).find(c.message_part), std::string::npos) << e.what();
        }
    }
    EXPECT_THROW(parse_levels("x", "pdf"), pluzzle::Error);
}

TEST(NonogramFormats, ValidateNamesTheField) {
    auto expect_invalid = [](const Puzzle &p, const std::string &field, const std::string &part) {
        try {
            validate_puzzle(p);
            ADD_FAILURE() << "no error, expected " << part;
        } catch (const pluzzle::Error &e) {
            EXPECT_EQ(e.code(), PZ_ERR_INVALID);
            EXPECT_EQ(e.field(), field) << e.what();
            EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
        }
    };
    // A clue that cannot fit its row.
    Puzzle p = parse_one("width 8\nheight 3\nrows\n0\n0\n5,4\ncolumns\n0\n0\n0\n0\n0\n0\n0\n0\n");
    expect_invalid(p, "rows", "row 3: clue 5 4 needs 10 cells, the row has 8");
    // Sums differ.
    p = parse_one("width 2\nheight 2\nrows\n2\n0\ncolumns\n1\n0\n");
    expect_invalid(p, "clues", "the row clues fill 2 cells but the column clues 1");
    // Too big.
    p = parse_one("width 201\nheight 1\nrows\n0\ncolumns\n" + std::string(201, '\n'));
    expect_invalid(p, "width", "width 201");
    p = parse_one("nonogram 1\nsize 1 0\nrows\ncolumns\n0\n");
    expect_invalid(p, "height", "height 0");
    // A goal that contradicts the clues.
    p = parse_one("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"01\"\n");
    expect_invalid(p, "goal", "goal: column 1 of the picture reads 0, its clue is 1");
    p.goal = "1";
    expect_invalid(p, "goal", "goal has 1 cells");
    // Metadata that the canonical format could not write back.
    p = parse_one("width 1\nheight 1\nsize big\nrows\n1\ncolumns\n1\n");
    expect_invalid(p, "meta", "reserved");
}
