// cut.hpp -- the game's semantics: the pieces a set of strokes leaves, and whether they solve the level.
//
// A piece is a connected part of the shapes minus the strokes. We compute it order-free: extend every stroke to
// its full line, split the shapes into the cells of that line arrangement, then glue two cells that touch along
// a line wherever the stroke on that line does not cover their common edge (slits, strokes too short to cross,
// strokes stopped before a concave lobe). Strokes through vertices and along edges need nothing special: a
// common edge of zero length never glues, an edge on the shape's boundary has no cell on its other side.
#pragma once
#include "geometry.hpp"

#include <string>
#include <vector>

namespace sliceit {

// The level's geometry, prepared once per level for the many cuts a solve makes.
struct Board {
    explicit Board(const Level &level);
    const Level *level;
    BMultiPolygon shapes;
    std::vector<BPolygon> forbidden;
    double total = 0;   // area of the shapes
    Box box;            // of shapes and forbidden zones
    double scale = 1;   // the box's diagonal; tolerances are relative to it
    bool convex = true; // every shape convex without holes: every cell is convex
};

// A cell of the arrangement: a convex ring (fast path) or a general polygon (concave, holes).
struct Cell {
    Ring convex;
    BPolygon polygon;
    bool is_convex = false;
    double area = 0;
    std::vector<signed char> side; // per line: -1 below, +1 above
};

struct Piece {
    std::vector<size_t> cells; // indices into Cut::cells
    double area = 0;
};

struct Cut {
    std::vector<Cell> cells;
    std::vector<Piece> pieces; // largest first
    uint64_t work = 0;         // polygon splits done: the solver's node count
};

// The pieces `strokes` (positive length each) leave on the board.
Cut cut_board(const Board &board, const std::vector<Stroke> &strokes);
// Only the piece areas, largest first (the solver's inner loop).
std::vector<double> piece_areas(const Board &board, const std::vector<Stroke> &strokes, uint64_t &work);

// Does a stroke touch a forbidden zone (closed: touching the border counts)?
bool touches_forbidden(const Board &board, const Stroke &stroke);

struct Verdict {
    bool solved = false;
    std::string message;
    std::vector<double> shares;   // percent of the total area of each counted piece, largest first
    double largest_deviation = 0; // percentage points, over counted pieces
    int counted = 0;              // pieces above the sliver threshold
};
// The full rule: exactly N strokes of positive length, none touching a forbidden zone, exactly M pieces above the
// sliver threshold, each within the tolerance of 100/M.
Verdict judge(const Board &board, const std::vector<Stroke> &strokes);

} // namespace sliceit
