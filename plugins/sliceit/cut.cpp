// cut.cpp -- the line arrangement, the gluing of cells across uncovered edges, and the verdict.
#include "cut.hpp"
#include "geometry_algorithms.hpp"

#include "predicates.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace sliceit {
namespace {

Ring ring_of(const BRing &r) {
    Ring out;
    for (size_t i = 0; i + 1 < r.size(); ++i)
        out.push_back({r[i].x(), r[i].y()});
    return out;
}

// A half-plane as a quadrilateral much larger than the board, one side on the line.
BPolygon half_plane(const Board &board, const Line &line, bool below) {
    const Vec centre{(board.box.x0 + board.box.x1) / 2, (board.box.y0 + board.box.y1) / 2};
    const double reach = 4 * board.scale + 2 * std::abs(line.side(centre));
    const double tc = line.param(centre);
    const Vec n = line.normal();
    const double away = below ? -2 * reach : 2 * reach;
    const Vec p0 = line.at(tc - reach), p1 = line.at(tc + reach);
    Ring quad{p0, p1, {p1.x + away * n.x, p1.y + away * n.y}, {p0.x + away * n.x, p0.y + away * n.y}};
    return to_polygon(quad);
}

// Splits every cell by `line` (index k); keeps the parts with area.
void split(const Board &board, std::vector<Cell> &cells, const Line &line, const Stroke &stroke, uint64_t &work) {
    const double min_area = 1e-13 * board.total;
    std::vector<Cell> out;
    for (Cell &cell : cells) {
        ++work;
        for (int s = -1; s <= 1; s += 2) {
            if (cell.is_convex) {
                Cell part;
                part.is_convex = true;
                part.convex = clip_convex(cell.convex, line, stroke, s < 0);
                part.area = ring_area(part.convex);
                if (part.area <= min_area) continue;
                part.side = cell.side;
                part.side.push_back(char(s));
                out.push_back(std::move(part));
            } else {
                BMultiPolygon parts;
                bg::intersection(cell.polygon, half_plane(board, line, s < 0), parts);
                for (BPolygon &p : parts) {
                    Cell part;
                    part.area = std::abs(bg::area(p));
                    if (part.area <= min_area) continue;
                    if (p.inners().empty() && is_convex(ring_of(p.outer()))) {
                        part.is_convex = true;
                        part.convex = ring_of(p.outer());
                    } else {
                        part.polygon = std::move(p);
                    }
                    part.side = cell.side;
                    part.side.push_back(char(s));
                    out.push_back(std::move(part));
                }
            }
        }
    }
    cells = std::move(out);
}

std::vector<Cell> arrangement(const Board &board, const std::vector<Stroke> &strokes, const std::vector<Line> &lines,
                              uint64_t &work) {
    std::vector<Cell> cells;
    for (const BPolygon &shape : board.shapes) {
        Cell cell;
        cell.area = std::abs(bg::area(shape));
        if (shape.inners().empty() && is_convex(ring_of(shape.outer()))) {
            cell.is_convex = true;
            cell.convex = ring_of(shape.outer());
        } else {
            cell.polygon = shape;
        }
        cells.push_back(std::move(cell));
    }
    for (size_t k = 0; k < lines.size(); ++k)
        split(board, cells, lines[k], strokes[k], work);
    return cells;
}

struct Interval {
    double lo, hi;
};

// The cell's edges lying on `line`, as parameter intervals.
std::vector<Interval> edges_on(const Cell &cell, const Line &line, double eps) {
    std::vector<Interval> out;
    auto scan = [&](const Ring &ring) {
        for (size_t i = 0, n = ring.size(); i < n; ++i) {
            const Vec &p = ring[i], &q = ring[(i + 1) % n];
            if (std::abs(line.side(p)) < eps && std::abs(line.side(q)) < eps) {
                const double a = line.param(p), b = line.param(q);
                out.push_back({std::min(a, b), std::max(a, b)});
            }
        }
    };
    if (cell.is_convex) {
        scan(cell.convex);
    } else {
        scan(ring_of(cell.polygon.outer()));
        for (const BRing &h : cell.polygon.inners())
            scan(ring_of(h));
    }
    return out;
}

// Length of [lo, hi] not covered by `cover`.
double uncovered(double lo, double hi, std::vector<Interval> cover) {
    std::sort(cover.begin(), cover.end(), [](const Interval &a, const Interval &b) { return a.lo < b.lo; });
    double free = 0, at = lo;
    for (const Interval &c : cover) {
        if (c.hi <= at) continue;
        if (c.lo >= hi) break;
        if (c.lo > at) free += c.lo - at;
        at = std::max(at, c.hi);
        if (at >= hi) break;
    }
    if (at < hi) free += hi - at;
    return free;
}

struct UnionFind {
    std::vector<size_t> parent;
    explicit UnionFind(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
    size_t find(size_t i) { return parent[i] == i ? i : parent[i] = find(parent[i]); }
    void join(size_t a, size_t b) { parent[find(a)] = find(b); }
};

// Where a stroke's end lies relative to a line or edge `g` crossing its line near the end, decided exactly: on it,
// past it, or short of it (even by one ulp: then the gap connects). Returns the end's parameter, moved so that the
// rounded crossing parameter `tg` compares the same way with the tolerance `eps` of the gluing.
double exact_end(double te, double to, const Vec &e, const Vec &o, const Vec &g1, const Vec &g2, double tg,
                 double eps) {
    const int oe = orient2d(g1, g2, e), oo = orient2d(g1, g2, o);
    const double dir = te >= to ? 1 : -1;
    if (oe == 0) return tg;                                                        // exactly on it
    if (oo == 0 || oo != oe) return dir > 0 ? std::max(te, tg) : std::min(te, tg); // past it
    return dir > 0 ? std::min(te, tg - 2 * eps) : std::max(te, tg + 2 * eps);      // short of it
}

// The parameter intervals of line k covered by the strokes exactly on it, their ends placed exactly relative to
// the other strokes' lines and the rings' edges that cross line k near them (T-junctions, strokes ending on the
// boundary, strokes stopping one ulp short).
std::vector<Interval> exact_cover(const Board &board, const std::vector<Stroke> &strokes,
                                  const std::vector<Line> &lines, size_t k, double eps) {
    const Line &line = lines[k];
    const Stroke &own = strokes[k];
    std::vector<std::pair<Vec, Vec>> crossing; // lines and edges that cross line k (exactly)
    for (size_t j = 0; j < strokes.size(); ++j)
        if (orient2d(own.a, own.b, strokes[j].a) != 0 || orient2d(own.a, own.b, strokes[j].b) != 0)
            crossing.push_back({strokes[j].a, strokes[j].b});
    bool rings_added = false;
    auto add_ring = [&](const Ring &ring) {
        for (size_t i = 0, n = ring.size(); i < n; ++i) {
            const Vec &p = ring[i], &q = ring[(i + 1) % n];
            if (orient2d(own.a, own.b, p) * orient2d(own.a, own.b, q) <= 0 &&
                (orient2d(own.a, own.b, p) != 0 || orient2d(own.a, own.b, q) != 0))
                crossing.push_back({p, q});
        }
    };
    std::vector<Interval> cover;
    for (const Stroke &s : strokes) {
        if (orient2d(own.a, own.b, s.a) != 0 || orient2d(own.a, own.b, s.b) != 0) continue;
        if (!rings_added) {
            rings_added = true;
            for (const Shape &shape : board.level->shapes) {
                add_ring(shape.outer);
                for (const Ring &h : shape.holes)
                    add_ring(h);
            }
        }
        double ta = line.param(s.a), tb = line.param(s.b);
        const double ta0 = ta, tb0 = tb;
        for (const auto &[g1, g2] : crossing) {
            const double s1 = line.side(g1), s2 = line.side(g2);
            if (s1 == s2) continue; // parallel in floating point: its crossing is far away
            const double u = s1 / (s1 - s2);
            const double tg = line.param({g1.x + u * (g2.x - g1.x), g1.y + u * (g2.y - g1.y)});
            if (std::abs(tg - ta0) < 4 * eps) ta = exact_end(ta, tb0, s.a, s.b, g1, g2, tg, eps);
            if (std::abs(tg - tb0) < 4 * eps) tb = exact_end(tb, ta0, s.b, s.a, g1, g2, tg, eps);
        }
        cover.push_back({std::min(ta, tb), std::max(ta, tb)});
    }
    return cover;
}

std::vector<Piece> glue(const Board &board, const std::vector<Cell> &cells, const std::vector<Stroke> &strokes,
                        const std::vector<Line> &lines) {
    const double eps = 1e-9 * board.scale;
    UnionFind groups(cells.size());
    const Vec centre{(board.box.x0 + board.box.x1) / 2, (board.box.y0 + board.box.y1) / 2};
    for (size_t k = 0; k < lines.size(); ++k) {
        const Line &line = lines[k];
        // What the strokes on this line cover (several strokes may share a line).
        const std::vector<Interval> cover = exact_cover(board, strokes, lines, k, eps);
        const double tc = line.param(centre);
        // Every point of the box is within half a diagonal of the centre: a stroke covering that is a full cut.
        if (uncovered(tc - board.scale / 2, tc + board.scale / 2, cover) <= eps) continue;
        std::vector<std::vector<Interval>> on(cells.size());
        for (size_t i = 0; i < cells.size(); ++i)
            on[i] = edges_on(cells[i], line, eps);
        for (size_t i = 0; i < cells.size(); ++i)
            for (size_t j = i + 1; j < cells.size(); ++j) {
                if (on[i].empty() || on[j].empty() || cells[i].side[k] == cells[j].side[k]) continue;
                for (const Interval &a : on[i])
                    for (const Interval &b : on[j]) {
                        const double lo = std::max(a.lo, b.lo), hi = std::min(a.hi, b.hi);
                        if (hi - lo > eps && uncovered(lo, hi, cover) > eps) groups.join(i, j);
                    }
            }
    }
    std::vector<Piece> pieces;
    std::vector<long> index(cells.size(), -1);
    for (size_t i = 0; i < cells.size(); ++i) {
        const size_t root = groups.find(i);
        if (index[root] < 0) index[root] = long(pieces.size()), pieces.emplace_back();
        pieces[size_t(index[root])].cells.push_back(i);
        pieces[size_t(index[root])].area += cells[i].area;
    }
    std::sort(pieces.begin(), pieces.end(), [](const Piece &a, const Piece &b) { return a.area > b.area; });
    return pieces;
}

std::vector<Line> lines_of(const std::vector<Stroke> &strokes) {
    std::vector<Line> lines;
    for (const Stroke &s : strokes)
        lines.push_back(line_through(s));
    return lines;
}

std::string fixed(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

} // namespace

Board::Board(const Level &l) : level(&l), shapes(shapes_of(l)), forbidden(forbidden_of(l)), box(bounds(l)) {
    total = total_area(l);
    scale = std::max(box.diagonal(), 1e-300);
    for (const Shape &s : l.shapes)
        convex = convex && s.holes.empty() && is_convex(s.outer);
}

Cut cut_board(const Board &board, const std::vector<Stroke> &strokes) {
    Cut cut;
    const std::vector<Line> lines = lines_of(strokes);
    cut.cells = arrangement(board, strokes, lines, cut.work);
    cut.pieces = glue(board, cut.cells, strokes, lines);
    return cut;
}

std::vector<double> piece_areas(const Board &board, const std::vector<Stroke> &strokes, uint64_t &work) {
    const std::vector<Line> lines = lines_of(strokes);
    const std::vector<Cell> cells = arrangement(board, strokes, lines, work);
    std::vector<double> areas;
    for (const Piece &p : glue(board, cells, strokes, lines))
        areas.push_back(p.area);
    return areas;
}

bool touches_forbidden(const Board &board, const Stroke &stroke) {
    for (const Ring &zone : board.level->forbidden)
        if (segment_touches_polygon(stroke.a, stroke.b, zone)) return true;
    return false;
}

Verdict judge(const Board &board, const std::vector<Stroke> &strokes) {
    const Level &level = *board.level;
    Verdict v;
    if (int(strokes.size()) != level.strokes) {
        v.message = std::to_string(strokes.size()) + " of " + std::to_string(level.strokes) + " strokes";
        if (strokes.empty()) return v;
    }
    for (size_t i = 0; i < strokes.size(); ++i) {
        if (strokes[i].a == strokes[i].b) {
            v.message = "stroke " + std::to_string(i + 1) + " has no length";
            return v;
        }
        if (touches_forbidden(board, strokes[i])) {
            v.message = "stroke " + std::to_string(i + 1) + " touches a forbidden zone";
            return v;
        }
    }
    const Cut cut = cut_board(board, strokes);
    const double target = 100.0 / level.pieces;
    for (const Piece &p : cut.pieces) {
        const double share = 100 * p.area / board.total;
        if (share < level.sliver) continue;
        v.shares.push_back(share);
        v.largest_deviation = std::max(v.largest_deviation, std::abs(share - target));
    }
    v.counted = int(v.shares.size());
    const bool sizes_ok = v.largest_deviation <= level.tolerance + 1e-9;
    const std::string pieces = std::to_string(v.counted) + " of " + std::to_string(level.pieces) + " pieces";
    const std::string deviation =
        "largest deviation " + fixed(v.largest_deviation, 3) + " points (tolerance " + fixed(level.tolerance, 2) + ")";
    if (!v.message.empty()) {
        v.message += ", " + pieces;
        return v;
    }
    v.solved = v.counted == level.pieces && sizes_ok;
    v.message = pieces + ", " + deviation;
    return v;
}

} // namespace sliceit
