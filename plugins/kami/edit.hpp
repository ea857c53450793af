// edit.hpp -- the editor's tools for kami levels.
//
// Tools: `paint` (click or drag over cells: each takes the paint colour; right button or Shift: no tile), `fill`
// (click a region: all of it takes the paint colour; right button or Shift: no tiles), `colour` (keys 1..9, a
// click on a swatch or on a tile choose the paint colour) and `settings` (typed). Keys 1..9 and swatch clicks choose
// the paint colour with `paint` and `fill` too; with `paint`, a key on the host's cell (keyboard cursor) paints it.
//
// Where the paint colour lives: a plugin is stateless and the editor keeps no state for a tool, so it rides on the
// level being edited (Board::brush, never written to the level's text) and `colour c` is an edit like the others --
// undoing it gives the previous colour back. The alternative, a tool per colour, would fill the tool bar with nine
// copies of each tool.
//
// Edits:
//   paint x,y c        cell x,y takes colour c (1..colours), or 0 for no tile
//   fill x,y c         the region holding tile x,y takes colour c (0: its tiles go)
//   colour c           the paint colour
//   size W H           resize, keeping the overlap; new cells take the paint colour (triangle grids: W even)
//   grid triangle|square, mode free|pivot, pivot x,y (also sets pivot mode), colours N (1..9), name TEXT,
//   palette #rrggbb ... (one a colour) | palette default, par N (0: none), par auto (the proven optimum)
#pragma once
#include "board.hpp"

#include <string>
#include <string_view>

namespace kami {

std::string edit_input(const Board &board, std::string_view tool, const pluzzle::Input &input);
Board execute_edit(const Board &board, std::string_view edit);

} // namespace kami
