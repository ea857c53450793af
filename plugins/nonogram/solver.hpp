// solver.hpp -- the complete nonogram solver: line solving, propagation, probing and search. It finds up to N
// solutions, so it proves uniqueness (exactly one) or unsolvability (none).
#pragma once
#include "nonogram.hpp"

#include <pluzzle/difficulty.hpp>
#include <pluzzle/solve_control.hpp>

#include <string>
#include <vector>

namespace nonogram {

enum class Learning { kLines, kCnf, kNone };

struct SolverOptions {
    bool probing = true;     // try both values of undecided cells between searches
    unsigned max_solutions = 2;
    bool restarts = true;    // restart the search with doubling branch budgets and randomized branching
    // First solution only (max_solutions == 1), where the branch order's heavy tail dominates:
    // below the root, skip probing at the next nodes after probing at a node decided nothing, backing off
    // exponentially up to this many nodes (0 = probe at every node); search stays complete either way.
    unsigned probe_backoff = 16;
    // ... and keep restarting with doubling randomized budgets instead of ending in one deterministic run after
    // the 4096-branch run. A run that ends within its budget is complete, so unsolvable is still proven.
    bool first_solution_restarts = true;
    // Clause learning from the root's logic fixpoint, once a plain DFS has spent learn_after_line_solves line
    // solves (0: as soon as logic stalls): kLines is our CDCL over cells with the line solver as propagator
    // (line_cdcl.hpp), kCnf CaDiCaL on the lines' automata (sat_search.hpp; also the fallback for lines over
    // 126 cells), kNone the DFS with restarts alone.
    Learning learning = Learning::kLines;
    uint64_t learn_after_line_solves = 0;
    std::string sat_config = "sat"; // kCnf: CaDiCaL's configuration (default, sat, unsat or plain)
    // Clause learning's first guesses (marginals.hpp): up to this many rounds of belief propagation between rows
    // and columns from the root's logic fixpoint set each decision's value until the first solution (kLines also
    // decides the surest cells first; kCnf gets them as phases). 0 = phase saving alone.
    unsigned belief_rounds = 100;
    // Cells decided before the search starts (cell index, kEmpty or kFilled): a cube of a split (split.hpp). The
    // search is then the part of the whole search where they hold; its solutions and count are that part's.
    std::vector<std::pair<int, int8_t>> given;
};

struct SolverReport {
    pz_solve_status status = PZ_SOLVE_LIMIT; // UNIQUE / MULTIPLE / UNSOLVABLE, or LIMIT / CANCELLED from control
    std::vector<Grid> solutions;             // complete grids, at most max_solutions, in the order found
    uint64_t line_solves = 0, probes = 0, branches = 0, conflicts = 0; // statistics (conflicts: kLines only)
    unsigned belief_rounds = 0; // rounds belief propagation took before clause learning (0: it did not run)
    double logic_fraction = 0; // share of cells decided by line solving + probing before the first branch
};

// Searches for up to options.max_solutions solutions. Calls control.tick() per node (line solve or probe), so
// time limits, node limits and cancellation are honoured; on a stop, status is control.stop_status() and
// `solutions` holds what was found. Never calls control.solution() (the plugin reports solutions).
SolverReport solve(const Puzzle &puzzle, pluzzle::SolveControl &control, const SolverOptions &options = {});

// The common-scale estimate (ABI 1.7) of a solve: line logic alone 0..4, probing 4..6, branching 6..10, each placed
// by how much of it the solver did.
pluzzle::Difficulty estimate_difficulty(const SolverReport &report);

// Line solving only (no guessing) from `grid` to a fixpoint: decides every cell that follows from single lines.
// Returns false on a contradiction. For hints, step-by-step animation and the generator.
bool propagate(const Puzzle &puzzle, Grid &grid);

} // namespace nonogram
