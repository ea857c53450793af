// reference_rules.hpp -- the slow, obviously correct rules (a walk over the neighbour table of each cell), kept
// only to check the bitboard engine of game.cpp against.
#pragma once
#include "game.hpp"

namespace celladd::reference {

inline bool owned_by(const std::vector<int8_t> &owner, int cell, int player) {
    return cell != kNoCell && owner[size_t(cell)] == player;
}

inline bool has_neighbour_of(const Board &board, const std::vector<int8_t> &owner, int cell, int player) {
    for (int n : board.neighbour[size_t(cell)])
        if (owned_by(owner, n, player)) return true;
    return false;
}

inline NeighbourCounts neighbour_counts(const Board &board, const std::vector<int8_t> &owner, int cell, int player) {
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

inline int gain(const Board &board, const std::vector<int8_t> &owner, int cell, int player) {
    const NeighbourCounts c = reference::neighbour_counts(board, owner, cell, player);
    return (c.own == 0 ? 1 : 0) + 4 * c.own - 2 * c.in_line - 2 * c.extended - c.lone;
}

inline int open_neighbours(const Board &board, const std::vector<int8_t> &owner, int cell) {
    int open = 0;
    for (int n : board.neighbour[size_t(cell)])
        open += n != kNoCell && owner[size_t(n)] == kEmpty;
    return open;
}

inline int cell_value(const Board &board, const std::vector<int8_t> &owner, int cell) {
    const int player = owner[size_t(cell)];
    const auto &around = board.neighbour[size_t(cell)];
    int axes = 0;
    for (int d = 0; d < 4; ++d)
        axes += owned_by(owner, around[size_t(d)], player) || owned_by(owner, around[size_t(d + 4)], player);
    return axes == 0 ? 1 : 2 * axes;
}

} // namespace celladd::reference
