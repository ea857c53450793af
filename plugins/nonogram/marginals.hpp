// marginals.hpp -- how likely each undecided cell is to be filled, by belief propagation between the lines.
//
// Why: on puzzles that logic leaves mostly open (knotty: 95% of its cells after probing), the learning search's
// first guesses decide how soon it meets a solution. A line alone gives each cell the share of its completions
// that fill it (counted exactly, forward-backward over the clue); rows and columns then exchange these as
// messages for a few rounds, so a row hears what the crossing columns make likely. The result is a guess, never
// a deduction: it orders and phases decisions, and every answer stays complete.
#pragma once
#include "nonogram.hpp"

#include <pluzzle/solve_control.hpp>

#include <vector>

namespace nonogram {

// One line alone: P(filled) of each cell when each cell is filled independently with probability filled[i],
// conditioned on the line matching `clue`. Empty when no completion has any weight.
std::vector<double> line_marginals(const Clue &clue, const std::vector<double> &filled);

struct Beliefs {
    std::vector<double> filled; // P(filled) per cell, row-major: 0 or 1 for decided cells; empty when stopped
    int rounds = 0;             // exchanges made before the messages settled (or max_rounds)
    bool stopped = false;       // control said stop
};

// Beliefs about every cell of `start`: up to `max_rounds` exchanges between rows and columns (at least one),
// fewer once no message moves by more than 1e-4. A line with no completion consistent with the messages sends
// none that round. Each round ticks `control` by the number of lines (width + height nodes) and polls it, so
// limits and cancellation hold. std::invalid_argument when the clues or `start` do not match the puzzle's size.
Beliefs cell_marginals(const Puzzle &puzzle, const Grid &start, int max_rounds,
                       pluzzle::SolveControl *control = nullptr);

} // namespace nonogram
