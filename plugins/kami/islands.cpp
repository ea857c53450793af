// islands.cpp -- see islands.hpp.
#include "islands.hpp"

namespace kami {

std::vector<Island> islands_of(const RegionGraph &g) {
    std::vector<int32_t> local(size_t(g.count()), -1);
    std::vector<Island> islands;
    for (int32_t start = 0; start < g.count(); ++start) {
        if (local[size_t(start)] >= 0) continue;
        Island island;
        local[size_t(start)] = 0;
        island.region.push_back(start);
        for (size_t q = 0; q < island.region.size(); ++q)
            for (int32_t s : g.adjacent[size_t(island.region[q])])
                if (local[size_t(s)] < 0) {
                    local[size_t(s)] = int32_t(island.region.size());
                    island.region.push_back(s);
                }
        for (int32_t r : island.region) {
            island.colour.push_back(g.colour[size_t(r)]);
            island.adjacent.emplace_back();
            for (int32_t s : g.adjacent[size_t(r)])
                island.adjacent.back().push_back(local[size_t(s)]);
        }
        islands.push_back(std::move(island));
    }
    return islands;
}

} // namespace kami
