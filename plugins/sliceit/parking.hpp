// parking.hpp -- visible places for strokes an answer does not need. The solver parks unneeded lines outside the
// level's box, off the rendered picture; a stroke that changes nothing can instead stay in view: a slit inside a
// piece (a stroke ending inside a piece does not split it) or a copy of a stroke in use (it covers nothing new).
#pragma once
#include "cut.hpp"

#include <vector>

namespace sliceit {

// Replaces the strokes flagged in `parked` by slits (a star of them in the largest convex cells) or, failing
// that, by copies of a stroke in use, keeping whatever the rules say of the cut unchanged (checked with judge).
std::vector<Stroke> unpark(const Board &board, const std::vector<Stroke> &strokes, const std::vector<bool> &parked);

} // namespace sliceit
