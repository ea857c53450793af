// sudoku_plugin.cpp -- files, drawing, play and editing (README.md describes the formats and moves): what the
// host asks of the rules in sudoku_rules.cpp.
#include "sudoku.hpp"

#include <pluzzle/char_grid.hpp>
#include <pluzzle/export.hpp>
#include <pluzzle/grid_lines.hpp>
#include <pluzzle/input.hpp>

#include <algorithm>

namespace sudoku {
namespace {

constexpr float kCell = 40, kMargin = 10;
const pluzzle::grid::SquareGrid kBoard(9, 9, kCell, {kMargin, kMargin});
bool comment_or_blank(const pluzzle::Line &l) {
    return pluzzle::trim(l.text).empty() || pluzzle::trim(l.text)[0] == '#';
}

std::vector<pluzzle::Parsed<Grid>> parse_canonical(const std::vector<pluzzle::Line> &lines) {
    std::vector<pluzzle::Parsed<Grid>> levels;
    for (size_t i = 0;;) {
        while (i < lines.size() && comment_or_blank(lines[i]))
            ++i;
        if (i == lines.size()) return levels;
        Grid g;
        const std::string_view first = pluzzle::trim(lines[i].text);
        if (first.substr(0, 5) == "name ") g.name = std::string(pluzzle::trim(first.substr(5))), ++i;
        const pluzzle::CharGrid cells = pluzzle::read_char_grid(lines, i, {".0123456789", 9, 9, " |-+"});
        for (int c = 0; c < 81; ++c)
            g.digit[c] = uint8_t(std::max(0, cells.at(c / 9, c % 9) - '0'));
        if (i < lines.size() && !comment_or_blank(lines[i]))
            throw pluzzle::parse_error("expected a blank line after the 9 rows", lines[i].number, 1);
        levels.push_back({g, g.name});
    }
}

// A move or edit "<digit> x,y" written on `g` (digit 0 clears the cell).
Grid write_digit(Grid g, std::string_view text, const std::string &field) {
    const auto [digit, cell] = pluzzle::word_cell(text, 9, 9, field);
    if (digit.size() != 1 || digit[0] < '0' || digit[0] > '9')
        throw pluzzle::bad_argument("bad " + field + " '" + std::string(text) + "': expected '<digit 0-9> x,y'", field);
    g.digit[cell.row * 9 + cell.col] = uint8_t(digit[0] - '0');
    return g;
}

// The digits entered, if they leave every given as it is.
Grid keeping_givens(const Grid &givens, Grid entries) {
    for (int c = 0; c < 81; ++c)
        if (givens.digit[c] && entries.digit[c] != givens.digit[c])
            throw pluzzle::invalid("cell " + pluzzle::xy_text({c / 9, c % 9}) + " is a given: it cannot change");
    return entries;
}

} // namespace

class Sudoku : public pluzzle::TypedPuzzle<Grid, Grid> { // levels: the givens; states: the digits entered
  public:
    static constexpr uint64_t capabilities =
        PZ_CAP_SOLVE | PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_GENERATE | PZ_CAP_PLAY | PZ_CAP_EDIT | PZ_CAP_BLANK;

    pluzzle::PluginInfo info() const {
        pluzzle::PluginInfo i{"sudoku", "Sudoku", "1.0", "9x9 Sudoku: complete solver, generator, digit-key play"};
        i.formats = {{"sudoku", "sudoku", "9 rows of 9 cells, '.' for empty"}, {"line", "sdm", "81 cells a line"}};
        i.params = {{"clues", PZ_PARAM_INT, "28", 17, 81, "", "the most givens the generator leaves"}};
        i.tools = {{"givens", "Givens", "g", "type a digit on a cell; 0, Backspace or Delete clears it"}};
        return i;
    }

    std::vector<pluzzle::Parsed<Grid>> parse(std::string_view text, std::string_view format) const {
        const std::vector<pluzzle::Line> lines = pluzzle::split_lines(text);
        const auto first = std::find_if(lines.begin(), lines.end(), [](auto &l) { return !comment_or_blank(l); });
        if (format.empty()) format = first != lines.end() && pluzzle::trim(first->text).size() == 81 ? "line" : "";
        if (format != "line") return parse_canonical(lines);
        std::vector<pluzzle::Parsed<Grid>> levels;
        for (const pluzzle::Line &line : lines)
            if (!comment_or_blank(line)) levels.push_back({from_line(line.text, line.number)});
        return levels;
    }
    std::string encode(const Grid &g) const {
        std::string text = g.name.empty() ? "" : "name " + g.name + "\n";
        for (int r = 0; r < 9; ++r)
            text += to_line(g).substr(size_t(r) * 9, 9) + "\n";
        return text;
    }
    void validate(const Grid &g) const {
        if (const std::string why = conflict(g); !why.empty())
            throw pluzzle::invalid("the givens break the rules: " + why);
    }
    pluzzle::Metadata describe(const Grid &g) const {
        return {{"size", "9x9"}, {"clues", std::to_string(81 - std::count(g.digit.begin(), g.digit.end(), 0))}};
    }

    pluzzle::SolveOutcome solve(const Grid &g, pluzzle::SolveControl &control) const {
        Grid work = g; // search() fills it
        return {control.counted_status(search(work, control))};
    }
    Grid generate(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control) const {
        return generate_grid(int(params.integer("clues")), seed, control);
    }
    Grid blank(const pluzzle::Params &) const { return Grid{}; }
    pluzzle::grid::SquareGrid cell_grid(const Grid &) const { return kBoard; } // the keyboard cursor's cells

    void render(const Grid &givens, const Grid *entries, pluzzle::Canvas &canvas) const {
        canvas.begin(9 * kCell + 2 * kMargin, 9 * kCell + 2 * kMargin);
        pluzzle::draw_grid_lines(canvas, kBoard, {pluzzle::kBlack, pluzzle::kBlack, 1, 3, 3}); // 3x3 boxes
        for (int c = 0; c < 81; ++c) {
            const int d = entries ? entries->digit[c] : givens.digit[c];
            const pluzzle::Point at = kBoard.center({c / 9, c % 9});
            if (d)
                canvas.text(at.x, at.y, 24, givens.digit[c] ? pluzzle::kBlack : pluzzle::Color{30, 90, 200},
                            std::to_string(d));
        }
    }

    Grid start(const Grid &givens) const { return givens; }
    Grid decode_state(const Grid &givens, std::string_view text) const {
        return keeping_givens(givens, from_line(text, 1));
    }
    std::string encode_state(const Grid &, const Grid &entries) const { return to_line(entries); }
    pluzzle::PlayStatus status(const Grid &, const Grid &entries) const {
        const auto empty = std::count(entries.digit.begin(), entries.digit.end(), 0);
        pluzzle::PlayStatus s{empty ? PZ_PLAY_ONGOING : PZ_PLAY_SOLVED};
        s.message = conflict(entries);
        if (!s.message.empty()) s.phase = PZ_PLAY_ONGOING;
        return s;
    }
    // Digit keys (0, Backspace and Delete clear) on the cursor's cell or the cell under the pointer; a left or
    // right click counts the cell's digit up or down.
    std::string interpret(const Grid &givens, const Grid &entries, const pluzzle::Input &in) const {
        const auto cell = pluzzle::event_cell(in, 9, 9, [](float x, float y) { return kBoard.cell_at(x, y); });
        if (!cell || givens.digit[cell->row * 9 + cell->col]) return {};
        const int now = entries.digit[cell->row * 9 + cell->col];
        int d = -1;
        if (in.kind == PZ_INPUT_KEY && in.key >= '0' && in.key <= '9') d = in.key - '0';
        if (in.kind == PZ_INPUT_KEY && (in.key == PZ_KEY_BACKSPACE || in.key == PZ_KEY_DELETE)) d = 0;
        if (in.kind == PZ_INPUT_PRESS && (in.button == 0 || in.button == 1)) d = (now + (in.button ? 9 : 1)) % 10;
        return d < 0 ? std::string() : std::to_string(d) + " " + pluzzle::xy_text(*cell);
    }
    Grid execute(const Grid &givens, const Grid &entries, std::string_view move) const {
        return keeping_givens(givens, write_digit(entries, move, "move"));
    }

    std::string edit_interpret(const Grid &givens, std::string_view tool, const pluzzle::Input &in) const {
        if (tool != "givens") throw pluzzle::bad_argument("unknown tool '" + std::string(tool) + "'", "tool");
        return interpret(Grid{}, givens, in);
    }
    Grid edit_execute(const Grid &givens, std::string_view edit) const { return write_digit(givens, edit, "edit"); }
};

} // namespace sudoku

PLUZZLE_EXPORT_PLUGIN(sudoku::Sudoku)
