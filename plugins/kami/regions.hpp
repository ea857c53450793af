// regions.hpp -- a board contracted to its regions (maximal groups of same-coloured tiles joined through edges)
// and which regions touch: what the solvers search over, and what a move recolours.
#pragma once
#include "board.hpp"
#include "formats.hpp"

#include <cstdint>
#include <vector>

namespace kami {

struct RegionGraph {
    std::vector<int32_t> region_of;             // per cell; -1 for no tile
    std::vector<uint8_t> colour;                // per region
    std::vector<int64_t> cell;                  // per region: its first cell in row-major order (names it in a move)
    std::vector<int32_t> cells;                 // per region: how many cells
    std::vector<std::vector<int32_t>> adjacent; // per region, sorted, no repeats

    int count() const { return int(colour.size()); }
};

// The regions of the board with `cells` as coloured now (the level's own cells at the start).
RegionGraph region_graph(const Board &board, const std::vector<uint8_t> &cells);

// The cells after `move`: the region holding move.cell takes move.colour. Throws pluzzle::invalid (field "moves")
// for a move the rules forbid: no tile there, the colour it already has, or (pivot mode) not the pivot's region.
std::vector<uint8_t> apply_move(const Board &board, std::vector<uint8_t> cells, const Move &move);

// The regions after region r takes colour c (r absorbs its neighbours of that colour), contracted from g without
// the cells: what region_graph() would find on the recoloured board, its regions numbered the same way. `ids`, when
// given, gets each old region's new number.
RegionGraph recolour(const RegionGraph &g, int32_t r, uint8_t c, std::vector<int32_t> *ids = nullptr);

// Whether every tile has one colour.
bool one_colour(const std::vector<uint8_t> &cells);

} // namespace kami
