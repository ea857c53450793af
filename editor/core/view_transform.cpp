#include "view_transform.hpp"

#include <algorithm>

namespace pluzzle::editor {

void ViewTransform::fit(float width, float height, float x, float y, float w, float h, float margin) {
    const float avail_w = std::max(1.0f, w - 2 * margin), avail_h = std::max(1.0f, h - 2 * margin);
    scale = std::min(avail_w / std::max(width, 1e-3f), avail_h / std::max(height, 1e-3f));
    offset_x = x + (w - width * scale) / 2;
    offset_y = y + (h - height * scale) / 2;
    fitted = true;
}

void ViewTransform::zoom_at(pz_point screen, float factor) {
    const float next = std::clamp(scale * factor, 0.05f, 200.0f); // keep the board findable
    const pz_point anchor = to_drawing(screen);
    scale = next;
    offset_x = screen.x - anchor.x * scale;
    offset_y = screen.y - anchor.y * scale;
    fitted = false;
}

} // namespace pluzzle::editor
