// geometry.hpp -- Boost.Geometry types for the level's rings and the few line helpers the rules and the solver
// share. Rings are stored open in the Level; here they become closed, correctly oriented Boost polygons.
#pragma once
#include "level.hpp"

// The geometry models only: every file that names a polygon includes this, and Boost's algorithms (6 s of parsing
// a file) only where they are called (geometry_algorithms.hpp).
#include <boost/geometry/geometries/multi_polygon.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#include <boost/geometry/geometries/ring.hpp>
#include <boost/geometry/geometries/segment.hpp>

#include <optional>
#include <vector>

namespace sliceit {

namespace bg = boost::geometry;
using BPoint = bg::model::d2::point_xy<double>;
using BPolygon = bg::model::polygon<BPoint>; // clockwise, closed (Boost's defaults)
using BMultiPolygon = bg::model::multi_polygon<BPolygon>;
using BRing = bg::model::ring<BPoint>;
using BSegment = bg::model::segment<BPoint>;

BPolygon to_polygon(const Ring &outer, const std::vector<Ring> &holes = {}); // corrected (orientation, closure)
BMultiPolygon shapes_of(const Level &level);
std::vector<BPolygon> forbidden_of(const Level &level);

// Shoelace area of an open ring (positive whatever the orientation).
double ring_area(const Ring &ring);

struct Box {
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    double diagonal() const;
};
Box bounds(const Level &level); // of the shapes and the forbidden zones

// A line {p : n . p = offset} with unit normal n = (cos angle, sin angle). Points with n . p < offset lie "below".
struct Line {
    double angle = 0, offset = 0;
    Vec normal() const;
    Vec direction() const; // n rotated by +90 degrees: the parameter t of a point is direction . p
    double side(const Vec &p) const { return normal().x * p.x + normal().y * p.y - offset; }
    Vec at(double t) const; // the point of the line with parameter t
    double param(const Vec &p) const;
};
Line line_through(const Stroke &stroke); // of a stroke of positive length

// Exact orientation of c relative to a->b (orient2d of predicates.hpp).
int orientation(const Vec &a, const Vec &b, const Vec &c);

// line.side(p) for the line through `stroke`, with its sign (or zero) decided exactly from the stroke's points.
double exact_side(const Line &line, const Stroke &stroke, const Vec &p);

// The part of the convex polygon `ring` (open, any orientation) on the side n . p <= offset (below) or >= (above)
// of `line`, the line through `stroke`: which side each vertex lies on is decided exactly.
Ring clip_convex(const Ring &ring, const Line &line, const Stroke &stroke, bool below);
bool is_convex(const Ring &ring);

} // namespace sliceit
