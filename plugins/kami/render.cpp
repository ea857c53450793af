// render.cpp -- see render.hpp. Triangles have 40-unit sides (a column of the drawing is 40*sqrt(3)/2 wide), squares
// 36 units; the drawing is cropped to the tiles' bounding box, since a KAMI 2 level file stores its rectangular
// screen as a slanted band of a larger grid, padded with holes.
#include "render.hpp"

#include "regions.hpp"

#include <pluzzle/grid.hpp>
#include <pluzzle/input.hpp>

#include <algorithm>
#include <cmath>

namespace kami {
namespace {

using pluzzle::grid::Cell;

constexpr float kMargin = 12, kSide = 40, kSquare = 36, kGap = 14, kSwatch = 28, kSwatchPitch = 36;
constexpr float kCellLine = 0.75f, kRegionLine = 3, kSolvedLine = 5;
constexpr pluzzle::Color kPaper{244, 241, 234}, kBorder{43, 43, 43}, kSolvedBorder{201, 162, 39}, kPivot{255, 255, 255};

pluzzle::Color rgb(uint32_t v) { return {uint8_t(v >> 16), uint8_t(v >> 8), uint8_t(v)}; }
pluzzle::Color shade(pluzzle::Color c, float f) { return {uint8_t(c.r * f), uint8_t(c.g * f), uint8_t(c.b * f)}; }
bool light(pluzzle::Color c) { return 0.299f * c.r + 0.587f * c.g + 0.114f * c.b > 150; }

// Where cells and swatches lie. Triangle cells: cell k of file row r is cell (r, r + k + 1) of the SDK's triangle
// grid, transposed. The SDK grid points a triangle "up" when row + column is even, and joins an up triangle to the
// row below; board.hpp joins an odd k (side 1 of a rhombus) to the next row -- hence the shift r + k + 1 (r + k
// alone would put the first triangle of each row one place off) -- and transposing turns rows into columns of
// left- and right-pointing triangles, KAMI 2's screen.
class Layout {
  public:
    explicit Layout(const Board &b, bool palette = true) : b_(b), palette_(palette) {
        // Room for the swatches' row with the palette or without, so that every cell is where it is either way.
        const float swatches = b.colours * kSwatchPitch - (kSwatchPitch - kSwatch);
        if (b.grid == Grid::Square) {
            board_w_ = b.cols * kSquare, board_h_ = b.rows * kSquare;
            content_w_ = std::max(board_w_, swatches);
            square_.emplace(b.rows, b.cols, kSquare, pz_point{kMargin + (content_w_ - board_w_) / 2, kMargin});
        } else {
            // The tiles' bounding box, in grid rows and SDK grid columns.
            int rmin = b.rows, rmax = -1, pmin = b.rows + b.cols, pmax = -1;
            for (int64_t i = 0; i < b.size(); ++i) {
                if (!b.cells[size_t(i)]) continue;
                const Cell c = grid_cell(i);
                rmin = std::min(rmin, c.row), rmax = std::max(rmax, c.row);
                pmin = std::min(pmin, c.col), pmax = std::max(pmax, c.col);
            }
            if (rmax < 0) rmin = 0, rmax = b.rows - 1, pmin = 1, pmax = b.rows + b.cols - 1; // no tile: all of it
            const float h = kSide * std::sqrt(3.0f) / 2;
            board_w_ = (rmax - rmin + 1) * h, board_h_ = (pmax - pmin) * kSide / 2 + kSide;
            content_w_ = std::max(board_w_, swatches);
            const pz_point origin{kMargin + (content_w_ - board_w_) / 2 - rmin * h, kMargin - pmin * kSide / 2};
            triangles_.emplace(b.rows, b.rows + b.cols + 1, kSide, origin, true);
        }
        swatch_x_ = kMargin + (content_w_ - swatches) / 2;
    }

    float width() const { return content_w_ + 2 * kMargin; }
    float height() const { return kMargin + board_h_ + (palette_ ? kGap + kSwatch : 0) + kMargin; }

    Cell grid_cell(int64_t i) const {
        const int r = int(i / b_.cols), k = int(i % b_.cols);
        return b_.grid == Grid::Square ? Cell{r, k} : Cell{r, r + k + 1};
    }
    std::vector<pz_point> polygon(int64_t i) const {
        return square_ ? square_->polygon(grid_cell(i)) : triangles_->polygon(grid_cell(i));
    }
    pz_point center(int64_t i) const {
        return square_ ? square_->center(grid_cell(i)) : triangles_->center(grid_cell(i));
    }
    std::optional<int64_t> cell_at(float x, float y) const {
        const std::optional<Cell> c = square_ ? square_->cell_at(x, y) : triangles_->cell_at(x, y);
        if (!c) return std::nullopt;
        const int k = square_ ? c->col : c->col - c->row - 1;
        if (c->row < 0 || c->row >= b_.rows || k < 0 || k >= b_.cols) return std::nullopt;
        return b_.index(c->row, k);
    }

    // The top-left corner of colour c's swatch.
    pz_point swatch(int c) const { return {swatch_x_ + (c - 1) * kSwatchPitch, kMargin + board_h_ + kGap}; }
    std::optional<int> swatch_at(float x, float y) const {
        if (!std::isfinite(x) || !std::isfinite(y)) return std::nullopt;
        for (int c = 1; c <= b_.colours; ++c) {
            const pz_point p = swatch(c);
            if (x >= p.x && x <= p.x + kSwatch && y >= p.y && y <= p.y + kSwatch) return c;
        }
        return std::nullopt;
    }

  private:
    const Board &b_;
    bool palette_;
    std::optional<pluzzle::grid::SquareGrid> square_;
    std::optional<pluzzle::grid::TriangleGrid> triangles_;
    float board_w_ = 0, board_h_ = 0, content_w_ = 0, swatch_x_ = 0;
};

bool same_point(pz_point a, pz_point b) { return std::fabs(a.x - b.x) < 0.01f && std::fabs(a.y - b.y) < 0.01f; }

// Whether polygon `q` has the edge a-b (either way round).
bool has_edge(const std::vector<pz_point> &q, pz_point a, pz_point b) {
    for (size_t e = 0; e < q.size(); ++e) {
        const pz_point c = q[e], d = q[(e + 1) % q.size()];
        if ((same_point(a, c) && same_point(b, d)) || (same_point(a, d) && same_point(b, c))) return true;
    }
    return false;
}

// Every cell's outline, built once: the border test below looks at the outline of each neighbour across each edge,
// and building them there (a small vector each, ten or more a tile) was two thirds of a render's time in the fuzzer.
std::vector<std::vector<pz_point>> outlines(const Board &b, const Layout &layout) {
    std::vector<std::vector<pz_point>> out(size_t(b.size()));
    for (int64_t i = 0; i < b.size(); ++i) out[size_t(i)] = layout.polygon(i);
    return out;
}

// The thick lines: every edge of a tile that meets a tile of another colour (drawn once, from the lower index), a
// hole or the board's edge.
void draw_borders(const Board &b, const std::vector<std::vector<pz_point>> &outline, const std::vector<uint8_t> &cells,
                  pluzzle::Color colour, float width, pluzzle::Canvas &canvas) {
    int64_t nb[4] = {};
    for (int64_t i = 0; i < b.size(); ++i) {
        if (!cells[size_t(i)]) continue;
        const std::vector<pz_point> &p = outline[size_t(i)];
        const int n = b.neighbours(i, nb);
        for (size_t e = 0; e < p.size(); ++e) {
            const pz_point a = p[e], c = p[(e + 1) % p.size()];
            int64_t across = -1;
            for (int k = 0; k < n && across < 0; ++k)
                if (has_edge(outline[size_t(nb[k])], a, c)) across = nb[k];
            const bool border = across < 0 || (across > i && cells[size_t(across)] != cells[size_t(i)]);
            if (border) canvas.line(a.x, a.y, c.x, c.y, colour, width);
        }
    }
}

} // namespace

void render_board(const Board &board, const std::vector<uint8_t> &cells, int selected, pluzzle::Canvas &canvas,
                  bool palette) {
    const Layout layout(board, palette);
    const std::vector<std::vector<pz_point>> outline = outlines(board, layout);
    const bool solved = one_colour(cells);
    canvas.begin(layout.width(), layout.height(), kPaper);
    {
        pluzzle::Group group(canvas, solved ? "cells solved" : "cells");
        for (int64_t i = 0; i < board.size(); ++i) {
            if (!cells[size_t(i)]) continue; // holes are not drawn
            const pluzzle::Color fill = rgb(palette_colour(board, cells[size_t(i)]));
            canvas.polygon(outline[size_t(i)], fill, shade(fill, 0.82f), kCellLine);
        }
    }
    {
        pluzzle::Group group(canvas, "borders");
        draw_borders(board, outline, cells, solved ? kSolvedBorder : kBorder, solved ? kSolvedLine : kRegionLine,
                     canvas);
    }
    if (board.mode == Mode::Pivot) {
        pluzzle::Group group(canvas, "pivot");
        const pz_point c = layout.center(board.pivot);
        const float r = (board.grid == Grid::Square ? kSquare : kSide) * 0.14f;
        canvas.circle(c.x, c.y, r, kPivot, kBorder, 2);
    }
    if (!palette) return;
    pluzzle::Group group(canvas, "palette");
    for (int c = 1; c <= board.colours; ++c) {
        const pz_point p = layout.swatch(c);
        const pluzzle::Color fill = rgb(palette_colour(board, c));
        const bool chosen = c == selected;
        canvas.rect(p.x, p.y, kSwatch, kSwatch, fill, chosen ? kBorder : shade(fill, 0.7f), chosen ? 3.0f : 1.0f);
        canvas.text(p.x + kSwatch / 2, p.y + kSwatch / 2, kSwatch * 0.55f, light(fill) ? kBorder : pluzzle::kWhite,
                    std::to_string(c));
    }
}

pz_point board_extent(const Board &board, bool palette) {
    const Layout layout(board, palette);
    return {layout.width(), layout.height()};
}
pluzzle::Color board_paper() { return kPaper; }
pluzzle::Color tile_colour(const Board &board, int colour) { return rgb(palette_colour(board, colour)); }
float cell_side(const Board &board) { return board.grid == Grid::Square ? kSquare : kSide; }
pz_point cell_centre(const Board &board, int64_t cell) { return Layout(board).center(cell); }

void outline_cells(const Board &board, const std::vector<bool> &inside, pluzzle::Color colour, float width,
                   pluzzle::Canvas &canvas) {
    const std::vector<std::vector<pz_point>> outline = outlines(board, Layout(board));
    int64_t nb[4] = {};
    for (int64_t i = 0; i < board.size(); ++i) {
        if (!inside[size_t(i)]) continue;
        const std::vector<pz_point> &p = outline[size_t(i)];
        const int n = board.neighbours(i, nb);
        for (size_t e = 0; e < p.size(); ++e) {
            const pz_point a = p[e], c = p[(e + 1) % p.size()];
            bool shared = false; // with a marked neighbour: inside the outline
            for (int k = 0; k < n && !shared; ++k)
                shared = inside[size_t(nb[k])] && has_edge(outline[size_t(nb[k])], a, c);
            if (!shared) canvas.line(a.x, a.y, c.x, c.y, colour, width);
        }
    }
}

std::optional<int64_t> cell_at(const Board &board, float x, float y) { return Layout(board).cell_at(x, y); }
std::optional<int> swatch_at(const Board &board, float x, float y) { return Layout(board).swatch_at(x, y); }

std::optional<int64_t> input_cell(const Board &board, const pz_input &input) {
    const Layout layout(board);
    const auto cell = pluzzle::event_cell(input, board.rows, board.cols, [&](float x, float y) {
        const std::optional<int64_t> i = layout.cell_at(x, y);
        return i ? std::optional<Cell>(Cell{int(*i / board.cols), int(*i % board.cols)}) : std::nullopt;
    });
    return cell ? std::optional<int64_t>(board.index(cell->row, cell->col)) : std::nullopt;
}
std::vector<pz_point> cell_polygon(const Board &board, int64_t cell) { return Layout(board).polygon(cell); }

} // namespace kami
