// render.cpp -- cartoon cells: a soft shadow, then the cell's divisions as alternately shaded wedges (like the
// original's layered polygons), a highlight, and a ring around the last move.
#include "render.hpp"

#include <pluzzle/grid.hpp>
#include <pluzzle/move_marks.hpp>

#include <cmath>

namespace celladd {
namespace {

using pluzzle::Color;
using pluzzle::grid::Cell;
using pluzzle::grid::SquareGrid;

const Color kPlayerColor[2][2] = {{{66, 133, 214, 255}, {40, 96, 170, 255}}, // player 1: blue, light / dark
                                  {{226, 92, 74, 255}, {176, 58, 44, 255}}}; // opponent: red
const Color kDish{244, 241, 230, 255}, kGlass{90, 90, 100, 255}, kOutline{60, 60, 60, 255};

SquareGrid grid_of(const Board &board) {
    return SquareGrid(board.height, board.width, kCellSize, {kMargin, kMargin + kHeader});
}
// Our row 0 is the bottom; the grid's row 0 is the top.
Cell grid_cell(const Board &board, int cell) { return {board.height - 1 - board.row_of(cell), board.col_of(cell)}; }

void draw_cell(pluzzle::Canvas &canvas, pluzzle::Point centre, int player, int divisions) {
    const float radius = kCellSize * 0.4f;
    canvas.circle(centre.x + 2, centre.y + 3, radius, {0, 0, 0, 50}); // shadow
    if (divisions <= 1) {
        canvas.circle(centre.x, centre.y, radius, kPlayerColor[player][0], kPlayerColor[player][1], 2);
    } else {
        for (int k = 0; k < divisions; ++k) { // one wedge per division, alternating shades
            std::vector<pluzzle::Point> wedge = {centre};
            const float from = float(2 * M_PI) * float(k) / float(divisions);
            const float to = float(2 * M_PI) * float(k + 1) / float(divisions);
            for (int s = 0; s <= 6; ++s) {
                const float a = from + (to - from) * float(s) / 6;
                wedge.push_back({centre.x + radius * std::cos(a), centre.y - radius * std::sin(a)});
            }
            canvas.polygon(wedge, kPlayerColor[player][k % 2], kPlayerColor[player][1], 1.5f);
        }
    }
    canvas.circle(centre.x - radius * 0.35f, centre.y - radius * 0.35f, radius * 0.22f, {255, 255, 255, 110});
}

} // namespace

void render_game(const CellLevel &level, const Position &position, pluzzle::Canvas &canvas) {
    const Board &board = level.board;
    const SquareGrid grid = grid_of(board);
    canvas.begin(grid.width() + 2 * kMargin, grid.height() + 2 * kMargin + kHeader, {250, 250, 252, 255});
    {
        pluzzle::Group g(canvas, "scores");
        std::string head =
            "blue " + std::to_string(position.score(0)) + " : " + std::to_string(position.score(1)) + " red";
        if (!position.finished()) head += position.to_move() == 0 ? "   (blue to move)" : "   (red to move)";
        canvas.text(kMargin + grid.width() / 2, kMargin + kHeader / 2, 16, kOutline, head);
    }
    {
        pluzzle::Group g(canvas, "board");
        for (int cell = 0; cell < board.squares(); ++cell) {
            const auto square = grid.polygon(grid_cell(board, cell));
            if (board.playable[size_t(cell)])
                canvas.polygon(square, kDish, {200, 196, 180, 255}, 1);
            else
                canvas.polygon(square, {215, 215, 220, 255});
        }
        if (board.gravity) { // the glass: walls and floor under the playable area
            for (int cell = 0; cell < board.squares(); ++cell)
                if (board.playable[size_t(cell)] && board.row_of(cell) == 0) {
                    const auto p = grid.polygon(grid_cell(board, cell));
                    canvas.line(p[3].x, p[3].y, p[2].x, p[2].y, kGlass, 3);
                }
        }
    }
    {
        pluzzle::Group g(canvas, "cells");
        for (int cell = 0; cell < board.squares(); ++cell)
            if (position.owner()[size_t(cell)] != kEmpty)
                draw_cell(canvas, grid.center(grid_cell(board, cell)), position.owner()[size_t(cell)],
                          cell_value(board, position.owner(), cell));
    }
    if (position.moves_played() > 0) {
        pluzzle::Group g(canvas, "last-move");
        const pluzzle::Point c = grid.center(grid_cell(board, position.moves().back()));
        canvas.circle(c.x, c.y, kCellSize * 0.47f, pluzzle::kNone, {250, 200, 40, 255}, 3);
    }
}

void render_numbered_game(const CellLevel &level, const std::vector<int> &moves, pluzzle::Canvas &canvas) {
    render_game(level, replay(level, moves), canvas);
    const SquareGrid grid = grid_of(level.board);
    pluzzle::Group g(canvas, "move-numbers");
    for (size_t k = 0; k < moves.size(); ++k) {
        const pluzzle::Point c = grid.center(grid_cell(level.board, moves[k]));
        pluzzle::move_mark(canvas, c.x, c.y, kCellSize * 0.21f, int(k) + 1); // small: the cell's colour shows round it
    }
}

std::optional<int> square_at(const Board &board, float x, float y) {
    const auto cell = grid_of(board).cell_at(x, y);
    if (!cell) return std::nullopt;
    return board.index(board.height - 1 - cell->row, cell->col);
}

} // namespace celladd
