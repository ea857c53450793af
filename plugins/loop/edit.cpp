// edit.cpp -- see edit.hpp.
#include "edit.hpp"

#include "render.hpp"

#include <pluzzle/input.hpp>

namespace loop {
namespace {

[[noreturn]] void bad_edit(const std::string &why) { throw pluzzle::bad_argument(why, "edit"); }

int64_t index_of(const Board &b, pluzzle::grid::Cell c) { return int64_t(c.row) * b.cols + c.col; }

// The direction from tile a to its neighbour b, or -1 when they are not neighbours.
int direction_between(const Board &b, int64_t a, int64_t target) {
    for (int d = 0; d < directions(b.shape); ++d)
        if (b.neighbour(a, d) == target) return d;
    return -1;
}

pluzzle::grid::Cell cell_word(const Board &b, std::string_view word) {
    std::string why;
    if (auto cell = pluzzle::parse_xy(word, b.rows, b.cols, why)) return *cell;
    bad_edit(why);
}

} // namespace

std::string edit_input(const Board &board, std::string_view tool, const pluzzle::Input &input) {
    auto at = [&](float x, float y) { return tile_at(board, x, y); };
    if (tool == "pipe") { // a drag from one tile to its neighbour
        if (input.kind != PZ_INPUT_RELEASE || input.button != 0) return {};
        const auto from = at(input.start_x, input.start_y), to = at(input.x, input.y);
        if (!from || !to || direction_between(board, index_of(board, *from), index_of(board, *to)) < 0) return {};
        return "pipe " + pluzzle::xy_text(*from) + " " + pluzzle::xy_text(*to);
    }
    if (tool == "turn" || tool == "lock") {
        if (!pluzzle::primary_press(input)) return {};
        const auto cell = pluzzle::event_cell(input, board.rows, board.cols, at);
        return cell ? std::string(tool) + " " + pluzzle::xy_text(*cell) : std::string();
    }
    if (tool == "settings") return {}; // typed
    throw pluzzle::bad_argument("unknown tool '" + std::string(tool) + "' (tools: pipe, turn, lock, settings)", "tool");
}

Board execute_edit(const Board &board, std::string_view edit) {
    const std::vector<pluzzle::Token> w = pluzzle::tokens(edit, " \t\r\n");
    if (w.empty()) bad_edit("empty edit (edits: pipe, turn, lock, rules, grid, wrap, size, name)");
    const std::string_view verb = w[0].text;
    Board next = board;
    if (verb == "pipe" && w.size() == 3) {
        const int64_t a = index_of(board, cell_word(board, w[1].text)), b = index_of(board, cell_word(board, w[2].text));
        const int d = direction_between(board, a, b);
        if (d < 0) bad_edit("tiles " + std::string(w[1].text) + " and " + std::string(w[2].text) + " are not neighbours");
        next.tiles[size_t(a)] ^= uint8_t(1u << d);
        next.tiles[size_t(b)] ^= uint8_t(1u << opposite(board.shape, d));
        return next;
    }
    if ((verb == "turn" || verb == "lock") && w.size() == 2) {
        const int64_t i = index_of(board, cell_word(board, w[1].text));
        if (verb == "turn") {
            next.tiles[size_t(i)] = rotate(board.shape, next.tiles[size_t(i)], 1);
        } else {
            if (next.locked.empty()) next.locked.assign(size_t(board.size()), 0);
            next.locked[size_t(i)] ^= 1;
        }
        return next;
    }
    if (verb == "rules" && w.size() == 2 && (w[1].text == "loop" || w[1].text == "net")) {
        next.rule = w[1].text == "loop" ? Rule::Loop : Rule::Net;
        return next;
    }
    if (verb == "wrap" && w.size() == 2 && (w[1].text == "yes" || w[1].text == "no")) {
        next.wrap = w[1].text == "yes";
        return next;
    }
    if (verb == "grid" && w.size() == 2 && (w[1].text == "square" || w[1].text == "hex")) {
        next.shape = w[1].text == "square" ? Shape::Square : Shape::Hex;
        if (next.shape != board.shape) std::fill(next.tiles.begin(), next.tiles.end(), 0); // other directions
        return next;
    }
    if (verb == "size" && w.size() == 3) {
        const auto cols = pluzzle::whole_number<int>(w[1].text), rows = pluzzle::whole_number<int>(w[2].text);
        if (!cols || !rows || *cols < 1 || *rows < 1 || *cols > 1000 || *rows > 1000)
            bad_edit("expected 'size W H' with 1..1000 tiles a side (larger boards: write the file)");
        next.cols = *cols;
        next.rows = *rows;
        next.tiles.assign(size_t(next.size()), 0);
        if (!board.locked.empty()) next.locked.assign(size_t(next.size()), 0);
        for (int r = 0; r < std::min(rows.value(), board.rows); ++r)
            for (int c = 0; c < std::min(cols.value(), board.cols); ++c) {
                next.tiles[size_t(r) * size_t(*cols) + size_t(c)] =
                    board.tiles[size_t(r) * size_t(board.cols) + size_t(c)];
                if (!board.locked.empty())
                    next.locked[size_t(r) * size_t(*cols) + size_t(c)] =
                        board.locked[size_t(r) * size_t(board.cols) + size_t(c)];
            }
        return next;
    }
    if (verb == "name") {
        const std::string_view text = pluzzle::trim(edit);
        next.name = std::string(pluzzle::trim(text.substr(std::min(text.size(), size_t(4)))));
        return next;
    }
    bad_edit("unknown edit '" + std::string(edit) +
             "' (edits: pipe x,y x,y; turn x,y; lock x,y; rules loop|net; grid square|hex; wrap yes|no; size W H; "
             "name TEXT)");
}

} // namespace loop
