// difficulty.cpp -- see solver.hpp's estimate_difficulty.
#include "solver.hpp"

#include <algorithm>

namespace sliceit {

pluzzle::Difficulty estimate_difficulty(const Level &level, const SolveReport &report) {
    // Tightness: a tolerance of half a piece's share forgives any rough cut; one of 1% of it needs a precise one.
    const double share = 100.0 / std::max(1, level.pieces);
    const double slack = std::clamp(level.tolerance / share, 0.0, 0.5) / 0.5; // 1 loose .. 0 exact
    const double tightness = 3.0 * (1.0 - slack);
    // Search: cut evaluations before the equal split (10^6 at the top); one stroke per piece is the easy case.
    const double search = pluzzle::effort_in_band(double(report.evaluations), 1e6, 0, 6);
    const double strokes = level.strokes < level.pieces - 1 ? 1.0 : 0.0; // fewer strokes than cuts: crossing needed
    const double value = std::min(PZ_DIFFICULTY_MAX, tightness + search + strokes);
    if (report.status != PZ_SOLVE_SOLVED) return {value, "no split found"};
    return {value, report.starts <= 1 ? "first try" : "searched"};
}

} // namespace sliceit
