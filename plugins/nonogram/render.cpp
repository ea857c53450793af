// render.cpp -- drawing a nonogram: column clues stacked above the grid, row clues to its left, the grid with a
// thicker line every 5 cells, filled cells black and crossed-out cells with a small dot.
#include "render.hpp"

#include <pluzzle/grid_lines.hpp>

#include <algorithm>
#include <string>

namespace nonogram {
namespace {

constexpr pluzzle::Color kLine{160, 160, 160}, kThick{40, 40, 40}, kClue{20, 20, 20}, kClueDone{170, 170, 170},
    kFilledColor{16, 16, 16}, kDot{90, 90, 90};
constexpr float kThin = 1, kThickWidth = 2.5f, kFont = kCellSize * 0.55f;

size_t longest(const std::vector<Clue> &clues) {
    size_t n = 1;
    for (const Clue &c : clues) n = std::max(n, c.size());
    return n;
}

} // namespace

Layout layout_of(const Puzzle &p) {
    const float top = float(longest(p.cols)) * kCellSize, left = float(longest(p.rows)) * kCellSize;
    pluzzle::grid::SquareGrid grid(p.height, p.width, kCellSize, {kMargin + left, kMargin + top});
    return Layout{grid, 2 * kMargin + left + grid.width(), 2 * kMargin + top + grid.height(), top, left};
}

void render_puzzle(const Puzzle &p, const Grid *state, pluzzle::Canvas &canvas) {
    const Layout layout = layout_of(p);
    const pluzzle::grid::SquareGrid &grid = layout.grid;
    const float x0 = kMargin + layout.clue_cols_width, y0 = kMargin + layout.clue_rows_height;
    const bool have_state = state && state->width == p.width && state->height == p.height;
    canvas.begin(layout.width, layout.height);
    {
        pluzzle::Group group(canvas, "clues");
        for (int r = 0; r < p.height; ++r) {
            const Clue &clue = p.rows[size_t(r)];
            const pluzzle::Color color = have_state && line_matches(p, *state, true, r) ? kClueDone : kClue;
            const float y = grid.center({r, 0}).y;
            if (clue.empty()) canvas.text(x0 - 0.5f * kCellSize, y, kFont, color, "0");
            for (size_t k = 0; k < clue.size(); ++k)
                canvas.text(x0 - (float(clue.size() - k) - 0.5f) * kCellSize, y, kFont, color, std::to_string(clue[k]));
        }
        for (int c = 0; c < p.width; ++c) {
            const Clue &clue = p.cols[size_t(c)];
            const pluzzle::Color color = have_state && line_matches(p, *state, false, c) ? kClueDone : kClue;
            const float x = grid.center({0, c}).x;
            if (clue.empty()) canvas.text(x, y0 - 0.5f * kCellSize, kFont, color, "0");
            for (size_t k = 0; k < clue.size(); ++k)
                canvas.text(x, y0 - (float(clue.size() - k) - 0.5f) * kCellSize, kFont, color, std::to_string(clue[k]));
        }
    }
    {
        pluzzle::Group group(canvas, "grid");
        canvas.rect(x0, y0, grid.width(), grid.height(), pluzzle::kWhite);
        pluzzle::draw_grid_lines(canvas, grid, {kLine, kThick, kThin, kThickWidth, 5}); // thick every 5 cells
    }
    pluzzle::Group group(canvas, "cells");
    if (!have_state) return;
    for (int r = 0; r < p.height; ++r)
        for (int c = 0; c < p.width; ++c) {
            const int8_t v = state->at(r, c);
            if (v == kFilled) {
                const auto poly = grid.polygon({r, c});
                const float inset = 1;
                canvas.rect(poly[0].x + inset, poly[0].y + inset, kCellSize - 2 * inset, kCellSize - 2 * inset,
                            kFilledColor);
            } else if (v == kEmpty) {
                const pz_point m = grid.center({r, c});
                canvas.circle(m.x, m.y, kCellSize * 0.1f, kDot);
            }
        }
}

} // namespace nonogram
