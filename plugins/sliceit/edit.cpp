// edit.cpp -- editor tools: place, move and delete vertices; add shapes, holes and forbidden zones (squares to
// reshape with the vertex tools); remove rings; set N, M, the tolerance, the sliver threshold and the name. The
// edit texts are listed in edit.hpp. edit_execute does not validate: the host validates every edited level.
#include "edit.hpp"
#include "formats.hpp"
#include "geometry_algorithms.hpp"
#include "render.hpp"

#include <pluzzle/text.hpp>

#include <cmath>
#include <limits>
#include <optional>

namespace sliceit {
namespace {

[[noreturn]] void bad_edit(const std::string &why) { throw pluzzle::bad_argument(why, "edit"); }

std::vector<std::string_view> words_of(std::string_view text) {
    std::vector<std::string_view> out;
    for (const pluzzle::Token &t : pluzzle::tokens(text, " \t\r\n"))
        out.push_back(t.text);
    return out;
}

double read_real(std::string_view s, const char *what) {
    const std::optional<double> v = pluzzle::whole_number<double>(s);
    if (!v) bad_edit(std::string("expected ") + what + ", found '" + std::string(s) + "'");
    return *v;
}

long read_index(std::string_view s, long lo, long hi, const char *what) {
    const std::optional<long> number = pluzzle::whole_number<long>(s);
    if (!number) bad_edit(std::string("expected ") + what + ", found '" + std::string(s) + "'");
    const long v = *number;
    if (v < lo || v > hi)
        bad_edit(std::string(what) + " " + std::to_string(v) + " is outside " + std::to_string(lo) + ".." +
                 std::to_string(hi));
    return v;
}

// A ring of the level by name: s<i>, s<i>h<j>, f<i>.
struct RingRef {
    enum Kind { kOuter, kHole, kForbidden } kind;
    size_t shape = 0, index = 0;
};

std::string ring_name(const RingRef &ref) {
    switch (ref.kind) {
    case RingRef::kOuter: return "s" + std::to_string(ref.shape);
    case RingRef::kHole: return "s" + std::to_string(ref.shape) + "h" + std::to_string(ref.index);
    default: return "f" + std::to_string(ref.index);
    }
}

RingRef read_ring(const Level &level, std::string_view name) {
    auto number = [&](std::string_view s, size_t limit) -> size_t {
        const std::optional<size_t> v = pluzzle::whole_number<size_t>(s);
        if (!v || *v >= limit) bad_edit("no ring '" + std::string(name) + "' (rings: s<i>, s<i>h<j>, f<i>)");
        return *v;
    };
    if (name.size() >= 2 && name[0] == 'f')
        return {RingRef::kForbidden, 0, number(name.substr(1), level.forbidden.size())};
    if (name.size() >= 2 && name[0] == 's') {
        const size_t h = name.find('h');
        const size_t shape =
            number(name.substr(1, h == std::string_view::npos ? name.npos : h - 1), level.shapes.size());
        if (h == std::string_view::npos) return {RingRef::kOuter, shape, 0};
        return {RingRef::kHole, shape, number(name.substr(h + 1), level.shapes[shape].holes.size())};
    }
    bad_edit("no ring '" + std::string(name) + "' (rings: s<i>, s<i>h<j>, f<i>)");
}

Ring &ring_at(Level &level, const RingRef &ref) {
    switch (ref.kind) {
    case RingRef::kOuter: return level.shapes[ref.shape].outer;
    case RingRef::kHole: return level.shapes[ref.shape].holes[ref.index];
    default: return level.forbidden[ref.index];
    }
}

std::vector<RingRef> all_rings(const Level &level) {
    std::vector<RingRef> out;
    for (size_t s = 0; s < level.shapes.size(); ++s) {
        out.push_back({RingRef::kOuter, s, 0});
        for (size_t h = 0; h < level.shapes[s].holes.size(); ++h)
            out.push_back({RingRef::kHole, s, h});
    }
    for (size_t f = 0; f < level.forbidden.size(); ++f)
        out.push_back({RingRef::kForbidden, 0, f});
    return out;
}

double distance_to_segment(const Vec &p, const Vec &a, const Vec &b) {
    const double dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
    const double t = len2 > 0 ? std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0.0, 1.0) : 0;
    return std::hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

// The vertex nearest to p (within `reach`), as "RING INDEX".
std::optional<std::string> nearest_vertex(const Level &level, const Vec &p, double reach) {
    std::optional<std::string> best;
    double best_d = reach;
    for (const RingRef &ref : all_rings(level)) {
        const Ring &ring = ring_at(const_cast<Level &>(level), ref);
        for (size_t i = 0; i < ring.size(); ++i) {
            const double d = std::hypot(ring[i].x - p.x, ring[i].y - p.y);
            if (d <= best_d) best_d = d, best = ring_name(ref) + " " + std::to_string(i);
        }
    }
    return best;
}

// The edge nearest to p, as "RING INDEX" where INDEX is the edge's second vertex (insert before it).
std::optional<std::string> nearest_edge(const Level &level, const Vec &p, double reach) {
    std::optional<std::string> best;
    double best_d = reach;
    for (const RingRef &ref : all_rings(level)) {
        const Ring &ring = ring_at(const_cast<Level &>(level), ref);
        for (size_t i = 0; i < ring.size(); ++i) {
            const double d = distance_to_segment(p, ring[i], ring[(i + 1) % ring.size()]);
            if (d <= best_d) best_d = d, best = ring_name(ref) + " " + std::to_string(i + 1);
        }
    }
    return best;
}

Ring square_around(double x, double y, double size) {
    return {{x - size, y - size}, {x + size, y - size}, {x + size, y + size}, {x - size, y + size}};
}

std::string point_text(const Vec &v) { return number_text(v.x) + " " + number_text(v.y); }

} // namespace

std::string edit_input(const Level &level, std::string_view tool, const pluzzle::Input &input) {
    static const char *kTools = "vertex_add, vertex_move, vertex_delete, shape, hole, forbidden, settings";
    const Layout layout = layout_of(level);
    const bool press = input.kind == PZ_INPUT_PRESS && input.button == 0;
    const bool release = input.kind == PZ_INPUT_RELEASE && input.button == 0;
    if (!std::isfinite(input.x) || !std::isfinite(input.y)) return {};
    const Vec at = layout.to_level(input.x, input.y);
    const double reach = 12 / layout.scale; // 12 drawing units
    const double size = 15 / layout.scale;
    if (tool == "vertex_add") {
        if (!press) return {};
        const auto edge = nearest_edge(level, at, 3 * reach);
        return edge ? "vertex add " + *edge + " " + point_text(at) : std::string();
    }
    if (tool == "vertex_move") {
        if (!release || !std::isfinite(input.start_x) || !std::isfinite(input.start_y)) return {};
        const auto vertex = nearest_vertex(level, layout.to_level(input.start_x, input.start_y), reach);
        return vertex ? "vertex move " + *vertex + " " + point_text(at) : std::string();
    }
    if (tool == "vertex_delete") {
        if (!press) return {};
        const auto vertex = nearest_vertex(level, at, reach);
        return vertex ? "vertex delete " + *vertex : std::string();
    }
    if (tool == "shape") return press ? "shape " + point_text(at) + " " + number_text(2 * size) : std::string();
    if (tool == "forbidden") return press ? "forbidden " + point_text(at) + " " + number_text(size) : std::string();
    if (tool == "hole") {
        if (!press) return {};
        for (size_t s = 0; s < level.shapes.size(); ++s)
            if (bg::within(BPoint(at.x, at.y), to_polygon(level.shapes[s].outer, level.shapes[s].holes)))
                return "hole " + std::to_string(s) + " " + point_text(at) + " " + number_text(size);
        return {};
    }
    if (tool == "settings") return {}; // typed: `strokes 5`, `pieces 10`, `tolerance 3`, `sliver 1`, `name ...`
    throw pluzzle::bad_argument("unknown tool '" + std::string(tool) + "' (tools: " + kTools + ")", "tool");
}

Level execute_edit(const Level &level, std::string_view edit) {
    const std::vector<std::string_view> w = words_of(edit);
    if (w.empty()) bad_edit("empty edit");
    Level next = level; // levels are immutable: copy, then change
    const std::string_view verb = w[0];
    const double limit = kMaxCoordinate;
    auto coordinate = [&](std::string_view s) {
        const double v = read_real(s, "a coordinate");
        if (std::abs(v) > limit) bad_edit("coordinate " + std::string(s) + " is outside +-1e6");
        return v;
    };
    if (verb == "vertex" && w.size() >= 4) {
        const RingRef ref = read_ring(level, w[2]);
        Ring &ring = ring_at(next, ref);
        const long n = long(ring.size());
        if (w[1] == "add" && w.size() == 6) {
            const long i = read_index(w[3], 0, n, "vertex index");
            ring.insert(ring.begin() + i, Vec{coordinate(w[4]), coordinate(w[5])});
            return next;
        }
        if (w[1] == "move" && w.size() == 6) {
            ring[size_t(read_index(w[3], 0, n - 1, "vertex index"))] = {coordinate(w[4]), coordinate(w[5])};
            return next;
        }
        if (w[1] == "delete" && w.size() == 4) {
            if (n <= 3) bad_edit("a ring keeps at least 3 vertices (remove the ring instead)");
            ring.erase(ring.begin() + read_index(w[3], 0, n - 1, "vertex index"));
            return next;
        }
        bad_edit("expected 'vertex add|move RING INDEX X Y' or 'vertex delete RING INDEX'");
    }
    if ((verb == "shape" || verb == "forbidden") && w.size() == 4) {
        const double size = read_real(w[3], "a size");
        if (!(size > 0)) bad_edit("the size must be positive");
        (verb == "shape" ? next.shapes.emplace_back().outer : next.forbidden.emplace_back()) =
            square_around(coordinate(w[1]), coordinate(w[2]), size);
        return next;
    }
    if (verb == "hole" && w.size() == 5) {
        const long s = read_index(w[1], 0, long(level.shapes.size()) - 1, "shape");
        const double size = read_real(w[4], "a size");
        if (!(size > 0)) bad_edit("the size must be positive");
        next.shapes[size_t(s)].holes.push_back(square_around(coordinate(w[2]), coordinate(w[3]), size));
        return next;
    }
    if (verb == "remove" && w.size() == 2) {
        const RingRef ref = read_ring(level, w[1]);
        if (ref.kind == RingRef::kOuter)
            next.shapes.erase(next.shapes.begin() + long(ref.shape));
        else if (ref.kind == RingRef::kHole)
            next.shapes[ref.shape].holes.erase(next.shapes[ref.shape].holes.begin() + long(ref.index));
        else
            next.forbidden.erase(next.forbidden.begin() + long(ref.index));
        return next;
    }
    if ((verb == "strokes" || verb == "pieces") && w.size() == 2) {
        const long v = read_index(w[1], 1, verb == "strokes" ? kMaxStrokes : kMaxPieces, verb == "strokes" ? "N" : "M");
        (verb == "strokes" ? next.strokes : next.pieces) = int(v);
        return next;
    }
    if ((verb == "tolerance" || verb == "sliver") && w.size() == 2) {
        (verb == "tolerance" ? next.tolerance : next.sliver) = read_real(w[1], "a number");
        return next;
    }
    if (verb == "name") {
        const size_t at = edit.find("name") + 4;
        next.name = std::string(pluzzle::trim(edit.substr(at)));
        if (next.name.find('\n') != std::string::npos) bad_edit("the name must be one line");
        return next;
    }
    bad_edit("unknown edit '" + std::string(edit) +
             "' (edits: vertex add|move|delete, shape, hole, forbidden, remove, strokes, pieces, tolerance, sliver, "
             "name)");
}

} // namespace sliceit
