// difficulty.cpp -- see solver.hpp's estimate_difficulty.
#include "solver.hpp"

#include <algorithm>
#include <string>

namespace kami {

pluzzle::Difficulty estimate_difficulty(const SolveReport &report) {
    const int par = report.upper_bound >= 0 ? report.upper_bound : report.lower_bound;
    if (par <= 0) return {PZ_DIFFICULTY_MIN, "solved"};
    // Up to 6 from the position: each move of the par counts, more so the fewer moves the regions allow (a greedy
    // player needs about one move per region; a par of regions/3 hides the order that merges three at once).
    const double regions = std::max(1, report.regions);
    const double squeeze = std::clamp(1.0 - double(par) / regions, 0.0, 1.0);
    const double position = std::min(6.0, 0.4 * par + 3.0 * squeeze);
    // Up to 4 more from the search: how many orders there were to rule out (10^7 expanded states at the top).
    const double search = pluzzle::effort_in_band(double(report.nodes), 1e7, 0, 4);
    // Without a list (a limit stopped the search, or a cube found none shorter than the best known) the par is only
    // the lower bound, and the label says so: a conquest shows its hardest cube's label as the level's.
    const std::string moves = std::to_string(par) + (par == 1 ? " move" : " moves");
    return {std::min(PZ_DIFFICULTY_MAX, position + search), report.upper_bound >= 0 ? moves : "at least " + moves};
}

} // namespace kami
