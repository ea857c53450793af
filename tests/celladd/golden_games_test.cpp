// Every recorded game of the original app replayed: player 1's moves from the file, every AI move computed by
// our reimplementation and compared, and every score after every move.
#include "golden_games.hpp"

#include <gtest/gtest.h>

namespace celladd::test {
namespace {

std::string where(const RecordedGame &g, const RecordedMove &m) {
    return "game " + std::to_string(g.id) + " (" + layout_text(g.layout) + ", " + ai_name(g.opponent.kind) + ") move " +
           std::to_string(m.t);
}

TEST(GoldenGames, EveryAiMoveAndEveryScoreMatchTheOriginal) {
    const std::string dir = golden_dir();
    const auto games = read_golden_games(dir);
    if (games.empty()) GTEST_SKIP() << "no recorded games in " << dir << " (set CELLADD_GOLDEN_DIR)";
    int replayed = 0, ai_moves = 0;
    for (const RecordedGame &g : games) {
        if (!g.ok) continue; // the original crashed: nothing recorded
        const Board board = make_board(g.layout);
        // Player 0 = the scripted player ("1" in the file), player 1 = the AI.
        Position position(board, g.first == 1 ? 0 : 1);
        ASSERT_EQ(int(g.moves.size()), board.playable_count) << "game " << g.id;
        for (const RecordedMove &m : g.moves) {
            const int recorded = board.index(m.row - 1, m.col - 1);
            ASSERT_EQ(position.to_move(), m.player - 1) << where(g, m);
            ASSERT_TRUE(is_legal(board, position.owner(), recorded)) << where(g, m);
            if (m.player == 2) {
                const int ours = published_move(position, g.opponent);
                ASSERT_EQ(ours, recorded)
                    << where(g, m) << ": we play " << board.row_of(ours) + 1 << "," << board.col_of(ours) + 1;
                ++ai_moves;
            }
            position.play(recorded);
            ASSERT_EQ(position.score(0), m.p1_score) << where(g, m);
            ASSERT_EQ(position.score(1), m.p2_score) << where(g, m);
        }
        EXPECT_EQ(position.score(0), g.final_p1);
        EXPECT_EQ(position.score(1), g.final_p2);
        EXPECT_EQ(full_scores(board, position.owner()), (std::array<int, 2>{g.final_p1, g.final_p2}));
        ++replayed;
    }
    EXPECT_GT(replayed, 0);
    RecordProperty("games", replayed);
    RecordProperty("ai_moves", ai_moves);
}

} // namespace
} // namespace celladd::test
