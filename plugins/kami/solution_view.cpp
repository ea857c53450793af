// solution_view.cpp -- see solution_view.hpp.
#include "solution_view.hpp"

#include "regions.hpp"
#include "render.hpp"

#include <pluzzle/canvas_inset.hpp>
#include <pluzzle/move_marks.hpp>

#include <algorithm>
#include <cmath>

namespace kami {
namespace {

constexpr float kPartGap = 14;        // between the parts of the page, in the start board's units
constexpr int kStripColumns = 4;  // small boards a row: each stays big enough to see its regions
constexpr float kMainMark = 0.3f; // a mark's disc radius, in cell sides (also over the small boards)
constexpr pluzzle::Color kHalo{255, 255, 255, 255};

// One move as the reader meets it: the board before it and the cells it recolours.
struct Step {
    std::vector<uint8_t> before;
    std::vector<bool> region;
    int region_cells = 0;
};

std::vector<Step> replay_steps(const Board &board, const std::vector<Move> &moves) {
    std::vector<Step> steps;
    std::vector<uint8_t> cells = board.cells;
    for (const Move &m : moves) {
        const RegionGraph g = region_graph(board, cells);
        Step s{cells, std::vector<bool>(cells.size()), 0};
        for (size_t i = 0; i < cells.size(); ++i)
            if (g.region_of[i] >= 0 && g.region_of[i] == g.region_of[size_t(m.cell)])
                s.region[i] = true, ++s.region_cells;
        cells = apply_move(board, std::move(cells), m);
        steps.push_back(std::move(s));
    }
    return steps;
}

// The cell of `inside` nearest the middle of its cells: where a mark sits on it.
int64_t middle_cell(const Board &board, const std::vector<bool> &inside) {
    float sx = 0, sy = 0;
    int n = 0;
    for (int64_t i = 0; i < board.size(); ++i)
        if (inside[size_t(i)]) {
            const pz_point c = cell_centre(board, i);
            sx += c.x, sy += c.y, ++n;
        }
    int64_t best = -1;
    float best_d = 0;
    for (int64_t i = 0; i < board.size(); ++i)
        if (inside[size_t(i)]) {
            const pz_point c = cell_centre(board, i);
            const float d = std::hypot(c.x - sx / float(n), c.y - sy / float(n));
            if (best < 0 || d < best_d) best = i, best_d = d;
        }
    return best;
}

// Where each move is marked on the start board: the largest start region inside the move's region that has no mark
// yet (any cell of the region makes the same move, so one mark a region keeps the numbers apart), else the largest.
std::vector<int32_t> marked_start_regions(const RegionGraph &start, const std::vector<Step> &steps) {
    std::vector<int32_t> out;
    std::vector<bool> used(size_t(start.count()));
    for (const Step &s : steps) {
        int32_t best = -1;
        const auto better = [&](int32_t r) {
            if (best < 0) return true;
            if (used[size_t(r)] != used[size_t(best)]) return !used[size_t(r)];
            return start.cells[size_t(r)] > start.cells[size_t(best)];
        };
        for (size_t i = 0; i < s.region.size(); ++i)
            if (s.region[i] && better(start.region_of[i])) best = start.region_of[i];
        used[size_t(best)] = true;
        out.push_back(best);
    }
    return out;
}

// Marks for the moves `which` (indices into moves) side by side, centred at (x, y).
void mark_row(pluzzle::Canvas &canvas, const Board &board, const std::vector<Move> &moves,
              const std::vector<size_t> &which, float x, float y, float r) {
    const float w = pluzzle::move_mark_width(r, true), pitch = w + r * 0.3f;
    float at = x - (pitch * float(which.size()) - (pitch - w)) / 2 + w / 2;
    for (size_t k : which) {
        pluzzle::move_mark(canvas, at, y, r, int(k) + 1, tile_colour(board, moves[k].colour));
        at += pitch;
    }
}

// Free play: each move's mark on the start region chosen for it (moves sharing one are drawn side by side).
void mark_start_board(pluzzle::Canvas &canvas, const Board &board, const std::vector<Move> &moves,
                      const std::vector<Step> &steps) {
    const RegionGraph start = region_graph(board, board.cells);
    const std::vector<int32_t> marked = marked_start_regions(start, steps);
    for (int32_t r = 0; r < start.count(); ++r) {
        std::vector<size_t> here;
        for (size_t k = 0; k < marked.size(); ++k)
            if (marked[k] == r) here.push_back(k);
        if (here.empty()) continue;
        std::vector<bool> inside(board.cells.size());
        for (size_t i = 0; i < inside.size(); ++i)
            inside[i] = start.region_of[i] == r;
        const pz_point c = cell_centre(board, middle_cell(board, inside));
        mark_row(canvas, board, moves, here, c.x, c.y, kMainMark * cell_side(board));
    }
}

// Pivot play: every move floods the pivot's region, so the page lists the colours in order, in rows of `per_row`.
float pivot_rows_height(size_t moves, size_t per_row, float r) {
    return moves ? float((moves + per_row - 1) / per_row) * 2.6f * r : 0;
}
void mark_pivot_colours(pluzzle::Canvas &canvas, const Board &board, const std::vector<Move> &moves, float width,
                        float top, size_t per_row, float r) {
    for (size_t first = 0; first < moves.size(); first += per_row) {
        std::vector<size_t> row;
        for (size_t k = first; k < std::min(moves.size(), first + per_row); ++k)
            row.push_back(k);
        mark_row(canvas, board, moves, row, width / 2, top + float(first / per_row) * 2.6f * r + 1.3f * r, r);
    }
}

// The board before move k under its mark (number and colour), the move's region outlined on it: a white halo under
// ink, to stand out from the region borders. The mark sits above the board so that it hides no small region.
void draw_strip_board(pluzzle::Canvas &canvas, const Board &board, const std::vector<Move> &moves, const Step &step,
                      size_t k, float x, float y, float w, float h, float mark) {
    pluzzle::Group group(canvas, "move-" + std::to_string(k + 1));
    pluzzle::move_mark(canvas, x + w / 2, y + 1.2f * mark, mark, int(k) + 1,
                       tile_colour(board, moves[k].colour));
    pluzzle::CanvasInset inset(canvas, x, y + 2.4f * mark, w, h);
    render_board(board, step.before, 0, inset.canvas(), false);
    const float side = cell_side(board);
    outline_cells(board, step.region, kHalo, 0.36f * side, inset.canvas());
    outline_cells(board, step.region, pluzzle::kMarkInk, 0.16f * side, inset.canvas());
}

} // namespace

bool solution_needs_strip(const Board &board, const std::vector<Move> &moves) {
    const RegionGraph start = region_graph(board, board.cells);
    for (const Step &s : replay_steps(board, moves)) {
        const size_t any = size_t(std::find(s.region.begin(), s.region.end(), true) - s.region.begin());
        if (s.region_cells != start.cells[size_t(start.region_of[any])]) return true; // grown: more than one region
    }
    return false;
}

void render_solution_view(const Board &board, const std::vector<Move> &moves, pluzzle::Canvas &canvas) {
    const std::vector<Step> steps = replay_steps(board, moves);
    const pz_point extent = board_extent(board);
    const float side = cell_side(board), mark = kMainMark * side;
    const bool pivot = board.mode == Mode::Pivot, strip = solution_needs_strip(board, moves);
    const size_t n = std::max<size_t>(1, moves.size());
    // Small boards a quarter of the start board wide (half or a third for fewer moves); a long solution gets more a
    // row (about its square root), so that the page stays about as tall as it is wide, not a column of thumbnails.
    const size_t across = std::min(n, size_t(kStripColumns));
    const size_t columns = std::min(n, std::max(across, size_t(std::ceil(std::sqrt(double(n))))));
    const float small_w = (extent.x - kPartGap * float(across - 1)) / float(across);
    const float strip_w = float(columns) * small_w + kPartGap * float(columns - 1);
    const float width = strip ? std::max(extent.x, strip_w) : extent.x;
    const pz_point small_extent = board_extent(board, false); // the strip's boards have no palette
    const float small_h = small_w * small_extent.y / small_extent.x;
    const size_t per_row = std::max<size_t>(1, size_t(width / (pluzzle::move_mark_width(mark, true) + 0.3f * mark)));
    const float colours_h = pivot ? pivot_rows_height(moves.size(), per_row, mark) : 0;
    const size_t rows = strip ? (moves.size() + columns - 1) / columns : 0;
    const float strip_top = extent.y + (colours_h > 0 ? colours_h + kPartGap : 0) + kPartGap;
    const float strip_row = 2.4f * mark + small_h + kPartGap; // a mark over each small board
    const float height = strip ? strip_top + float(rows) * strip_row : extent.y + colours_h;
    canvas.begin(width, height, board_paper());
    {
        pluzzle::CanvasInset start(canvas, (width - extent.x) / 2, 0, extent.x, extent.y); // at its own size
        render_board(board, board.cells, 0, start.canvas());
        pluzzle::Group group(canvas, "moves");
        if (pivot)
            mark_pivot_colours(canvas, board, moves, width, extent.y, per_row, mark);
        else
            mark_start_board(start.canvas(), board, moves, steps);
    }
    if (!strip) return;
    pluzzle::Group group(canvas, "move-by-move");
    const float left = (width - strip_w) / 2;
    for (size_t k = 0; k < steps.size(); ++k)
        draw_strip_board(canvas, board, moves, steps[k], k, left + float(k % columns) * (small_w + kPartGap),
                         strip_top + float(k / columns) * strip_row, small_w, small_h, mark);
}

} // namespace kami
