// rule_solvers.hpp -- what solve_board (solver.cpp) runs once arc consistency holds: loop rules count independent
// components (loop_count.cpp), net rules search for one tree (net_search.cpp).
#pragma once
#include "propagation.hpp"
#include "solver.hpp"

namespace loop {

// Loop rules: the components the undecided tiles fall into, counted separately (the count is their product), then
// the first solution (and a second one) assembled from each component's.
void solve_loop(Search &s, const SolveOptions &options, SolveReport &report);

// Net rules: a depth-first search with cycle, connectivity and pocket reasoning, for up to max_solutions trees.
void solve_net(Search &s, const Board &b, const SolveOptions &options, SolveReport &report);

// The report of a board without a solution: counted, zero.
void mark_unsolvable(SolveReport &report);

} // namespace loop
