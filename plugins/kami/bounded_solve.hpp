// bounded_solve.hpp -- solve_board under limits of its own, for the callers that must not hand the host's whole
// budget to one search: the hint (a fallback after a limit), the generator (many candidate boards) and the editor's
// `par auto` (no host control at all); and pivot mode's search on a region graph, for free play's blob lists.
#pragma once
#include "pivot_solver.hpp"
#include "solver.hpp"

#include <pluzzle/solve_control.hpp>

#include <cstdint>

namespace kami {

struct Budget {
    uint64_t nodes = 0; // 0: no node limit
    double seconds = 0; // <= 0: no time limit
};

// solve_board stopped by `budget`, and also whenever `outer` (if given) would stop: its time limit or the host's
// cancel flag. The nodes spent are charged to `outer`. Whether a LIMIT came from `outer`: outer->stopped().
SolveReport solve_within(const Board &board, const SolveOptions &options, Budget budget,
                         pluzzle::SolveControl *outer = nullptr);

// Pivot mode's exact search on a region graph (pivot_solver.hpp's second solve_pivot), under a budget the same way.
PivotReport pivot_within(const RegionGraph &g, int32_t start, Budget budget, pluzzle::SolveControl *outer = nullptr);

} // namespace kami
