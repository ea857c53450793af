// difficulty.cpp -- see line_search.hpp's estimate_difficulty.
#include "line_search.hpp"

#include <algorithm>
#include <string>

namespace celladd {

pluzzle::Difficulty estimate_difficulty(const LineResult &line, uint64_t nodes) {
    const double search = pluzzle::effort_in_band(double(nodes), 1e8, 0, 2);
    if (line.margin <= 0) return {PZ_DIFFICULTY_EXPERT + search, line.margin == 0 ? "a draw at best" : "cannot win"};
    // A win by 1 leaves no room for a single slip; by 10 or more almost any sensible line wins.
    const double tightness = 8.0 * 2.0 / (2.0 + line.margin - 1.0);
    return {std::min(PZ_DIFFICULTY_MAX, tightness * 0.75 + search), "wins by " + std::to_string(line.margin)};
}

} // namespace celladd
