// view_transform.hpp -- zoom and pan of the board: maps the plugin's drawing units to window pixels and back.
#pragma once
#include <pluzzle/abi.h>

namespace pluzzle::editor {

struct ViewTransform {
    float scale = 1;                  // pixels per drawing unit
    float offset_x = 0, offset_y = 0; // window position of drawing point (0, 0)
    // True from fit() until the author zooms or pans: a fitted board follows its viewport when the panels are
    // resized or the window changes, a board the author placed stays where it is.
    bool fitted = false;

    pz_point to_screen(pz_point p) const { return {offset_x + p.x * scale, offset_y + p.y * scale}; }
    pz_point to_drawing(pz_point s) const { return {(s.x - offset_x) / scale, (s.y - offset_y) / scale}; }

    // Fits a drawing of width x height into the viewport (x, y, w, h), centred, with a margin in pixels.
    void fit(float width, float height, float x, float y, float w, float h, float margin = 16);
    // Multiplies the zoom by `factor`, keeping the drawing point under `screen` in place (zoom to the mouse).
    void zoom_at(pz_point screen, float factor);
    void pan(float dx, float dy) {
        if (dx == 0 && dy == 0) return;
        offset_x += dx;
        offset_y += dy;
        fitted = false;
    }
};

} // namespace pluzzle::editor
