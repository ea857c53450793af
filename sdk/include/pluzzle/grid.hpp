// pluzzle/grid.hpp -- cell geometry shared by grid puzzles: neighbours, the polygon to draw for a cell, and the
// cell under a pointer (for interpret/edit_interpret). Three tilings, one shape of API:
//   SquareGrid    row 0 at the top; directions N, NE, E, SE, S, SW, W, NW = 0..7
//   HexGrid       pointy-top hexagons, odd rows shifted half a cell right; directions E, NE, NW, W, SW, SE = 0..5
//                 (the hexapipes convention: bit d of a tile mask is direction d, a rotation maps d to d+1 mod 6)
//   TriangleGrid  row r, column c; the triangle points up when r + c is even; directions left, right, vertical.
//                 Transposed (KAMI 2's board), rows run down the drawing as columns and the triangles point left
//                 (for "up") or right.
// Coordinates are drawing units (y down) with the grid's top-left corner at `origin`.
#pragma once
#include <pluzzle/abi.h>

#include <cmath>
#include <optional>
#include <utility>
#include <vector>

namespace pluzzle::grid {

struct Cell {
    int row = 0, col = 0;
    bool operator==(const Cell &o) const { return row == o.row && col == o.col; }
    bool operator!=(const Cell &o) const { return !(*this == o); }
};

namespace detail {
inline bool finite(float x, float y) { return std::isfinite(x) && std::isfinite(y); }
inline int floor_int(float v) { return int(std::floor(v)); }
} // namespace detail

class SquareGrid {
public:
    static constexpr int kDirections = 8;
    SquareGrid(int rows, int cols, float size = 40, pz_point origin = {0, 0})
        : rows_(rows), cols_(cols), size_(size), origin_(origin) {}

    int rows() const { return rows_; }
    int cols() const { return cols_; }
    float width() const { return cols_ * size_; }
    float height() const { return rows_ * size_; }
    float cell_size() const { return size_; }
    pz_point origin() const { return origin_; } // the top-left corner of cell (0, 0)
    bool contains(Cell c) const { return c.row >= 0 && c.row < rows_ && c.col >= 0 && c.col < cols_; }
    int index(Cell c) const { return c.row * cols_ + c.col; }

    static Cell step(Cell c, int dir) {
        static const int dr[8] = {-1, -1, 0, 1, 1, 1, 0, -1}, dc[8] = {0, 1, 1, 1, 0, -1, -1, -1};
        return {c.row + dr[dir & 7], c.col + dc[dir & 7]};
    }
    static int opposite(int dir) { return (dir + 4) & 7; }
    // The neighbour in `dir`, or nothing off the board (or wrapped around when `wrap`).
    std::optional<Cell> neighbour(Cell c, int dir, bool wrap = false) const {
        Cell n = step(c, dir);
        if (wrap) n = {((n.row % rows_) + rows_) % rows_, ((n.col % cols_) + cols_) % cols_};
        return contains(n) ? std::optional<Cell>(n) : std::nullopt;
    }

    pz_point center(Cell c) const { return {origin_.x + (c.col + 0.5f) * size_, origin_.y + (c.row + 0.5f) * size_}; }
    std::vector<pz_point> polygon(Cell c) const {
        const float x = origin_.x + c.col * size_, y = origin_.y + c.row * size_;
        return {{x, y}, {x + size_, y}, {x + size_, y + size_}, {x, y + size_}};
    }
    std::optional<Cell> cell_at(float x, float y) const {
        if (!detail::finite(x, y)) return std::nullopt;
        const Cell c{detail::floor_int((y - origin_.y) / size_), detail::floor_int((x - origin_.x) / size_)};
        return contains(c) ? std::optional<Cell>(c) : std::nullopt;
    }

private:
    int rows_, cols_;
    float size_;
    pz_point origin_;
};

class HexGrid {
public:
    static constexpr int kDirections = 6;
    // `size` is the hexagon's circumradius (centre to corner).
    HexGrid(int rows, int cols, bool wrap = false, float size = 24, pz_point origin = {0, 0})
        : rows_(rows), cols_(cols), wrap_(wrap), size_(size), origin_(origin) {}

    int rows() const { return rows_; }
    int cols() const { return cols_; }
    bool wraps() const { return wrap_; }
    float cell_width() const { return std::sqrt(3.0f) * size_; }
    float width() const { return cell_width() * (cols_ + (rows_ > 1 ? 0.5f : 0.0f)); }
    float height() const { return size_ * (2 + 1.5f * (rows_ - 1)); }
    bool contains(Cell c) const { return c.row >= 0 && c.row < rows_ && c.col >= 0 && c.col < cols_; }
    int index(Cell c) const { return c.row * cols_ + c.col; }
    static int opposite(int dir) { return (dir + 3) % 6; }

    std::optional<Cell> neighbour(Cell c, int dir) const {
        // (row, col) deltas for an even row / an odd row, in direction order E, NE, NW, W, SW, SE.
        static const int dr[6] = {0, -1, -1, 0, 1, 1};
        static const int dc_even[6] = {1, 0, -1, -1, -1, 0}, dc_odd[6] = {1, 1, 0, -1, 0, 1};
        dir = ((dir % 6) + 6) % 6;
        Cell n{c.row + dr[dir], c.col + ((c.row & 1) ? dc_odd[dir] : dc_even[dir])};
        if (wrap_) {
            // Wrapping rows keeps the offset pattern consistent (exact for an even number of rows).
            if (n.row < 0) n = {rows_ - 1, n.col + 1};
            else if (n.row >= rows_) n = {0, n.col - (1 - rows_ % 2)};
            n.col = ((n.col % cols_) + cols_) % cols_;
        }
        return contains(n) ? std::optional<Cell>(n) : std::nullopt;
    }

    pz_point center(Cell c) const {
        return {origin_.x + cell_width() * (c.col + 0.5f + 0.5f * (c.row & 1)), origin_.y + size_ * (1 + 1.5f * c.row)};
    }
    std::vector<pz_point> polygon(Cell c) const {
        const pz_point m = center(c);
        std::vector<pz_point> p;
        for (int k = 0; k < 6; ++k) {
            const float a = float(M_PI) / 180.0f * (-90.0f + 60.0f * k); // pointy top
            p.push_back({m.x + size_ * std::cos(a), m.y + size_ * std::sin(a)});
        }
        return p;
    }
    // The hexagon whose centre is nearest: exact, since a hexagonal tiling is the Voronoi diagram of its centres.
    std::optional<Cell> cell_at(float x, float y) const {
        if (!detail::finite(x, y)) return std::nullopt;
        const int r0 = detail::floor_int((y - origin_.y) / (1.5f * size_));
        std::optional<Cell> best;
        float best_d = 0;
        for (int r = r0 - 1; r <= r0 + 1; ++r) {
            const int c0 = detail::floor_int((x - origin_.x) / cell_width() - 0.5f * (r & 1));
            for (int c = c0 - 1; c <= c0 + 1; ++c) {
                const Cell cell{r, c};
                if (!contains(cell)) continue;
                const pz_point m = center(cell);
                const float d = (m.x - x) * (m.x - x) + (m.y - y) * (m.y - y);
                if (!best || d < best_d) best = cell, best_d = d;
            }
        }
        if (best && best_d > size_ * size_) return std::nullopt; // outside the board's outline
        return best;
    }

private:
    int rows_, cols_;
    bool wrap_;
    float size_;
    pz_point origin_;
};

class TriangleGrid {
public:
    static constexpr int kDirections = 3; // 0 left, 1 right, 2 vertical (below an up triangle, above a down one)
    // `side` is the triangle's side length; a row is side*sqrt(3)/2 high and triangles advance by side/2.
    // `transposed` mirrors the drawing across its diagonal (x and y swap): the same cells and neighbours, with the
    // rows as columns of the drawing and every triangle pointing left ("up") or right ("down"). Directions keep
    // their names: "left" is then the triangle above.
    TriangleGrid(int rows, int cols, float side = 40, pz_point origin = {0, 0}, bool transposed = false)
        : rows_(rows), cols_(cols), side_(side), origin_(origin), transposed_(transposed) {}

    int rows() const { return rows_; }
    int cols() const { return cols_; }
    bool transposed() const { return transposed_; }
    float row_height() const { return side_ * std::sqrt(3.0f) / 2; }
    float width() const { return transposed_ ? length() : breadth(); }
    float height() const { return transposed_ ? breadth() : length(); }
    bool contains(Cell c) const { return c.row >= 0 && c.row < rows_ && c.col >= 0 && c.col < cols_; }
    int index(Cell c) const { return c.row * cols_ + c.col; }
    static bool points_up(Cell c) { return ((c.row + c.col) & 1) == 0; }

    std::optional<Cell> neighbour(Cell c, int dir) const {
        Cell n = dir == 0 ? Cell{c.row, c.col - 1} : dir == 1 ? Cell{c.row, c.col + 1}
                                                               : Cell{c.row + (points_up(c) ? 1 : -1), c.col};
        return contains(n) ? std::optional<Cell>(n) : std::nullopt;
    }

    std::vector<pz_point> polygon(Cell c) const {
        const float x = c.col * side_ / 2, top = c.row * row_height();
        const float bottom = top + row_height();
        if (points_up(c)) return {place(x + side_ / 2, top), place(x + side_, bottom), place(x, bottom)};
        return {place(x, top), place(x + side_, top), place(x + side_ / 2, bottom)};
    }
    pz_point center(Cell c) const {
        const auto p = polygon(c);
        return {(p[0].x + p[1].x + p[2].x) / 3, (p[0].y + p[1].y + p[2].y) / 3};
    }
    std::optional<Cell> cell_at(float x, float y) const {
        if (!detail::finite(x, y)) return std::nullopt;
        x -= origin_.x, y -= origin_.y;
        if (transposed_) std::swap(x, y);
        const int r = detail::floor_int(y / row_height());
        const float fy = y / row_height() - r; // 0 at the row's top, 1 at its bottom
        const float u = x / (side_ / 2);       // position in half-sides
        const int k = detail::floor_int(u);
        const float fx = u - k;
        // Within the strip [k, k+1] the diagonal separates triangle k-1 or k from k; which way it slopes depends
        // on whether triangle k points up.
        const bool up = ((r + k) & 1) == 0;
        const bool left_of_diagonal = up ? fy < 1 - fx : fy < fx;
        const Cell c{r, (up ? left_of_diagonal : !left_of_diagonal) ? k - 1 : k};
        return contains(c) ? std::optional<Cell>(c) : std::nullopt;
    }

private:
    float breadth() const { return side_ * (cols_ + 1) / 2; } // along a row
    float length() const { return row_height() * rows_; }     // across the rows
    // A point of the untransposed layout (relative to the origin) in drawing units.
    pz_point place(float x, float y) const {
        return transposed_ ? pz_point{origin_.x + y, origin_.y + x} : pz_point{origin_.x + x, origin_.y + y};
    }

    int rows_, cols_;
    float side_;
    pz_point origin_;
    bool transposed_;
};

} // namespace pluzzle::grid
