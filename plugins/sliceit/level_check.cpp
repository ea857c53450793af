// level_check.cpp -- validation: everything the other operations rely on, each failure naming its field.
#include "geometry_algorithms.hpp"
#include "render.hpp"

#include <cmath>
#include <string>
#include <vector>

namespace sliceit {
namespace {

std::string number(double v) {
    std::string s = std::to_string(v);
    while (s.size() > 1 && s.back() == '0')
        s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

// The places an error is about (ABI 1.7) are in drawing units, where the editor draws the level.
pluzzle::Error at(pluzzle::Error error, const Layout &layout, const std::vector<Vec> &points) {
    for (const Vec &v : points) {
        const pluzzle::Point p = layout.to_canvas(v);
        error.at_point(p.x, p.y);
    }
    return error;
}

// Where the rings of an invalid polygon cross: every pair of edges that are not neighbours, first 16 crossings.
std::vector<Vec> crossings(const BPolygon &polygon) {
    std::vector<BSegment> edges;
    const auto add = [&](const BRing &ring) {
        for (size_t i = 0; i + 1 < ring.size(); ++i)
            edges.emplace_back(ring[i], ring[i + 1]);
    };
    add(polygon.outer());
    for (const BRing &hole : polygon.inners())
        add(hole);
    std::vector<Vec> out;
    for (size_t i = 0; i < edges.size() && out.size() < 16; ++i)
        for (size_t j = i + 1; j < edges.size() && out.size() < 16; ++j) {
            std::vector<BPoint> points;
            bg::intersection(edges[i], edges[j], points);
            for (const BPoint &p : points) {
                const bool shared_end = bg::equals(p, edges[i].first) || bg::equals(p, edges[i].second);
                if (!shared_end || !(bg::equals(p, edges[j].first) || bg::equals(p, edges[j].second)))
                    out.push_back({p.x(), p.y()}); // an end two neighbours share is not a crossing
            }
        }
    return out;
}

void check_ring(const Ring &ring, const std::string &field, size_t &vertices, const Layout &layout) {
    if (ring.size() < 3) throw pluzzle::invalid("a ring needs at least 3 vertices", field);
    vertices += ring.size();
    if (vertices > kMaxVertices)
        throw pluzzle::invalid("more than " + std::to_string(kMaxVertices) + " vertices in the level", field);
    for (size_t i = 0; i < ring.size(); ++i) {
        const Vec &v = ring[i];
        if (!std::isfinite(v.x) || !std::isfinite(v.y) || std::abs(v.x) > kMaxCoordinate ||
            std::abs(v.y) > kMaxCoordinate)
            throw pluzzle::invalid("vertex " + std::to_string(i) + " is not a number within +-1e6", field);
        if (v == ring[(i + 1) % ring.size()])
            throw at(pluzzle::invalid("vertex " + std::to_string(i) + " repeats the next one", field), layout, {v});
    }
    if (ring_area(ring) <= 0) throw pluzzle::invalid("the ring has no area (degenerate)", field);
}

// Boost's validity check: self-intersections, spikes, holes outside or crossing the outer ring...
void check_polygon(const BPolygon &polygon, const std::string &field, const Layout &layout) {
    std::string why;
    if (!bg::is_valid(polygon, why))
        throw at(pluzzle::invalid("not a valid polygon: " + why, field), layout, crossings(polygon));
}

} // namespace

double total_area(const Level &level) {
    double area = 0;
    for (const Shape &s : level.shapes) {
        area += ring_area(s.outer);
        for (const Ring &h : s.holes)
            area -= ring_area(h);
    }
    return area;
}

void validate_level(const Level &level) {
    if (level.name.find('\n') != std::string::npos) throw pluzzle::invalid("the name must be one line", "name");
    if (level.strokes < 1 || level.strokes > kMaxStrokes)
        throw pluzzle::invalid("strokes must be 1.." + std::to_string(kMaxStrokes), "strokes");
    if (level.pieces < 1 || level.pieces > kMaxPieces)
        throw pluzzle::invalid("pieces must be 1.." + std::to_string(kMaxPieces), "pieces");
    if (!(level.tolerance > 0 && level.tolerance <= 50))
        throw pluzzle::invalid("tolerance must be in (0, 50] percentage points", "tolerance");
    if (!(level.sliver >= 0 && level.sliver < 50))
        throw pluzzle::invalid("sliver must be in [0, 50) percent", "sliver");
    if (level.shapes.empty()) throw pluzzle::invalid("the level needs at least one shape", "shapes");

    size_t vertices = 0;
    std::vector<BPolygon> polygons;
    const Layout layout = layout_of(level); // NaN while a vertex is not a number: those errors name no place
    for (size_t i = 0; i < level.shapes.size(); ++i) {
        const std::string field = "shapes[" + std::to_string(i) + "]";
        check_ring(level.shapes[i].outer, field + ".outer", vertices, layout);
        for (size_t h = 0; h < level.shapes[i].holes.size(); ++h)
            check_ring(level.shapes[i].holes[h], field + ".holes[" + std::to_string(h) + "]", vertices, layout);
        polygons.push_back(to_polygon(level.shapes[i].outer, level.shapes[i].holes));
        check_polygon(polygons.back(), field, layout);
    }
    for (size_t i = 0; i < polygons.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (bg::overlaps(polygons[i], polygons[j]) || bg::within(polygons[i], polygons[j]) ||
                bg::within(polygons[j], polygons[i])) {
                BMultiPolygon common; // marked at the middle of each part the two shapes share
                bg::intersection(polygons[i], polygons[j], common);
                std::vector<Vec> middles;
                for (const BPolygon &part : common) {
                    BPoint c(0, 0);
                    bg::centroid(part, c);
                    middles.push_back({c.x(), c.y()});
                }
                throw at(
                    pluzzle::invalid("overlaps shapes[" + std::to_string(j) + "]", "shapes[" + std::to_string(i) + "]"),
                    layout, middles);
            }
    for (size_t i = 0; i < level.forbidden.size(); ++i) {
        const std::string field = "forbidden[" + std::to_string(i) + "]";
        check_ring(level.forbidden[i], field, vertices, layout);
        check_polygon(to_polygon(level.forbidden[i]), field, layout);
    }

    // Levels that no cut can solve.
    const double total = total_area(level);
    if (100.0 / level.pieces + level.tolerance <= level.sliver)
        throw pluzzle::invalid("every piece of the right size (" + number(100.0 / level.pieces) + " +- " +
                                   number(level.tolerance) + "%) would be a sliver (under " + number(level.sliver) +
                                   "%)",
                               "sliver");
    int big_shapes = 0;
    for (const Shape &s : level.shapes) {
        double area = ring_area(s.outer);
        for (const Ring &h : s.holes)
            area -= ring_area(h);
        big_shapes += 100 * area / total >= level.sliver;
    }
    if (big_shapes > level.pieces)
        throw pluzzle::invalid(std::to_string(big_shapes) + " shapes are above the sliver threshold: more than " +
                                   std::to_string(level.pieces) + " pieces",
                               "pieces");
    // N lines cut a convex shape into at most N(N+1)/2 + 1 pieces.
    bool all_convex = true;
    for (const Shape &s : level.shapes)
        all_convex = all_convex && s.holes.empty() && is_convex(s.outer);
    const int most = int(level.shapes.size()) * (level.strokes * (level.strokes + 1) / 2 + 1);
    if (all_convex && level.pieces > most)
        throw pluzzle::invalid(std::to_string(level.strokes) + " strokes cut these convex shapes into at most " +
                                   std::to_string(most) + " pieces",
                               "pieces");
}

} // namespace sliceit
