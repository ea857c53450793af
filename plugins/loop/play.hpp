// play.hpp -- play states (the tiles as turned), the rotate moves and the solved test. A state text is the masks
// themselves (formats.hpp), so a solution decodes to a finished state.
#pragma once
#include "board.hpp"

#include <pluzzle/canvas.hpp>
#include <pluzzle/play_status.hpp>

#include <string>
#include <vector>

namespace loop {

struct PlayState {
    std::vector<uint8_t> masks; // row-major, each a rotation of the level's tile
    unsigned moves = 0;
};

// The pipes of tile i that meet nothing (no neighbour, or one without the matching connection), as a mask.
uint8_t open_sides(const Board &board, const std::vector<uint8_t> &masks, int64_t i);
// Connections that meet nothing, over the board: both ends of a mismatched edge count.
int64_t open_ends(const Board &board, const std::vector<uint8_t> &masks);
// Net rules: true when the tiles with connections form one connected group (with no open end, it is a tree
// exactly when the number of connections is tiles - 1, which rotation never changes).
bool connected(const Board &board, const std::vector<uint8_t> &masks);
// Solved: no open end, and for net rules one connected tree.
bool solved(const Board &board, const std::vector<uint8_t> &masks);

pluzzle::PlayStatus play_status(const Board &board, const PlayState &state);
// "r x,y" turns the tile one step (bit d -> d+1: clockwise on square grids, counter-clockwise on hex grids);
// "u x,y" turns it back. Locked tiles do not turn.
std::string interpret_input(const Board &board, const pluzzle::Input &input);
PlayState execute_move(const Board &board, const PlayState &state, std::string_view move);
// A frame of the move's animation: the turned tile part of the way (t from 0 to 1) through its turn.
void render_move_frame(const Board &board, const PlayState &state, std::string_view move, float t,
                       pluzzle::Canvas &canvas);

} // namespace loop
