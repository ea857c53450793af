// greedy_flood.hpp -- a move list in linear-ish time for boards too large to search: flood one region's blob,
// each move taking the colour with the most regions touching it. Every move absorbs a region, so a component of n
// regions takes at most n - 1 moves; from a central region it takes about its radius times a small factor.
//
// The solvers' answer of last resort: pivot mode beyond the search's memory, free play on islands beyond the group
// graph's size, and whatever a limit leaves unfinished. Works on adjacency lists, so memory is linear in the edges.
#pragma once
#include <cstdint>
#include <vector>

namespace kami {

// The colours of the moves that leave the component of `start` one colour (the region graph's colours and
// adjacency; regions of one colour never touch). Regions outside the component are never touched.
std::vector<uint8_t> greedy_flood(const std::vector<uint8_t> &colour, const std::vector<std::vector<int32_t>> &adjacent,
                                  int32_t start);

// A region near the middle of `start`'s component: the midpoint of a path between two far-apart regions (two
// breadth-first sweeps), so flooding from it needs about half the moves that flooding from an end would.
int32_t central_region(const std::vector<std::vector<int32_t>> &adjacent, int32_t start);

} // namespace kami
