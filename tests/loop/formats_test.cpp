// Level texts: exact round trips, the three formats from the wild, detection, and errors that name line and field.
#include "loop_test_support.hpp"

using namespace loop;
using namespace loop::test;

namespace {

pluzzle::Error parse_failure(const std::string &text, std::string_view format = "") {
    try {
        parse_levels(text, format);
    } catch (const pluzzle::Error &e) {
        return e;
    }
    return pluzzle::Error(PZ_OK, "accepted");
}

const char *kCanonical = "loop 1\nname Two hexes\nrules net\ngrid hex\nwrap no\nsize 2 1\ntiles\n0108\nlocked\n#.\n";

} // namespace

TEST(LoopFormats, EveryBundledLevelRoundTripsExactly) {
    size_t files = 0;
    for (const auto &e : std::filesystem::directory_iterator(std::string(PLUZZLE_SOURCE_DIR) + "/data/loop")) {
        if (e.path().extension() != ".loop") continue;
        const std::string text = read_file(e.path().string());
        EXPECT_EQ(encode_board(board_from(text)), text) << e.path();
        ++files;
    }
    EXPECT_GE(files, 8u);
}

TEST(LoopFormats, CanonicalKeepsNameRulesGridWrapAndLocks) {
    const Board b = board_from(kCanonical);
    EXPECT_EQ(b.name, "Two hexes");
    EXPECT_EQ(b.rule, Rule::Net);
    EXPECT_EQ(b.shape, Shape::Hex);
    EXPECT_FALSE(b.wrap);
    EXPECT_EQ(b.tiles, (std::vector<uint8_t>{1, 8}));
    EXPECT_EQ(b.locked, (std::vector<uint8_t>{1, 0}));
    EXPECT_EQ(encode_board(b), kCanonical);
}

TEST(LoopFormats, HwabIsReadAsSquareLoopRules) {
    const Board b = board_from("2\n2\n0\n6 12\n3 9\n", "");
    EXPECT_EQ(b.shape, Shape::Square);
    EXPECT_EQ(b.rule, Rule::Loop);
    EXPECT_EQ(b.tiles, (std::vector<uint8_t>{6, 12, 3, 9}));
    EXPECT_EQ(solve(b).status, PZ_SOLVE_UNIQUE); // the smallest loop
}

TEST(LoopFormats, TathamNetIdsMapTheirBitOrderToOurs) {
    // Tatham: R=1 U=2 L=4 D=8. "2x1:14" is a right-end then a left-end: E then W in ours.
    const Board b = board_from("2x1:14\n");
    EXPECT_EQ(b.rule, Rule::Net);
    EXPECT_FALSE(b.wrap);
    EXPECT_EQ(b.tiles, (std::vector<uint8_t>{2, 8}));
    EXPECT_TRUE(board_from("3x2w:123456\n").wrap);
    const pluzzle::Error barrier = parse_failure("2x1:1v4\n");
    EXPECT_EQ(barrier.field(), "tiles");
    EXPECT_EQ(barrier.column(), 6);
    EXPECT_EQ(parse_failure("2x2#12345\n").field(), "id");
}

TEST(LoopFormats, HexapipesLinesFromTheWild) {
    const std::string path = shared_loop("hexapipes/daily.jsonl");
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
    std::istringstream lines(read_file(path));
    std::string line;
    int hexagonal = 0, refused = 0, n = 0;
    while (std::getline(lines, line)) {
        ++n;
        try {
            const Board b = board_from(line, "hexapipes");
            EXPECT_EQ(b.shape, Shape::Hex);
            EXPECT_EQ(b.rule, Rule::Net);
            ++hexagonal;
        } catch (const pluzzle::Error &e) {
            EXPECT_EQ(e.field(), "grid") << e.what(); // the other grids of the daily file are named, not misread
            ++refused;
        }
    }
    EXPECT_GT(hexagonal, 0);
    EXPECT_GT(refused, 0);
}

TEST(LoopFormats, ErrorsNameLineColumnAndField) {
    struct Case {
        std::string text, field;
        int line;
    };
    const std::vector<Case> cases = {
        {"loop 2\n", "header", 1},
        {"loop 1\nrules tree\n", "rules", 2},
        {"loop 1\nrules loop\ngrid square\nsize 2 1\ntiles\n1\n", "tiles", 6},
        {"loop 1\nrules loop\ngrid square\nsize 2 1\ntiles\n1g\n", "tiles", 6},
        {"loop 1\nrules loop\ngrid hex\nsize 1 1\ntiles\n40\n", "tiles", 6},
        {"loop 1\nrules loop\ngrid square\nsize 0 1\ntiles\n", "size", 4},
        {"loop 1\nrules loop\ngrid square\nsize 2 1\ntiles\n11\nlocked\n#x\n", "locked", 8},
        {"2 2 0\n1 2 3\n", "tiles", 2},
        {"1 1 0\n16\n", "tiles", 2},
        {"{\"grid\":\"hexagonal\",\"width\":2,\"height\":1,\"tiles\":[1]}\n", "tiles", 1},
        {"{\"grid\":\"hexagonal\",\"width\":2,\n", "json", 1},
    };
    for (const Case &c : cases) {
        const pluzzle::Error e = parse_failure(c.text);
        EXPECT_NE(e.code(), PZ_OK) << c.text;
        EXPECT_EQ(e.field(), c.field) << c.text << e.what();
        EXPECT_EQ(e.line(), c.line) << c.text << e.what();
        EXPECT_FALSE(std::string(e.what()).empty());
    }
}

TEST(LoopFormats, StatesAreMasksThatMustBeRotationsOfTheTiles) {
    const Board b = board_from(kCanonical);
    EXPECT_EQ(encode_masks(b, {1, 16}), "0110\n"); // hex rows, as the tiles block: two digits a hex tile
    EXPECT_EQ(decode_masks(b, encode_masks(b, {1, 16})), (std::vector<uint8_t>{1, 16}));
    EXPECT_EQ(decode_masks(b, "0108\n"), (std::vector<uint8_t>{1, 8}));
    EXPECT_EQ(decode_masks(b, "1 8\n"), (std::vector<uint8_t>{1, 8})); // the decimal form stored solutions use
    EXPECT_EQ(decode_masks(b, "1 16\n"), (std::vector<uint8_t>{1, 16}));
    try {
        decode_masks(b, "0103\n");
        FAIL() << "3 is not a rotation of a one-pipe tile";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.field(), "state");
        EXPECT_EQ(e.line(), 1);
        EXPECT_EQ(e.column(), 3);
    }
    EXPECT_THROW(decode_masks(b, "01g8\n"), pluzzle::Error); // not a hex digit
    EXPECT_THROW(decode_masks(b, "010\n"), pluzzle::Error);  // half a tile
    EXPECT_THROW(decode_masks(b, "010801\n"), pluzzle::Error);
    try {
        decode_masks(b, "1 3\n");
        FAIL() << "3 is not a rotation of a one-pipe tile";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.field(), "state");
        EXPECT_EQ(e.column(), 3);
    }
    EXPECT_THROW(decode_masks(b, "2 8\n"), pluzzle::Error); // the first tile is locked
    EXPECT_THROW(decode_masks(b, "1\n"), pluzzle::Error);
    EXPECT_THROW(decode_masks(b, "1 8 1\n"), pluzzle::Error);

    // A board one tile wide: its decimal rows have no space either; read as hex first, as decimal when that fails.
    const Board narrow = board_from("loop 1\nrules loop\ngrid square\nsize 1 2\ntiles\n4\n1\n");
    EXPECT_EQ(decode_masks(narrow, encode_masks(narrow, {4, 1})), (std::vector<uint8_t>{4, 1}));
    EXPECT_EQ(encode_masks(narrow, {4, 1}), "4\n1\n");
    const Board corner = board_from("loop 1\nrules loop\ngrid square\nsize 1 1\ntiles\nc\n");
    EXPECT_EQ(decode_masks(corner, "12\n"), (std::vector<uint8_t>{12})); // decimal 12, not hex 1 then 2
    EXPECT_EQ(decode_masks(corner, "9\n"), (std::vector<uint8_t>{9}));
}
