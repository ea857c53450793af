// sudoku.hpp -- 9x9 Sudoku: the level is the givens, the play state the digits entered (both a Grid).
#pragma once
#include <pluzzle/solve_control.hpp>
#include <pluzzle/text.hpp>

#include <array>

namespace sudoku {

struct Grid {
    std::array<uint8_t, 81> digit{}; // row-major, 0 = empty
    std::string name;
};

// The one-line form (81 characters, '.' for empty) of both the line format and the play state.
std::string to_line(const Grid &g);
Grid from_line(std::string_view text, int line_number);
// Where a grid breaks the rules ("two 5s in row 3"), or empty.
std::string conflict(const Grid &g);
// Fills `g` and reports each solution found to `control` (the caller decides how many are wanted). Returns
// false when the search stopped before it had seen the whole search space.
bool search(Grid &g, pluzzle::SolveControl &control);
Grid generate_grid(int clues, uint64_t seed, pluzzle::SolveControl &control);

} // namespace sudoku
