#include "display_list.hpp"

#include <cmath>

namespace pluzzle::editor {

size_t DisplayList::count(DrawItem::Kind kind) const {
    size_t n = 0;
    for (auto &item : items)
        n += item.kind == kind;
    return n;
}

size_t DisplayList::count_in_group(const std::string &group) const {
    size_t n = 0;
    for (auto &item : items)
        n += item.group == group;
    return n;
}

// Callbacks run inside plugin code: they must not throw (ABI rule 3). Only vector growth can, and an
// out-of-memory there is not worth surviving, so these are noexcept and let std::terminate report it.
DisplayListCanvas::DisplayListCanvas() {
    canvas_ = pz_canvas{sizeof(pz_canvas), this, &begin, &group_begin, &group_end, &polygon, &polyline, &circle, &text};
}

void DisplayListCanvas::begin(void *ctx, float w, float h, pz_rgba background) noexcept {
    auto &s = self(ctx);
    s.list_.width = w > 0 && std::isfinite(w) ? w : 100;
    s.list_.height = h > 0 && std::isfinite(h) ? h : 100;
    s.list_.background = background;
}

void DisplayListCanvas::group_begin(void *ctx, const char *name) noexcept {
    self(ctx).groups_.push_back(name ? name : "");
}

void DisplayListCanvas::group_end(void *ctx) noexcept {
    auto &s = self(ctx);
    if (!s.groups_.empty()) s.groups_.pop_back(); // an unbalanced end from a plugin is ignored
}

void DisplayListCanvas::polygon(void *ctx, const pz_point *p, uint32_t n, pz_rgba fill, pz_rgba stroke,
                                float width) noexcept {
    if (!p || n < 2) return;
    auto &s = self(ctx);
    DrawItem item;
    item.kind = DrawItem::Polygon;
    item.points.assign(p, p + n);
    item.fill = fill;
    item.stroke = stroke;
    item.width = width;
    item.group = s.group();
    s.list_.items.push_back(std::move(item));
}

void DisplayListCanvas::polyline(void *ctx, const pz_point *p, uint32_t n, pz_rgba stroke, float width) noexcept {
    if (!p || n < 2) return;
    auto &s = self(ctx);
    DrawItem item;
    item.kind = DrawItem::Polyline;
    item.points.assign(p, p + n);
    item.stroke = stroke;
    item.width = width;
    item.group = s.group();
    s.list_.items.push_back(std::move(item));
}

void DisplayListCanvas::circle(void *ctx, float cx, float cy, float r, pz_rgba fill, pz_rgba stroke,
                               float width) noexcept {
    auto &s = self(ctx);
    DrawItem item;
    item.kind = DrawItem::Circle;
    item.points = {{cx, cy}};
    item.radius = r;
    item.fill = fill;
    item.stroke = stroke;
    item.width = width;
    item.group = s.group();
    s.list_.items.push_back(std::move(item));
}

void DisplayListCanvas::text(void *ctx, float x, float y, float size, pz_rgba color, int32_t anchor,
                             const char *t) noexcept {
    auto &s = self(ctx);
    DrawItem item;
    item.kind = DrawItem::Text;
    item.points = {{x, y}};
    item.size = size;
    item.fill = color;
    item.anchor = anchor;
    item.text = t ? t : "";
    item.group = s.group();
    s.list_.items.push_back(std::move(item));
}

} // namespace pluzzle::editor
