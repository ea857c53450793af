// alpha_beta.hpp -- the strong AI as a general opponent (no model of the other player): negamax alpha-beta on
// the score margin with iterative deepening, a Zobrist transposition table and move ordering by gains. Once the
// depth reaches the number of empty cells the result is exact (the endgame solver).
#pragma once
#include "game.hpp"

#include <pluzzle/solve_control.hpp>

namespace celladd {

struct AlphaBetaResult {
    int move = kNoCell;
    int value = 0; // the margin for the player to move at the depth reached
    int depth = 0; // plies searched completely
    bool exact = false;
};

// Never exceeds `time_limit_s` by more than one node's work; stops early when control says so. Always returns a
// legal move when one exists (the best of the last completed depth, at least depth 1).
AlphaBetaResult alpha_beta_move(Position &position, double time_limit_s, pluzzle::SolveControl &control);

} // namespace celladd
