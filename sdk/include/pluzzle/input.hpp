// pluzzle/input.hpp -- reading play and edit input (interpret / edit_interpret) and the move texts it becomes:
// which events count as a press, which cell an event is about, and the "<verb> x,y" texts of moves and edits.
// Every puzzle on a grid needs the same three answers; having them here keeps plugins from growing copies.
#pragma once
#include <pluzzle/abi.h>
#include <pluzzle/error.hpp>
#include <pluzzle/grid.hpp>
#include <pluzzle/text.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pluzzle {

// A left click, or Space/Enter on the cell the host points at (keyboard cursor, scripts): what "press" means.
inline bool primary_press(const pz_input &input) {
    if (input.kind == PZ_INPUT_KEY) return input.has_cell && (input.key == ' ' || input.key == PZ_KEY_ENTER);
    return input.kind == PZ_INPUT_PRESS && input.button == 0;
}

// The cell an event is about on a `rows` x `cols` grid: the host's when it names one (nothing when that cell is off
// the grid), otherwise the one under the pointer as the plugin's `cell_at(x, y)` finds it (an optional<grid::Cell>,
// e.g. grid::SquareGrid::cell_at).
template <class CellAt>
std::optional<grid::Cell> event_cell(const pz_input &input, int rows, int cols, CellAt &&cell_at) {
    if (!input.has_cell) return cell_at(input.x, input.y);
    const grid::Cell cell{input.cell_row, input.cell_col};
    if (cell.row < 0 || cell.row >= rows || cell.col < 0 || cell.col >= cols) return std::nullopt;
    return cell;
}

// A cell in move and edit texts: "x,y", column then row, 0-based.
inline std::string xy_text(grid::Cell cell) { return std::to_string(cell.col) + "," + std::to_string(cell.row); }

// Reads "x,y" on a `cols` x `rows` grid. On failure returns nothing and says why in `why` (callers choose the
// error: a parse error with a column in a file, a bad argument in a move).
inline std::optional<grid::Cell> parse_xy(std::string_view text, int rows, int cols, std::string &why) {
    const size_t comma = text.find(',');
    const std::optional<int> x = whole_number<int>(text.substr(0, comma));
    const std::optional<int> y =
        comma == std::string_view::npos ? std::nullopt : whole_number<int>(text.substr(comma + 1));
    if (!x || !y) {
        why = "expected a cell 'x,y', found '" + std::string(text) + "'";
        return std::nullopt;
    }
    if (*x < 0 || *x >= cols || *y < 0 || *y >= rows) {
        why = "cell " + std::string(text) + " is outside the " + std::to_string(cols) + "x" + std::to_string(rows) +
              " grid";
        return std::nullopt;
    }
    return grid::Cell{*y, *x};
}

// Reads a one-line move or edit "<verb> x,y" (e.g. the move "p 2,1", the edit "t 2,1"). Anything else is a
// bad_argument naming `field` ("move", "edit") that quotes the text and says what was expected.
inline grid::Cell verb_cell(std::string_view text, std::string_view verb, int rows, int cols, const std::string &field) {
    const std::vector<Token> words = tokens(Line{text, 1}, " \t\r\n");
    std::string why = "expected '" + std::string(verb) + " x,y'";
    if (words.size() == 2 && words[0].text == verb)
        if (const std::optional<grid::Cell> cell = parse_xy(words[1].text, rows, cols, why)) return *cell;
    throw bad_argument("bad " + field + " '" + std::string(text) + "': " + why, field);
}

// Reads a one-line move or edit "<word> x,y" whose word varies (a digit, a colour) and returns both; the caller
// checks the word. Anything else is a bad_argument naming `field`.
inline std::pair<std::string_view, grid::Cell> word_cell(std::string_view text, int rows, int cols,
                                                         const std::string &field) {
    const std::vector<Token> words = tokens(Line{text, 1}, " \t\r\n");
    std::string why = "expected '<word> x,y'";
    if (words.size() == 2)
        if (const std::optional<grid::Cell> cell = parse_xy(words[1].text, rows, cols, why))
            return {words[0].text, *cell};
    throw bad_argument("bad " + field + " '" + std::string(text) + "': " + why, field);
}

} // namespace pluzzle
