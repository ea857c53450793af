// Play, reached directly in the core library: the status of a game under way and of a finished one, the click
// that lands a move, moves the rules refuse, and whole games checked as solutions.
#include "level.hpp"
#include "play.hpp"

#include <gtest/gtest.h>

namespace celladd {
namespace {

// A 2x2 beaker (gravity), two people, player 1 first.
CellLevel two_by_two(const char *opponent = "none") {
    return parse_levels(std::string("celladd 1\nlayout beaker 2 2\nfirst player\nopponent ") + opponent + "\n")
        .at(0)
        .level;
}

GameState played(const CellLevel &level, std::vector<const char *> moves) {
    GameState state;
    for (const char *move : moves)
        state = execute_move(level, state, move);
    return state;
}

TEST(Play, StatusOfAGameUnderWayAndOfAFinishedOne) {
    const CellLevel level = two_by_two();
    const pluzzle::PlayStatus start = play_status(level, {});
    EXPECT_EQ(start.phase, PZ_PLAY_ONGOING);
    EXPECT_EQ(start.players, 2u);
    EXPECT_EQ(start.to_move, 0u);
    EXPECT_EQ(start.message, "player 1 0 : 0 player 2");

    // Each player holds one column: two cells joined on one axis, worth 2 each.
    const pluzzle::PlayStatus draw = play_status(level, played(level, {"1,1", "1,2", "2,1", "2,2"}));
    EXPECT_EQ(draw.phase, PZ_PLAY_GAME_OVER);
    EXPECT_EQ(draw.moves, 4u);
    EXPECT_EQ(draw.winner, -1);
    EXPECT_EQ(draw.scores, (std::vector<double>{4, 4}));
    EXPECT_EQ(draw.message, "player 1 4 : 4 player 2: a draw");
}

TEST(Play, IllegalAndMalformedMovesAreRefused) {
    const CellLevel level = two_by_two();
    const auto refused = [&](const GameState &state, const char *move, pz_code code, const char *says) {
        try {
            (void)execute_move(level, state, move);
            ADD_FAILURE() << "accepted: " << move;
        } catch (const pluzzle::Error &e) {
            EXPECT_EQ(e.code(), code) << move;
            EXPECT_EQ(e.field(), "move") << move;
            EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
        }
    };
    refused({}, "2,1", PZ_ERR_INVALID, "not where a move lands"); // gravity: row 1 first
    refused(played(level, {"1,1"}), "1,1", PZ_ERR_INVALID, "taken");
    refused({}, "1,1 1,2", PZ_ERR_ARGUMENT, "bad move '1,1 1,2'");
    refused({}, "x", PZ_ERR_ARGUMENT, "bad move 'x'");
    EXPECT_EQ(execute_move(level, {}, "1,2").moves, std::vector<int>{level.board.index(0, 1)});
}

TEST(Play, AClickOnAColumnPlaysWhereItLands) {
    const CellLevel level = two_by_two();
    pz_input click{};
    click.kind = PZ_INPUT_PRESS;
    click.has_cell = 1;
    click.cell_row = 0; // the top row, as drawn
    click.cell_col = 1;
    EXPECT_EQ(interpret_input(level, {}, click), "1,2");
    EXPECT_EQ(interpret_input(level, played(level, {"1,2"}), click), "2,2");
    EXPECT_EQ(interpret_input(level, played(level, {"1,2", "2,2"}), click), ""); // the column is full
    click.button = 1;
    EXPECT_EQ(interpret_input(level, {}, click), ""); // not a press that plays
}

TEST(Play, ASolutionIsAFinishedGameWhoseOpponentMovesAreTheAis) {
    const CellLevel level = two_by_two("hard");
    // Player 1 takes the first legal cell each turn; the AI answers.
    Position position = replay(level, {});
    std::vector<int> legal;
    while (!position.finished()) {
        legal_moves(level.board, position.owner(), legal);
        position.play(position.to_move() == 1 ? published_move(position, *level.opponent) : legal.front());
    }
    EXPECT_NO_THROW(check_solution(level, encode_moves(level.board, position.moves())));

    // The AI's reply to 1,1 replaced by the other legal cell.
    std::vector<int> game = {position.moves()[0], position.moves()[1] == level.board.index(0, 1)
                                                      ? level.board.index(1, 0)
                                                      : level.board.index(0, 1)};
    try {
        check_solution(level, encode_moves(level.board, game));
        ADD_FAILURE() << "a move the AI does not play accepted";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.field(), "moves");
        EXPECT_NE(std::string(e.what()).find("move 2 is " + cell_text(level.board, game[1]) + " but the hard AI plays"),
                  std::string::npos)
            << e.what();
    }
    try {
        check_solution(level, "moves 1,1");
        ADD_FAILURE() << "an unfinished game accepted";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(std::string(e.what()), "the game is not finished: 3 cells left");
    }
}

} // namespace
} // namespace celladd
