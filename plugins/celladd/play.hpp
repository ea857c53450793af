// play.hpp -- playing a celladd game: where it stands (scores, whose turn, the winner), the click that makes a
// move, a move checked against the rules, and a whole game checked as the puzzle view's solution.
#pragma once
#include "level.hpp"

#include <pluzzle/play_status.hpp>
#include <pluzzle/puzzle_types.hpp>

#include <string>
#include <string_view>

namespace celladd {

// Two players, their scores and whose turn it is; once every cell is taken, the winner (or a draw).
pluzzle::PlayStatus play_status(const CellLevel &level, const GameState &state);
// A click on a column plays there: the cell itself, or with gravity the column's landing cell ("" for no move).
std::string interpret_input(const CellLevel &level, const GameState &state, const pluzzle::Input &input);
// One cell "row,col": pluzzle::bad_argument when it is not one, pluzzle::invalid when the rules forbid it.
GameState execute_move(const CellLevel &level, const GameState &state, std::string_view move);
// A solution is a whole game; against an opponent every one of its moves must be the AI's (pluzzle::invalid).
void check_solution(const CellLevel &level, std::string_view solution);

} // namespace celladd
