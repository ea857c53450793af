// render.hpp -- pipes per tile on square or hex cells; connections that meet nothing are marked as open ends.
#pragma once
#include "board.hpp"

#include <pluzzle/canvas.hpp>
#include <pluzzle/grid.hpp>

#include <optional>
#include <vector>

namespace loop {

// A tile drawn part of the way through a turn: its pipes rotated by `angle` radians about its centre (clockwise
// on the screen for a positive angle).
struct Turning {
    int64_t tile = -1;
    float angle = 0;
};

// Draws `masks` (the tiles as turned; the level's own when null). Solved boards are drawn in the solved colour.
// With `turning`, that tile's pipes are drawn rotated and without open-end marks (a move animation's frame).
void render_board(const Board &board, const std::vector<uint8_t> *masks, pluzzle::Canvas &canvas,
                  const Turning *turning = nullptr);

// The tile under a point of the drawing, or nothing outside the board.
std::optional<pluzzle::grid::Cell> tile_at(const Board &board, float x, float y);

} // namespace loop
