// svg_canvas.hpp -- a pz_canvas that writes SVG: rendering with no display, for the CLI and for tests.
#pragma once
#include <pluzzle/abi.h>

#include <exception>
#include <string>

namespace pluzzle::host {

class SvgCanvas {
public:
    // `scale` converts the plugin's units to SVG pixels.
    explicit SvgCanvas(float scale = 1.0f);
    // The table to hand to Plugin::render; valid while this object lives.
    const pz_canvas &canvas() const { return canvas_; }
    // The finished document (closes any group the plugin left open). Rethrows what a drawing call failed with
    // (callbacks never throw into plugin code).
    std::string str() const;

private:
    static void begin(void *ctx, float w, float h, pz_rgba background);
    static void group_begin(void *ctx, const char *name);
    static void group_end(void *ctx);
    static void polygon(void *ctx, const pz_point *p, uint32_t n, pz_rgba fill, pz_rgba stroke, float width);
    static void polyline(void *ctx, const pz_point *p, uint32_t n, pz_rgba stroke, float width);
    static void circle(void *ctx, float cx, float cy, float r, pz_rgba fill, pz_rgba stroke, float width);
    static void text(void *ctx, float x, float y, float size, pz_rgba color, int32_t anchor, const char *s);

    pz_canvas canvas_;
    float scale_;
    float width_ = 100, height_ = 100;
    std::string background_, body_;
    int open_groups_ = 0;
    std::exception_ptr error_;
    template <class F> static void guarded(void *ctx, F &&f) noexcept;
};

std::string xml_escape(const std::string &text);

} // namespace pluzzle::host
