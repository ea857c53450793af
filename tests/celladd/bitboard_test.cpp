// The bitboard engine against the slow reference rules: random games on every layout, every empty cell's
// incremental gain and neighbour counts for both players, open neighbours, cell values and scores, after each
// move and after taking moves back.
#include "published_ai.hpp"
#include "reference_rules.hpp"

#include <gtest/gtest.h>

#include <random>

namespace celladd {
namespace {

void expect_matches_reference(const Position &position, const std::string &where) {
    const Board &board = position.board();
    const auto &owner = position.owner();
    int scores[2] = {0, 0};
    for (int cell : board.column_cells) {
        if (owner[size_t(cell)] != kEmpty) {
            const int value = reference::cell_value(board, owner, cell);
            ASSERT_EQ(cell_value(board, owner, cell), value) << where;
            scores[owner[size_t(cell)]] += value;
            continue;
        }
        ASSERT_EQ(position.open_neighbours(cell), reference::open_neighbours(board, owner, cell)) << where;
        for (int player = 0; player < kPlayers; ++player) {
            const int expected = reference::gain(board, owner, cell, player);
            ASSERT_EQ(position.gain(cell, player), expected) << where << " cell " << cell << " player " << player;
            ASSERT_EQ(gain(board, owner, cell, player), expected) << where;
            const NeighbourCounts a = neighbour_counts(board, owner, cell, player);
            const NeighbourCounts b = reference::neighbour_counts(board, owner, cell, player);
            ASSERT_TRUE(a.own == b.own && a.in_line == b.in_line && a.extended == b.extended && a.lone == b.lone)
                << where;
        }
    }
    ASSERT_EQ(position.score(0), scores[0]) << where;
    ASSERT_EQ(position.score(1), scores[1]) << where;
}

TEST(Bitboard, EveryLayoutFitsAndShiftsMoveBitsBothWays) {
    for (const Layout &layout : all_layouts()) {
        const Board board = make_board(layout);
        EXPECT_EQ(board.playable_bits.count(), board.playable_count) << layout_text(layout);
    }
    Bits b;
    b.set(63);
    b.set(130);
    EXPECT_TRUE(b.shifted(1).test(64) && b.shifted(1).test(131));
    EXPECT_TRUE(b.shifted(-64).test(66) && !b.shifted(-64).test(63));
    EXPECT_TRUE(b.shifted(200).none()); // both pushed past the top
    EXPECT_EQ(b.shifted(-130).count(), 1);
}

TEST(Bitboard, IncrementalGainsEqualTheReferenceOnRandomGamesOnEveryLayout) {
    std::mt19937_64 rng(11);
    std::vector<int> moves, reference_moves;
    for (const Layout &layout : all_layouts()) {
        const Board board = make_board(layout);
        Position position(board, int(rng() % 2));
        const std::string where = layout_text(layout);
        expect_matches_reference(position, where);
        while (!position.finished()) {
            position.legal_moves(moves);
            legal_moves(board, position.owner(), reference_moves);
            ASSERT_EQ(moves, reference_moves) << where;
            // Mostly random, sometimes the hard AI's move, so clusters (in-line, extended) form too.
            const int cell =
                rng() % 3 ? moves[rng() % moves.size()] : published_move(position, {PublishedAi::hard, 50});
            position.play(cell);
            expect_matches_reference(position, where);
            if (rng() % 4 == 0 && position.moves_played() >= 2) { // take two back and replay them
                const int a = position.moves()[size_t(position.moves_played() - 2)], b = position.moves().back();
                position.undo();
                position.undo();
                expect_matches_reference(position, where + " after undo");
                position.play(a);
                position.play(b);
            }
        }
    }
}

} // namespace
} // namespace celladd
