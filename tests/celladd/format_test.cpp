// Level and move-list texts: exact round trips, and every malformed input rejected with its line and field.
#include "generator.hpp"
#include "level.hpp"

#include <gtest/gtest.h>

namespace celladd {
namespace {

const char *kTwoLevels = "celladd 1\n"
                         "name Dish\n"
                         "layout petri 13\n"
                         "first opponent\n"
                         "opponent adaptive 27\n"
                         "opening 3,3 2,3\n"
                         "\n"
                         "// a comment\n"
                         "celladd 1\n"
                         "layout flask 2 4\n"
                         "first player\n"
                         "opponent none\n"
                         "mask\n"
                         "#..#\n"
                         "#..#\n"
                         "....\n"
                         "....\n";

TEST(Format, CanonicalTextRoundTripsExactly) {
    auto levels = parse_levels(kTwoLevels);
    ASSERT_EQ(levels.size(), 2u);
    const auto &dish = levels[0].level;
    EXPECT_EQ(dish.name, "Dish");
    EXPECT_EQ(dish.first, 1);
    ASSERT_TRUE(dish.opponent);
    EXPECT_EQ(dish.opponent->skill, 27);
    EXPECT_EQ(dish.opening.size(), 2u);
    EXPECT_FALSE(levels[1].level.opponent);
    for (auto &parsed : levels) {
        const std::string text = encode_level(parsed.level);
        auto again = parse_levels(text);
        ASSERT_EQ(again.size(), 1u);
        EXPECT_EQ(encode_level(again[0].level), text);
    }
}

TEST(Format, GeneratedLevelsOfEveryFamilyRoundTrip) {
    const auto declared = generator_params();
    for (const char *family : {"petri", "beaker", "flask", "random"})
        for (uint64_t seed = 1; seed <= 5; ++seed) {
            const pluzzle::Params params(declared, {{"layout", family}, {"opening", "3"}, {"first", "random"}});
            const auto level = generate_level(params, seed);
            validate_level(level);
            const std::string text = encode_level(level);
            EXPECT_EQ(encode_level(parse_levels(text)[0].level), text);
        }
    EXPECT_THROW(generate_level(pluzzle::Params(declared, {{"layout", "petri"}, {"cells", "30"}}), 1), pluzzle::Error);
}

// The plain move-list file: a layout line and the moves so far (over several lines), read as the opening of a
// level with player 1 first and no opponent unless those lines say otherwise.
TEST(Format, AMoveListFileIsALevel) {
    auto levels = parse_levels("// a game in progress\n"
                               "layout beaker 3 4\n"
                               "moves 1,1 1,2\n"
                               "moves 2,1\n");
    ASSERT_EQ(levels.size(), 1u);
    const auto &level = levels[0].level;
    EXPECT_EQ(level.layout, (Layout{Family::beaker, 3, 4}));
    EXPECT_EQ(level.first, 0);
    EXPECT_FALSE(level.opponent);
    const Board &board = level.board;
    EXPECT_EQ(level.opening, (std::vector<int>{board.index(0, 0), board.index(0, 1), board.index(1, 0)}));

    levels = parse_levels("layout petri 13\nfirst opponent\nopponent hard\nmoves 3,3\n");
    const auto &vs_hard = levels[0].level;
    EXPECT_EQ(vs_hard.first, 1);
    ASSERT_TRUE(vs_hard.opponent);
    EXPECT_EQ(vs_hard.opponent->kind, PublishedAi::hard);
    EXPECT_EQ(vs_hard.opening.size(), 1u);
    // Its canonical text reads back as the same level.
    const auto again = parse_levels(encode_level(vs_hard));
    EXPECT_EQ(encode_level(again[0].level), encode_level(vs_hard));
}

struct BadText {
    const char *text;
    int line;
    const char *field;
};

TEST(Format, MalformedLevelsNameTheirLineAndField) {
    const std::vector<BadText> cases = {
        {"", 1, ""},
        {"sudoku 1\n", 1, ""},
        {"celladd 2\n", 1, "version"},
        {"celladd 1\nlayout petri 30\nfirst player\nopponent hard\n", 2, "layout"},
        {"celladd 1\nlayout beaker 3\nfirst player\nopponent hard\n", 2, "layout"},
        {"celladd 1\nlayout tube 3 3\nfirst player\nopponent hard\n", 2, "layout"},
        {"celladd 1\nlayout beaker 3 3\nfirst nobody\nopponent hard\n", 3, "first"},
        {"celladd 1\nlayout beaker 3 3\nfirst player\nopponent genius\n", 4, "opponent"},
        {"celladd 1\nlayout beaker 3 3\nfirst player\nopponent adaptive 101\n", 4, "skill"},
        {"celladd 1\nlayout beaker 3 3\nfirst player\nopponent hard\ncolour red\n", 5, "colour"},
        {"celladd 1\nlayout beaker 3 3\nlayout beaker 3 3\n", 3, "layout"},
        {"celladd 1\nfirst player\nopponent hard\n", 1, "layout"},
        {"celladd 1\nlayout beaker 3 3\nopponent hard\n", 1, "first"},
        {"celladd 1\nlayout beaker 2 2\nfirst player\nopponent hard\nopening 2,1\n", 5, "opening"}, // floats
        {"celladd 1\nlayout beaker 2 2\nfirst player\nopponent hard\nopening 1,1 1,1\n", 5, "opening"},
        {"celladd 1\nlayout petri 5\nfirst player\nopponent hard\nopening 1,1\n", 5, "opening"}, // not on the dish
        {"celladd 1\nlayout beaker 2 2\nfirst player\nopponent hard\nopening 1;1\n", 5, "opening"},
        {"celladd 1\nlayout beaker 2 2\nfirst player\nopponent hard\nmask\n..\n.#\n", 7, "mask"},
        {"celladd 1\nlayout beaker 2 2\nfirst player\nopponent hard\nmask\n..\n", 7, "mask"},
        {"celladd 1\nlayout beaker 2 2\nfirst player\nopponent hard\nmask\n...\n..\n", 6, "mask"},
        // The move-list file: the bad move's own line, even on a later 'moves' line.
        {"layout beaker 2 2\nmoves 1,1\nmoves 1,1\n", 3, "moves"},
        {"layout beaker 2 2\nmoves 1,1 2,2\n", 2, "moves"}, // floats: 1,2 first
        {"layout beaker 2 2\nmoves 1,1\n\nmoves 3,1\n", 4, "moves"},
        {"layout beaker 2 2\nmoves 1,1 1,2 2,1 2,2\nmoves 2,2\n", 3, "moves"}, // full
        {"layout beaker 2 2\nopening 1,1\n", 2, "opening"},                    // 'opening' is the level text's
        {"layout beaker 2 11\n", 1, "layout"},
        {"layout beaker 2 2\nmoves 1,1\ncelladd 1\n", 3, ""},
    };
    for (const BadText &bad : cases) {
        try {
            (void)parse_levels(bad.text);
            ADD_FAILURE() << "accepted: " << bad.text;
        } catch (const pluzzle::Error &e) {
            EXPECT_EQ(e.code(), PZ_ERR_PARSE) << bad.text;
            EXPECT_EQ(e.line(), bad.line) << bad.text << e.what();
            EXPECT_EQ(e.field(), bad.field) << bad.text << e.what();
            EXPECT_FALSE(std::string(e.what()).empty());
        }
    }
}

TEST(Format, MoveListsRoundTripAndBadMovesAreNamed) {
    auto levels = parse_levels("celladd 1\nlayout beaker 2 2\nfirst player\nopponent hard\n");
    const auto &level = levels[0].level;
    const auto moves = decode_moves(level, "moves 1,1 1,2\n2,1");
    EXPECT_EQ(moves.size(), 3u);
    EXPECT_EQ(encode_moves(level.board, moves), "moves 1,1 1,2 2,1");
    EXPECT_TRUE(decode_moves(level, "moves").empty());
    const std::vector<std::pair<const char *, std::string>> bad = {
        {"", "empty"},
        {"1,1", "expected the move list"},
        {"moves 1,1 x", "move 2"},
        {"moves 3,1", "off the"},
        {"moves 2,1", "move 1 2,1 is not where a move lands"},
        {"moves 1,1 1,1", "move 2 1,1 is taken"},
        {"moves 1,1 1,2 2,1 2,2 1,1", "already full"}};
    for (auto &[text, message] : bad) {
        try {
            (void)decode_moves(level, text);
            ADD_FAILURE() << "accepted: " << text;
        } catch (const pluzzle::Error &e) {
            EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << text << ": " << e.what();
            EXPECT_EQ(e.field(), "moves");
        }
    }
}

} // namespace
} // namespace celladd
