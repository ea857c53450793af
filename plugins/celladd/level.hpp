// level.hpp -- a celladd level (a layout, who moves first, the opponent, optional opening moves) and a play
// state (the moves played since), with their texts.
#pragma once
#include "game.hpp"
#include "published_ai.hpp"

#include <pluzzle/typed_puzzle.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace celladd {

struct CellLevel {
    std::string name; // optional
    Layout layout;
    Board board;                      // built from layout
    int first = 0;                    // the player who moves first: 0 = player 1, 1 = the opponent
    std::optional<Opponent> opponent; // none: two people play; the puzzle view needs an opponent
    std::vector<int> opening;         // cells already played, alternating from `first`
};

struct GameState {
    std::vector<int> moves; // cells played after the opening
};

// ---- level_format.cpp: the canonical text
//   celladd 1
//   name Small dish           (optional)
//   layout petri 29           (or: beaker <height> <width>, flask <neck height> <base width>)
//   first player              (or: opponent)
//   opponent hard             (easy | medium | hard | adaptive <skill 0..100> | none)
//   opening 4,4 3,4           (optional; row,col, row 1 = bottom, alternating from the first mover)
//   mask                      (optional on input, checked; then one row per board row, top row first)
//   ###.###
std::vector<pluzzle::Parsed<CellLevel>> parse_levels(std::string_view text);
std::string encode_level(const CellLevel &level);

// ---- move_text.cpp: "row,col" cells and the move list "moves 1,1 2,1 ..."
std::string cell_text(const Board &board, int cell);
// The cell, or nullopt with `why` saying what is wrong (not a cell, off the board, not playable).
std::optional<int> parse_cell(const Board &board, std::string_view text, std::string &why);
std::string encode_moves(const Board &board, const std::vector<int> &moves);
// Reads a move list; each move is checked for legality in turn. Errors name the move (1-based) as the column.
std::vector<int> decode_moves(const CellLevel &level, std::string_view text);

// The position after the opening and `moves`; an illegal move throws pluzzle::invalid naming it.
Position replay(const CellLevel &level, const std::vector<int> &moves);
// Throws pluzzle::invalid naming the field when the level breaks a rule (illegal opening, bad skill...).
void validate_level(const CellLevel &level);

} // namespace celladd
