// level.hpp -- the SliceIt! model: shapes (outer ring + holes), forbidden zones, N strokes, M pieces, tolerances.
//
// Rules: cut the shapes with exactly `strokes` straight segments so that exactly `pieces` pieces are larger than
// the sliver threshold and each of them holds 100/pieces percent of the total area, give or take `tolerance`
// percentage points. A piece is a connected part of the shapes minus the strokes, so a stroke that ends inside a
// piece leaves a slit and splits nothing. No stroke may touch a forbidden zone.
#pragma once
#include <pluzzle/puzzle_types.hpp>

#include <string>
#include <vector>

namespace sliceit {

struct Vec {
    double x = 0, y = 0;
    friend bool operator==(const Vec &a, const Vec &b) { return a.x == b.x && a.y == b.y; }
};
using Ring = std::vector<Vec>; // open ring: the last vertex is not repeated

struct Shape {
    Ring outer;
    std::vector<Ring> holes;
};

// Limits that keep every operation bounded on any level that passed validation.
constexpr int kMaxStrokes = 12;
constexpr int kMaxPieces = 100;
constexpr size_t kMaxVertices = 2000;  // over all rings of a level
constexpr double kMaxCoordinate = 1e6; // |x|, |y|

// A level. Immutable once made: edits build a new one.
struct Level {
    std::string name;
    std::vector<Shape> shapes;
    std::vector<Ring> forbidden;
    int strokes = 1;
    int pieces = 2;
    double tolerance = 3; // percentage points around 100 / pieces
    double sliver = 1;    // percent of the total area under which a piece is ignored
};

// A stroke: a straight segment from `a` to `b`.
struct Stroke {
    Vec a, b;
};

// ---- level_check.cpp
// Throws pluzzle::invalid naming the field ("shapes[1].holes[0]", "pieces"...) for every broken rule.
void validate_level(const Level &level);
double total_area(const Level &level);

} // namespace sliceit
