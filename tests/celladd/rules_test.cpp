// The rules: cell values, the exact gain the AIs use, gravity, and the incremental position (scores, hash, undo).
#include "game.hpp"

#include <gtest/gtest.h>

#include <random>

namespace celladd {
namespace {

// Plays random games on every layout and checks after each move that the incremental scores equal a full
// recount, so the AIs' gain formula is the exact score change.
TEST(Rules, TheGainFormulaIsTheExactScoreChangeOnEveryLayout) {
    std::mt19937_64 rng(5);
    std::vector<int> moves;
    for (const Layout &layout : all_layouts()) {
        const Board board = make_board(layout);
        Position position(board, int(rng() % 2));
        while (!position.finished()) {
            legal_moves(board, position.owner(), moves);
            ASSERT_FALSE(moves.empty());
            position.play(moves[rng() % moves.size()]);
            const auto scores = full_scores(board, position.owner());
            ASSERT_EQ(position.score(0), scores[0]) << layout_text(layout);
            ASSERT_EQ(position.score(1), scores[1]) << layout_text(layout);
        }
    }
}

TEST(Rules, ACellIsWorthOneAloneElseTwoPerAxisWithAFriend) {
    const Board board = make_board({Family::petri, 9, 0}); // full 3x3
    std::vector<int8_t> owner(9, kEmpty);
    const int centre = board.index(1, 1);
    owner[size_t(centre)] = 0;
    EXPECT_EQ(cell_value(board, owner, centre), 1);
    owner[size_t(board.index(1, 0))] = 0; // west: the horizontal axis
    EXPECT_EQ(cell_value(board, owner, centre), 2);
    owner[size_t(board.index(1, 2))] = 0; // east: same axis, no change
    EXPECT_EQ(cell_value(board, owner, centre), 2);
    owner[size_t(board.index(0, 0))] = 1; // the opponent's cells never count
    EXPECT_EQ(cell_value(board, owner, centre), 2);
    owner[size_t(board.index(2, 0))] = 0;           // NW diagonal
    owner[size_t(board.index(2, 1))] = 0;           // vertical
    owner[size_t(board.index(0, 2))] = 0;           // SE, the NW diagonal's other side... no: the anti-diagonal's
    owner[size_t(board.index(2, 2))] = 0;           // NE diagonal
    EXPECT_EQ(cell_value(board, owner, centre), 8); // all four axes: at most 8 divisions
}

TEST(Rules, GravityPlaysTheLowestEmptyCellOfAColumn) {
    const Board board = make_board({Family::beaker, 3, 2});
    Position position(board, 0);
    EXPECT_TRUE(is_legal(board, position.owner(), board.index(0, 1)));
    EXPECT_FALSE(is_legal(board, position.owner(), board.index(1, 1)));
    position.play(board.index(0, 1));
    EXPECT_EQ(landing_cell(board, position.owner(), 1), board.index(1, 1));
    std::vector<int> moves;
    legal_moves(board, position.owner(), moves);
    EXPECT_EQ(moves, (std::vector<int>{board.index(0, 0), board.index(1, 1)})); // column-major order
}

TEST(Rules, UndoRestoresScoresAndHashAndMoverScores) {
    const Board board = make_board({Family::petri, 29, 0});
    Position position(board, 1);
    std::mt19937_64 rng(9);
    std::vector<int> moves;
    for (int i = 0; i < 10; ++i) {
        legal_moves(board, position.owner(), moves);
        position.play(moves[rng() % moves.size()]);
    }
    const uint64_t hash = position.hash();
    const int s0 = position.score(0), s1 = position.score(1), last = position.mover_score(10);
    legal_moves(board, position.owner(), moves);
    position.play(moves[0]);
    EXPECT_NE(position.hash(), hash);
    position.undo();
    EXPECT_EQ(position.hash(), hash);
    EXPECT_EQ(position.score(0), s0);
    EXPECT_EQ(position.score(1), s1);
    EXPECT_EQ(position.mover_score(10), last);
    EXPECT_EQ(position.mover_score(0), 0);
    EXPECT_EQ(position.mover_score(-1), 0);
}

} // namespace
} // namespace celladd
