// edit.cpp -- see edit.hpp.
#include "edit.hpp"

#include "bounded_solve.hpp"
#include "formats.hpp"
#include "regions.hpp"
#include "render.hpp"

#include <pluzzle/input.hpp>
#include <pluzzle/text.hpp>

#include <algorithm>

namespace kami {
namespace {

// `par auto` runs while the editor waits: enough for the pack's levels, short enough to stay interactive.
constexpr Budget kParBudget{5'000'000, 3.0};

const char *const kEdits = "paint x,y c; fill x,y c; colour c; size W H; grid triangle|square; mode free|pivot; "
                           "pivot x,y; colours N; palette #rrggbb ...|default; name TEXT; par N|auto";

[[noreturn]] void bad(const std::string &why, const std::string &field) { throw pluzzle::bad_argument(why, field); }

std::string xy(const Board &b, int64_t i) { return std::to_string(i % b.cols) + "," + std::to_string(i / b.cols); }

int64_t cell_word(const Board &b, std::string_view word, const std::string &field) {
    std::string why;
    if (const auto cell = pluzzle::parse_xy(word, b.rows, b.cols, why)) return b.index(cell->row, cell->col);
    bad(why, field);
}

int number_word(std::string_view word, int lo, int hi, const std::string &field, const std::string &what) {
    const std::optional<int> n = pluzzle::whole_number<int>(word);
    if (!n || *n < lo || *n > hi)
        bad(what + " is a whole number " + std::to_string(lo) + ".." + std::to_string(hi) + ", found '" +
                std::string(word) + "'",
            field);
    return *n;
}

int64_t first_tile(const Board &b) {
    for (int64_t i = 0; i < b.size(); ++i)
        if (b.cells[size_t(i)]) return i;
    return 0;
}

// A digit key for a colour of the palette: the colour, else 0.
int colour_key(const Board &b, const pluzzle::Input &in) {
    return in.kind == PZ_INPUT_KEY && in.key >= '1' && in.key <= '0' + b.colours ? in.key - '0' : 0;
}

std::string choose(const Board &b, int c) { return c == b.brush ? std::string() : "colour " + std::to_string(c); }

// `paint`: each cell the pointer presses or drags over, or the host's cell on a key.
std::string paint_input(const Board &b, const pluzzle::Input &in) {
    const int key = colour_key(b, in);
    if (key && !in.has_cell) return choose(b, key);
    const bool erase_key = in.kind == PZ_INPUT_KEY && (in.key == PZ_KEY_DELETE || in.key == PZ_KEY_BACKSPACE);
    const bool pointer = in.kind == PZ_INPUT_PRESS || in.kind == PZ_INPUT_DRAG;
    if (!key && !erase_key && !pointer && !pluzzle::primary_press(in)) return {};
    if (in.kind == PZ_INPUT_PRESS && in.button == 0)
        if (const std::optional<int> c = swatch_at(b, in.x, in.y)) return choose(b, *c);
    const std::optional<int64_t> cell = input_cell(b, in);
    if (!cell) return {};
    const bool erase = erase_key || (pointer && (in.button == 1 || (in.modifiers & PZ_MOD_SHIFT)));
    const int colour = key ? key : erase ? 0 : b.brush;
    if (b.cells[size_t(*cell)] == colour) return {};
    return "paint " + xy(b, *cell) + " " + std::to_string(colour);
}

// `fill`: the region under a press.
std::string fill_input(const Board &b, const pluzzle::Input &in) {
    if (const int key = colour_key(b, in)) return choose(b, key);
    if (in.kind != PZ_INPUT_PRESS && !pluzzle::primary_press(in)) return {};
    if (in.kind == PZ_INPUT_PRESS && in.button == 0)
        if (const std::optional<int> c = swatch_at(b, in.x, in.y)) return choose(b, *c);
    const std::optional<int64_t> cell = input_cell(b, in);
    if (!cell || !b.cells[size_t(*cell)]) return {};
    const bool erase = in.kind == PZ_INPUT_PRESS && (in.button == 1 || (in.modifiers & PZ_MOD_SHIFT));
    const int colour = erase ? 0 : b.brush;
    if (b.cells[size_t(*cell)] == colour) return {};
    return "fill " + xy(b, *cell) + " " + std::to_string(colour);
}

// `colour`: a key, a swatch, or a tile whose colour to take.
std::string colour_input(const Board &b, const pluzzle::Input &in) {
    if (const int key = colour_key(b, in)) return choose(b, key);
    if (!pluzzle::primary_press(in)) return {};
    if (in.kind == PZ_INPUT_PRESS)
        if (const std::optional<int> c = swatch_at(b, in.x, in.y)) return choose(b, *c);
    const std::optional<int64_t> cell = input_cell(b, in);
    if (!cell || !b.cells[size_t(*cell)]) return {};
    return choose(b, b.cells[size_t(*cell)]);
}

void set_par_auto(Board &b) {
    const SolveReport r = solve_within(b, SolveOptions{}, kParBudget);
    if (r.status == PZ_SOLVE_SOLVED) {
        b.par = int(r.moves.size());
        return;
    }
    if (r.status == PZ_SOLVE_UNSOLVABLE)
        throw pluzzle::invalid("par auto: no move list finishes this level (holes cut tiles of two colours or more off from the pivot)", "par");
    std::string known = "at least " + std::to_string(r.lower_bound);
    if (r.upper_bound >= 0) known += ", at most " + std::to_string(r.upper_bound);
    throw pluzzle::invalid("par auto: the solver stopped at its limit (" + std::to_string(kParBudget.nodes) +
                               " states or " + std::to_string(int(kParBudget.seconds)) +
                               " s) before proving the fewest moves (" + known + "); type 'par N' instead",
                           "par");
}

// An edit without blanks or line breaks around it (a typed edit may end with one).
std::string_view stripped(std::string_view s) {
    while (!s.empty() && std::string_view(" \t\r\n").find(s.front()) != std::string_view::npos)
        s.remove_prefix(1);
    while (!s.empty() && std::string_view(" \t\r\n").find(s.back()) != std::string_view::npos)
        s.remove_suffix(1);
    return s;
}

// The whole of the (stripped) edit after its verb, trimmed.
std::string rest_of(std::string_view edit, const pluzzle::Token &verb) {
    const size_t from = size_t(verb.column - 1) + verb.text.size();
    return std::string(pluzzle::trim(edit.substr(std::min(from, edit.size()))));
}

} // namespace

std::string edit_input(const Board &board, std::string_view tool, const pluzzle::Input &input) {
    if (tool == "paint") return paint_input(board, input);
    if (tool == "fill") return fill_input(board, input);
    if (tool == "colour") return colour_input(board, input);
    if (tool == "settings") return {}; // typed
    throw pluzzle::bad_argument("unknown tool '" + std::string(tool) + "' (tools: paint, fill, colour, settings)",
                                "tool");
}

Board execute_edit(const Board &board, std::string_view edit) {
    edit = stripped(edit);
    const std::vector<pluzzle::Token> w = pluzzle::tokens(edit, " \t");
    if (w.empty()) bad(std::string("empty edit (edits: ") + kEdits + ")", "edit");
    const std::string_view verb = w[0].text;
    Board b = board;
    const auto arity = [&](size_t n, const char *form) {
        if (w.size() != n)
            bad("expected '" + std::string(form) + "', found '" + std::string(edit) + "'", std::string(verb));
    };
    if (verb == "paint" || verb == "fill") {
        arity(3, verb == "paint" ? "paint x,y c" : "fill x,y c");
        const int64_t i = cell_word(b, w[1].text, "cell");
        const uint8_t c = uint8_t(number_word(w[2].text, 0, b.colours, "colour", "a colour (0: no tile)"));
        if (verb == "paint") {
            b.cells[size_t(i)] = c;
        } else {
            if (!b.cells[size_t(i)]) bad("there is no tile at " + std::string(w[1].text) + " to fill from", "cell");
            const RegionGraph g = region_graph(b, b.cells);
            const int32_t region = g.region_of[size_t(i)];
            for (size_t k = 0; k < b.cells.size(); ++k)
                if (g.region_of[k] == region) b.cells[k] = c;
        }
    } else if (verb == "colour") {
        arity(2, "colour c");
        b.brush = uint8_t(number_word(w[1].text, 1, b.colours, "colour", "the paint colour"));
    } else if (verb == "size") {
        arity(3, "size W H");
        const int cols = number_word(w[1].text, 1, kMaxSide, "size", "the width");
        const int rows = number_word(w[2].text, 1, kMaxSide, "size", "the height");
        if (int64_t(cols) * rows > kMaxCells) bad("at most " + std::to_string(kMaxCells) + " cells", "size");
        if (b.grid == Grid::Triangle && cols % 2) bad("a triangle row holds whole rhombi: the width is even", "size");
        b.cols = cols, b.rows = rows;
        b.cells.assign(size_t(b.size()), b.brush);
        for (int r = 0; r < std::min(rows, board.rows); ++r)
            for (int c = 0; c < std::min(cols, board.cols); ++c)
                b.cells[size_t(b.index(r, c))] = board.cells[size_t(board.index(r, c))];
        const int pr = int(board.pivot / board.cols), pc = int(board.pivot % board.cols);
        b.pivot = pr < rows && pc < cols ? b.index(pr, pc) : 0;
        if (b.mode == Mode::Pivot && !b.cells[size_t(b.pivot)]) b.pivot = first_tile(b);
    } else if (verb == "grid") {
        arity(2, "grid triangle|square");
        if (w[1].text == "square")
            b.grid = Grid::Square;
        else if (w[1].text != "triangle")
            bad("the grid is triangle or square", "grid");
        else if (b.cols % 2)
            bad("a triangle row holds whole rhombi: make the width even first ('size W H')", "grid");
        else
            b.grid = Grid::Triangle;
    } else if (verb == "mode") {
        arity(2, "mode free|pivot");
        if (w[1].text != "free" && w[1].text != "pivot") bad("the mode is free or pivot", "mode");
        b.mode = w[1].text == "free" ? Mode::Free : Mode::Pivot;
        if (b.mode == Mode::Free)
            b.pivot = 0;
        else if (!b.cells[size_t(b.pivot)])
            b.pivot = first_tile(b);
    } else if (verb == "pivot") {
        arity(2, "pivot x,y");
        const int64_t i = cell_word(b, w[1].text, "pivot");
        if (!b.cells[size_t(i)]) bad("the pivot must be a tile, and " + std::string(w[1].text) + " is none", "pivot");
        b.mode = Mode::Pivot;
        b.pivot = i;
    } else if (verb == "colours") {
        arity(2, "colours N");
        const int n = number_word(w[1].text, 1, kMaxColours, "colours", "the number of colours");
        const uint8_t highest = *std::max_element(b.cells.begin(), b.cells.end());
        if (highest > n)
            bad("cells use colour " + std::to_string(highest) + ": recolour them before the palette drops it",
                "colours");
        if (!b.palette.empty()) {
            const size_t kept = b.palette.size();
            b.palette.resize(size_t(n));
            for (size_t i = kept; i < b.palette.size(); ++i)
                b.palette[i] = default_palette()[i];
        }
        b.colours = n;
        b.brush = uint8_t(std::min<int>(b.brush, n));
    } else if (verb == "palette") {
        if (w.size() == 2 && w[1].text == "default") {
            b.palette.clear();
        } else {
            if (int(w.size()) != b.colours + 1)
                bad("expected " + std::to_string(b.colours) + " colours '#rrggbb' (one a colour) or 'default'",
                    "palette");
            b.palette.clear();
            for (size_t k = 1; k < w.size(); ++k) {
                const std::optional<uint32_t> rgb = read_rgb(w[k].text);
                if (!rgb) bad("a palette colour is '#rrggbb', found '" + std::string(w[k].text) + "'", "palette");
                b.palette.push_back(*rgb);
            }
        }
    } else if (verb == "name") {
        b.name = rest_of(edit, w[0]);
        if (b.name.find_first_of("\r\n") != std::string::npos) bad("a name is one line", "name");
    } else if (verb == "par") {
        arity(2, "par N|auto");
        if (w[1].text == "auto")
            set_par_auto(b);
        else
            b.par = number_word(w[1].text, 0, 1000, "par", "the par (0: none)");
    } else {
        bad("unknown edit '" + std::string(edit) + "' (edits: " + kEdits + ")", "edit");
    }
    validate_board(b); // e.g. the last tile or the pivot painted away: the host would refuse the level
    return b;
}

} // namespace kami
