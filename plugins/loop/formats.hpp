// formats.hpp -- the loop plugin's texts: the canonical level format and three formats from the wild, plus the
// state (and solution) text.
//
// Canonical (extension .loop; several levels may follow each other):
//   loop 1
//   name Spiral            optional, one line
//   rules loop             loop | net
//   grid square            square | hex
//   wrap no                no | yes (optional, default no)
//   size 4 3               width height
//   tiles                  then `height` rows: one hex digit per tile (square, 0..f), two per tile (hex, 00..3f)
//   3a5c
//   ...
//   locked                 optional: `height` rows of '.' (free) and '#' (given, not rotatable)
//   ..#.
//   ...
// Read from the wild (detected by content when no format is named):
//   hwab        `rows cols 0` then rows*cols masks, whitespace-separated (N=1 E=2 S=4 W=8): square, loop rules.
//   hexapipes   JSON lines {"id", "wrap", "grid": "hexagonal", "width", "height", "tiles": [...]}: hex, net rules.
//   tatham      Simon Tatham's Net game IDs `WxH[w]:<hex digits>` (R=1 U=2 L=4 D=8): square, net rules.
// State and solution text: the masks as they are turned, one line per row written like the tiles block (one hex
// digit per square tile, two per hex tile; square masks use N=1 E=2 S=4 W=8, hex masks E=1 ... SE=32). Decimal
// masks separated by spaces, the form written until 2026-11, are still read: stored solutions stay valid. Hex rows
// are 2.4x smaller: a 200x200 board's solution is 40 KB, not 95 KB, which a bulk solve stores for every level.
#pragma once
#include "board.hpp"

#include <pluzzle/typed_puzzle.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace loop {

std::vector<pluzzle::Parsed<Board>> parse_levels(std::string_view text, std::string_view format);
std::string encode_board(const Board &board);

std::string encode_masks(const Board &board, const std::vector<uint8_t> &masks);
// Reads a state text: every mask must be a rotation of the level's tile (and a locked tile unturned).
std::vector<uint8_t> decode_masks(const Board &board, std::string_view text);

} // namespace loop
