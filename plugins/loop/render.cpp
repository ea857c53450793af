// render.cpp -- one cell per tile, a pipe from its centre to the middle of each side it connects through; an end
// of a pipe that meets nothing gets a red mark. Square cells are 40 units wide, hexagons 24 from centre to corner.
#include "render.hpp"

#include "play.hpp"

#include <cmath>

namespace loop {
namespace {

constexpr float kMargin = 10, kSquare = 40, kHex = 24;
constexpr pluzzle::Color kCell{228, 228, 228}, kLockedCell{190, 190, 200}, kGridLine{160, 160, 160},
    kPipe{40, 80, 170}, kSolvedPipe{40, 150, 70}, kOpenEnd{220, 40, 40};

struct Geometry {
    Shape shape;
    pluzzle::grid::SquareGrid square;
    pluzzle::grid::HexGrid hex;
    explicit Geometry(const Board &b)
        : shape(b.shape), square(b.rows, b.cols, kSquare, {kMargin, kMargin}),
          hex(b.rows, b.cols, b.wrap, kHex, {kMargin, kMargin}) {}
    float width() const { return (shape == Shape::Square ? square.width() : hex.width()) + 2 * kMargin; }
    float height() const { return (shape == Shape::Square ? square.height() : hex.height()) + 2 * kMargin; }
    pz_point center(pluzzle::grid::Cell c) const { return shape == Shape::Square ? square.center(c) : hex.center(c); }
    std::vector<pz_point> polygon(pluzzle::grid::Cell c) const {
        return shape == Shape::Square ? square.polygon(c) : hex.polygon(c);
    }
    // Half the distance to the neighbour's centre in direction d: where the pipe leaves the cell.
    pz_point side(pz_point centre, int d) const {
        if (shape == Shape::Square) {
            static const float dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
            return {centre.x + dx[d] * kSquare / 2, centre.y + dy[d] * kSquare / 2};
        }
        const float angle = float(M_PI) / 3 * float(d), apothem = kHex * std::sqrt(3.0f) / 2;
        return {centre.x + std::cos(angle) * apothem, centre.y - std::sin(angle) * apothem};
    }
    float pipe_width() const { return (shape == Shape::Square ? kSquare : kHex) * 0.2f; }
};

} // namespace

void render_board(const Board &board, const std::vector<uint8_t> *masks, pluzzle::Canvas &canvas,
                  const Turning *turning) {
    const std::vector<uint8_t> &m = masks ? *masks : board.tiles;
    const Geometry g(board);
    const bool done = masks && !turning && solved(board, m);
    const int64_t turning_tile = turning ? turning->tile : -1;
    const float cos_a = turning ? std::cos(turning->angle) : 1, sin_a = turning ? std::sin(turning->angle) : 0;
    // A point of the turning tile, rotated about its centre (y points down, so this turns clockwise).
    auto turned = [&](pz_point centre, pz_point p) {
        const float x = p.x - centre.x, y = p.y - centre.y;
        return pz_point{centre.x + x * cos_a - y * sin_a, centre.y + x * sin_a + y * cos_a};
    };
    canvas.begin(g.width(), g.height());
    {
        pluzzle::Group group(canvas, "cells");
        for (int64_t i = 0; i < board.size(); ++i) {
            const pluzzle::grid::Cell c{int(i / board.cols), int(i % board.cols)};
            canvas.polygon(g.polygon(c), board.is_locked(i) ? kLockedCell : kCell, kGridLine, 1);
        }
    }
    const int k = directions(board.shape);
    {
        pluzzle::Group group(canvas, done ? "pipes solved" : "pipes");
        const pluzzle::Color colour = done ? kSolvedPipe : kPipe;
        for (int64_t i = 0; i < board.size(); ++i) {
            if (!m[size_t(i)]) continue;
            const pz_point centre = g.center({int(i / board.cols), int(i % board.cols)});
            for (int d = 0; d < k; ++d)
                if (m[size_t(i)] >> d & 1) {
                    const pz_point end = i == turning_tile ? turned(centre, g.side(centre, d)) : g.side(centre, d);
                    canvas.line(centre.x, centre.y, end.x, end.y, colour, g.pipe_width());
                }
            // A tile with one connection is an end point of the network: a knob, as in Net.
            const bool knob = bit_count(m[size_t(i)]) == 1;
            canvas.circle(centre.x, centre.y, g.pipe_width() * (knob ? 1.2f : 0.5f), colour);
        }
    }
    pluzzle::Group group(canvas, "open ends");
    for (int64_t i = 0; i < board.size(); ++i) {
        const uint8_t open = i == turning_tile ? 0 : open_sides(board, m, i);
        if (!open) continue;
        const pz_point centre = g.center({int(i / board.cols), int(i % board.cols)});
        for (int d = 0; d < k; ++d)
            if (open >> d & 1) {
                const pz_point end = g.side(centre, d);
                canvas.circle(end.x, end.y, g.pipe_width() * 0.6f, kOpenEnd);
            }
    }
}

std::optional<pluzzle::grid::Cell> tile_at(const Board &board, float x, float y) {
    const Geometry g(board);
    return board.shape == Shape::Square ? g.square.cell_at(x, y) : g.hex.cell_at(x, y);
}

} // namespace loop
