// line_solver.hpp -- the exact line solver: from a clue and a partly decided line, every cell that has the same
// value in all placements of the runs consistent with the line, or "contradiction" when there is none.
//
// Model: the line is padded with one empty cell at each end, so every placement is a sequence of tokens "one
// empty cell" and "run j followed by one empty cell". fwd[j] = cut points (empty cells) up to which the first j
// runs fit; bwd[j] = cut points from which runs j..k-1 fit. A cell may be empty iff it is a cut point in both
// directions for some j; it may be filled iff some run j has a start s with s-1 in fwd[j] and s+len in
// bwd[j+1]. That is O(n*k) as a table; lines of up to 126 cells use bit sets (one or two machine words per
// j, the rightward closure done with a carry trick), so a solve costs O(k log n) word operations.
#pragma once
#include "nonogram.hpp"

#include <cstdint>
#include <vector>

namespace nonogram {

using LineMask = unsigned __int128; // bit i = cell i of a line of at most kMaxMaskCells cells

class LineSolver {
public:
    static constexpr int kMaxMaskCells = 126;

    // The same on bit masks, for lines of n <= kMaxMaskCells cells: `filled` / `empty` hold the cells known
    // filled / empty and are replaced by the settled line's (a superset). Returns false on a contradiction.
    bool solve_masks(const int *clue, int k, int n, LineMask &filled, LineMask &empty);
    // The same for lines of n <= 64 cells, whose masks fit one word.
    bool solve_masks(const int *clue, int k, int n, uint64_t &filled, uint64_t &empty);
    // Only whether some placement agrees with the known cells (false when `filled` and `empty` overlap): the
    // forward pass alone, a third of solve_masks(). A cell is forced to v exactly when the line with that cell
    // set to the other value is infeasible, which is how explanations test forcing.
    bool feasible_masks(const int *clue, int k, int n, LineMask filled, LineMask empty);


    // Settles one line of n cells (kUnknown / kEmpty / kFilled; `stride` apart) against the clue runs
    // clue[0..k). Writes the settled line (all forced cells decided, the rest unchanged) to out[0..n)
    // (contiguous), and returns false -- leaving `out` unspecified -- when no placement is consistent.
    bool solve(const int *clue, int k, const int8_t *cells, int n, int8_t *out, int stride = 1);
    bool solve(const Clue &clue, const int8_t *cells, int n, int8_t *out, int stride = 1) {
        return solve(clue.data(), int(clue.size()), cells, n, out, stride);
    }

    // The O(n*k) table version, for any length (solve() uses it above 126 cells). Exposed for tests.
    bool solve_table(const int *clue, int k, const int8_t *cells, int n, int8_t *out, int stride = 1);

private:
    std::vector<uint8_t> fwd_, bwd_;
    std::vector<int> empties_, cover_;
    std::vector<uint8_t> may_empty_;
};

} // namespace nonogram
