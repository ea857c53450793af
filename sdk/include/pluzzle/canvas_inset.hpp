// pluzzle/canvas_inset.hpp -- a whole drawing made small inside a box of another canvas: a strip of boards on a
// solution page (ABI 1.9, abi.h rule 14), a thumbnail. A render function that draws a board on a Canvas draws it on
// the inset's canvas unchanged: its begin() says the drawing's extent, and the inset fits that extent into the box
// (one scale, centred, the background filled), scaling lines and text with it.
//
//   pluzzle::CanvasInset small(canvas, x, y, 120, 90);
//   render_board(level, cells, small.canvas());          // the board, 120 x 90 units at most, at (x, y)
//   small.canvas().circle(...);                           // more marks, in the board's own units
#pragma once
#include <pluzzle/canvas.hpp>

#include <algorithm>
#include <vector>

namespace pluzzle {

class CanvasInset {
  public:
    // The box (x, y, width, height) in `parent`'s units.
    CanvasInset(Canvas &parent, float x, float y, float width, float height)
        : parent_(parent), x_(x), y_(y), w_(width), h_(height) {
        table_.struct_size = sizeof table_;
        table_.ctx = this;
        table_.begin = [](void *c, float w, float h, pz_rgba bg) { self(c).begin(w, h, bg); };
        table_.group_begin = [](void *c, const char *name) { self(c).parent_.group_begin(name ? name : ""); };
        table_.group_end = [](void *c) { self(c).parent_.group_end(); };
        table_.polygon = [](void *c, const pz_point *p, uint32_t n, pz_rgba fill, pz_rgba stroke, float sw) {
            CanvasInset &s = self(c);
            s.parent_.polygon(s.map(p, n), colour(fill), colour(stroke), sw * s.scale_);
        };
        table_.polyline = [](void *c, const pz_point *p, uint32_t n, pz_rgba stroke, float w) {
            CanvasInset &s = self(c);
            s.parent_.polyline(s.map(p, n), colour(stroke), w * s.scale_);
        };
        table_.circle = [](void *c, float cx, float cy, float r, pz_rgba fill, pz_rgba stroke, float sw) {
            CanvasInset &s = self(c);
            const Point at = s.map(Point{cx, cy});
            s.parent_.circle(at.x, at.y, r * s.scale_, colour(fill), colour(stroke), sw * s.scale_);
        };
        table_.text = [](void *c, float x, float y, float size, pz_rgba col, int32_t anchor, const char *utf8) {
            CanvasInset &s = self(c);
            const Point at = s.map(Point{x, y});
            s.parent_.text(at.x, at.y, size * s.scale_, colour(col), utf8 ? utf8 : "", pz_text_anchor(anchor));
        };
    }
    CanvasInset(const CanvasInset &) = delete;
    CanvasInset &operator=(const CanvasInset &) = delete;

    Canvas &canvas() { return canvas_; }
    // Parent units per unit of the inset's drawing (known once its begin() was called; 1 before).
    float scale() const { return scale_; }
    // A point of the inset's drawing in the parent's units.
    Point map(Point p) const { return {dx_ + p.x * scale_, dy_ + p.y * scale_}; }

  private:
    static CanvasInset &self(void *c) { return *static_cast<CanvasInset *>(c); }
    static Color colour(pz_rgba c) { return {c.r, c.g, c.b, c.a}; }
    std::vector<Point> map(const pz_point *p, uint32_t n) const {
        std::vector<Point> out(p, p + n);
        for (Point &q : out)
            q = map(q);
        return out;
    }
    void begin(float width, float height, pz_rgba background) {
        // A drawing without extent (or a NaN one) keeps scale 1 at the box's corner rather than vanishing.
        if (width > 0 && height > 0) scale_ = std::min(w_ / width, h_ / height);
        dx_ = x_ + (w_ - width * scale_) / 2, dy_ = y_ + (h_ - height * scale_) / 2;
        if (background.a) parent_.rect(dx_, dy_, width * scale_, height * scale_, colour(background));
    }

    Canvas &parent_;
    float x_, y_, w_, h_;
    float scale_ = 1, dx_ = 0, dy_ = 0;
    pz_canvas table_{};
    Canvas canvas_{&table_};
};

} // namespace pluzzle
