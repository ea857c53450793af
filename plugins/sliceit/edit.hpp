// edit.hpp -- the editor's tools for sliceit levels: vertices added, moved and deleted with the pointer, square
// shapes, holes and forbidden zones placed by a click, and typed settings.
//
// Edits (rings are named `s<i>` for shape i's outer ring, `s<i>h<j>` for its hole j, `f<i>` for forbidden zone i):
//   vertex add RING INDEX X Y     insert a vertex before INDEX      vertex move RING INDEX X Y
//   vertex delete RING INDEX      shape X Y SIZE | hole SHAPE X Y SIZE | forbidden X Y SIZE   (squares)
//   remove RING                   strokes N | pieces M | tolerance T | sliver S | name TEXT
#pragma once
#include "level.hpp"

#include <string>
#include <string_view>

namespace sliceit {

std::string edit_input(const Level &level, std::string_view tool, const pluzzle::Input &input);
// Throws pluzzle::bad_argument (field "edit") for a malformed edit.
Level execute_edit(const Level &level, std::string_view edit);

} // namespace sliceit
