// pluzzle/grid_lines.hpp -- the lines of a square grid: thin between cells, thick around blocks of cells and the
// border (a Sudoku's 3x3 boxes, a nonogram's groups of five), drawn on a pluzzle::Canvas.
#pragma once
#include <pluzzle/canvas.hpp>
#include <pluzzle/grid.hpp>

namespace pluzzle {

struct GridLines {
    Color thin = kBlack, thick = kBlack;
    float thin_width = 1, thick_width = 3;
    int block = 0; // a thick line every `block` cells; 0: only the border is thick
};

// Thin lines first, so that the thick ones lie on top where they cross.
inline void draw_grid_lines(Canvas &canvas, const grid::SquareGrid &g, const GridLines &style) {
    const pz_point o = g.origin();
    const float size = g.cell_size();
    auto thick = [&](int i, int n) { return i == 0 || i == n || (style.block > 0 && i % style.block == 0); };
    for (int pass = 0; pass < 2; ++pass) {
        const Color color = pass ? style.thick : style.thin;
        const float width = pass ? style.thick_width : style.thin_width;
        for (int c = 0; c <= g.cols(); ++c)
            if (thick(c, g.cols()) == (pass == 1))
                canvas.line(o.x + float(c) * size, o.y, o.x + float(c) * size, o.y + g.height(), color, width);
        for (int r = 0; r <= g.rows(); ++r)
            if (thick(r, g.rows()) == (pass == 1))
                canvas.line(o.x, o.y + float(r) * size, o.x + g.width(), o.y + float(r) * size, color, width);
    }
}

} // namespace pluzzle
