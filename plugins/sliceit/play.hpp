// play.hpp -- playing (the state is the list of strokes drawn so far) and editing levels.
//
// Moves: `stroke x1 y1 x2 y2` draws a stroke (level coordinates), `erase K` removes the K-th stroke (1-based),
// `clear` removes them all. Input: press, drag and release with the left button draws the stroke from the press
// to the release; Backspace erases the last stroke. The state is solved when the strokes solve the level.
//
// Edits (rings are named `s<i>` for shape i's outer ring, `s<i>h<j>` for its hole j, `f<i>` for forbidden zone i):
//   vertex add RING INDEX X Y     insert a vertex before INDEX      vertex move RING INDEX X Y
//   vertex delete RING INDEX      shape X Y SIZE | hole SHAPE X Y SIZE | forbidden X Y SIZE   (squares)
//   remove RING                   strokes N | pieces M | tolerance T | sliver S | name TEXT
#pragma once
#include "level.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sliceit {

struct PlayState final : pluzzle::State {
    std::vector<Stroke> strokes;
    unsigned moves = 0;
};

pluzzle::PlayStatus play_status(const Level &level, const PlayState &state);
std::string interpret_input(const Level &level, const PlayState &state, const pluzzle::Input &input);
std::unique_ptr<PlayState> execute_move(const PlayState &state, std::string_view move);

std::string edit_input(const Level &level, std::string_view tool, const pluzzle::Input &input);
std::unique_ptr<Level> execute_edit(const Level &level, std::string_view edit);

} // namespace sliceit
