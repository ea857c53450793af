// board.cpp -- names and the validity check every other operation relies on.
#include "board.hpp"

#include <pluzzle/text.hpp>

namespace loop {

const char *shape_name(Shape shape) { return shape == Shape::Square ? "square" : "hex"; }
const char *rule_name(Rule rule) { return rule == Rule::Loop ? "loop" : "net"; }

void validate_board(const Board &board) {
    if (board.rows < 1 || board.cols < 1 || board.rows > kMaxSide || board.cols > kMaxSide || board.size() > kMaxTiles)
        throw pluzzle::invalid("a board is 1 to " + std::to_string(kMaxSide) + " tiles wide and high, at most " +
                                   std::to_string(kMaxTiles) + " tiles",
                               "size");
    if (int64_t(board.tiles.size()) != board.size()) throw pluzzle::invalid("the tiles do not fill the board", "tiles");
    if (!board.locked.empty() && int64_t(board.locked.size()) != board.size())
        throw pluzzle::invalid("the locked marks do not fill the board", "locked");
    for (uint8_t t : board.tiles)
        if (t & ~all_directions(board.shape)) throw pluzzle::invalid("a tile has a connection the grid lacks", "tiles");
    for (uint8_t l : board.locked)
        if (l > 1) throw pluzzle::invalid("a locked mark is 0 or 1", "locked");
    // Every connection must lead to a tile that leads back: true of every board (wrap included) by construction,
    // checked so that a change to the geometry can never let the solver read an edge from one side only. Only the
    // tiles on the border can reach across it, so only they are checked (inside, a step is a plain offset).
    if (board.wrap) {
        const int k = directions(board.shape);
        int64_t nb[6] = {};
        for (int64_t i = 0; i < board.size(); ++i) {
            const int64_t r = i / board.cols, c = i % board.cols;
            if (r > 0 && r < board.rows - 1 && c == 1) { // jump over the inside of this row
                i = r * board.cols + board.cols - 2;
                continue;
            }
            board.neighbours(i, nb);
            for (int d = 0; d < k; ++d) {
                if (nb[d] < 0 || board.neighbour(nb[d], opposite(board.shape, d)) != i)
                    throw pluzzle::invalid("the wrapped grid does not pair tile " + std::to_string(i) + "'s sides", "wrap");
            }
        }
    }
    if (board.name.find_first_of("\r\n") != std::string::npos || board.name != std::string(pluzzle::trim(board.name)))
        throw pluzzle::invalid("the name is one line without outer blanks", "name");
}

} // namespace loop
