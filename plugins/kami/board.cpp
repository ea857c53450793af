// board.cpp -- names and the validity check every other operation relies on.
#include "board.hpp"

#include <pluzzle/text.hpp>

namespace kami {

const std::array<uint32_t, kMaxColours> &default_palette() {
    // Blue, orange, red, teal, green, yellow, purple, pink, brown: distinct in hue or lightness, also side by side.
    static const std::array<uint32_t, kMaxColours> palette = {0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f,
                                                              0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f};
    return palette;
}

uint32_t palette_colour(const Board &board, int colour) {
    const size_t i = size_t(colour - 1);
    return i < board.palette.size() ? board.palette[i] : default_palette()[i % kMaxColours];
}

bool is_default_palette(const std::vector<uint32_t> &palette, int colours) {
    if (palette.empty()) return true;
    if (int(palette.size()) != colours || colours > kMaxColours) return false;
    for (size_t i = 0; i < palette.size(); ++i)
        if (palette[i] != default_palette()[i]) return false;
    return true;
}

const char *grid_name(Grid grid) { return grid == Grid::Triangle ? "triangle" : "square"; }
const char *mode_name(Mode mode) { return mode == Mode::Free ? "free" : "pivot"; }

void validate_board(const Board &board) {
    if (board.rows < 1 || board.cols < 1 || board.rows > kMaxSide || board.cols > kMaxSide ||
        board.size() > kMaxCells)
        throw pluzzle::invalid("a board is 1 to " + std::to_string(kMaxSide) + " cells wide and high, at most " +
                                   std::to_string(kMaxCells) + " cells",
                               "size");
    if (board.grid == Grid::Triangle && board.cols % 2)
        throw pluzzle::invalid("a triangle row holds whole rhombi: an even number of triangles", "size");
    if (board.colours < 1 || board.colours > kMaxColours)
        throw pluzzle::invalid("a palette has 1 to " + std::to_string(kMaxColours) + " colours", "colours");
    if (!board.palette.empty() && int(board.palette.size()) != board.colours)
        throw pluzzle::invalid("the palette lists " + std::to_string(board.palette.size()) +
                                   " colours, the level has " + std::to_string(board.colours),
                               "palette");
    for (uint32_t rgb : board.palette)
        if (rgb > 0xffffff) throw pluzzle::invalid("a palette colour is 0xRRGGBB", "palette");
    if (int64_t(board.cells.size()) != board.size()) throw pluzzle::invalid("the cells do not fill the board", "cells");
    bool any = false;
    for (uint8_t c : board.cells) {
        if (c > board.colours)
            throw pluzzle::invalid("a cell has colour " + std::to_string(c) + " beyond the palette's " +
                                       std::to_string(board.colours),
                                   "cells");
        any = any || c;
    }
    if (!any) throw pluzzle::invalid("the board has no tile", "cells");
    if (board.mode == Mode::Pivot &&
        (board.pivot < 0 || board.pivot >= board.size() || !board.cells[size_t(board.pivot)]))
        throw pluzzle::invalid("the pivot must be a tile of the board", "pivot");
    if (board.par < 0 || board.par > 1000) throw pluzzle::invalid("a par is 0 (none) to 1000 moves", "par");
    if (board.name.find_first_of("\r\n") != std::string::npos || board.name != std::string(pluzzle::trim(board.name)))
        throw pluzzle::invalid("the name is one line without outer blanks", "name");
}

} // namespace kami
