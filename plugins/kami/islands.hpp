// islands.hpp -- the parts of a free-play board that no move joins (holes may cut a board into several): each is
// searched on its own (island_search.hpp) and the answers are combined over a common final colour (free_solver.cpp).
#pragma once
#include "regions.hpp"

#include <cstdint>
#include <vector>

namespace kami {

// One island: the regions of the starting board that edges join, renumbered 0..n-1.
struct Island {
    std::vector<int32_t> region;                // island index -> region of the whole board
    std::vector<std::vector<int32_t>> adjacent; // island indices
    std::vector<uint8_t> colour;                // at the start
};

// The islands of the board's region graph, each with its regions renumbered.
std::vector<Island> islands_of(const RegionGraph &g);

// A move on an island: recolour the group holding island region `region` with `colour`.
struct IslandMove {
    int32_t region;
    uint8_t colour;
};

} // namespace kami
