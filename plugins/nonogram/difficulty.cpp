// difficulty.cpp -- the solver's effort as a difficulty estimate (ABI 1.7): what kind of reasoning it needed picks
// the band (line logic alone, probing, branching), how much of it places the level inside the band.
#include "solver.hpp"

namespace nonogram {

pluzzle::Difficulty estimate_difficulty(const SolverReport &report) {
    // Effort at each band's top, from the bundled and survey puzzles: a 30x30 of pure line logic takes ~10^4 line
    // solves, the survey's probing-only puzzles up to ~10^5 probes, its hardest ~10^6 branches and conflicts.
    if (report.branches + report.conflicts > 0)
        return {pluzzle::effort_in_band(double(report.branches + report.conflicts), 1e6, PZ_DIFFICULTY_HARD,
                                        PZ_DIFFICULTY_MAX),
                "branching"};
    if (report.probes > 0)
        return {pluzzle::effort_in_band(double(report.probes), 1e5, PZ_DIFFICULTY_MEDIUM, PZ_DIFFICULTY_HARD),
                "probing"};
    return {pluzzle::effort_in_band(double(report.line_solves), 1e5, PZ_DIFFICULTY_MIN, PZ_DIFFICULTY_MEDIUM),
            "line logic"};
}

} // namespace nonogram
