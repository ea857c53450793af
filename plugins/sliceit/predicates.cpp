// predicates.cpp -- Shewchuk-style orientation: a filtered double evaluation, then an exact one with expansions
// (error-free sums and FMA products), whose most significant non-zero component carries the sign.
#include "predicates.hpp"

#include <algorithm>
#include <cmath>

namespace sliceit {
namespace {

// a + b = s + e exactly (Knuth's TwoSum).
void two_sum(double a, double b, double &s, double &e) {
    s = a + b;
    const double bv = s - a, av = s - bv;
    e = (a - av) + (b - bv);
}

// Adds x to the non-overlapping expansion e[0..n) (smallest first); returns the new length. Zeros are dropped, so
// the last component is the most significant and has the sign of the sum (Shewchuk's Grow-Expansion).
int grow(double *e, int n, double x) {
    double q = x;
    int m = 0;
    for (int i = 0; i < n; ++i) {
        double s, err;
        two_sum(q, e[i], s, err);
        if (err != 0) e[m++] = err;
        q = s;
    }
    if (q != 0) e[m++] = q;
    return m;
}

int exact_orient(const Vec &a, const Vec &b, const Vec &c) {
    // (bx - ax)(cy - ay) - (by - ay)(cx - ax) with each difference split exactly into hi + lo.
    double d[4][2];
    const double in[4][2] = {{b.x, a.x}, {c.y, a.y}, {b.y, a.y}, {c.x, a.x}};
    for (int i = 0; i < 4; ++i) {
        d[i][0] = in[i][0] - in[i][1];
        const double bv = in[i][0] - d[i][0];
        const double av = d[i][0] + bv;
        d[i][1] = (in[i][0] - av) + (bv - in[i][1]);
    }
    double e[32];
    int n = 0;
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            double p = d[0][i] * d[1][j];
            double pe = std::fma(d[0][i], d[1][j], -p);
            n = grow(e, n, p), n = grow(e, n, pe);
            p = d[2][i] * d[3][j];
            pe = std::fma(d[2][i], d[3][j], -p);
            n = grow(e, n, -p), n = grow(e, n, -pe);
        }
    if (n == 0) return 0;
    return e[n - 1] > 0 ? 1 : -1;
}

} // namespace

int orient2d(const Vec &a, const Vec &b, const Vec &c) {
    const double left = (b.x - a.x) * (c.y - a.y), right = (b.y - a.y) * (c.x - a.x);
    const double det = left - right;
    // Shewchuk's bound for the rounded differences and products (ccwerrboundA, with slack).
    const double bound = 4e-16 * (std::abs(left) + std::abs(right));
    if (det > bound) return 1;
    if (-det > bound) return -1;
    return exact_orient(a, b, c);
}

bool segments_touch(const Vec &p, const Vec &q, const Vec &r, const Vec &s) {
    const int o1 = orient2d(p, q, r), o2 = orient2d(p, q, s), o3 = orient2d(r, s, p), o4 = orient2d(r, s, q);
    if (o1 * o2 < 0 && o3 * o4 < 0) return true; // proper crossing
    // A touching point is an endpoint lying on the other segment (coordinate comparisons are exact).
    auto on = [](const Vec &u, const Vec &v, const Vec &w, int o) {
        return o == 0 && std::min(u.x, v.x) <= w.x && w.x <= std::max(u.x, v.x) && std::min(u.y, v.y) <= w.y &&
               w.y <= std::max(u.y, v.y);
    };
    if (o1 * o2 <= 0 && o3 * o4 <= 0 && (on(p, q, r, o1) || on(p, q, s, o2) || on(r, s, p, o3) || on(r, s, q, o4)))
        return true;
    return false;
}

bool segment_touches_polygon(const Vec &a, const Vec &b, const Ring &ring) {
    const size_t n = ring.size();
    for (size_t i = 0; i < n; ++i)
        if (segments_touch(a, b, ring[i], ring[(i + 1) % n])) return true;
    // Not touching the border: the segment is wholly inside or wholly outside; test one endpoint (winding number,
    // with exact sides).
    int winding = 0;
    for (size_t i = 0; i < n; ++i) {
        const Vec &p = ring[i], &q = ring[(i + 1) % n];
        if (p.y <= a.y && a.y < q.y && orient2d(p, q, a) > 0) ++winding;
        if (q.y <= a.y && a.y < p.y && orient2d(p, q, a) < 0) --winding;
    }
    return winding != 0;
}

} // namespace sliceit
