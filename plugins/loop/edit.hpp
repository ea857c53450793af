// edit.hpp -- the editor's tools for loop levels: draw a pipe between two neighbouring tiles by dragging from one to
// the other, turn or lock a tile by clicking it, and typed settings.
//   pipe x1,y1 x2,y2   toggle the connection between two neighbours (both tiles change)
//   turn x,y           turn a tile one step (as a move would; the level's given orientation changes)
//   lock x,y           make a tile given (not rotatable in play) or free again
//   rules loop|net, grid square|hex (clears the pipes), wrap yes|no, size W H (keeps the overlap), name TEXT
#pragma once
#include "board.hpp"

#include <string>
#include <string_view>

namespace loop {

std::string edit_input(const Board &board, std::string_view tool, const pluzzle::Input &input);
Board execute_edit(const Board &board, std::string_view edit);

} // namespace loop
