// lightsout_board.cpp -- the rules (what one press toggles) and the text of a cell and of a set of presses.
#include "lightsout.hpp"

#include <pluzzle/text.hpp>

namespace lightsout {

Cells press_effect(const Board &board, int cell) {
    const int x = cell % board.width, y = cell / board.width;
    Cells effect;
    effect.set(cell);
    if (x > 0) effect.set(cell - 1);
    if (x + 1 < board.width) effect.set(cell + 1);
    if (y > 0) effect.set(cell - board.width);
    if (y + 1 < board.height) effect.set(cell + board.width);
    return effect;
}

Cells lights_after(const Board &board, const Cells &pressed) {
    Cells lights = board.lights;
    for (int cell = 0; cell < board.cells(); ++cell)
        if (pressed[cell]) lights ^= press_effect(board, cell);
    return lights;
}

std::string cell_text(const Board &board, int cell) {
    return std::to_string(cell % board.width) + "," + std::to_string(cell / board.width);
}

std::optional<int> parse_cell(const Board &board, std::string_view text, std::string &why) {
    const size_t comma = text.find(',');
    const std::optional<int> column = pluzzle::whole_number<int>(text.substr(0, comma));
    const std::optional<int> row =
        comma == std::string_view::npos ? std::nullopt : pluzzle::whole_number<int>(text.substr(comma + 1));
    if (!column || !row) {
        why = "expected a cell 'x,y', found '" + std::string(text) + "'";
        return std::nullopt;
    }
    const int x = *column, y = *row;
    if (x < 0 || x >= board.width || y < 0 || y >= board.height) {
        why = "cell " + std::string(text) + " is outside the " + std::to_string(board.width) + "x" +
              std::to_string(board.height) + " grid";
        return std::nullopt;
    }
    return board.index(x, y);
}

// "press 0,0 2,1" in row-major order, or "press" alone: one canonical text per set of presses.
std::string encode_presses(const Board &board, const Cells &pressed) {
    std::string text = "press";
    for (int cell = 0; cell < board.cells(); ++cell)
        if (pressed[cell]) text += " " + cell_text(board, cell);
    return text;
}

Cells decode_presses(const Board &board, std::string_view text) {
    // One line; columns in errors count from the start of the text.
    const std::vector<pluzzle::Token> words = pluzzle::tokens({text, 1}, " \t\r\n");
    if (words.empty() || words[0].text != "press")
        throw pluzzle::parse_error("expected 'press' followed by cells 'x,y'", 1, words.empty() ? 1 : words[0].column);
    Cells pressed;
    for (size_t i = 1; i < words.size(); ++i) {
        std::string why;
        const std::optional<int> cell = parse_cell(board, words[i].text, why);
        if (!cell) throw pluzzle::parse_error(why, 1, words[i].column);
        pressed.flip(*cell); // a cell listed twice is pressed twice, i.e. not at all
    }
    return pressed;
}

} // namespace lightsout
