// geometry.cpp -- conversions to Boost.Geometry, line helpers, exact sides (predicates.hpp) and convex clipping.
#include "geometry_algorithms.hpp"

#include "predicates.hpp"

#include <algorithm>
#include <cmath>

namespace sliceit {
namespace {

BRing to_ring(const Ring &ring) {
    BRing out;
    for (const Vec &v : ring)
        out.push_back(BPoint(v.x, v.y));
    if (!ring.empty()) out.push_back(BPoint(ring.front().x, ring.front().y));
    return out;
}

} // namespace

BPolygon to_polygon(const Ring &outer, const std::vector<Ring> &holes) {
    BPolygon polygon;
    polygon.outer() = to_ring(outer);
    for (const Ring &h : holes)
        polygon.inners().push_back(to_ring(h));
    bg::correct(polygon);
    return polygon;
}

BMultiPolygon shapes_of(const Level &level) {
    BMultiPolygon out;
    for (const Shape &s : level.shapes)
        out.push_back(to_polygon(s.outer, s.holes));
    return out;
}

std::vector<BPolygon> forbidden_of(const Level &level) {
    std::vector<BPolygon> out;
    for (const Ring &r : level.forbidden)
        out.push_back(to_polygon(r));
    return out;
}

double ring_area(const Ring &ring) {
    double twice = 0;
    for (size_t i = 0, n = ring.size(); i < n; ++i) {
        const Vec &p = ring[i], &q = ring[(i + 1) % n];
        twice += p.x * q.y - q.x * p.y;
    }
    return std::abs(twice) / 2;
}

double Box::diagonal() const { return std::hypot(x1 - x0, y1 - y0); }

Box bounds(const Level &level) {
    bool first = true;
    Box b;
    auto add = [&](const Ring &ring) {
        for (const Vec &v : ring) {
            if (first) b = {v.x, v.y, v.x, v.y}, first = false;
            b.x0 = std::min(b.x0, v.x), b.y0 = std::min(b.y0, v.y);
            b.x1 = std::max(b.x1, v.x), b.y1 = std::max(b.y1, v.y);
        }
    };
    for (const Shape &s : level.shapes)
        add(s.outer);
    for (const Ring &r : level.forbidden)
        add(r);
    return b;
}

Vec Line::normal() const { return {std::cos(angle), std::sin(angle)}; }
Vec Line::direction() const { return {-std::sin(angle), std::cos(angle)}; }
Vec Line::at(double t) const {
    const Vec n = normal(), d = direction();
    return {n.x * offset + d.x * t, n.y * offset + d.y * t};
}
double Line::param(const Vec &p) const {
    const Vec d = direction();
    return d.x * p.x + d.y * p.y;
}

Line line_through(const Stroke &s) {
    Line line;
    line.angle = std::atan2(s.b.y - s.a.y, s.b.x - s.a.x) - M_PI / 2; // normal = direction rotated by -90 degrees
    const Vec n = line.normal();
    line.offset = (n.x * (s.a.x + s.b.x) + n.y * (s.a.y + s.b.y)) / 2;
    return line;
}

int orientation(const Vec &a, const Vec &b, const Vec &c) { return orient2d(a, b, c); }

double exact_side(const Line &line, const Stroke &stroke, const Vec &p) {
    // The line's normal is the stroke's direction turned clockwise, so "above" is the stroke's right: -orient2d.
    const int exact = -orient2d(stroke.a, stroke.b, p);
    const double value = line.side(p);
    if (exact == 0) return 0;
    // The rounded value only places the crossing point; its sign must not contradict the exact one.
    return (value > 0) == (exact > 0) && value != 0 ? value : exact * 1e-300;
}

Ring clip_convex(const Ring &ring, const Line &line, const Stroke &stroke, bool below) {
    Ring out;
    const size_t n = ring.size();
    const double sign = below ? 1 : -1;
    std::vector<double> sides(n);
    for (size_t i = 0; i < n; ++i)
        sides[i] = sign * exact_side(line, stroke, ring[i]);
    for (size_t i = 0; i < n; ++i) {
        const Vec &p = ring[i], &q = ring[(i + 1) % n];
        const double sp = sides[i], sq = sides[(i + 1) % n];
        if (sp <= 0) out.push_back(p);
        if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
            const double t = sp / (sp - sq);
            out.push_back({p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)});
        }
    }
    return out.size() >= 3 ? out : Ring{};
}

bool is_convex(const Ring &ring) {
    int sign = 0;
    for (size_t i = 0, n = ring.size(); i < n; ++i) {
        const int o = orientation(ring[i], ring[(i + 1) % n], ring[(i + 2) % n]);
        if (o == 0) continue;
        if (sign == 0)
            sign = o;
        else if (o != sign)
            return false;
    }
    return true;
}

} // namespace sliceit
