// rule_solvers.hpp -- what solve_board (solver.cpp) runs once arc consistency holds: loop rules count independent
// components (loop_count.cpp), net rules search for one tree (net_search.cpp).
#pragma once
#include "propagation.hpp"
#include "solver.hpp"

namespace loop {

// Loop rules: the components the undecided tiles fall into, counted separately (the count is their product), then
// the first solution (and a second one) assembled from each component's. With `part` (one mark per tile, a cube's
// root component: SolveOptions::rest_solutions), only the components inside it are counted, and the count is
// theirs times options.rest_solutions.
void solve_loop(Search &s, const SolveOptions &options, SolveReport &report,
                const std::vector<uint8_t> *part = nullptr);

// Loop rules: the exact number of solutions of the undecided `tiles` (whole components at arc consistency), the
// product of their components' counts; 0 as soon as one has none.
BigCount count_loop_tiles(Search &s, const std::vector<int64_t> &tiles);

// Net rules: a depth-first search with cycle, connectivity and pocket reasoning, for up to max_solutions trees.
void solve_net(Search &s, const Board &b, const SolveOptions &options, SolveReport &report);

// The report of a board without a solution: counted, zero.
void mark_unsolvable(SolveReport &report);

} // namespace loop
