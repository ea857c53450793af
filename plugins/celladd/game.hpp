// game.hpp -- the rules: who owns which cell, what each cell is worth, where a move lands, and a position that
// plays and takes back moves incrementally (bitboards per player, a table of every empty cell's exact gain for
// both players updated within two steps of each move, scores, Zobrist hash), for the AIs and searches.
#pragma once
#include "layout.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace celladd {

constexpr int8_t kEmpty = -1;
// Player 0 is "player 1" of the texts (the puzzle solver / human), player 1 the opponent.
constexpr int kPlayers = 2;

// The published AIs' neighbourhood counts for player p at empty cell P (see README.md: ov, il, ext, lone).
struct NeighbourCounts {
    int own = 0;      // ov: neighbours owned by p
    int in_line = 0;  // il: axes with p on both sides
    int extended = 0; // ext: directions with p at P+d and P+2d
    int lone = 0;     // directions whose p-neighbour has no p-neighbour of its own
};
NeighbourCounts neighbour_counts(const Board &board, const std::vector<int8_t> &owner, int cell, int player);
// The same from bitboards: `own` the player's cells, `lone` those of them without a same-colour neighbour.
NeighbourCounts neighbour_counts(const Board &board, const Bits &own, const Bits &lone, int cell);
// The player's cells as a bitboard, and those with no same-colour neighbour (eight shifts).
Bits owned_bits(const Board &board, const std::vector<int8_t> &owner, int player);
Bits lone_bits(const Board &board, const Bits &own);
// The exact score change for `player` of taking empty `cell`: [ov = 0] + 4 ov - 2 il - 2 ext - lone.
int gain_of(const NeighbourCounts &counts);
int gain(const Board &board, const std::vector<int8_t> &owner, int cell, int player);

// A filled cell's value: 1 alone, else 2 per axis with a same-colour neighbour.
int cell_value(const Board &board, const std::vector<int8_t> &owner, int cell);
// Scores from scratch (the incremental scores are checked against this).
std::array<int, kPlayers> full_scores(const Board &board, const std::vector<int8_t> &owner);

// The lowest empty playable cell of a column, or kNoCell when it is full.
int landing_cell(const Board &board, const std::vector<int8_t> &owner, int col);
// The cells a move may take, in the original's candidate order: column by column, bottom up; with gravity only
// each column's landing cell.
void legal_moves(const Board &board, const std::vector<int8_t> &owner, std::vector<int> &out);
bool is_legal(const Board &board, const std::vector<int8_t> &owner, int cell);

uint64_t zobrist_key(int cell, int player);

class Position {
  public:
    Position(const Board &board, int first_player);

    const Board &board() const { return *board_; }
    const std::vector<int8_t> &owner() const { return owner_; }
    int first_player() const { return first_; }
    int moves_played() const { return int(moves_.size()); }
    const std::vector<int> &moves() const { return moves_; }
    int to_move() const { return (first_ + moves_played()) % kPlayers; }
    int empty_count() const { return board_->playable_count - moves_played(); }
    bool finished() const { return empty_count() == 0; }
    int score(int player) const { return score_[size_t(player)]; }
    int margin() const { return score_[0] - score_[1]; } // player 0's lead
    // The exact score change for `player` of taking the empty `cell`. Incremental: a move marks the gains within
    // two steps stale (one OR of a mask); a stale gain is recomputed from the bitboards when read.
    int gain(int cell, int player) const {
        const int b = board_->bit_of(cell);
        if (stale_[size_t(player)].test(b)) refresh_gain(cell, player, b);
        return gain_[size_t(player)][size_t(cell)];
    }
    // Empty playable 8-neighbours of a cell (a popcount).
    int open_neighbours(int cell) const { return (empty_ & board_->around[size_t(cell)]).count(); }
    const Bits &own_bits(int player) const { return own_[size_t(player)]; }
    const Bits &empty_bits() const { return empty_; }
    // legal_moves() for this position, in the same order, using the columns' fill heights under gravity.
    void legal_moves(std::vector<int> &out) const;
    uint64_t hash() const { return hash_; }
    // S[k], 1-based as in the write-up: the score of the player who made move k just after it; S[0] = S[-1] = 0.
    int mover_score(int k) const { return k >= 1 ? mover_score_[size_t(k - 1)] : 0; }

    // The cell must be legal (callers check with is_legal); the player to move takes it.
    void play(int cell);
    void undo();

  private:
    void refresh_gain(int cell, int player, int bit) const;

    const Board *board_;
    std::vector<int8_t> owner_;
    std::array<Bits, kPlayers> own_{}, lone_{};
    Bits empty_;
    mutable std::array<std::vector<uint8_t>, kPlayers> gain_; // a cache: valid where stale_ is clear
    mutable std::array<Bits, kPlayers> stale_{};
    std::vector<Bits> lone_before_; // per move: the mover's lone cells before it (undo)
    std::vector<int> filled_;       // per column: cells taken (gravity fills bottom up)
    std::array<int, kPlayers> score_{};
    int first_;
    std::vector<int> moves_, gains_, mover_score_;
    uint64_t hash_ = 0;
};

} // namespace celladd
