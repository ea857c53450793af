// formats.cpp -- see formats.hpp.
#include "formats.hpp"

#include <pluzzle/text.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

namespace kami {
namespace {

using pluzzle::Line;
using pluzzle::parse_error;
using pluzzle::Token;

pluzzle::Parsed<Board> finished(Board board) {
    std::string name = board.name;
    return {std::move(board), std::move(name)};
}

// ---------------------------------------------------------------- canonical

// A palette colour of a `palette` line, or a parse error pointing at it.
uint32_t parse_rgb(const Token &t, int line) {
    if (const std::optional<uint32_t> rgb = read_rgb(t.text)) return *rgb;
    throw parse_error("a palette colour is '#rrggbb', found '" + std::string(t.text) + "'", line, t.column, "palette");
}

// One canonical level starting at lines[at] ("kami 1"); advances `at` past it.
Board parse_canonical(const std::vector<Line> &lines, size_t &at) {
    Board b;
    const Line &head = lines[at++];
    const auto head_tokens = pluzzle::tokens(head);
    if (head_tokens.size() != 2 || head_tokens[0].text != "kami" || head_tokens[1].text != "1")
        throw parse_error("a kami level starts with 'kami 1'", head.number, 1, "header");
    bool have_grid = false, have_mode = false, have_size = false, have_colours = false, have_pivot = false;
    int pivot_line = head.number;
    Token palette_at{{}, 0}; // the palette's first colour, for the count check once `colours` is known
    int palette_line = 0;
    for (; at < lines.size(); ++at) {
        const Line &line = lines[at];
        const auto t = pluzzle::tokens(line);
        if (t.empty()) continue;
        const std::string_view key = t[0].text;
        const auto expect = [&](size_t n, const char *what) {
            if (t.size() != n)
                throw parse_error(std::string("expected ") + what, line.number, t[0].column, std::string(key));
        };
        if (key == "name") {
            b.name = std::string(pluzzle::trim(line.text.substr(size_t(t[0].column - 1) + 4)));
        } else if (key == "grid") {
            expect(2, "'grid triangle' or 'grid square'");
            if (t[1].text == "triangle") b.grid = Grid::Triangle;
            else if (t[1].text == "square") b.grid = Grid::Square;
            else throw parse_error("the grid is triangle or square", line.number, t[1].column, "grid");
            have_grid = true;
        } else if (key == "mode") {
            expect(2, "'mode free' or 'mode pivot'");
            if (t[1].text == "free") b.mode = Mode::Free;
            else if (t[1].text == "pivot") b.mode = Mode::Pivot;
            else throw parse_error("the mode is free or pivot", line.number, t[1].column, "mode");
            have_mode = true;
        } else if (key == "size") {
            expect(3, "'size WIDTH HEIGHT'");
            b.cols = int(pluzzle::to_int(t[1], line.number, 1, kMaxSide, "size"));
            b.rows = int(pluzzle::to_int(t[2], line.number, 1, kMaxSide, "size"));
            if (b.size() > kMaxCells)
                throw parse_error("at most " + std::to_string(kMaxCells) + " cells", line.number, t[1].column, "size");
            if (have_grid && b.grid == Grid::Triangle && b.cols % 2)
                throw parse_error("a triangle row holds whole rhombi: an even number of triangles", line.number,
                                  t[1].column, "size");
            have_size = true;
        } else if (key == "colours") {
            expect(2, "'colours N'");
            b.colours = int(pluzzle::to_int(t[1], line.number, 1, kMaxColours, "colours"));
            have_colours = true;
        } else if (key == "palette") {
            if (t.size() < 2)
                throw parse_error("expected 'palette #rrggbb ...', one a colour", line.number, t[0].column, "palette");
            b.palette.clear();
            for (size_t k = 1; k < t.size(); ++k) b.palette.push_back(parse_rgb(t[k], line.number));
            palette_at = t[1];
            palette_line = line.number;
        } else if (key == "pivot") {
            expect(3, "'pivot COLUMN ROW'");
            if (!have_size) throw parse_error("'size' comes before 'pivot'", line.number, t[0].column, "pivot");
            const int x = int(pluzzle::to_int(t[1], line.number, 0, b.cols - 1, "pivot"));
            const int y = int(pluzzle::to_int(t[2], line.number, 0, b.rows - 1, "pivot"));
            b.pivot = b.index(y, x);
            have_pivot = true;
            pivot_line = line.number;
        } else if (key == "par") {
            expect(2, "'par MOVES'");
            b.par = int(pluzzle::to_int(t[1], line.number, 0, 1000, "par"));
        } else if (key == "cells") {
            expect(1, "'cells' alone, the rows below it");
            if (!have_grid || !have_mode || !have_size || !have_colours)
                throw parse_error("'grid', 'mode', 'size' and 'colours' come before 'cells'", line.number, 1, "cells");
            ++at;
            b.cells.reserve(size_t(b.size()));
            for (int r = 0; r < b.rows; ++r, ++at) {
                if (at >= lines.size())
                    throw parse_error("expected " + std::to_string(b.rows) + " rows of cells, found " +
                                          std::to_string(r),
                                      lines.back().number, 1, "cells");
                const Line &row = lines[at];
                const std::string_view text = pluzzle::trim(row.text);
                if (int(text.size()) != b.cols)
                    throw parse_error("a row has " + std::to_string(b.cols) + " cells, this one " +
                                          std::to_string(text.size()),
                                      row.number, 1, "cells");
                for (size_t c = 0; c < text.size(); ++c) {
                    const char ch = text[c];
                    if (ch == '.') b.cells.push_back(0);
                    else if (ch >= '1' && ch <= char('0' + b.colours)) b.cells.push_back(uint8_t(ch - '0'));
                    else
                        throw parse_error(std::string("a cell is a colour 1..") + char('0' + b.colours) +
                                              " or '.', found '" + ch + "'",
                                          row.number, int(c) + 1, "cells");
                }
            }
            break;
        } else if (key == "kami") {
            break;
        } else {
            throw parse_error("unknown line '" + std::string(key) + "'", line.number, t[0].column, std::string(key));
        }
    }
    if (b.cells.empty()) throw parse_error("the level has no 'cells' section", head.number, 1, "cells");
    if (palette_line && int(b.palette.size()) != b.colours)
        throw parse_error("the palette lists " + std::to_string(b.palette.size()) + " colours, 'colours' says " +
                              std::to_string(b.colours),
                          palette_line, palette_at.column, "palette");
    if (b.mode == Mode::Pivot && !have_pivot)
        throw parse_error("a pivot-mode level names its pivot: 'pivot COLUMN ROW'", head.number, 1, "pivot");
    if (b.mode == Mode::Free && have_pivot)
        throw parse_error("only a pivot-mode level has a pivot", pivot_line, 1, "pivot");
    try {
        validate_board(b);
    } catch (const pluzzle::Error &e) {
        throw parse_error(e.what(), head.number, 1, e.field());
    }
    return b;
}

// ---------------------------------------------------------------- KAMI 2 .puz

// Expands the level file's run-length tiles: a digit alone, a digit then 'X' and two digits (that many), or a
// digit then a lower-case letter m (m - 'a' + 3 of them).
std::vector<uint8_t> expand_tiles(std::string_view run, int line, int column) {
    std::vector<uint8_t> out;
    for (size_t i = 0; i < run.size();) {
        const char c = run[i];
        if (c < '0' || c > '9')
            throw parse_error(std::string("a tile run starts with a colour digit, found '") + c + "'", line,
                              column + int(i), "tiles");
        size_t count = 1;
        if (i + 1 < run.size() && run[i + 1] == 'X') {
            const auto digit = [&](size_t k) { return k < run.size() && run[k] >= '0' && run[k] <= '9'; };
            if (!digit(i + 2) || !digit(i + 3))
                throw parse_error("'X' is followed by two digits", line, column + int(i) + 1, "tiles");
            count = size_t((run[i + 2] - '0') * 10 + (run[i + 3] - '0'));
            i += 4;
        } else if (i + 1 < run.size() && run[i + 1] >= 'a' && run[i + 1] <= 'z') {
            count = size_t(run[i + 1] - 'a' + 3);
            i += 2;
        } else {
            i += 1;
        }
        if (out.size() + count > size_t(kMaxCells)) throw parse_error("too many tiles", line, column + int(i), "tiles");
        out.insert(out.end(), count, uint8_t(c - '0'));
    }
    return out;
}

Board parse_puz(const Line &line) {
    // Fields may be empty (tokens() would drop them): split by hand, keeping columns.
    std::vector<Token> f;
    for (size_t i = 0, start = 0; i <= line.text.size(); ++i)
        if (i == line.text.size() || line.text[i] == '|') {
            f.push_back({line.text.substr(start, i - start), int(start) + 1});
            start = i + 1;
        }
    if (f.size() < 8) throw parse_error("a KAMI 2 level has at least 8 '|'-separated fields", line.number, 1, "puz");
    if (f[0].text != "01") throw parse_error("only version 01 level files are read", line.number, 1, "version");
    Board b;
    b.grid = Grid::Triangle;
    b.mode = Mode::Free;
    const int rhombi = int(pluzzle::to_int(f[4], line.number, 1, kMaxSide / 2, "width"));
    const long long length = pluzzle::to_int(f[5], line.number, 1, kMaxCells, "length");
    std::vector<uint8_t> tiles = expand_tiles(f[6].text, line.number, f[6].column);
    if (int64_t(tiles.size()) != length)
        throw parse_error("the tiles expand to " + std::to_string(tiles.size()) + " cells, the level says " +
                              std::to_string(length),
                          line.number, f[6].column, "tiles");
    if (length % (2 * rhombi))
        throw parse_error("the tiles do not fill whole rows of " + std::to_string(2 * rhombi) + " triangles",
                          line.number, f[5].column, "length");
    b.cols = 2 * rhombi;
    b.rows = int(length / b.cols);
    b.cells = std::move(tiles);
    for (uint8_t c : b.cells) b.colours = std::max(b.colours, int(c));
    if (!f[7].text.empty()) b.par = int(pluzzle::to_int(f[7], line.number, 0, 1000, "par"));
    try {
        validate_board(b);
    } catch (const pluzzle::Error &e) {
        throw parse_error(e.what(), line.number, 1, e.field());
    }
    return b;
}

// ---------------------------------------------------------------- Flood-It lines

Board parse_floodit(const Line &line) {
    const std::string_view text = pluzzle::trim(line.text);
    const int side = int(std::lround(std::sqrt(double(text.size()))));
    if (text.empty() || int64_t(side) * side != int64_t(text.size()) || side > kMaxSide)
        throw parse_error("a Flood-It board is a line of n*n colour digits, this one has " +
                              std::to_string(text.size()),
                          line.number, 1, "cells");
    Board b;
    b.grid = Grid::Square;
    b.mode = Mode::Pivot;
    b.rows = b.cols = side;
    for (size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if (ch < '1' || ch > '9')
            throw parse_error(std::string("a cell is a colour digit 1..9, found '") + ch + "'", line.number, int(i) + 1,
                              "cells");
        b.cells.push_back(uint8_t(ch - '0'));
        b.colours = std::max(b.colours, ch - '0');
    }
    b.pivot = 0;
    return b;
}

bool looks_like_floodit(std::string_view line) {
    line = pluzzle::trim(line);
    if (line.size() < 4) return false;
    for (char c : line)
        if (c < '1' || c > '9') return false;
    const int64_t side = std::lround(std::sqrt(double(line.size())));
    return side * side == int64_t(line.size());
}

} // namespace

std::vector<pluzzle::Parsed<Board>> parse_levels(std::string_view text, std::string_view format) {
    const std::vector<Line> lines = pluzzle::split_lines(text);
    size_t first = 0;
    while (first < lines.size() && pluzzle::trim(lines[first].text).empty()) ++first;
    if (first == lines.size()) throw parse_error("no level in the text", 1, 1);
    const std::string_view start = pluzzle::trim(lines[first].text);
    if (format.empty()) {
        if (start.substr(0, 5) == "kami ") format = "canonical";
        else if (start.substr(0, 3) == "01|") format = "puz";
        else if (looks_like_floodit(start)) format = "floodit";
        else throw parse_error("not a kami level: expected 'kami 1', a KAMI 2 level line or a Flood-It line",
                               lines[first].number, 1, "format");
    }
    std::vector<pluzzle::Parsed<Board>> out;
    if (format == "canonical") {
        for (size_t at = first; at < lines.size();) {
            if (pluzzle::trim(lines[at].text).empty()) {
                ++at;
                continue;
            }
            out.push_back(finished(parse_canonical(lines, at)));
        }
    } else if (format == "puz" || format == "floodit") {
        for (const Line &line : lines) {
            if (pluzzle::trim(line.text).empty()) continue;
            out.push_back(finished(format == "puz" ? parse_puz(line) : parse_floodit(line)));
        }
    } else {
        throw pluzzle::bad_argument("unknown format '" + std::string(format) + "' (canonical, puz, floodit)",
                                    "format");
    }
    return out;
}

std::string encode_board(const Board &b) {
    std::string s = "kami 1\n";
    if (!b.name.empty()) s += "name " + b.name + "\n";
    s += std::string("grid ") + grid_name(b.grid) + "\nmode " + mode_name(b.mode) + "\n";
    s += "size " + std::to_string(b.cols) + " " + std::to_string(b.rows) + "\n";
    s += "colours " + std::to_string(b.colours) + "\n";
    if (!is_default_palette(b.palette, b.colours)) {
        s += "palette";
        for (uint32_t rgb : b.palette) s += " " + rgb_text(rgb);
        s += "\n";
    }
    if (b.mode == Mode::Pivot)
        s += "pivot " + std::to_string(b.pivot % b.cols) + " " + std::to_string(b.pivot / b.cols) + "\n";
    if (b.par) s += "par " + std::to_string(b.par) + "\n";
    s += "cells\n";
    for (int r = 0; r < b.rows; ++r) {
        for (int c = 0; c < b.cols; ++c) {
            const uint8_t v = b.cells[size_t(b.index(r, c))];
            s += v ? char('0' + v) : '.';
        }
        s += '\n';
    }
    return s;
}

std::optional<uint32_t> read_rgb(std::string_view s) {
    if (s.size() != 7 || s[0] != '#') return std::nullopt;
    uint32_t rgb = 0;
    for (const char c : s.substr(1)) {
        int digit = -1;
        if (c >= '0' && c <= '9') digit = c - '0';
        else if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
        if (digit < 0) return std::nullopt;
        rgb = rgb << 4 | uint32_t(digit);
    }
    return rgb;
}

std::string rgb_text(uint32_t rgb) {
    static const char hex[] = "0123456789abcdef";
    std::string s = "#";
    for (int shift = 20; shift >= 0; shift -= 4) s += hex[rgb >> shift & 15];
    return s;
}

std::string encode_moves(const Board &b, const std::vector<Move> &moves) {
    std::string s;
    for (const Move &m : moves) {
        if (!s.empty()) s += ' ';
        s += std::to_string(m.cell % b.cols) + "," + std::to_string(m.cell / b.cols) + "=" + std::to_string(m.colour);
    }
    return s;
}

std::vector<Move> decode_moves(const Board &b, std::string_view text) {
    std::vector<Move> moves;
    for (const Token &t : pluzzle::tokens(text, " \t\r\n")) {
        const std::string word(t.text);
        const size_t comma = word.find(','), eq = word.find('=');
        const auto bad = [&](const std::string &why) {
            return pluzzle::invalid("move " + std::to_string(moves.size() + 1) + " '" + word + "': " + why, "moves");
        };
        if (comma == std::string::npos || eq == std::string::npos || eq < comma) throw bad("expected x,y=colour");
        const auto x = pluzzle::whole_number<int>(std::string_view(word).substr(0, comma));
        const auto y = pluzzle::whole_number<int>(std::string_view(word).substr(comma + 1, eq - comma - 1));
        const auto c = pluzzle::whole_number<int>(std::string_view(word).substr(eq + 1));
        if (!x || !y || !c) throw bad("expected x,y=colour with whole numbers");
        if (*x < 0 || *x >= b.cols || *y < 0 || *y >= b.rows) throw bad("the cell is off the board");
        if (*c < 1 || *c > b.colours) throw bad("the colour is not in the palette 1.." + std::to_string(b.colours));
        const int64_t cell = b.index(*y, *x);
        if (!b.cells[size_t(cell)]) throw bad("there is no tile there");
        moves.push_back({cell, uint8_t(*c)});
    }
    return moves;
}

} // namespace kami
