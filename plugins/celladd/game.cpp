// game.cpp -- the rules of Cell Addition and the incremental position.
#include "game.hpp"

namespace celladd {
namespace {

bool owned_by(const std::vector<int8_t> &owner, int cell, int player) {
    return cell != kNoCell && owner[size_t(cell)] == player;
}

bool has_neighbour_of(const Board &board, const std::vector<int8_t> &owner, int cell, int player) {
    for (int n : board.neighbour[size_t(cell)])
        if (owned_by(owner, n, player)) return true;
    return false;
}

} // namespace

NeighbourCounts neighbour_counts(const Board &board, const std::vector<int8_t> &owner, int cell, int player) {
    NeighbourCounts counts;
    const auto &around = board.neighbour[size_t(cell)];
    for (int d = 0; d < kDirections; ++d) {
        const int n = around[size_t(d)];
        if (!owned_by(owner, n, player)) continue;
        ++counts.own;
        if (d < 4 && owned_by(owner, around[size_t(d + 4)], player)) ++counts.in_line;
        if (owned_by(owner, board.neighbour[size_t(n)][size_t(d)], player)) ++counts.extended;
        if (!has_neighbour_of(board, owner, n, player)) ++counts.lone;
    }
    return counts;
}

int gain_of(const NeighbourCounts &c) {
    return (c.own == 0 ? 1 : 0) + 4 * c.own - 2 * c.in_line - 2 * c.extended - c.lone;
}

int gain(const Board &board, const std::vector<int8_t> &owner, int cell, int player) {
    return gain_of(neighbour_counts(board, owner, cell, player));
}

int cell_value(const Board &board, const std::vector<int8_t> &owner, int cell) {
    const int player = owner[size_t(cell)];
    const auto &around = board.neighbour[size_t(cell)];
    int axes = 0;
    for (int d = 0; d < 4; ++d)
        axes += owned_by(owner, around[size_t(d)], player) || owned_by(owner, around[size_t(d + 4)], player);
    return axes == 0 ? 1 : 2 * axes;
}

std::array<int, kPlayers> full_scores(const Board &board, const std::vector<int8_t> &owner) {
    std::array<int, kPlayers> scores{};
    for (int cell = 0; cell < board.squares(); ++cell)
        if (owner[size_t(cell)] != kEmpty) scores[size_t(owner[size_t(cell)])] += cell_value(board, owner, cell);
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
    // splitmix64 of (cell, player): fixed keys without a table to initialise.
    uint64_t z = uint64_t(cell) * 2 + uint64_t(player) + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

Position::Position(const Board &board, int first_player)
    : board_(&board), owner_(size_t(board.squares()), kEmpty), first_(first_player) {
    moves_.reserve(size_t(board.playable_count));
    gains_.reserve(size_t(board.playable_count));
    mover_score_.reserve(size_t(board.playable_count));
}

void Position::play(int cell) {
    const int player = to_move();
    const int g = gain(*board_, owner_, cell, player);
    owner_[size_t(cell)] = int8_t(player);
    score_[size_t(player)] += g;
    hash_ ^= zobrist_key(cell, player);
    moves_.push_back(cell);
    gains_.push_back(g);
    mover_score_.push_back(score_[size_t(player)]);
}

void Position::undo() {
    const int cell = moves_.back();
    const int player = owner_[size_t(cell)];
    owner_[size_t(cell)] = kEmpty;
    score_[size_t(player)] -= gains_.back();
    hash_ ^= zobrist_key(cell, player);
    moves_.pop_back();
    gains_.pop_back();
    mover_score_.pop_back();
}

} // namespace celladd
