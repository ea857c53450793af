// The AIs by name, reached directly in the core library: "<ai>:<value>" read and refused, the move each name
// makes, and the adaptive AI's profile after a game.
#include "adaptive_skill.hpp"
#include "ai.hpp"
#include "play.hpp"

#include <gtest/gtest.h>

namespace celladd {
namespace {

CellLevel beaker(const char *opponent) {
    return parse_levels(std::string("celladd 1\nlayout beaker 3 4\nfirst player\nopponent ") + opponent + "\n")
        .at(0)
        .level;
}

// The error `call` throws: its code and field, or a failure when it throws none.
template <class Call> pluzzle::Error thrown(Call call) {
    try {
        call();
    } catch (const pluzzle::Error &e) {
        return e;
    }
    ADD_FAILURE() << "nothing thrown";
    return pluzzle::Error(PZ_OK, "");
}

TEST(Ai, NamesAndTheirValuesAreRead) {
    EXPECT_EQ(parse_ai("hard").name, "hard");
    EXPECT_FALSE(parse_ai("hard").parameter);
    const AiRequest adaptive = parse_ai("adaptive:30");
    EXPECT_EQ(adaptive.name, "adaptive");
    EXPECT_EQ(adaptive.parameter, 30.0);
    EXPECT_EQ(parse_ai("strong:0.25").parameter, 0.25);
    EXPECT_EQ(parse_ai("strong:500").parameter, 500.0); // only the adaptive skill stops at 100
    for (const char *bad : {"adaptive:101", "strong:-1", "strong:x", "easy:", "strong:1s", "strong:inf"}) {
        const pluzzle::Error e = thrown([&] { (void)parse_ai(bad); });
        EXPECT_EQ(e.code(), PZ_ERR_ARGUMENT) << bad;
        EXPECT_EQ(e.field(), "ai") << bad;
    }
}

TEST(Ai, EachNameMakesItsMove) {
    const CellLevel level = beaker("adaptive 20");
    const GameState state = execute_move(level, {}, "1,1");
    pluzzle::SolveControl control(nullptr, nullptr); // no limits
    const Position position = replay(level, state.moves);
    // The published AIs: the level's adaptive skill unless the name gives one.
    EXPECT_EQ(ai_move_text(level, state, "hard", control),
              cell_text(level.board, published_move(position, {PublishedAi::hard, 20})));
    EXPECT_EQ(ai_move_text(level, state, "adaptive", control),
              cell_text(level.board, published_move(position, {PublishedAi::adaptive, 20})));
    EXPECT_EQ(ai_move_text(level, state, "adaptive:90", control),
              cell_text(level.board, published_move(position, {PublishedAi::adaptive, 90})));
    const std::string strong = ai_move_text(level, state, "strong:0.05", control);
    EXPECT_NO_THROW((void)execute_move(level, state, strong));

    const pluzzle::Error unknown = thrown([&] { (void)ai_move_text(level, state, "wise", control); });
    EXPECT_EQ(unknown.code(), PZ_ERR_ARGUMENT);
    EXPECT_EQ(std::string(unknown.what()), "unknown AI 'wise' (easy, medium, hard, adaptive, strong)");
}

TEST(Ai, NoMoveOnceTheGameIsOver) {
    const CellLevel level = parse_levels("celladd 1\nlayout beaker 2 2\nfirst player\nopponent none\n").at(0).level;
    GameState over;
    over.moves = decode_moves(level, "moves 1,1 1,2 2,1 2,2");
    pluzzle::SolveControl control(nullptr, nullptr); // no limits
    const pluzzle::Error e = thrown([&] { (void)ai_move_text(level, over, "easy", control); });
    EXPECT_EQ(e.code(), PZ_ERR_INVALID);
    EXPECT_EQ(std::string(e.what()), "the game is over");
}

TEST(Ai, TheAdaptiveProfileFollowsTheGame) {
    // Five cells, each player taking the first legal one: player 1 ends with three, and ahead.
    const CellLevel level = parse_levels("celladd 1\nlayout petri 5\nfirst player\nopponent none\n").at(0).level;
    GameState game;
    for (Position p = replay(level, {}); !p.finished(); p.play(game.moves.back())) {
        std::vector<int> legal;
        legal_moves(level.board, p.owner(), legal);
        game.moves.push_back(legal.front());
    }
    const Position end = replay(level, game.moves);
    ASSERT_TRUE(end.finished());
    ASSERT_NE(end.score(0), end.score(1));
    for (unsigned seat : {0u, 1u})
        EXPECT_EQ(ai_profile_after(level, game, "adaptive", seat, "40"),
                  std::to_string(updated_skill(40, end.score(1 - int(seat)), end.score(int(seat)))));
    // Player 1 leads by 4: an AI that lost by 4 gains 4 skill, one that won by 4 gives back half of it.
    EXPECT_EQ(end.margin(), 4);
    EXPECT_EQ(ai_profile_after(level, game, "adaptive", 1, "40"), "44");
    EXPECT_EQ(ai_profile_after(level, game, "adaptive", 0, "40"), "38");

    EXPECT_EQ(thrown([&] { (void)ai_profile_after(level, game, "hard", 0, "40"); }).field(), "ai");
    EXPECT_EQ(thrown([&] { (void)ai_profile_after(level, game, "adaptive", 2, "40"); }).field(), "ai");
    EXPECT_EQ(thrown([&] { (void)ai_profile_after(level, game, "adaptive", 0, "much"); }).field(), "profile");
    EXPECT_EQ(thrown([&] { (void)ai_profile_after(level, {}, "adaptive", 0, "40"); }).code(), PZ_ERR_INVALID);
}

} // namespace
} // namespace celladd
