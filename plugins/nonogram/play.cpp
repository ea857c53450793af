// play.cpp -- the play state text, moves, pointer input, status and the "hint" AI. The texts and rules are
// described in play.hpp.
#include "play.hpp"

#include "render.hpp"
#include "solver.hpp"

#include <pluzzle/text.hpp>

#include <cmath>
#include <optional>
#include <utility>
#include <vector>

namespace nonogram {
namespace {

char cell_char(int8_t v) { return v == kFilled ? '#' : v == kEmpty ? '.' : '?'; }

std::optional<int8_t> char_cell(char c) {
    if (c == '#') return int8_t(kFilled);
    if (c == '.') return int8_t(kEmpty);
    if (c == '?') return int8_t(kUnknown);
    return std::nullopt;
}

// The grid with unknown cells read as empty.
Grid as_picture(const Grid &g) {
    Grid pic = g;
    for (int8_t &c : pic.cells)
        if (c == kUnknown) c = kEmpty;
    return pic;
}

std::string cell_name(int row, int col) { return std::to_string(row) + "," + std::to_string(col); }

// "r,c" inside the grid, or a bad_argument naming `field`.
std::pair<int, int> read_cell(const Puzzle &p, std::string_view text, const char *field) {
    const size_t comma = text.find(',');
    const std::optional<int> row = pluzzle::whole_number<int>(text.substr(0, comma));
    const std::optional<int> col =
        comma == std::string_view::npos ? std::nullopt : pluzzle::whole_number<int>(text.substr(comma + 1));
    if (!row || !col)
        throw pluzzle::bad_argument("expected a cell 'row,column', found '" + std::string(text) + "'", field);
    const int r = *row, c = *col;
    if (r < 0 || r >= p.height || c < 0 || c >= p.width)
        throw pluzzle::bad_argument("cell " + std::string(text) + " is outside the " + std::to_string(p.width) + "x" +
                                        std::to_string(p.height) + " grid",
                                    field);
    return {r, c};
}

std::string set_move(const std::vector<std::pair<size_t, int8_t>> &cells, int width) {
    std::string move = "set";
    for (auto &[index, value] : cells)
        move += " " + cell_name(int(index / size_t(width)), int(index % size_t(width))) + " " + cell_char(value);
    return move;
}

} // namespace

std::string encode_grid(const Grid &g) {
    std::string text;
    text.reserve(g.cells.size() + size_t(g.height));
    for (int r = 0; r < g.height; ++r) {
        for (int c = 0; c < g.width; ++c) text += cell_char(g.at(r, c));
        text += '\n';
    }
    return text;
}

Grid decode_grid(const Puzzle &p, std::string_view text) {
    const std::vector<pluzzle::Line> lines = pluzzle::split_lines(text);
    Grid g(p.width, p.height, kUnknown);
    int row = 0;
    for (const pluzzle::Line &line : lines) {
        const std::string_view t = pluzzle::trim(line.text);
        if (t.empty()) {
            if (row > 0 && row < p.height)
                throw pluzzle::parse_error("expected " + std::to_string(p.height) + " rows, found " + std::to_string(row),
                                           line.number, 1);
            continue;
        }
        if (row == p.height)
            throw pluzzle::parse_error("more than " + std::to_string(p.height) + " rows", line.number, 1);
        const size_t lead = line.text.find_first_not_of(" \t");
        for (size_t c = 0; c < t.size(); ++c) {
            const std::optional<int8_t> v = char_cell(t[c]);
            if (!v)
                throw pluzzle::parse_error(std::string("bad cell '") + t[c] + "': expected '#', '.' or '?'", line.number,
                                           int(lead + c) + 1);
            if (c < size_t(p.width)) g.at(row, int(c)) = *v;
        }
        if (t.size() != size_t(p.width))
            throw pluzzle::parse_error("row " + std::to_string(row) + " has " + std::to_string(t.size()) +
                                           " cells, expected " + std::to_string(p.width),
                                       line.number, int(lead + std::min(t.size(), size_t(p.width))) + 1);
        ++row;
    }
    if (row != p.height)
        throw pluzzle::parse_error("expected " + std::to_string(p.height) + " rows, found " + std::to_string(row),
                                   lines.empty() ? 1 : lines.back().number, 1);
    return g;
}

bool is_solved(const Puzzle &p, const Grid &g) { return satisfies(p, as_picture(g)); }

pluzzle::PlayStatus play_status(const Puzzle &p, const PlayState &s) {
    pluzzle::PlayStatus status;
    status.moves = s.moves;
    int rows = 0, cols = 0; // line_matches reads unknown cells as empty: no picture copy needed
    for (int r = 0; r < p.height; ++r) rows += line_matches(p, s.grid, true, r);
    for (int c = 0; c < p.width; ++c) cols += line_matches(p, s.grid, false, c);
    if (rows == p.height && cols == p.width) {
        status.phase = PZ_PLAY_SOLVED;
        status.message = "solved";
    } else {
        status.message = std::to_string(rows) + " of " + std::to_string(p.height) + " rows and " + std::to_string(cols) +
                         " of " + std::to_string(p.width) + " columns match their clues";
    }
    return status;
}

std::string interpret_input(const Puzzle &p, const PlayState &s, const pluzzle::Input &input) {
    const Layout layout = layout_of(p);
    // Keyboard on the host's cursor cell: Space fills, 'x' crosses (each toggles back to unknown).
    if (input.kind == PZ_INPUT_KEY) {
        const pluzzle::grid::Cell cell{input.cell_row, input.cell_col};
        if (!input.has_cell || !layout.grid.contains(cell) || (input.key != ' ' && input.key != 'x')) return {};
        const int8_t target = input.key == ' ' ? kFilled : kEmpty;
        const int8_t next = s.grid.at(cell.row, cell.col) == target ? int8_t(kUnknown) : target;
        return "set " + cell_name(cell.row, cell.col) + " " + cell_char(next);
    }
    if (input.button != 0 && input.button != 1) return {};
    if (input.kind == PZ_INPUT_PRESS) {
        const auto cell = input.has_cell ? std::optional<pluzzle::grid::Cell>(pluzzle::grid::Cell{input.cell_row, input.cell_col})
                                         : layout.grid.cell_at(input.x, input.y);
        if (!cell || !layout.grid.contains(*cell)) return {};
        const int8_t now = s.grid.at(cell->row, cell->col);
        const int8_t target = input.button == 0 ? kFilled : kEmpty;
        const int8_t next = now == target ? int8_t(kUnknown) : target;
        return "set " + cell_name(cell->row, cell->col) + " " + cell_char(next);
    }
    if (input.kind == PZ_INPUT_DRAG) {
        // The press already set the start cell: paint its value along the row or column towards the pointer.
        const auto start = layout.grid.cell_at(input.start_x, input.start_y);
        if (!start) return {};
        const float size = kCellSize;
        const float px = std::isfinite(input.x) ? input.x : input.start_x, py = std::isfinite(input.y) ? input.y : input.start_y;
        const bool along_row = std::abs(px - input.start_x) >= std::abs(py - input.start_y);
        const pz_point centre = layout.grid.center(*start);
        const int offset = along_row ? int(std::lround((px - centre.x) / size)) : int(std::lround((py - centre.y) / size));
        const int8_t value = s.grid.at(start->row, start->col);
        std::vector<std::pair<size_t, int8_t>> cells;
        const int step = offset < 0 ? -1 : 1;
        for (int k = step; std::abs(k) <= std::abs(offset); k += step) {
            const int r = along_row ? start->row : start->row + k, c = along_row ? start->col + k : start->col;
            if (r < 0 || r >= p.height || c < 0 || c >= p.width) break;
            if (s.grid.at(r, c) != value) cells.emplace_back(size_t(r) * size_t(p.width) + size_t(c), value);
        }
        return cells.empty() ? std::string() : set_move(cells, p.width);
    }
    return {};
}

PlayState execute_move(const Puzzle &p, const PlayState &s, std::string_view move) {
    const std::vector<pluzzle::Token> words = pluzzle::tokens(move, " \t\r\n");
    if (words.empty() || words[0].text != "set" || words.size() < 3 || words.size() % 2 != 1)
        throw pluzzle::bad_argument("expected a move 'set row,column #|.|? ...', found '" + std::string(move) + "'",
                                    "move");
    PlayState next = s; // states are immutable: copy, then change
    for (size_t i = 1; i + 1 < words.size(); i += 2) {
        const auto [r, c] = read_cell(p, words[i].text, "move");
        const std::optional<int8_t> v = words[i + 1].text.size() == 1 ? char_cell(words[i + 1].text[0]) : std::nullopt;
        if (!v)
            throw pluzzle::bad_argument("expected '#', '.' or '?' after " + std::string(words[i].text) + ", found '" +
                                            std::string(words[i + 1].text) + "'",
                                        "move");
        next.grid.at(r, c) = *v;
    }
    ++next.moves;
    return next;
}

std::string hint_move(const Puzzle &p, const Grid &g, pluzzle::SolveControl &control) {
    if (is_solved(p, g)) return {};
    if (control.poll()) throw pluzzle::stopped("hint");
    SolverOptions options;
    options.max_solutions = 2;
    const SolverReport report = solve(p, control, options);
    if (control.stopped() && report.solutions.empty()) throw pluzzle::stopped("hint");
    if (report.solutions.empty()) throw pluzzle::invalid("the puzzle has no solution, so there is no hint");

    // The reference solution: one that agrees with every mark, else the one with the fewest wrong marks.
    auto wrong_marks = [&](const Grid &sol) {
        size_t n = 0;
        for (size_t k = 0; k < g.cells.size(); ++k) n += g.cells[k] != kUnknown && g.cells[k] != sol.cells[k];
        return n;
    };
    const Grid *ref = &report.solutions[0];
    for (const Grid &sol : report.solutions)
        if (wrong_marks(sol) < wrong_marks(*ref)) ref = &sol;
    for (size_t k = 0; k < g.cells.size(); ++k)
        if (g.cells[k] != kUnknown && g.cells[k] != ref->cells[k]) return set_move({{k, int8_t(kUnknown)}}, p.width);

    // Marks are right: what line logic decides from them, one row or column at a time.
    Grid decided = g;
    if (propagate(p, decided)) {
        for (int r = 0; r < p.height; ++r) {
            std::vector<std::pair<size_t, int8_t>> cells;
            for (int c = 0; c < p.width; ++c) {
                const size_t k = size_t(r) * size_t(p.width) + size_t(c);
                if (g.cells[k] == kUnknown && decided.cells[k] != kUnknown) cells.emplace_back(k, decided.cells[k]);
            }
            if (!cells.empty()) return set_move(cells, p.width);
        }
        for (int c = 0; c < p.width; ++c) {
            std::vector<std::pair<size_t, int8_t>> cells;
            for (int r = 0; r < p.height; ++r) {
                const size_t k = size_t(r) * size_t(p.width) + size_t(c);
                if (g.cells[k] == kUnknown && decided.cells[k] != kUnknown) cells.emplace_back(k, decided.cells[k]);
            }
            if (!cells.empty()) return set_move(cells, p.width);
        }
    }
    // Line logic is stuck: reveal one cell of the solution, a filled one every found solution agrees on if any.
    std::optional<size_t> pick;
    for (int pass = 0; pass < 3 && !pick; ++pass)
        for (size_t k = 0; k < g.cells.size() && !pick; ++k) {
            if (g.cells[k] != kUnknown) continue;
            bool agreed = true;
            for (const Grid &sol : report.solutions)
                if (wrong_marks(sol) == 0) agreed = agreed && sol.cells[k] == ref->cells[k];
            if ((pass == 0 && agreed && ref->cells[k] == kFilled) || (pass == 1 && agreed) || pass == 2) pick = k;
        }
    if (!pick) return {};
    return set_move({{*pick, ref->cells[*pick]}}, p.width);
}

} // namespace nonogram
