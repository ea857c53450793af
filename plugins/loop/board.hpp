// board.hpp -- the loop model shared by every file of the plugin: a grid of pipe tiles to rotate.
//
// A tile is a mask of connections, bit d = a pipe leaving towards direction d. Square grids have 4 directions
// (N=1, E=2, S=4, W=8: the hwab convention, rotating clockwise moves bit d to d+1); hexagonal grids have 6
// (E=1, NE=2, NW=4, W=8, SW=16, SE=32: the hexapipes convention, pointy-top hexagons with odd rows shifted half a
// cell right; rotating counter-clockwise moves bit d to d+1). Rules: `loop` -- every connection meets one of the
// neighbour and nothing points off the board (the Infinite Loop rule); `net` -- the same, and all tiles form one
// connected tree (Tatham's Net, hexapipes). Wrap joins opposite borders (a torus).
#pragma once
#include <pluzzle/puzzle_types.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace loop {

enum class Shape : uint8_t { Square, Hex };
enum class Rule : uint8_t { Loop, Net };

constexpr int kMaxSide = 20000;            // rows or columns
constexpr int64_t kMaxTiles = 200'000'000; // a bound on memory: two bytes per tile in a level

inline int directions(Shape shape) { return shape == Shape::Square ? 4 : 6; }
inline int opposite(Shape shape, int d) { return shape == Shape::Square ? (d + 2) & 3 : (d + 3) % 6; }
inline uint8_t all_directions(Shape shape) { return shape == Shape::Square ? 0x0f : 0x3f; }

// Bits set in a byte (pipes of a tile, options of a domain): a table, since the build targets CPUs without a
// popcount instruction and the library call is slow in the solver's inner loop.
inline int bit_count(uint8_t x) {
    static constexpr auto table = [] {
        std::array<uint8_t, 256> t{};
        for (int v = 1; v < 256; ++v) t[size_t(v)] = uint8_t(t[size_t(v >> 1)] + (v & 1));
        return t;
    }();
    return table[x];
}

// `mask` turned by `steps` direction steps (bit d -> bit d+steps).
inline uint8_t rotate(Shape shape, uint8_t mask, int steps) {
    const int k = directions(shape);
    steps %= k;
    return uint8_t(((mask << steps) | (mask >> (k - steps))) & all_directions(shape));
}

struct Board {
    Shape shape = Shape::Square;
    Rule rule = Rule::Loop;
    bool wrap = false;
    int rows = 0, cols = 0;
    std::vector<uint8_t> tiles;  // row-major connection masks as given (scrambled)
    std::vector<uint8_t> locked; // row-major, 1 = a given tile that may not be rotated; empty = none locked
    std::string name;            // optional, one line

    int64_t size() const { return int64_t(rows) * cols; }
    bool is_locked(int64_t i) const { return !locked.empty() && locked[size_t(i)]; }

    // The tiles next to `i`, one per direction (-1 off the board), into out[0..directions).
    void neighbours(int64_t i, int64_t *out) const {
        const int r = int(i / cols), c = int(i % cols);
        if (shape == Shape::Square) {
            static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
            for (int d = 0; d < 4; ++d) out[d] = cell(r + dr[d], c + dc[d], 0);
            return;
        }
        // (row, col) steps for an even row / an odd row, in direction order E, NE, NW, W, SW, SE.
        static const int dr[6] = {0, -1, -1, 0, 1, 1};
        static const int dc_even[6] = {1, 0, -1, -1, -1, 0}, dc_odd[6] = {1, 1, 0, -1, 0, 1};
        for (int d = 0; d < 6; ++d) out[d] = cell(r + dr[d], c + ((r & 1) ? dc_odd[d] : dc_even[d]), 1);
    }
    int64_t neighbour(int64_t i, int d) const {
        const int r = int(i / cols), c = int(i % cols);
        if (shape == Shape::Square) {
            static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
            return cell(r + dr[d], c + dc[d], 0);
        }
        static const int dr[6] = {0, -1, -1, 0, 1, 1};
        static const int dc_even[6] = {1, 0, -1, -1, -1, 0}, dc_odd[6] = {1, 1, 0, -1, 0, 1};
        return cell(r + dr[d], c + ((r & 1) ? dc_odd[d] : dc_even[d]), 1);
    }

private:
    // (r, c) folded onto the board when it wraps, as an index; -1 off the board.
    int64_t cell(int r, int c, int hex) const {
        if (wrap) {
            if (hex) {
                // hexapipes: leaving the top enters the bottom row one column right; leaving the bottom enters row
                // 0 one column left when the number of rows is even (the same column when it is odd).
                if (r < 0) r = rows - 1, c += 1;
                else if (r >= rows) r = 0, c -= 1 - rows % 2;
            } else {
                r = (r + rows) % rows;
            }
            c = (c % cols + cols) % cols;
        }
        if (r < 0 || r >= rows || c < 0 || c >= cols) return -1;
        return int64_t(r) * cols + c;
    }
};

// A tree on T tiles with pipes has T-1 connections, and turning keeps every tile's number of pipe ends: so net
// rules can only be met when the pipe ends add up to 2(T-1). `tiles` counts the tiles with a pipe.
struct PipeCount {
    int64_t tiles = 0, ends = 0;
    bool fits_a_tree() const { return tiles == 0 || ends == 2 * (tiles - 1); }
};
inline PipeCount pipe_count(const std::vector<uint8_t> &masks) {
    PipeCount c;
    for (uint8_t m : masks) c.tiles += m != 0, c.ends += bit_count(m);
    return c;
}

const char *shape_name(Shape shape);
const char *rule_name(Rule rule);

// Everything the other operations rely on; throws pluzzle::invalid naming the field.
void validate_board(const Board &board);

} // namespace loop
