// difficulty.cpp -- see solver.hpp's estimate_difficulty.
#include "solver.hpp"

namespace loop {

pluzzle::Difficulty estimate_difficulty(const SolveReport &report, uint64_t tiles) {
    // Forced rotations alone are what a person does tile by tile: only the board's size makes them long (a million
    // tiles tops the band). Search is guessing: its nodes place it, 10^7 at the top.
    if (tiles > 0 && report.decided_by_propagation >= tiles)
        return {pluzzle::effort_in_band(double(tiles), 1e6, PZ_DIFFICULTY_MIN, PZ_DIFFICULTY_MEDIUM), "forced"};
    return {pluzzle::effort_in_band(double(report.nodes), 1e7, PZ_DIFFICULTY_MEDIUM, PZ_DIFFICULTY_MAX), "search"};
}

} // namespace loop
