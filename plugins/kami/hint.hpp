// hint.hpp -- the "hint" AI: the first move of an optimal solution from where the player stands.
#pragma once
#include "board.hpp"
#include "play.hpp"

#include <pluzzle/solve_control.hpp>

#include <string>

namespace kami {

// The first move of an optimal solution from `state` as a move text ("" when one colour is left). When `control`
// (or the hint's own cap on an unlimited request) stops the optimal search first, the first move of the quick
// search's list instead. pluzzle::stopped when the host cancels or neither search finishes; invalid when no move
// list exists (pivot mode with tiles of two colours or more cut off from the pivot).
std::string hint_move(const Board &board, const PlayState &state, pluzzle::SolveControl &control);

} // namespace kami
