// solution_view.hpp -- a kami solution as a reader follows it on paper (ABI 1.9, abi.h rule 14; a booklet's solution
// page, `pluzzle render --solution`): the finished board is one colour and says nothing, so this draws the START board
// with each move's number and a swatch of the colour it picks on the region it recolours (pivot mode: the colours in
// order under the board, every move being the pivot's). A move whose region has grown by merges since the start --
// the start board cannot show where it ends -- adds a strip of small boards: the board before each move, that move's
// region outlined and numbered.
#pragma once
#include "board.hpp"
#include "formats.hpp"

#include <pluzzle/canvas.hpp>

#include <vector>

namespace kami {

void render_solution_view(const Board &board, const std::vector<Move> &moves, pluzzle::Canvas &canvas);

// Whether the start board alone leaves a move unclear (its region is more than one region of the start board), so
// the strip is drawn. For tests.
bool solution_needs_strip(const Board &board, const std::vector<Move> &moves);

} // namespace kami
