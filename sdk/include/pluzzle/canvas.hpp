// pluzzle/canvas.hpp -- C++ face of the host's drawing surface (pz_canvas): SVG, the editor's window, tests.
#pragma once
#include <pluzzle/abi.h>

#include <cstddef>
#include <initializer_list>
#include <string>
#include <vector>

namespace pluzzle {

struct Color {
    uint8_t r = 0, g = 0, b = 0, a = 255;
    operator pz_rgba() const { return pz_rgba{r, g, b, a}; }
};
inline constexpr Color kNone{0, 0, 0, 0}; // "no fill" / "no outline"
inline constexpr Color kBlack{0, 0, 0, 255};
inline constexpr Color kWhite{255, 255, 255, 255};

using Point = pz_point;

// Every call checks that the host's table reaches the function (struct_size) and that it is set, so a plugin
// built against a newer SDK draws on an older host with what that host has.
class Canvas {
public:
    explicit Canvas(const pz_canvas *canvas) : c_(canvas) {}

    // Declare the drawing's extent first; everything after is in these units, y down.
    void begin(float width, float height, Color background = kWhite) {
        if (has(&pz_canvas::begin)) c_->begin(c_->ctx, width, height, background);
    }
    void group_begin(const std::string &name) {
        if (has(&pz_canvas::group_begin)) c_->group_begin(c_->ctx, name.c_str());
    }
    void group_end() {
        if (has(&pz_canvas::group_end)) c_->group_end(c_->ctx);
    }
    void polygon(const std::vector<Point> &points, Color fill, Color stroke = kNone, float stroke_width = 0) {
        if (has(&pz_canvas::polygon)) c_->polygon(c_->ctx, points.data(), uint32_t(points.size()), fill, stroke, stroke_width);
    }
    void rect(float x, float y, float w, float h, Color fill, Color stroke = kNone, float stroke_width = 0) {
        polygon({{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, fill, stroke, stroke_width);
    }
    void polyline(const std::vector<Point> &points, Color stroke, float width) {
        if (has(&pz_canvas::polyline)) c_->polyline(c_->ctx, points.data(), uint32_t(points.size()), stroke, width);
    }
    void line(float x1, float y1, float x2, float y2, Color stroke, float width) {
        polyline({{x1, y1}, {x2, y2}}, stroke, width);
    }
    void circle(float cx, float cy, float r, Color fill, Color stroke = kNone, float stroke_width = 0) {
        if (has(&pz_canvas::circle)) c_->circle(c_->ctx, cx, cy, r, fill, stroke, stroke_width);
    }
    void text(float x, float y, float size, Color color, const std::string &utf8,
              pz_text_anchor anchor = PZ_ANCHOR_MIDDLE) {
        if (has(&pz_canvas::text)) c_->text(c_->ctx, x, y, size, color, anchor, utf8.c_str());
    }

private:
    template <class F> bool has(F pz_canvas::*member) const {
        const size_t end = size_t(reinterpret_cast<const char *>(&(c_->*member)) - reinterpret_cast<const char *>(c_)) +
                           sizeof(F);
        return c_->struct_size >= end && c_->*member != nullptr;
    }
    const pz_canvas *c_;
};

// Scoped group: `{ Group g(canvas, "clues"); ... }`.
class Group {
public:
    Group(Canvas &canvas, const std::string &name) : canvas_(canvas) { canvas_.group_begin(name); }
    ~Group() { canvas_.group_end(); }
    Group(const Group &) = delete;
    Group &operator=(const Group &) = delete;

private:
    Canvas &canvas_;
};

} // namespace pluzzle
