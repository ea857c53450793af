// formats.hpp -- the kami plugin's texts: the canonical level format, two formats from the wild, and the move
// list (the solution and play-state text).
//
// Canonical (extension .kami; several levels may follow each other):
//   kami 1
//   name Bloom             optional, one line
//   grid triangle          triangle | square
//   mode free              free | pivot
//   size 8 3               width height (triangle grids: triangles a row, an even number)
//   colours 4              the palette: cells hold 1..colours
//   palette #4e79a7 ...    optional: exactly `colours` entries '#rrggbb'; left out for the default palette
//   pivot 0 0              pivot mode only: column row of the pivot cell
//   par 5                  optional: the level's par in moves
//   cells                  then `height` rows of `width` characters: a colour digit, or '.' for no tile
//   1122..33
//   ...
// Read from the wild (detected by content when no format is named):
//   puz      the official KAMI 2 level files, one line of '|'-separated fields (see ../shared/data/README.md):
//            01|palette|lowX|lowY|W|len|run-length tiles|par|...; a triangle grid of len/(2W) rows of 2W cells.
//   floodit  one line of n*n colour digits (1..9), row-major: a square n x n Flood-It board, pivot mode, the
//            pivot in the top-left corner (the ColorFill project's files, one board a line).
// Move list: `x,y=c` tokens separated by blanks -- recolour the region holding column x, row y with colour c -- in
// the order played; the empty text is no move.
#pragma once
#include "board.hpp"

#include <pluzzle/typed_puzzle.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kami {

std::vector<pluzzle::Parsed<Board>> parse_levels(std::string_view text, std::string_view format);
std::string encode_board(const Board &board);

// A palette colour '#rrggbb' (either case) as 0xRRGGBB, or nothing; and back, in lower case.
std::optional<uint32_t> read_rgb(std::string_view text);
std::string rgb_text(uint32_t rgb);

struct Move {
    int64_t cell = 0;   // any cell of the region to recolour
    uint8_t colour = 0; // the new colour
    bool operator==(const Move &o) const { return cell == o.cell && colour == o.colour; }
};
std::string encode_moves(const Board &board, const std::vector<Move> &moves);
// Reads a move list; each move must name a tile of the board and a palette colour (field "moves").
std::vector<Move> decode_moves(const Board &board, std::string_view text);

} // namespace kami
