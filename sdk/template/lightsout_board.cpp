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
    return pluzzle::xy_text({cell / board.width, cell % board.width});
}

std::optional<int> parse_cell(const Board &board, std::string_view text, std::string &why) {
    const std::optional<pluzzle::grid::Cell> cell = pluzzle::parse_xy(text, board.height, board.width, why);
    return cell ? std::optional<int>(board.index(cell->col, cell->row)) : std::nullopt;
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
