// render.hpp -- pipes per tile on square or hex cells; connections that meet nothing are marked as open ends.
#pragma once
#include "board.hpp"

#include <pluzzle/canvas.hpp>
#include <pluzzle/grid.hpp>

#include <optional>
#include <vector>

namespace loop {

// Draws `masks` (the tiles as turned; the level's own when null). Solved boards are drawn in the solved colour.
void render_board(const Board &board, const std::vector<uint8_t> *masks, pluzzle::Canvas &canvas);

// The tile under a point of the drawing, or nothing outside the board.
std::optional<pluzzle::grid::Cell> tile_at(const Board &board, float x, float y);

} // namespace loop
