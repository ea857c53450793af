// generator.hpp -- planted random boards: a random solution (loop: each edge open with probability `density`;
// net: a random spanning tree), then every free tile turned at random.
#pragma once
#include "board.hpp"

#include <pluzzle/params.hpp>
#include <pluzzle/solve_control.hpp>

#include <vector>

namespace loop {

std::vector<pluzzle::ParamDesc> generator_params();
Board generate_board(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control);
// The board of the generator's size, grid, rules and wrap with no pipes, to draw in with the edit tools.
Board blank_board(const pluzzle::Params &params);

} // namespace loop
