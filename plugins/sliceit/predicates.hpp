// predicates.hpp -- exact geometric predicates on the level's doubles, for the rule decisions where degeneracy
// matters: which side of a stroke a vertex lies on, whether a stroke touches a forbidden zone, whether a stroke
// ends exactly on a line. Exact (no tolerance) unless an intermediate product overflows or underflows, which
// |coordinate| <= 1e6 and differences above 1e-140 rule out.
#pragma once
#include "level.hpp"

namespace sliceit {

// Sign of the cross product (b - a) x (c - a): +1 when c lies left of a->b (counter-clockwise in y-up axes), -1
// right, 0 exactly collinear. A floating-point filter answers most calls; the rest use exact expansions.
int orient2d(const Vec &a, const Vec &b, const Vec &c);

// Do the closed segments pq and rs share a point?
bool segments_touch(const Vec &p, const Vec &q, const Vec &r, const Vec &s);

// Does the closed segment ab share a point with the closed polygon `ring` (open ring, any orientation)?
bool segment_touches_polygon(const Vec &a, const Vec &b, const Ring &ring);

} // namespace sliceit
