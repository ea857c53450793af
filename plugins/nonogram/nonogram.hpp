// nonogram.hpp -- the nonogram (Griddlers, paint-by-number) model shared by every file of the plugin.
//
// A puzzle is a width x height grid with a clue per row and per column: the lengths of the runs of filled
// cells, in order. A grid state holds, per cell, unknown / empty / filled.
#pragma once
#include <pluzzle/puzzle_types.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace nonogram {

using Clue = std::vector<int>; // run lengths, each >= 1; empty = a blank line

// Cell values of a Grid. Solutions hold only kEmpty/kFilled.
enum : int8_t { kUnknown = -1, kEmpty = 0, kFilled = 1 };

struct Grid {
    int width = 0, height = 0;
    std::vector<int8_t> cells; // row-major, width * height

    Grid() = default;
    Grid(int w, int h, int8_t fill = kUnknown) : width(w), height(h), cells(size_t(w) * size_t(h), fill) {}
    int8_t &at(int row, int col) { return cells[size_t(row) * size_t(width) + size_t(col)]; }
    int8_t at(int row, int col) const { return cells[size_t(row) * size_t(width) + size_t(col)]; }
    bool complete() const {
        for (int8_t c : cells)
            if (c == kUnknown) return false;
        return true;
    }
    bool operator==(const Grid &o) const { return width == o.width && height == o.height && cells == o.cells; }
};

struct Puzzle {
    int width = 0, height = 0;
    std::vector<Clue> rows, cols; // rows.size() == height, cols.size() == width
    // Metadata kept from the file, in file order: catalogue, title, by, copyright, license, ... (values unquoted).
    std::vector<std::pair<std::string, std::string>> meta;
    std::string goal; // optional intended picture: width*height '0'/'1' row-major; empty if none
};

// The run lengths of a finished line (kFilled runs), e.g. for deriving clues from a picture.
inline Clue runs_of(const int8_t *cells, int n, int stride = 1) {
    Clue out;
    int run = 0;
    for (int i = 0; i < n; ++i) {
        if (cells[size_t(i) * size_t(stride)] == kFilled) {
            ++run;
        } else if (run) {
            out.push_back(run);
            run = 0;
        }
    }
    if (run) out.push_back(run);
    return out;
}

// runs_of(cells, n, stride) == clue, without building the runs (render and play ask it of every line, every frame).
inline bool runs_match(const int8_t *cells, int n, int stride, const Clue &clue) {
    size_t k = 0;
    int run = 0;
    for (int i = 0; i <= n; ++i) {
        if (i < n && cells[size_t(i) * size_t(stride)] == kFilled) {
            ++run;
        } else if (run) {
            if (k == clue.size() || clue[k] != run) return false;
            ++k;
            run = 0;
        }
    }
    return k == clue.size();
}

// Row `k` (or column k) of `g`, unknown cells read as empty, matches its clue. g is p's size.
inline bool line_matches(const Puzzle &p, const Grid &g, bool row, int k) {
    return row ? runs_match(&g.cells[size_t(k) * size_t(p.width)], p.width, 1, p.rows[size_t(k)])
               : runs_match(&g.cells[size_t(k)], p.height, p.width, p.cols[size_t(k)]);
}

// Clues of a complete picture.
inline void derive_clues(const Grid &picture, Puzzle &p) {
    p.width = picture.width;
    p.height = picture.height;
    p.rows.assign(size_t(picture.height), {});
    p.cols.assign(size_t(picture.width), {});
    for (int r = 0; r < picture.height; ++r) p.rows[size_t(r)] = runs_of(&picture.cells[size_t(r) * size_t(picture.width)], picture.width);
    for (int c = 0; c < picture.width; ++c) p.cols[size_t(c)] = runs_of(&picture.cells[size_t(c)], picture.height, picture.width);
}

// True when `g` is complete and every row and column matches its clue.
inline bool satisfies(const Puzzle &p, const Grid &g) {
    if (g.width != p.width || g.height != p.height || !g.complete()) return false;
    for (int r = 0; r < p.height; ++r)
        if (!runs_match(&g.cells[size_t(r) * size_t(g.width)], g.width, 1, p.rows[size_t(r)])) return false;
    for (int c = 0; c < p.width; ++c)
        if (!runs_match(&g.cells[size_t(c)], g.height, g.width, p.cols[size_t(c)])) return false;
    return true;
}

} // namespace nonogram
