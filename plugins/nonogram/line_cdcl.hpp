// line_cdcl.hpp -- conflict-driven clause learning over the cells themselves, with the exact line solver as the
// propagator (lazy clause generation).
//
// Why not only CaDiCaL (sat_search.hpp): there every line is a CNF automaton, so learned clauses mix cells with
// automaton states and run to ~80 literals on hard 25x25 puzzles (12k conflicts/s). Here a line that forces a
// cell, or has no placement, is explained on demand by the smallest set of its decided cells that still forces
// it (greedy, with the same line solver), so learned clauses name cells only and a conflict costs a few line
// solves. Decisions: VSIDS with phase saving (and, until the first solution, guesses from beliefs); Luby restarts;
// learned clauses pruned by LBD.
#pragma once
#include "nonogram.hpp"

#include <pluzzle/solve_control.hpp>

#include <cstdint>
#include <vector>

namespace nonogram {

struct LineCdclResult {
    bool stopped = false;         // control said stop (limit or cancel); `solutions` holds what was found
    std::vector<Grid> solutions;  // new solutions only (never one of `known`), each checked against the clues
    uint64_t conflicts = 0, decisions = 0;
};

// Finds up to `wanted` solutions that agree with the decided cells of `start` and differ from every grid of
// `known`. Fewer than `wanted` without `stopped` means no more exist. Lines must be at most
// LineSolver::kMaxMaskCells cells long. control.tick() is called per decision and per conflict.
// `belief` (P(filled) per cell, marginals.hpp; empty for none) guides the search until its first solution: each
// decision takes the value its cell's belief favours (in spans, guesses.hpp), and the surest cells are decided
// first. Puzzles that logic leaves wide open are solved by these guesses or near them (knotty: a first solution
// after a few conflicts; unguided, none in 60 s). std::invalid_argument unless there is one belief per cell.
LineCdclResult line_cdcl_search(const Puzzle &puzzle, const Grid &start, const std::vector<Grid> &known,
                                unsigned wanted, pluzzle::SolveControl &control,
                                const std::vector<double> &belief = {});

} // namespace nonogram
