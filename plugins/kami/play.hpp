// play.hpp -- playing a kami level: states, the moves and the input that makes them, the status line and the
// move animation.
//
// State text: the move list played so far (formats.hpp), so a solution decodes to a finished state and
// `pluzzle check` replays it from the level's cells. The colour chosen for the next click is not part of it: it is
// a choice of the player's hand, not of the game (a decoded state has colour 1 chosen).
//
// Moves: `x,y=c` (one or more, as in a move list) recolours; `pick c` only chooses colour c for the next clicks.
// Input: keys 1..9 or a click on a palette swatch choose a colour -- in pivot mode (Flood-It) they recolour the
// pivot's region at once; a click on a region recolours it with the chosen colour (pivot mode: floods the pivot's
// region with the clicked region's colour); a right click on a region chooses its colour.
#pragma once
#include "board.hpp"
#include "formats.hpp"

#include <pluzzle/canvas.hpp>
#include <pluzzle/play_status.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace kami {

struct PlayState {
    std::vector<uint8_t> cells; // the board as coloured now
    std::vector<Move> moves;    // the recolourings played, in order (the state text)
    int selected = 1;           // the colour the next click paints with (free mode)
};

PlayState start_state(const Board &board);
// Replays a move list from the level's cells; an illegal move is pluzzle::invalid naming the move (field "moves").
PlayState decode_state_text(const Board &board, std::string_view text);
std::string encode_state_text(const Board &board, const PlayState &state);

// A solution: a move list that replays to one colour; pluzzle::invalid (field "moves") for anything else.
void check_solution(const Board &board, std::string_view text);

// Finished when one colour is left; the message counts colours, regions and moves against the par.
pluzzle::PlayStatus play_status(const Board &board, const PlayState &state);
std::string interpret_input(const Board &board, const PlayState &state, const pluzzle::Input &input);
PlayState execute_move(const Board &board, const PlayState &state, std::string_view move);

// The flood's breadth-first order: for each cell of the region holding `start`, the number of steps from `start`
// within the region; -1 for every other cell.
std::vector<int32_t> bloom_distances(const Board &board, const std::vector<uint8_t> &cells, int64_t start);
// A frame of the move's animation: the recoloured region "blooms" from the clicked cell -- at fraction t the cells
// within t * (the farthest cell's distance) of it have the new colour (none at t = 0, all at t = 1).
void render_move_frame(const Board &board, const PlayState &state, std::string_view move, float t,
                       pluzzle::Canvas &canvas);
// The swatch to mark when drawing `state`: the chosen colour (free mode) or the pivot's colour (pivot mode).
int marked_colour(const Board &board, const PlayState &state);

} // namespace kami
