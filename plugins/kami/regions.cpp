// regions.cpp -- see regions.hpp.
#include "regions.hpp"

#include <pluzzle/error.hpp>

#include <algorithm>

namespace kami {
namespace {

// The cells of the region around `start` (same colour, joined through edges), breadth-first.
std::vector<int64_t> flood(const Board &b, const std::vector<uint8_t> &cells, int64_t start, std::vector<int32_t> &mark,
                           int32_t id) {
    std::vector<int64_t> region{start};
    mark[size_t(start)] = id;
    int64_t nb[4] = {};
    for (size_t q = 0; q < region.size(); ++q) {
        const int n = b.neighbours(region[q], nb);
        for (int k = 0; k < n; ++k)
            if (mark[size_t(nb[k])] != id && cells[size_t(nb[k])] == cells[size_t(start)]) {
                mark[size_t(nb[k])] = id;
                region.push_back(nb[k]);
            }
    }
    return region;
}

} // namespace

RegionGraph region_graph(const Board &b, const std::vector<uint8_t> &cells) {
    RegionGraph g;
    g.region_of.assign(cells.size(), -1);
    for (int64_t i = 0; i < b.size(); ++i) {
        if (!cells[size_t(i)] || g.region_of[size_t(i)] >= 0) continue;
        const int32_t id = g.count();
        const std::vector<int64_t> region = flood(b, cells, i, g.region_of, id);
        g.colour.push_back(cells[size_t(i)]);
        g.cell.push_back(i);
        g.cells.push_back(int32_t(region.size()));
    }
    g.adjacent.resize(size_t(g.count()));
    int64_t nb[4] = {};
    for (int64_t i = 0; i < b.size(); ++i) {
        const int32_t r = g.region_of[size_t(i)];
        if (r < 0) continue;
        const int n = b.neighbours(i, nb);
        for (int k = 0; k < n; ++k) {
            const int32_t s = g.region_of[size_t(nb[k])];
            if (s != r) g.adjacent[size_t(r)].push_back(s);
        }
    }
    for (auto &list : g.adjacent) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    return g;
}

std::vector<uint8_t> apply_move(const Board &b, std::vector<uint8_t> cells, const Move &move) {
    if (move.cell < 0 || move.cell >= b.size() || !cells[size_t(move.cell)])
        throw pluzzle::invalid("there is no tile to recolour there", "moves");
    if (move.colour < 1 || move.colour > b.colours) throw pluzzle::invalid("the colour is not in the palette", "moves");
    if (cells[size_t(move.cell)] == move.colour) throw pluzzle::invalid("the region has that colour already", "moves");
    std::vector<int32_t> mark(cells.size(), -1);
    const std::vector<int64_t> region = flood(b, cells, move.cell, mark, 0);
    if (b.mode == Mode::Pivot && mark[size_t(b.pivot)] != 0)
        throw pluzzle::invalid("in pivot mode only the pivot's region is recoloured", "moves");
    for (int64_t i : region)
        cells[size_t(i)] = move.colour;
    return cells;
}

RegionGraph recolour(const RegionGraph &g, int32_t r, uint8_t c, std::vector<int32_t> *ids) {
    // Each old region's representative: r for r and its neighbours of colour c, itself otherwise.
    std::vector<int32_t> rep(size_t(g.count()));
    for (int32_t s = 0; s < g.count(); ++s)
        rep[size_t(s)] = s;
    int64_t first = g.cell[size_t(r)];
    int32_t cells = g.cells[size_t(r)];
    for (int32_t a : g.adjacent[size_t(r)])
        if (g.colour[size_t(a)] == c)
            rep[size_t(a)] = r, first = std::min(first, g.cell[size_t(a)]), cells += g.cells[size_t(a)];
    // The representatives in the order of their first cells (region_graph()'s numbering): only r's may move up.
    std::vector<int32_t> order;
    for (int32_t s = 0; s < g.count(); ++s)
        if (rep[size_t(s)] == s) order.push_back(s);
    const auto cell_of = [&](int32_t s) { return s == r ? first : g.cell[size_t(s)]; };
    std::sort(order.begin(), order.end(), [&](int32_t x, int32_t y) { return cell_of(x) < cell_of(y); });
    std::vector<int32_t> id(size_t(g.count()));
    RegionGraph out;
    for (int32_t s : order) {
        id[size_t(s)] = out.count();
        out.colour.push_back(s == r ? c : g.colour[size_t(s)]);
        out.cell.push_back(cell_of(s));
        out.cells.push_back(s == r ? cells : g.cells[size_t(s)]);
    }
    for (int32_t s = 0; s < g.count(); ++s)
        id[size_t(s)] = id[size_t(rep[size_t(s)])];
    out.region_of.resize(g.region_of.size());
    for (size_t i = 0; i < g.region_of.size(); ++i)
        out.region_of[i] = g.region_of[i] < 0 ? -1 : id[size_t(g.region_of[i])];
    out.adjacent.resize(size_t(out.count()));
    for (int32_t s = 0; s < g.count(); ++s)
        for (int32_t a : g.adjacent[size_t(s)])
            if (id[size_t(a)] != id[size_t(s)]) out.adjacent[size_t(id[size_t(s)])].push_back(id[size_t(a)]);
    for (auto &list : out.adjacent) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    if (ids) *ids = std::move(id);
    return out;
}

bool one_colour(const std::vector<uint8_t> &cells) {
    uint8_t seen = 0;
    for (uint8_t c : cells) {
        if (!c) continue;
        if (seen && c != seen) return false;
        seen = c;
    }
    return true;
}

} // namespace kami
