// solver.hpp -- the kami solver's one entry point: optimal move lists with proof for both modes (pivot_solver.hpp
// for Flood-It, free_solver.hpp for KAMI), or a quick list with no proof when asked for speed.
#pragma once
#include "board.hpp"
#include "formats.hpp"

#include <pluzzle/difficulty.hpp>
#include <pluzzle/solve_control.hpp>

#include <cstdint>
#include <vector>

namespace kami {

struct SolveOptions {
    bool optimal = true; // false: the first move list the quick (greedy) search finds, not proven shortest
    // Free play: the states a move of the beam search that gives the first list (the upper bound the exact search
    // must beat). 0 with `optimal`: no beam, the exact search finds its answer itself (tests use it to exercise
    // the search rather than only its proof).
    int beam_width = 64;
    // Pivot mode, optimal: the textbook A* (pivot_solver.hpp's PivotSearch::plain) -- the same-run baseline of the
    // benchmarks.
    bool plain_astar = false;
    // Free play, optimal: whether the search weighs the path bound's cost against what it cuts, node by node
    // (walk_gate.hpp); false computes it at every node that may use it -- the benchmarks' baseline.
    bool walk_gate = true;
    // Free play, optimal: whether the colour bound counts the moves that must pass before a colour can vanish
    // (colour_bound.hpp); false: the colours alone -- the benchmarks' baseline.
    bool colour_wait = true;
};

struct SolveReport {
    // SOLVED with `moves` optimal (or, when !optimal, merely valid). UNSOLVABLE only in pivot mode, when holes cut
    // tiles of two colours or more off from the pivot (cut-off tiles of one colour are fine: the pivot's part ends
    // with it; free play can always recolour each part to a common colour). LIMIT or
    // CANCELLED with the bounds proven so far and the best list found, if any.
    pz_solve_status status = PZ_SOLVE_LIMIT;
    std::vector<Move> moves; // the best move list found (set when SOLVED, and when a limit stops a search that has one)
    int lower_bound = 0;     // moves every solution needs (proven)
    int upper_bound = -1;    // moves of `moves` when it is set, else -1
    uint64_t nodes = 0;      // search states expanded
    int regions = 0;         // of the starting board
};

SolveReport solve_board(const Board &board, pluzzle::SolveControl &control, const SolveOptions &options = {});

// The common-scale estimate (ABI 1.7): the par (moves of the best list, else the proven lower bound) against the
// regions on the board -- a par far below the region count means few moves that must each be the right one -- and
// the nodes the optimal search needed.
pluzzle::Difficulty estimate_difficulty(const SolveReport &report);

} // namespace kami
