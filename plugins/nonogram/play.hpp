// play.hpp -- playing a nonogram: state text, moves, input, status, hints (editing levels: edit.hpp).
//
// State text (also the solution text, so a solution decodes to a finished state): `height` lines of `width`
// characters, '#' filled, '.' empty (crossed out), '?' unknown, each line ended by '\n'.
//
// Solved rule: unknown cells count as empty. A state is solved when its filled cells, with every other cell
// empty, match every row and column clue: a fully marked correct grid is solved, and so is a grid whose filled
// cells are right while the rest is left unknown (players rarely cross out every empty cell).
//
// Moves (rows and columns count from 0): `set r,c V [r,c V ...]` with V one of '#', '.', '?'; several cells in
// one move, so a hint or a drag is a single undo step. Input: a left press on a cell toggles unknown/empty ->
// filled -> unknown; a right press toggles unknown/filled -> empty -> unknown; dragging with a button held
// paints the pressed cell's (new) value along its row or column; anything outside the grid is no move.
#pragma once
#include "nonogram.hpp"

#include <pluzzle/puzzle_types.hpp>

#include <string>
#include <string_view>

namespace nonogram {

struct PlayState {
    Grid grid; // kUnknown / kEmpty / kFilled
    unsigned moves = 0;
};

// ---- play.cpp
std::string encode_grid(const Grid &g);
// Reads a state text for `p`; parse errors name line and column.
Grid decode_grid(const Puzzle &p, std::string_view text);
// The solved rule above.
bool is_solved(const Puzzle &p, const Grid &g);
pluzzle::PlayStatus play_status(const Puzzle &p, const PlayState &s);
std::string interpret_input(const Puzzle &p, const PlayState &s, const pluzzle::Input &input);
// Throws pluzzle::bad_argument for a malformed move or a cell outside the grid.
PlayState execute_move(const Puzzle &p, const PlayState &s, std::string_view move);
// The "hint" AI: the next step towards the solution as one `set` move. If a marked cell contradicts the
// solution, the move clears it (`set r,c ?`). Otherwise the cells that line logic (propagate) decides from the
// current marks, one row or column at a time; when line logic is stuck, one cell of the solution. "" when the
// state is already solved. Throws pluzzle::stopped when `control` stops the solve, invalid if there is no
// solution at all.
std::string hint_move(const Puzzle &p, const Grid &g, pluzzle::SolveControl &control);

} // namespace nonogram
