// pivot_solver.hpp -- optimal solutions of pivot-mode boards (Flood-It): A* over the set of regions the pivot's
// blob has absorbed, with an admissible bound, dominance pruning and partial expansion; the first finished blob
// taken from the queue is optimal (the argument is in pivot_solver.cpp).
#pragma once
#include "board.hpp"
#include "formats.hpp"
#include "regions.hpp"

#include <pluzzle/solve_control.hpp>

#include <cstdint>
#include <vector>

namespace kami {

struct PivotReport {
    pz_solve_status status = PZ_SOLVE_LIMIT; // UNIQUE is not claimed: SOLVED with a proven optimum
    std::vector<Move> moves;                 // an optimal move list when solved
    int lower_bound = 0;                     // moves any solution needs (proven); equals moves.size() when solved
    uint64_t nodes = 0;                      // states expanded
    int regions = 0;
};

// How the search runs: by default the fast search described above, its stored states kept within a budget (beyond
// it the search stops as at a node limit: PZ_SOLVE_LIMIT with the proven lower bound). `plain` is the textbook A*
// with the same bound -- every child at once, a relaxed run each, no dominance: the benchmarks' same-run baseline
// (solver option `plain_astar`) and the tests' second opinion.
struct PivotSearch {
    bool plain = false;
    size_t memory_budget = size_t(3) << 29; // 1.5 GiB
};

PivotReport solve_pivot(const Board &board, pluzzle::SolveControl &control, const PivotSearch &how = {});

// The same on a connected region graph (only its colours and adjacency are read), the blob starting at region
// `start`; the moves name no cell (Move::cell is left 0). For callers that search many starts or many variants of
// one board (free play's blob lists) without rebuilding the regions from cells each time.
PivotReport solve_pivot(const RegionGraph &g, int32_t start, pluzzle::SolveControl &control,
                        const PivotSearch &how = {});

} // namespace kami
