// edit.hpp -- the editor's tools for nonogram levels. The picture is the level: painting a cell changes the clues.
//   paint r,c [#|.]          toggle a cell of the picture, or set it (rows and columns count from 0)
//   clue row|col I n n ...   set a clue (no numbers or `0` = blank); the goal stays only while it still fits
//   resize W H               keep what fits of the picture (without one: the clues that still fit)
#pragma once
#include "nonogram.hpp"

#include <pluzzle/puzzle_types.hpp>

#include <string>
#include <string_view>

namespace nonogram {

std::string edit_input(const Puzzle &p, std::string_view tool, const pluzzle::Input &input);
// Throws pluzzle::bad_argument (field "edit") for a malformed edit or a cell outside the grid.
Puzzle execute_edit(const Puzzle &p, std::string_view edit);

} // namespace nonogram
