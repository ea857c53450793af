// render.hpp -- drawing a nonogram, and the geometry that input and editing share with it.
#pragma once
#include "nonogram.hpp"

#include <pluzzle/canvas.hpp>
#include <pluzzle/grid.hpp>

namespace nonogram {

constexpr float kCellSize = 20, kMargin = 10;

// Where the grid sits: column clues stacked above it, row clues to its left.
struct Layout {
    pluzzle::grid::SquareGrid grid;
    float width, height; // the whole drawing
    float clue_rows_height, clue_cols_width; // the clue areas above and to the left of the grid
};
Layout layout_of(const Puzzle &p);

// Groups "clues", "grid", "cells". `state` may be null (the bare puzzle). Clues of lines that already match
// (unknown cells counting as empty) are drawn grey.
void render_puzzle(const Puzzle &p, const Grid *state, pluzzle::Canvas &canvas);

} // namespace nonogram
