// result_line.cpp -- see result_line.hpp.
#include "result_line.hpp"

#include <cmath>
#include <cstdio>

namespace pluzzle::editor {
namespace {

std::string moves(double n) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%g move%s", n, n == 1 ? "" : "s");
    return buf;
}

// An optimiser's bounds: "optimal: N moves (proven)" once the lower bound meets the best found, else "N moves; at
// least L". "" when the plugin reports no bounds (a counter).
std::string bounds_words(const host::SolveReport &r) {
    const bool best_found = std::isfinite(r.upper_bound);            // the cost of the best solution found
    const bool lower_known = std::isfinite(r.lower_bound) && r.lower_bound > 0; // 0 proves nothing
    if (best_found && std::isfinite(r.lower_bound) && r.lower_bound >= r.upper_bound) return "optimal: " + moves(r.upper_bound) + " (proven)";
    if (best_found) return moves(r.upper_bound) + (lower_known ? "; at least " + std::to_string(long(r.lower_bound)) : "");
    if (lower_known) return "at least " + moves(r.lower_bound);
    return "";
}

} // namespace

std::string result_words(const host::SolveReport &r) {
    const std::string bounds = bounds_words(r);
    switch (r.status) {
    case PZ_SOLVE_UNIQUE: return bounds.empty() ? "unique" : bounds + ", unique";
    case PZ_SOLVE_MULTIPLE: return bounds.empty() ? "2+ solutions" : bounds + ", 2+ solutions";
    case PZ_SOLVE_UNSOLVABLE: return "no solution (proven)";
    case PZ_SOLVE_SOLVED: return bounds.empty() ? "solved (uniqueness not examined)" : bounds;
    case PZ_SOLVE_CANCELLED: return bounds.empty() ? "cancelled" : "cancelled: " + bounds;
    case PZ_SOLVE_LIMIT: return bounds.empty() ? "stopped at the limit, undecided" : "stopped at the limit: " + bounds;
    }
    return solve_status_text(r.status);
}

std::string result_line(const host::SolveReport &r) {
    char time[48];
    if (r.time_ms < 1000)
        std::snprintf(time, sizeof time, ", %.0f ms", r.time_ms);
    else
        std::snprintf(time, sizeof time, ", %.1f s", r.time_ms / 1000);
    return result_words(r) + time;
}

} // namespace pluzzle::editor
