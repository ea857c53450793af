#include "polygon_fill.hpp"

#include <cmath>

namespace pluzzle::editor {
namespace {

double cross(pz_point o, pz_point a, pz_point b) {
    return double(a.x - o.x) * (b.y - o.y) - double(a.y - o.y) * (b.x - o.x);
}

double signed_area(const std::vector<pz_point> &p) {
    double a = 0;
    for (size_t i = 0, j = p.size() - 1; i < p.size(); j = i++)
        a += double(p[j].x) * p[i].y - double(p[i].x) * p[j].y;
    return a / 2;
}

bool inside_triangle(pz_point p, pz_point a, pz_point b, pz_point c) {
    // Counter-clockwise triangle (in the orientation used below): inside or on an edge.
    return cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0;
}

} // namespace

bool is_convex(const std::vector<pz_point> &points) {
    const size_t n = points.size();
    if (n < 4) return true;
    int sign = 0;
    for (size_t i = 0; i < n; ++i) {
        const double c = cross(points[i], points[(i + 1) % n], points[(i + 2) % n]);
        if (std::abs(c) < 1e-9) continue;
        const int s = c > 0 ? 1 : -1;
        if (sign && s != sign) return false;
        sign = s;
    }
    return true;
}

std::vector<std::array<int, 3>> triangulate(const std::vector<pz_point> &points) {
    std::vector<std::array<int, 3>> out;
    if (points.size() < 3) return out;
    std::vector<int> ring(points.size());
    for (size_t i = 0; i < ring.size(); ++i)
        ring[i] = int(i);
    const double orient = signed_area(points) >= 0 ? 1 : -1; // ears turn the polygon's way
    while (ring.size() > 3) {
        const size_t n = ring.size();
        bool clipped = false;
        for (size_t i = 0; i < n && !clipped; ++i) {
            const int a = ring[(i + n - 1) % n], b = ring[i], c = ring[(i + 1) % n];
            const double turn = cross(points[a], points[b], points[c]) * orient;
            if (turn <= 0) continue; // reflex or flat: not an ear
            bool empty = true;
            for (int k : ring) {
                if (k == a || k == b || k == c) continue;
                const pz_point p = points[k];
                const bool in = orient > 0 ? inside_triangle(p, points[a], points[b], points[c])
                                           : inside_triangle(p, points[a], points[c], points[b]);
                if (in) {
                    empty = false;
                    break;
                }
            }
            if (!empty) continue;
            out.push_back({a, b, c});
            ring.erase(ring.begin() + long(i));
            clipped = true;
        }
        if (!clipped) break; // degenerate: give up rather than loop
    }
    if (ring.size() == 3) out.push_back({ring[0], ring[1], ring[2]});
    return out;
}

} // namespace pluzzle::editor
