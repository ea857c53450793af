// render.hpp -- drawing a level (shapes, holes, hatched forbidden zones) and a cut (strokes, pieces coloured by
// their area share), and the mapping between drawing units and level coordinates that input uses.
#pragma once
#include "level.hpp"

#include <pluzzle/canvas.hpp>

#include <vector>

namespace sliceit {

// Level coordinates -> drawing units: the level's box scaled to about 600 units, with a margin.
struct Layout {
    double x0 = 0, y0 = 0, scale = 1;
    float width = 0, height = 0;
    pluzzle::Point to_canvas(const Vec &v) const;
    Vec to_level(float x, float y) const;
};
Layout layout_of(const Level &level);

void render_level(const Level &level, const std::vector<Stroke> *strokes, pluzzle::Canvas &canvas);

} // namespace sliceit
