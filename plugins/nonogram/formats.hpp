// formats.hpp -- nonogram level files: the canonical format (what encode writes), Steve Simpson's .non, and the
// computer-olympiad tournament format; plus validate_puzzle, the rules every level must meet.
//
// Canonical (several puzzles may follow each other; blank lines are allowed between sections, not inside them):
//   nonogram 1                 header and format version
//   title "Demo Puzzle"        metadata, `key "value"` in order (\" and \\ escaped); any identifier key except
//                              nonogram, size, rows, columns, goal
//   size 5 10                  width height
//   rows                       then `height` lines: run lengths separated by blanks, `0` for a blank line
//   2 1
//   columns                    then `width` lines, likewise
//   goal                       optional: `height` lines of `width` cells, '#' filled, '.' empty
//   .##..
//
// .non (one puzzle): `key "value"` / `key value` lines (kept as metadata, in order, except width, height and
// goal), `width N`, `height N`, `rows` and `columns` sections of clues (comma- or blank-separated; `0` or an
// empty line is a blank clue; blank lines around a section's clues are separators), optional `goal "0101..."`.
//
// Tournament (many puzzles): a `$N` line, then the column clues, then the row clues, one line each, numbers TAB-
// or blank-separated, `0` for a blank line. Puzzles are square: the first half of the lines are columns.
//
// Every parse error names its line and column. Rules that need the whole puzzle (sizes 1..200, clues that fit
// their line, equal totals of rows and columns, the goal) are checked by validate_puzzle, which the host runs
// after parse; messages there count rows and columns from 1.
#pragma once
#include "nonogram.hpp"

#include <pluzzle/typed_puzzle.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace nonogram {

constexpr int kMaxSide = 200; // width, height and clue numbers are 1..kMaxSide

// format: "canonical", "non", "tournament", or "" to detect (canonical if the first non-blank line is
// "nonogram 1", tournament if it starts with '$', else non). Each Parsed<Puzzle>'s name
// is the title (canonical, .non) or the `$N` line (tournament).
std::vector<pluzzle::Parsed<Puzzle>> parse_levels(std::string_view text, std::string_view format);

// The canonical text of one puzzle; parse_levels(encode_canonical(p), "") gives a puzzle that encodes the same.
std::string encode_canonical(const Puzzle &p);

// Throws pluzzle::invalid naming the field ("width", "height", "rows", "columns", "clues", "goal", "meta"), e.g.
// "row 3: clue 5 4 needs 10 cells, the row has 8". The goal, when present, must be width*height '0'/'1' AND
// satisfy the clues (it is the intended picture: a goal that contradicts the clues is a broken level).
void validate_puzzle(const Puzzle &p);

// "2 1", or "0" for a blank clue.
std::string clue_text(const Clue &clue);

// The goal as a grid of kEmpty/kFilled (the puzzle must have one).
Grid goal_grid(const Puzzle &p);
// The goal string of a complete grid ('0'/'1', row-major).
std::string goal_string(const Grid &g);

} // namespace nonogram
