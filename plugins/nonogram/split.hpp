// split.hpp -- cube-and-conquer (ABI 1.8): a hard puzzle split into cubes, each an assignment of a few cells after the
// root's logic fixpoint, chosen by look-ahead (the cells whose two values each decide the most); cubes that line
// logic refutes at once are dropped. The cubes share no solution, so their counts add up (Combine::count).
#pragma once
#include "solver.hpp"

#include <string_view>

namespace nonogram {

// About `want` cubes ("cells R,C=V ..."); none when line logic decides the puzzle (the outcome is then the answer).
pluzzle::Split split_puzzle(const Puzzle &puzzle, unsigned want, pluzzle::SolveControl &control);

// The cells a cube decides, as SolverOptions::given; throws bad_argument ("cube") for a text that is not a cube of
// this puzzle.
std::vector<std::pair<int, int8_t>> read_cube(const Puzzle &puzzle, std::string_view cube);

} // namespace nonogram
