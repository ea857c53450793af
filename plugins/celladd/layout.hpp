// layout.hpp -- the boards Cell Addition is played on: petri dishes (discs, no gravity), beakers (full h x w,
// gravity) and Erlenmeyer flasks (a widening base under a two-cell neck, gravity). Row 0 is the BOTTOM row here;
// texts show rows 1-based (row 1 = bottom), as the original app did.
#pragma once
#include "bitboard.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace celladd {

enum class Family { petri, beaker, flask };

// A layout's identity: petri (a = number of cells), beaker (a = height, b = width), flask (a = neck height,
// b = base width).
struct Layout {
    Family family = Family::beaker;
    int a = 3, b = 4;
    bool operator==(const Layout &o) const { return family == o.family && a == o.a && b == o.b; }
};

constexpr int kNoCell = -1;
constexpr int kDirections = 8; // E, NE, N, NW, W, SW, S, SE: direction d + 4 is its opposite
constexpr std::array<int, 8> kDirRow = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr std::array<int, 8> kDirCol = {1, 1, 0, -1, -1, -1, 0, 1};

// The playable mask and its neighbour table. Cell index = row * width + col (0-based, row 0 at the bottom).
struct Board {
    Layout layout;
    int height = 0, width = 0;
    bool gravity = false;
    std::vector<uint8_t> playable;             // one per grid square
    std::vector<std::array<int, 8>> neighbour; // per square and direction: the playable neighbour or kNoCell
    std::vector<int> column_cells;             // playable cells of each column, bottom up, concatenated
    std::vector<int> column_start;             // width + 1 offsets into column_cells
    int playable_count = 0;

    // Bitboard geometry (bitboard.hpp): square -> bit, the shift of each direction, and per-square masks.
    int stride = 0;                   // width + 1
    std::vector<int> bit;             // per square
    std::array<int, 8> offset{};      // bit shift of each direction
    Bits playable_bits;               // all playable squares
    std::vector<Bits> around;         // per square: its playable 8-neighbours
    std::vector<Bits> near;           // per square: playable squares within 2 king steps (the gains it touches)
    std::vector<double> centre_value; // per square: the published AIs' centrality feature

    int squares() const { return height * width; }
    int index(int row, int col) const { return row * width + col; }
    int row_of(int cell) const { return cell / width; }
    int col_of(int cell) const { return cell % width; }
    bool inside(int row, int col) const { return row >= 0 && row < height && col >= 0 && col < width; }
    bool is_playable(int row, int col) const { return inside(row, col) && playable[size_t(index(row, col))]; }
    int bit_of(int cell) const { return bit[size_t(cell)]; }
};

// Throws pluzzle::invalid naming the field when the layout does not exist.
Board make_board(const Layout &layout);
void check_layout(const Layout &layout);
// Every layout the original offers: 26 petri dishes, 81 beakers, 28 flasks, in that order.
std::vector<Layout> all_layouts();
// The petri dish sizes on offer (cell counts).
const std::vector<int> &petri_sizes();

std::string family_name(Family family);
// "petri 29", "beaker 3 4", "flask 3 8": the words of a level's layout line.
std::string layout_text(const Layout &layout);
// The mask as text rows, top row first: '.' playable, '#' not.
std::vector<std::string> mask_rows(const Board &board);

} // namespace celladd
