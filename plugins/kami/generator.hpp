// generator.hpp -- random boards that look like KAMI levels: colour blotches grown from random seeds over the
// board, solved optimally so the par is proven, redrawn with more or fewer blotches until the par is the one asked
// for. Triangle boards are KAMI 2's screen: `width` columns of `height` triangles (10 x 29 in the game), stored as
// the game's level files store it -- a slanted band of a wider grid, padded with holes.
#pragma once
#include "board.hpp"

#include <pluzzle/params.hpp>
#include <pluzzle/solve_control.hpp>

#include <vector>

namespace kami {

std::vector<pluzzle::ParamDesc> generator_params();
// Deterministic for a seed (pluzzle::Rng: std::mt19937_64, whose output the standard fixes, mapped portably). Every
// candidate's solve runs under `control`; pluzzle::stopped when it says stop, PZ_ERR_STOPPED when no candidate in
// `tries` met the par asked for.
Board generate_board(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control);
// The generator's board in one colour, to paint on in the editor.
Board blank_board(const pluzzle::Params &params);

} // namespace kami
