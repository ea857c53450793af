// render.cpp -- shapes in grey, holes in the background colour, forbidden zones hatched in red; with a cut, each
// piece is filled by how far its share is from 100/M (green within tolerance, orange too big, blue too small, grey
// for slivers) and labelled with its percentage, and the strokes are drawn on top.
#include "render.hpp"
#include "geometry_algorithms.hpp"

#include "cut.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sliceit {
namespace {

constexpr float kMargin = 20, kSize = 600;
constexpr pluzzle::Color kBackground{255, 255, 255}, kShape{215, 215, 215}, kOutline{40, 40, 40}, kZone{250, 215, 215},
    kHatch{200, 40, 40}, kStroke{20, 20, 160}, kGood{150, 215, 150}, kBig{245, 180, 120}, kSmall{150, 185, 240},
    kSliver{180, 180, 180}, kLabel{0, 0, 0};

std::vector<pluzzle::Point> points(const Layout &layout, const Ring &ring) {
    std::vector<pluzzle::Point> out;
    for (const Vec &v : ring)
        out.push_back(layout.to_canvas(v));
    return out;
}

Ring ring_of(const BRing &r) {
    Ring out;
    for (size_t i = 0; i + 1 < r.size(); ++i)
        out.push_back({r[i].x(), r[i].y()});
    return out;
}

void hatch(const Layout &layout, const Ring &zone, pluzzle::Canvas &canvas) {
    using BLine = bg::model::linestring<BPoint>;
    const BPolygon polygon = to_polygon(zone);
    bg::model::box<BPoint> box;
    bg::envelope(polygon, box);
    const double x0 = box.min_corner().x(), y0 = box.min_corner().y(), x1 = box.max_corner().x(),
                 y1 = box.max_corner().y();
    const double step = 8 / layout.scale; // every 8 drawing units
    for (double c = x0 - (y1 - y0); c <= x1; c += step) {
        const BLine line{BPoint(c, y0), BPoint(c + (y1 - y0), y1)};
        bg::model::multi_linestring<BLine> parts;
        bg::intersection(line, polygon, parts);
        for (const BLine &part : parts)
            if (part.size() >= 2) {
                const pluzzle::Point a = layout.to_canvas({part.front().x(), part.front().y()});
                const pluzzle::Point b = layout.to_canvas({part.back().x(), part.back().y()});
                canvas.line(a.x, a.y, b.x, b.y, kHatch, 1);
            }
    }
}

void fill_cell(const Layout &layout, const Cell &cell, pluzzle::Color color, pluzzle::Canvas &canvas) {
    if (cell.is_convex) {
        canvas.polygon(points(layout, cell.convex), color, color, 0.5f);
        return;
    }
    canvas.polygon(points(layout, ring_of(cell.polygon.outer())), color, color, 0.5f);
    for (const BRing &hole : cell.polygon.inners())
        canvas.polygon(points(layout, ring_of(hole)), kBackground);
}

Vec centroid(const Cell &cell) {
    BPoint c(0, 0);
    if (cell.is_convex)
        bg::centroid(to_polygon(cell.convex), c);
    else
        bg::centroid(cell.polygon, c);
    return {c.x(), c.y()};
}

} // namespace

pluzzle::Point Layout::to_canvas(const Vec &v) const {
    return {float(kMargin + (v.x - x0) * scale), float(kMargin + (v.y - y0) * scale)};
}
Vec Layout::to_level(float x, float y) const { return {x0 + (x - kMargin) / scale, y0 + (y - kMargin) / scale}; }

Layout layout_of(const Level &level) {
    const Box box = bounds(level);
    Layout layout;
    layout.x0 = box.x0, layout.y0 = box.y0;
    const double extent = std::max({box.x1 - box.x0, box.y1 - box.y0, 1e-9});
    layout.scale = kSize / extent;
    layout.width = float(2 * kMargin + (box.x1 - box.x0) * layout.scale);
    layout.height = float(2 * kMargin + (box.y1 - box.y0) * layout.scale);
    return layout;
}

void render_level(const Level &level, const std::vector<Stroke> *strokes, pluzzle::Canvas &canvas) {
    const Layout layout = layout_of(level);
    canvas.begin(layout.width, layout.height, kBackground);
    {
        pluzzle::Group group(canvas, "shapes");
        for (const Shape &s : level.shapes)
            canvas.polygon(points(layout, s.outer), kShape, kOutline, 1.5f);
        for (const Shape &s : level.shapes)
            for (const Ring &h : s.holes)
                canvas.polygon(points(layout, h), kBackground, kOutline, 1.5f);
    }
    if (strokes && !strokes->empty()) {
        pluzzle::Group group(canvas, "pieces");
        const Board board(level);
        const Cut cut = cut_board(board, *strokes);
        const double target = 100.0 / level.pieces;
        // Cells with holes first, so that cells inside their holes are drawn over them.
        for (int pass = 0; pass < 2; ++pass)
            for (const Piece &piece : cut.pieces) {
                const double share = 100 * piece.area / board.total;
                const pluzzle::Color color = share < level.sliver               ? kSliver
                                             : share > target + level.tolerance ? kBig
                                             : share < target - level.tolerance ? kSmall
                                                                                : kGood;
                for (size_t c : piece.cells) {
                    const bool holed = !cut.cells[c].is_convex && !cut.cells[c].polygon.inners().empty();
                    if (holed == (pass == 0)) fill_cell(layout, cut.cells[c], color, canvas);
                }
            }
        for (const Piece &piece : cut.pieces) {
            const double share = 100 * piece.area / board.total;
            if (share < level.sliver) continue;
            const size_t largest = *std::max_element(piece.cells.begin(), piece.cells.end(), [&](size_t a, size_t b) {
                return cut.cells[a].area < cut.cells[b].area;
            });
            const pluzzle::Point at = layout.to_canvas(centroid(cut.cells[largest]));
            char label[32];
            std::snprintf(label, sizeof label, "%.1f%%", share);
            canvas.text(at.x, at.y, 12, kLabel, label);
        }
    }
    {
        pluzzle::Group group(canvas, "forbidden");
        for (const Ring &zone : level.forbidden) {
            canvas.polygon(points(layout, zone), kZone, kHatch, 1.5f);
            hatch(layout, zone, canvas);
        }
    }
    if (strokes) {
        pluzzle::Group group(canvas, "strokes");
        for (const Stroke &s : *strokes) {
            const pluzzle::Point a = layout.to_canvas(s.a), b = layout.to_canvas(s.b);
            canvas.line(a.x, a.y, b.x, b.y, kStroke, 2);
        }
    }
}

} // namespace sliceit
