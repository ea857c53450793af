// pluzzle/char_grid.hpp -- a board drawn as rows of characters, read with the line and column of every error.
//
//   const std::vector<pluzzle::Line> lines = pluzzle::split_lines(text);
//   size_t next = 2;                                      // the first row's index in `lines`
//   const pluzzle::CharGrid g = pluzzle::read_char_grid(lines, next, {".123456789", 9, 9, " |"});
//   g.at(row, col) ...                                    // `next` now points past the last row
//
// Most grid puzzles store their board this way; the rules every such reader needs (ragged rows, a stray
// character, too few rows, trailing blanks, an end of file where a row should be) are handled here once.
#pragma once
#include <pluzzle/error.hpp>
#include <pluzzle/text.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace pluzzle {

struct CharGridSpec {
    std::string_view cells;        // the characters a cell may be, e.g. "#." or ".123456789"
    int width = 0;                 // cells per row; 0: as many as the first row has
    int height = 0;                // rows; 0: up to the next blank line or the end of the text
    std::string_view ignore = {};  // characters that are not cells, e.g. " |-+" for drawn boxes (a row of only
                                   // these is a separator line, not a row)
    int max_side = 1000;           // the most rows or columns accepted when width or height is 0
    std::string_view ends_at = {}; // a line starting with this (after blanks) ends the grid as a blank line does,
                                   // e.g. the next level's header
};

struct CharGrid {
    int width = 0, height = 0;
    std::vector<std::string> rows; // `height` rows of `width` cells, without the ignored characters
    std::vector<int> lines;        // each row's line number, for errors found later (validate)
    char at(int row, int col) const { return rows[size_t(row)][size_t(col)]; }
};

// Reads the rows starting at lines[next] and moves `next` past them. Throws parse_error with line and column.
inline CharGrid read_char_grid(const std::vector<Line> &lines, size_t &next, const CharGridSpec &spec) {
    CharGrid grid;
    grid.width = spec.width;
    const auto ends = [&](const Line &l) {
        const std::string_view t = trim(l.text);
        return t.empty() || (!spec.ends_at.empty() && t.substr(0, spec.ends_at.size()) == spec.ends_at);
    };
    const int after_last = lines.empty() ? 1 : lines.back().number + 1;
    for (int row = 0; spec.height == 0 || row < spec.height; ++row) {
        if (next == lines.size() || ends(lines[next])) {
            if (spec.height == 0 && row > 0) break;
            const int where = next == lines.size() ? after_last : lines[next].number;
            throw parse_error(spec.height
                                  ? "expected " + std::to_string(spec.height) + " rows, found " + std::to_string(row)
                                  : std::string("expected a row of the grid"),
                              where, 1);
        }
        const Line &line = lines[next++];
        if (row == spec.max_side && spec.height == 0)
            throw parse_error("more than " + std::to_string(spec.max_side) + " rows", line.number, 1);
        std::string cells;
        std::vector<int> columns; // of each cell, for the error about the first cell too many
        const size_t end = line.text.find_last_not_of(" \t\r\n") + 1; // 0 for an all-blank line
        for (size_t i = 0; i < end; ++i) {
            const char c = line.text[i];
            if (spec.ignore.find(c) != std::string_view::npos) continue;
            if (spec.cells.find(c) == std::string_view::npos)
                throw parse_error(std::string("bad character '") + c + "' in row " + std::to_string(row + 1) +
                                      ": a cell is one of '" + std::string(spec.cells) + "'",
                                  line.number, int(i) + 1);
            if (grid.width == 0 && int(cells.size()) == spec.max_side)
                throw parse_error("more than " + std::to_string(spec.max_side) + " columns", line.number, int(i) + 1);
            cells += c;
            columns.push_back(int(i) + 1);
        }
        if (cells.empty()) { // only ignored characters: a drawn separator such as "------+------"
            --row;
            continue;
        }
        if (grid.width == 0) grid.width = int(cells.size());
        if (int(cells.size()) != grid.width)
            throw parse_error("row " + std::to_string(row + 1) + " has " + std::to_string(cells.size()) +
                                  " cells, expected " + std::to_string(grid.width),
                              line.number, int(cells.size()) > grid.width ? columns[size_t(grid.width)] : int(end) + 1);
        grid.rows.push_back(std::move(cells));
        grid.lines.push_back(line.number);
    }
    grid.height = int(grid.rows.size());
    return grid;
}

} // namespace pluzzle
