// play.hpp -- playing: the state is the list of strokes drawn so far (editing levels: edit.hpp).
//
// Moves: `stroke x1 y1 x2 y2` draws a stroke (level coordinates), `erase K` removes the K-th stroke (1-based),
// `clear` removes them all. Input: press, drag and release with the left button draws the stroke from the press
// to the release; Backspace erases the last stroke. The state is solved when the strokes solve the level.
#pragma once
#include "level.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace sliceit {

struct PlayState {
    std::vector<Stroke> strokes;
    unsigned moves = 0;
};

pluzzle::PlayStatus play_status(const Level &level, const PlayState &state);
std::string interpret_input(const Level &level, const PlayState &state, const pluzzle::Input &input);
PlayState execute_move(const PlayState &state, std::string_view move);

} // namespace sliceit
