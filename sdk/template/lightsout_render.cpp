// lightsout_render.cpp -- drawing through pluzzle::Canvas, and the inverse (point -> cell) that input uses.
#include "lightsout.hpp"

namespace lightsout {
namespace {

constexpr pluzzle::Color kFrame{24, 24, 24}, kOn{255, 214, 0}, kOff{64, 64, 64}, kPressMark{220, 40, 40};
constexpr float kGap = 2; // between cells, so the frame shows as grid lines

} // namespace

void render_board(const Board &board, const Presses *state, pluzzle::Canvas &canvas) {
    canvas.begin(board.width * kCellSize + 2 * kMargin, board.height * kCellSize + 2 * kMargin);
    {
        pluzzle::Group group(canvas, "grid");
        canvas.rect(kMargin, kMargin, board.width * kCellSize, board.height * kCellSize, kFrame);
    }
    const Cells lights = state ? lights_after(board, state->pressed) : board.lights;
    {
        pluzzle::Group group(canvas, "lights");
        for (int cell = 0; cell < board.cells(); ++cell) {
            const float x = kMargin + float(cell % board.width) * kCellSize;
            const float y = kMargin + float(cell / board.width) * kCellSize;
            canvas.rect(x + kGap, y + kGap, kCellSize - 2 * kGap, kCellSize - 2 * kGap, lights[cell] ? kOn : kOff);
        }
    }
    if (!state) return;
    pluzzle::Group group(canvas, "presses");
    for (int cell = 0; cell < board.cells(); ++cell)
        if (state->pressed[cell])
            canvas.circle(kMargin + (float(cell % board.width) + 0.5f) * kCellSize,
                          kMargin + (float(cell / board.width) + 0.5f) * kCellSize, kCellSize * 0.3f, pluzzle::kNone,
                          kPressMark, 3);
}

namespace {
pluzzle::grid::SquareGrid grid_of(const Board &board) {
    return pluzzle::grid::SquareGrid(board.height, board.width, kCellSize, {kMargin, kMargin});
}
} // namespace

std::optional<pluzzle::grid::Cell> cell_at(const Board &board, float x, float y) {
    return grid_of(board).cell_at(x, y);
}

std::vector<pluzzle::Point> cell_outline(const Board &board, int row, int col) {
    const pluzzle::grid::SquareGrid grid = grid_of(board);
    return grid.contains({row, col}) ? grid.polygon({row, col}) : std::vector<pluzzle::Point>{};
}

} // namespace lightsout
