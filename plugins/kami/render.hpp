// render.hpp -- drawing a kami board: KAMI 2's left- and right-pointing triangles (each row of the level file is a
// column of the drawing) or squares, thin lines between the cells of a region and thick ones around each region,
// the pivot marked in pivot mode, and the palette as numbered swatches under the board (play and the editor pick
// colours there).
#pragma once
#include "board.hpp"

#include <pluzzle/canvas.hpp>

#include <optional>
#include <vector>

namespace kami {

// Draws `cells` (the board as coloured now; same size as board.cells) with the swatch of colour `selected`
// (1..colours, 0 for none) marked. One colour left: drawn as solved. Without `palette`, the board alone (a solution
// page's small boards).
void render_board(const Board &board, const std::vector<uint8_t> &cells, int selected, pluzzle::Canvas &canvas,
                  bool palette = true);

// What a solution page (solution_view.hpp) draws over render_board's picture, in its units: the picture's extent, the
// side of a cell, a cell's centre, and a thick line around the cells marked in `inside` (one flag a cell). Cells are
// where they are with the palette or without (only the height changes).
pz_point board_extent(const Board &board, bool palette = true);
pluzzle::Color board_paper();
pluzzle::Color tile_colour(const Board &board, int colour); // palette colour `colour` as drawn
float cell_side(const Board &board);
pz_point cell_centre(const Board &board, int64_t cell);
void outline_cells(const Board &board, const std::vector<bool> &inside, pluzzle::Color colour, float width,
                   pluzzle::Canvas &canvas);

// The cell (tile or hole) under a point of the drawing, or nothing off the board.
std::optional<int64_t> cell_at(const Board &board, float x, float y);
// The cell an input event is about: the host's cell when it names one, else the one under the pointer.
std::optional<int64_t> input_cell(const Board &board, const pz_input &input);
// The colour (1..colours) whose swatch is under a point of the drawing, or nothing.
std::optional<int> swatch_at(const Board &board, float x, float y);
// The corners of a cell's triangle or square in the drawing (for tests and hit tests of callers).
std::vector<pz_point> cell_polygon(const Board &board, int64_t cell);

} // namespace kami
