// generator.cpp -- see generator.hpp. Outlines are star-shaped around the middle (vertices at sorted random angles
// and random radii), so every candidate is a simple polygon; holes and zones are small squares placed by rejection
// inside (holes) or across (zones) the outline. Whole-number coordinates keep the level files readable.
#include "generator.hpp"

#include "geometry_algorithms.hpp"
#include "solver.hpp"

#include <pluzzle/rng.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

namespace sliceit {
namespace {

constexpr int kTries = 24;
constexpr uint64_t kStartsPerTry = 300; // of the solver's multistart: enough for the shapes drawn here
constexpr double kCentre = 150, kRadius = 140;

Ring square_at(double x, double y, double side) { return {{x, y}, {x + side, y}, {x + side, y + side}, {x, y + side}}; }

// n vertices at sorted angles (at least a third of an even share apart) and radii between 55% and 100%.
Ring star_outline(int n, pluzzle::Rng &rng) {
    const double pi = std::acos(-1.0), share = 2 * pi / n;
    Ring ring;
    for (int i = 0; i < n; ++i) {
        const double angle = share * (i + rng.unit() * 0.66);
        const double r = kRadius * (0.55 + 0.45 * rng.unit());
        ring.push_back({std::round(kCentre + r * std::cos(angle)), std::round(kCentre + r * std::sin(angle))});
    }
    ring.erase(std::unique(ring.begin(), ring.end()), ring.end()); // rounding may merge two close vertices
    return ring;
}

// A square of side 16..36 wholly inside `outer` and clear of `taken`, or nothing after 40 draws.
std::optional<Ring> place_hole(const BPolygon &outer, const std::vector<BPolygon> &taken, pluzzle::Rng &rng) {
    for (int i = 0; i < 40; ++i) {
        const double side = double(16 + rng.below(21));
        const Ring hole = square_at(double(rng.below(300)), double(rng.below(300)), side);
        const BPolygon p = to_polygon(hole);
        if (!bg::within(p, outer)) continue;
        if (std::any_of(taken.begin(), taken.end(), [&](const BPolygon &t) { return bg::intersects(p, t); })) continue;
        return hole;
    }
    return std::nullopt;
}

std::optional<Level> candidate(const pluzzle::Params &params, uint64_t seed) {
    pluzzle::Rng rng(seed);
    Level level;
    level.strokes = int(params.integer("strokes"));
    level.pieces = int(params.integer("pieces"));
    level.tolerance = params.real("tolerance");
    Shape shape;
    shape.outer = star_outline(int(params.integer("vertices")), rng);
    if (shape.outer.size() < 3) return std::nullopt;
    const BPolygon outer = to_polygon(shape.outer);
    std::vector<BPolygon> taken;
    for (int64_t h = 0; h < params.integer("holes"); ++h)
        if (auto hole = place_hole(outer, taken, rng)) {
            taken.push_back(to_polygon(*hole));
            shape.holes.push_back(std::move(*hole));
        }
    level.shapes.push_back(std::move(shape));
    // Zones anywhere over the outline's box, apart from each other: strokes must find a way around them.
    std::vector<BPolygon> zones;
    for (int64_t z = 0; z < params.integer("zones"); ++z)
        for (int i = 0; i < 40; ++i) {
            const Ring zone =
                square_at(double(20 + rng.below(240)), double(20 + rng.below(240)), double(10 + rng.below(11)));
            const BPolygon p = to_polygon(zone);
            if (std::any_of(zones.begin(), zones.end(), [&](const BPolygon &o) { return bg::intersects(p, o); }))
                continue;
            zones.push_back(p);
            level.forbidden.push_back(zone);
            break;
        }
    return level;
}

} // namespace

std::vector<pluzzle::ParamDesc> generator_params() {
    return {{"strokes", PZ_PARAM_INT, "2", 1, kMaxStrokes, "", "strokes N"},
            {"pieces", PZ_PARAM_INT, "4", 1, kMaxPieces, "", "pieces M"},
            {"vertices", PZ_PARAM_INT, "6", 3, 12, "", "generate: vertices of the random outline"},
            {"holes", PZ_PARAM_INT, "0", 0, 2, "", "generate: square holes in the shape"},
            {"zones", PZ_PARAM_INT, "0", 0, 2, "", "generate: square forbidden zones strokes may not touch"},
            {"tolerance", PZ_PARAM_REAL, "3", 1, 10, "", "generate: percentage points each piece may be off"}};
}

Level generate_level(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control) {
    for (int k = 0; k < kTries; ++k) {
        if (control.poll()) throw pluzzle::stopped("generation");
        std::optional<Level> level = candidate(params, pluzzle::derived_seed(seed, uint64_t(k)));
        if (!level) continue;
        try {
            validate_level(*level);
        } catch (const pluzzle::Error &) {
            continue; // e.g. more shapes above the sliver than pieces: draw again
        }
        SolveReport report;
        {
            pluzzle::SubSearch fit({1, 0, 0}, &control);
            report = solve_level(*level, fit.control(), pluzzle::derived_seed(seed, uint64_t(k)), kStartsPerTry);
        }
        if (control.stopped()) throw pluzzle::stopped("generation");
        if (report.status != PZ_SOLVE_SOLVED) continue;
        level->name = "generated " + std::to_string(seed);
        return std::move(*level);
    }
    throw pluzzle::bad_argument("no random outline of these parameters was split into " +
                                    std::to_string(params.integer("pieces")) + " equal pieces by " +
                                    std::to_string(params.integer("strokes")) + " strokes in " +
                                    std::to_string(kTries) + " tries: ask for fewer pieces or more strokes",
                                "pieces");
}

} // namespace sliceit
