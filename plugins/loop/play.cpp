// play.cpp -- see play.hpp.
#include "play.hpp"

#include "render.hpp"

#include <pluzzle/input.hpp>

#include <algorithm>
#include <cmath>

namespace loop {

uint8_t open_sides(const Board &board, const std::vector<uint8_t> &masks, int64_t i) {
    const uint8_t m = masks[size_t(i)];
    if (!m) return 0;
    int64_t nb[6] = {};
    board.neighbours(i, nb);
    uint8_t open = 0;
    for (int d = 0; d < directions(board.shape); ++d)
        if ((m >> d & 1) && (nb[d] < 0 || !(masks[size_t(nb[d])] >> opposite(board.shape, d) & 1)))
            open |= uint8_t(1u << d);
    return open;
}

int64_t open_ends(const Board &board, const std::vector<uint8_t> &masks) {
    int64_t open = 0;
    for (int64_t i = 0; i < board.size(); ++i) open += bit_count(open_sides(board, masks, i));
    return open;
}

bool connected(const Board &board, const std::vector<uint8_t> &masks) {
    int64_t tiles = 0, start = -1, nb[6] = {};
    for (int64_t i = 0; i < board.size(); ++i)
        if (masks[size_t(i)]) ++tiles, start = start < 0 ? i : start;
    if (tiles == 0) return true;
    std::vector<uint8_t> seen(size_t(board.size()), 0);
    std::vector<int64_t> stack{start};
    seen[size_t(start)] = 1;
    int64_t reached = 1;
    const int k = directions(board.shape);
    while (!stack.empty()) {
        const int64_t i = stack.back();
        stack.pop_back();
        board.neighbours(i, nb);
        for (int d = 0; d < k; ++d)
            if ((masks[size_t(i)] >> d & 1) && nb[d] >= 0 && !seen[size_t(nb[d])] &&
                (masks[size_t(nb[d])] >> opposite(board.shape, d) & 1)) {
                seen[size_t(nb[d])] = 1;
                ++reached;
                stack.push_back(nb[d]);
            }
    }
    return reached == tiles;
}

bool solved(const Board &board, const std::vector<uint8_t> &masks) {
    if (open_ends(board, masks)) return false;
    if (board.rule == Rule::Loop) return true;
    return pipe_count(masks).fits_a_tree() && connected(board, masks);
}

pluzzle::PlayStatus play_status(const Board &board, const PlayState &state) {
    pluzzle::PlayStatus status;
    status.moves = state.moves;
    const int64_t open = open_ends(board, state.masks);
    if (solved(board, state.masks)) {
        status.phase = PZ_PLAY_SOLVED;
        status.message = "solved";
    } else if (open) {
        status.message = std::to_string(open) + (open == 1 ? " open end" : " open ends");
    } else {
        status.message = "no open end, but the pipes do not form one tree";
    }
    return status;
}

std::string interpret_input(const Board &board, const pluzzle::Input &input) {
    const bool back = input.kind == PZ_INPUT_PRESS && input.button == 1;
    if (!pluzzle::primary_press(input) && !back) return {};
    const auto cell = pluzzle::event_cell(input, board.rows, board.cols,
                                          [&](float x, float y) { return tile_at(board, x, y); });
    if (!cell || board.is_locked(int64_t(cell->row) * board.cols + cell->col)) return {};
    return (back ? "u " : "r ") + pluzzle::xy_text(*cell);
}

namespace {

// The tile a move turns and which way ("u" turns back); refuses a locked tile.
std::pair<int64_t, bool> moved_tile(const Board &board, std::string_view move) {
    const bool back = !move.empty() && move[0] == 'u';
    const pluzzle::grid::Cell cell = pluzzle::verb_cell(move, back ? "u" : "r", board.rows, board.cols, "move");
    const int64_t i = int64_t(cell.row) * board.cols + cell.col;
    if (board.is_locked(i)) throw pluzzle::invalid("tile " + pluzzle::xy_text(cell) + " is locked", "move");
    return {i, back};
}

} // namespace

void render_move_frame(const Board &board, const PlayState &state, std::string_view move, float t,
                       pluzzle::Canvas &canvas) {
    const auto [i, back] = moved_tile(board, move);
    if (!(t < 1)) { // NaN: the end
        const PlayState end = execute_move(board, state, move);
        return render_board(board, &end.masks, canvas);
    }
    // One step is a quarter turn clockwise on squares (N -> E), a sixth counter-clockwise on hexagons (E -> NE).
    const float step = board.shape == Shape::Square ? float(M_PI) / 2 : -float(M_PI) / 3;
    const Turning turning{i, step * std::max(0.0f, t) * (back ? -1.0f : 1.0f)};
    render_board(board, &state.masks, canvas, &turning);
}

PlayState execute_move(const Board &board, const PlayState &state, std::string_view move) {
    const auto [i, back] = moved_tile(board, move);
    PlayState next = state;
    next.masks[size_t(i)] = rotate(board.shape, next.masks[size_t(i)], back ? directions(board.shape) - 1 : 1);
    ++next.moves;
    return next;
}

} // namespace loop
