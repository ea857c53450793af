// display_list.hpp -- a pz_canvas that records what a plugin draws. The window replays it (zoomed and panned)
// every frame without calling the plugin again, and tests read it to see what a plugin drew.
#pragma once
#include <pluzzle/abi.h>

#include <string>
#include <vector>

namespace pluzzle::editor {

struct DrawItem {
    enum Kind { Polygon, Polyline, Circle, Text } kind = Polygon;
    std::vector<pz_point> points; // polygon/polyline; circle: centre; text: anchor point
    pz_rgba fill{0, 0, 0, 0}, stroke{0, 0, 0, 0};
    float width = 0;  // stroke width
    float radius = 0; // circle
    float size = 0;   // text
    int anchor = PZ_ANCHOR_MIDDLE;
    std::string text;
    std::string group; // innermost group name when drawn ("" outside groups)
};

struct DisplayList {
    float width = 100, height = 100;
    pz_rgba background{255, 255, 255, 255};
    std::vector<DrawItem> items;

    size_t count(DrawItem::Kind kind) const;
    size_t count_in_group(const std::string &group) const;
};

class DisplayListCanvas {
  public:
    DisplayListCanvas();
    DisplayListCanvas(const DisplayListCanvas &) = delete;
    DisplayListCanvas &operator=(const DisplayListCanvas &) = delete;
    const pz_canvas &canvas() const { return canvas_; }
    DisplayList take() { return std::move(list_); }

  private:
    static DisplayListCanvas &self(void *ctx) { return *static_cast<DisplayListCanvas *>(ctx); }
    static void begin(void *ctx, float w, float h, pz_rgba background) noexcept;
    static void group_begin(void *ctx, const char *name) noexcept;
    static void group_end(void *ctx) noexcept;
    static void polygon(void *ctx, const pz_point *p, uint32_t n, pz_rgba fill, pz_rgba stroke, float width) noexcept;
    static void polyline(void *ctx, const pz_point *p, uint32_t n, pz_rgba stroke, float width) noexcept;
    static void circle(void *ctx, float cx, float cy, float r, pz_rgba fill, pz_rgba stroke, float width) noexcept;
    static void text(void *ctx, float x, float y, float size, pz_rgba color, int32_t anchor, const char *s) noexcept;
    std::string group() const { return groups_.empty() ? std::string() : groups_.back(); }

    pz_canvas canvas_;
    DisplayList list_;
    std::vector<std::string> groups_;
};

} // namespace pluzzle::editor
