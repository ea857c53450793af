// polygon_fill.hpp -- triangles for filling any simple polygon. Plugins draw concave polygons (e.g. sliceit's
// L-shaped pieces) and Dear ImGui only fills convex ones.
#pragma once
#include <pluzzle/abi.h>

#include <array>
#include <vector>

namespace pluzzle::editor {

bool is_convex(const std::vector<pz_point> &points);
// Ear clipping, O(n^2) (plugin polygons are small). Index triples into `points`; a degenerate or self-intersecting
// polygon yields what could be clipped (never loops forever).
std::vector<std::array<int, 3>> triangulate(const std::vector<pz_point> &points);

} // namespace pluzzle::editor
