// greedy_flood.cpp -- see greedy_flood.hpp.
#include "greedy_flood.hpp"

#include <algorithm>
#include <array>

namespace kami {
namespace {

// Breadth-first distances from `from` (-1 beyond its component) and the last region reached (one of the farthest).
int32_t sweep(const std::vector<std::vector<int32_t>> &adjacent, int32_t from, std::vector<int32_t> &parent) {
    parent.assign(adjacent.size(), -2);
    std::vector<int32_t> queue{from};
    parent[size_t(from)] = -1;
    for (size_t q = 0; q < queue.size(); ++q)
        for (int32_t s : adjacent[size_t(queue[q])])
            if (parent[size_t(s)] == -2) parent[size_t(s)] = queue[q], queue.push_back(s);
    return queue.back();
}

} // namespace

std::vector<uint8_t> greedy_flood(const std::vector<uint8_t> &colour, const std::vector<std::vector<int32_t>> &adjacent,
                                  int32_t start) {
    std::vector<uint8_t> moves;
    std::vector<uint8_t> in(colour.size(), 0); // 1: in the blob, 2: touching it
    std::vector<int32_t> front;
    const auto touch = [&](int32_t r) {
        for (int32_t s : adjacent[size_t(r)])
            if (!in[size_t(s)]) in[size_t(s)] = 2, front.push_back(s);
    };
    in[size_t(start)] = 1;
    touch(start);
    while (!front.empty()) {
        std::array<size_t, 256> count{};
        for (int32_t r : front)
            ++count[colour[size_t(r)]];
        const uint8_t c = uint8_t(std::max_element(count.begin(), count.end()) - count.begin());
        moves.push_back(c);
        std::vector<int32_t> taken, kept;
        for (int32_t r : front)
            (colour[size_t(r)] == c ? taken : kept).push_back(r);
        front = std::move(kept);
        for (int32_t r : taken)
            in[size_t(r)] = 1;
        for (int32_t r : taken)
            touch(r);
    }
    return moves;
}

int32_t central_region(const std::vector<std::vector<int32_t>> &adjacent, int32_t start) {
    std::vector<int32_t> parent;
    const int32_t end = sweep(adjacent, start, parent);
    int32_t other = sweep(adjacent, end, parent);
    std::vector<int32_t> path;
    for (; other >= 0; other = parent[size_t(other)])
        path.push_back(other);
    return path[path.size() / 2];
}

} // namespace kami
