// solver.hpp -- finds N strokes that cut the level into M equal pieces.
//
// The discrete structure (which lines cross which pieces) is chosen first, the continuous fit second:
//  1. structures: grids (a lines in one direction, b across them, the rest parked outside the shapes, preferring
//     (a+1)(b+1) = M), fans (lines through one point, 2N sectors), then random lines through the shapes;
//  2. each start puts its parallel lines at area quantiles (bisection on the area below a line, whose derivative
//     is the chord length) and then Levenberg-Marquardt fits every line's angle and offset to the sorted piece
//     areas (largest M towards 1/M, the rest towards zero).
// A line becomes a stroke by clipping it to the level's box and, when it meets forbidden zones, to the free
// stretch that covers most of the shapes. Every answer is confirmed by the exact rules (judge) before it is
// reported.
#pragma once
#include "cut.hpp"

#include <pluzzle/difficulty.hpp>
#include <pluzzle/solve_control.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace sliceit {

struct SolveReport {
    pz_solve_status status = PZ_SOLVE_LIMIT;
    std::vector<Stroke> strokes; // when solved
    Verdict verdict;             // of `strokes`
    uint64_t starts = 0, evaluations = 0;
    std::string structure; // of the start that succeeded
};

// `max_starts` bounds the multistart when the caller gives no time limit.
SolveReport solve_level(const Level &level, pluzzle::SolveControl &control, uint64_t seed = 1,
                        uint64_t max_starts = 4000);

// The common-scale estimate (ABI 1.7): how tight the fit is (the pieces' tolerance against their share) and how
// many candidate cuts the multistart weighed before one split the area equally.
pluzzle::Difficulty estimate_difficulty(const Level &level, const SolveReport &report);

} // namespace sliceit
