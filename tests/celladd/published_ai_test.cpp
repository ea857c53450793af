// The published AIs' arithmetic corner cases: +infinity centrality at an exact centre, 0 * infinity = NaN for
// the easy AI, the all-NaN fallback, the adaptive weights, and the skill update after a game.
#include "adaptive_skill.hpp"
#include "published_ai.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace celladd {
namespace {

TEST(PublishedAi, CentralityIsInfiniteAtAnExactCentreOnly) {
    const Board odd = make_board({Family::petri, 9, 0});
    EXPECT_TRUE(std::isinf(centrality(odd, odd.index(1, 1))));
    EXPECT_DOUBLE_EQ(centrality(odd, odd.index(0, 0)), 0.5);
    const Board even = make_board({Family::beaker, 4, 4}); // centre between cells: finite everywhere
    for (int cell = 0; cell < even.squares(); ++cell)
        EXPECT_TRUE(std::isfinite(centrality(even, cell)));
    EXPECT_DOUBLE_EQ(centrality(even, even.index(1, 1)), 1.0);
}

TEST(PublishedAi, TheEasyAiSkipsTheCentreBecauseZeroTimesInfinityIsNaN) {
    const Board board = make_board({Family::petri, 9, 0});
    Position position(board, 1);
    const int centre = board.index(1, 1);
    EXPECT_TRUE(std::isnan(move_value(features(position, centre, 1), weights(position, {PublishedAi::easy, 50}))));
    EXPECT_NE(published_move(position, {PublishedAi::easy, 50}), centre);
    EXPECT_EQ(published_move(position, {PublishedAi::hard, 50}), centre); // +inf wins
    EXPECT_EQ(published_move(position, {PublishedAi::adaptive, 50}), centre);
}

TEST(PublishedAi, WhenEveryValueIsNaNTheFirstCandidateIsPlayed) {
    // Beaker 3x3 with columns 1 and 3 full and column 2 holding one cell: the only candidate is the centre.
    const Board board = make_board({Family::beaker, 3, 3});
    Position position(board, 0);
    for (int cell : {board.index(0, 0), board.index(0, 2), board.index(1, 0), board.index(1, 2), board.index(2, 0),
                     board.index(2, 2), board.index(0, 1)})
        position.play(cell);
    ASSERT_EQ(position.to_move(), 1);
    ASSERT_EQ(position.empty_count(), 2);
    EXPECT_EQ(published_move(position, {PublishedAi::easy, 50}), board.index(1, 1));
}

TEST(PublishedAi, TheLastEmptyCellIsPlayedWhateverItsValue) {
    const Board board = make_board({Family::petri, 5, 0});
    Position position(board, 0);
    for (int cell : {board.index(0, 1), board.index(1, 0), board.index(1, 2), board.index(2, 1)})
        position.play(cell);
    EXPECT_EQ(published_move(position, {PublishedAi::easy, 50}), board.index(1, 1));
}

TEST(PublishedAi, AdaptiveWeightsMixHardAndEasyBySkillAndTheScoreGap) {
    const Board board = make_board({Family::beaker, 3, 4});
    Position position(board, 0);
    EXPECT_DOUBLE_EQ(adaptive_alpha(position, 50), 0.01); // t = 0
    position.play(board.index(0, 0));                     // S[1] = 1
    EXPECT_DOUBLE_EQ(adaptive_alpha(position, 50), 0.5);  // S[-1] - S[0] = 0
    EXPECT_DOUBLE_EQ(adaptive_alpha(position, 0), 0.01);  // clamped to 1
    EXPECT_DOUBLE_EQ(adaptive_alpha(position, 100), 1.0);
    position.play(board.index(0, 3)); // S[2] = 1
    position.play(board.index(0, 1)); // t = 3: S[1] - S[2] = 0
    EXPECT_DOUBLE_EQ(adaptive_alpha(position, 50), 0.5);
    const Weights w = weights(position, {PublishedAi::adaptive, 50});
    EXPECT_DOUBLE_EQ(w[0], 0.5 * 2 + 0.5 * 10);
    EXPECT_DOUBLE_EQ(w[3], 0.5);
}

TEST(PublishedAi, SkillRisesByTheHumansLeadAndFallsByHalfTheDeficitRoundedDown) {
    EXPECT_EQ(updated_skill(50, 30, 20), 60);
    EXPECT_EQ(updated_skill(50, 20, 30), 45);
    EXPECT_EQ(updated_skill(50, 20, 23), 48); // floor(-1.5) = -2
    EXPECT_EQ(updated_skill(50, 25, 25), 50);
    EXPECT_EQ(updated_skill(95, 40, 20), 100);
    EXPECT_EQ(updated_skill(3, 0, 40), 1);
    EXPECT_EQ(updated_skill(0, 10, 10), 1); // the clamp also lifts a skill of 0
}

} // namespace
} // namespace celladd
