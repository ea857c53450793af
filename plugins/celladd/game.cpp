// game.cpp -- the rules of Cell Addition and the incremental position.
#include "game.hpp"

#include <pluzzle/rng.hpp>

namespace celladd {

Bits owned_bits(const Board &board, const std::vector<int8_t> &owner, int player) {
    Bits own;
    for (int cell : board.column_cells)
        if (owner[size_t(cell)] == player) own.set(board.bit_of(cell));
    return own;
}

Bits lone_bits(const Board &board, const Bits &own) {
    Bits has_friend; // squares with an owned 8-neighbour: the owned set shifted every way
    for (int o : board.offset)
        has_friend |= own.shifted(o);
    return own & ~has_friend;
}

NeighbourCounts neighbour_counts(const Board &board, const Bits &own, const Bits &lone, int cell) {
    NeighbourCounts counts;
    const Bits &around = board.around[size_t(cell)];
    counts.own = (own & around).count();
    if (counts.own == 0) return counts;
    counts.lone = (lone & around).count();
    // P + d owned implies P + d is on the board, so P + 2d is at most one square into the padding.
    const int b = board.bit_of(cell);
    for (int d = 0; d < kDirections; ++d) {
        const int o = board.offset[size_t(d)];
        if (!own.test(b + o)) continue;
        if (d < 4 && own.test(b - o)) ++counts.in_line;
        if (own.test(b + 2 * o)) ++counts.extended;
    }
    return counts;
}

NeighbourCounts neighbour_counts(const Board &board, const std::vector<int8_t> &owner, int cell, int player) {
    const Bits own = owned_bits(board, owner, player);
    return neighbour_counts(board, own, lone_bits(board, own), cell);
}

int gain_of(const NeighbourCounts &c) {
    return (c.own == 0 ? 1 : 0) + 4 * c.own - 2 * c.in_line - 2 * c.extended - c.lone;
}

int gain(const Board &board, const std::vector<int8_t> &owner, int cell, int player) {
    return gain_of(neighbour_counts(board, owner, cell, player));
}

namespace {

int value_from_bits(const Board &board, const Bits &own, int cell) {
    const int b = board.bit_of(cell);
    int axes = 0;
    for (int d = 0; d < 4; ++d)
        axes += own.test(b + board.offset[size_t(d)]) || own.test(b - board.offset[size_t(d)]);
    return axes == 0 ? 1 : 2 * axes;
}

} // namespace

int cell_value(const Board &board, const std::vector<int8_t> &owner, int cell) {
    return value_from_bits(board, owned_bits(board, owner, owner[size_t(cell)]), cell);
}

std::array<int, kPlayers> full_scores(const Board &board, const std::vector<int8_t> &owner) {
    std::array<int, kPlayers> scores{};
    for (int player = 0; player < kPlayers; ++player) {
        const Bits own = owned_bits(board, owner, player);
        for (int cell : board.column_cells)
            if (owner[size_t(cell)] == player) scores[size_t(player)] += value_from_bits(board, own, cell);
    }
    return scores;
}

int landing_cell(const Board &board, const std::vector<int8_t> &owner, int col) {
    for (int i = board.column_start[size_t(col)]; i < board.column_start[size_t(col) + 1]; ++i)
        if (owner[size_t(board.column_cells[size_t(i)])] == kEmpty) return board.column_cells[size_t(i)];
    return kNoCell;
}

void legal_moves(const Board &board, const std::vector<int8_t> &owner, std::vector<int> &out) {
    out.clear();
    for (int col = 0; col < board.width; ++col) {
        if (board.gravity) {
            const int cell = landing_cell(board, owner, col);
            if (cell != kNoCell) out.push_back(cell);
            continue;
        }
        for (int i = board.column_start[size_t(col)]; i < board.column_start[size_t(col) + 1]; ++i)
            if (owner[size_t(board.column_cells[size_t(i)])] == kEmpty) out.push_back(board.column_cells[size_t(i)]);
    }
}

bool is_legal(const Board &board, const std::vector<int8_t> &owner, int cell) {
    if (cell < 0 || cell >= board.squares() || !board.playable[size_t(cell)] || owner[size_t(cell)] != kEmpty)
        return false;
    return !board.gravity || landing_cell(board, owner, board.col_of(cell)) == cell;
}

uint64_t zobrist_key(int cell, int player) {
    return pluzzle::splitmix64(uint64_t(cell) * 2 + uint64_t(player)); // fixed keys, no table to initialise
}

Position::Position(const Board &board, int first_player)
    : board_(&board), owner_(size_t(board.squares()), kEmpty), empty_(board.playable_bits),
      filled_(size_t(board.width), 0), first_(first_player) {
    for (auto &table : gain_)
        table.assign(size_t(board.squares()), 1); // no friend anywhere yet: every cell is worth 1
    moves_.reserve(size_t(board.playable_count));
    gains_.reserve(size_t(board.playable_count));
    mover_score_.reserve(size_t(board.playable_count));
    lone_before_.reserve(size_t(board.playable_count));
}

void Position::legal_moves(std::vector<int> &out) const {
    out.clear();
    const Board &board = *board_;
    for (int col = 0; col < board.width; ++col) {
        const int begin = board.column_start[size_t(col)], end = board.column_start[size_t(col) + 1];
        if (board.gravity) {
            if (begin + filled_[size_t(col)] < end)
                out.push_back(board.column_cells[size_t(begin + filled_[size_t(col)])]);
            continue;
        }
        for (int i = begin; i < end; ++i)
            if (owner_[size_t(board.column_cells[size_t(i)])] == kEmpty) out.push_back(board.column_cells[size_t(i)]);
    }
}

void Position::refresh_gain(int cell, int player, int bit) const {
    gain_[size_t(player)][size_t(cell)] =
        uint8_t(gain_of(neighbour_counts(*board_, own_[size_t(player)], lone_[size_t(player)], cell)));
    stale_[size_t(player)].reset(bit);
}

void Position::play(int cell) {
    const int player = to_move();
    const int g = gain(cell, player);
    const int b = board_->bit_of(cell);
    const Bits &around = board_->around[size_t(cell)];
    Bits &own = own_[size_t(player)], &lone = lone_[size_t(player)];
    owner_[size_t(cell)] = int8_t(player);
    lone_before_.push_back(lone);
    lone &= ~around; // the new cell's friends are no longer alone
    if ((own & around).none()) lone.set(b);
    own.set(b);
    empty_.reset(b);
    ++filled_[size_t(board_->col_of(cell))];
    stale_[size_t(player)] |= board_->near[size_t(cell)];
    score_[size_t(player)] += g;
    hash_ ^= zobrist_key(cell, player);
    moves_.push_back(cell);
    gains_.push_back(g);
    mover_score_.push_back(score_[size_t(player)]);
}

void Position::undo() {
    const int cell = moves_.back();
    const int player = owner_[size_t(cell)];
    const int b = board_->bit_of(cell);
    owner_[size_t(cell)] = kEmpty;
    own_[size_t(player)].reset(b);
    lone_[size_t(player)] = lone_before_.back();
    lone_before_.pop_back();
    empty_.set(b);
    --filled_[size_t(board_->col_of(cell))];
    stale_[size_t(player)] |= board_->near[size_t(cell)];
    score_[size_t(player)] -= gains_.back();
    hash_ ^= zobrist_key(cell, player);
    moves_.pop_back();
    gains_.pop_back();
    mover_score_.pop_back();
}

} // namespace celladd
