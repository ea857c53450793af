// render.hpp -- drawing a board and a game, and the geometry interpret() shares with it.
#pragma once
#include "level.hpp"

#include <pluzzle/canvas.hpp>

#include <optional>
#include <vector>

namespace celladd {

constexpr float kCellSize = 44, kMargin = 12, kHeader = 28;

// The board, its cells split into their divisions (2k wedges, or one round cell alone), the last move ringed
// and the scores above.
void render_game(const CellLevel &level, const Position &position, pluzzle::Canvas &canvas);
// A solution page (ABI 1.9): the finished game with each move after the opening numbered on its cell, since the full
// board alone hides the order of the line (blue's numbers are the reader's moves, red's the AI's replies).
void render_numbered_game(const CellLevel &level, const std::vector<int> &moves, pluzzle::Canvas &canvas);
// The board square under a point in drawing units (playable or not), or nullopt off the grid.
std::optional<int> square_at(const Board &board, float x, float y);

} // namespace celladd
