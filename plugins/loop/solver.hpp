// solver.hpp -- the complete loop/net solver: rotation domains as bitmasks, arc consistency over edges, then, for
// loop rules, independent components counted separately (the count is their product); for net rules, a search
// with cycle and connectivity reasoning. Memory is linear in the tiles.
#pragma once
#include "board.hpp"

#include <pluzzle/difficulty.hpp>
#include <pluzzle/solve_control.hpp>

#include <boost/multiprecision/cpp_int.hpp>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace loop {

using BigCount = boost::multiprecision::cpp_int;

struct SolveOptions {
    unsigned max_solutions = 2; // solutions to report (the count, for loop rules, is always exact)
    bool count = true;          // loop rules: count every solution (else stop at max_solutions)
    // Net rules: pocket checks run during the search on boards of at least this many tiles, and on any board once
    // the search has hit `net_struggle` dead ends (measured trade-off, see solver.cpp). Tests set 0 to force them.
    int64_t net_large_board = int64_t(1) << 16;
    uint64_t net_struggle = 256;
    // (tile, options kept): tiles narrowed before propagation starts -- a cube's tiles (split.hpp).
    std::vector<std::pair<int64_t, uint8_t>> fixed = {};
    // Loop rules, a cube that carries the rest's count (split.hpp): the fixed tiles all lie in one undecided
    // component of the root's propagation, and the board beyond it, counted once by the split, has this many
    // solutions. Only that component is counted (the rest is still solved, for a whole-board first solution).
    std::optional<BigCount> rest_solutions = {};
};

struct SolveReport {
    pz_solve_status status = PZ_SOLVE_LIMIT;
    BigCount count = 0;                            // exact when `counted`
    bool counted = false;                          // the count is exact (loop rules, a final status)
    std::vector<std::vector<uint8_t>> solutions;   // solved masks, row-major, in the order found
    uint64_t nodes = 0;                            // search nodes
    uint64_t decided_by_propagation = 0;           // tiles fixed before any search
    uint64_t components = 0;                       // loop rules: independent undecided components
    uint64_t largest_component = 0;                // tiles
};

SolveReport solve_board(const Board &board, pluzzle::SolveControl &control, const SolveOptions &options = {});

// solve() as the SDK sees it: the options from `control` (max_solutions, the `count` option), the solutions sent
// to it, the report as an outcome (status, the exact count in stats "solutions" when known, difficulty). `fixed` as
// and `rest_solutions` as in SolveOptions: the whole level, or one cube of it. Throws bad_argument (field "cube")
// when `rest_solutions` is given and the fixed tiles are not all in one undecided component of the root.
pluzzle::SolveOutcome solve_level(const Board &board, pluzzle::SolveControl &control,
                                  std::vector<std::pair<int64_t, uint8_t>> fixed = {},
                                  std::optional<BigCount> rest_solutions = {});

// The parts of solve_level, for a split that decides the level at its root: the options from `control`, and the
// report as an outcome (its solutions sent to `control`).
SolveOptions solve_options(pluzzle::SolveControl &control);
pluzzle::SolveOutcome solve_outcome(const Board &board, pluzzle::SolveControl &control, const SolveReport &report);

// The common-scale estimate (ABI 1.7): a board propagation decides alone is 0..4 by its size, one that needs search
// 4..10 by the search's nodes. `tiles` is the board's tile count.
pluzzle::Difficulty estimate_difficulty(const SolveReport &report, uint64_t tiles);

} // namespace loop
