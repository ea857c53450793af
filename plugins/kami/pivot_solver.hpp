// pivot_solver.hpp -- optimal solutions of pivot-mode boards (Flood-It): A* over the set of regions the pivot's
// blob has absorbed, with an admissible bound, dominance pruning and partial expansion; the first finished blob
// taken from the queue is optimal (the argument is in pivot_solver.cpp).
#pragma once
#include "board.hpp"
#include "formats.hpp"

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

PivotReport solve_pivot(const Board &board, pluzzle::SolveControl &control);

} // namespace kami
