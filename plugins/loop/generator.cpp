// generator.cpp -- see generator.hpp. Uses std::mt19937_64 with our own mapping to ranges (the std::
// distributions differ between standard libraries), so a seed names the same board everywhere.
#include "generator.hpp"

#include <numeric>
#include <random>

namespace loop {
namespace {

double unit(std::mt19937_64 &rng) { return double(rng() >> 11) * 0x1.0p-53; }
uint64_t below(std::mt19937_64 &rng, uint64_t n) { return rng() % n; }

// The directions that name each edge once: E and S on squares; E, SW and SE on hexagons.
std::vector<int> forward_directions(Shape shape) {
    return shape == Shape::Square ? std::vector<int>{1, 2} : std::vector<int>{0, 4, 5};
}

std::unique_ptr<Board> sized_board(const pluzzle::Params &params) {
    auto board = std::make_unique<Board>();
    board->cols = int(params.integer("width"));
    board->rows = int(params.integer("height"));
    if (board->size() > kMaxTiles)
        throw pluzzle::bad_argument("at most " + std::to_string(kMaxTiles) + " tiles", "width");
    board->shape = params.text("grid") == "hex" ? Shape::Hex : Shape::Square;
    board->rule = params.text("rules") == "net" ? Rule::Net : Rule::Loop;
    board->wrap = params.boolean("wrap");
    board->tiles.assign(size_t(board->size()), 0);
    return board;
}

void connect(Board &b, int64_t i, int d, int64_t j) {
    b.tiles[size_t(i)] |= uint8_t(1u << d);
    b.tiles[size_t(j)] |= uint8_t(1u << opposite(b.shape, d));
}

struct UnionFind {
    std::vector<int64_t> parent;
    explicit UnionFind(int64_t n) : parent(size_t(n)) { std::iota(parent.begin(), parent.end(), int64_t(0)); }
    int64_t find(int64_t x) {
        while (parent[size_t(x)] != x) x = parent[size_t(x)] = parent[size_t(parent[size_t(x)])];
        return x;
    }
};

} // namespace

std::vector<pluzzle::ParamDesc> generator_params() {
    return {{"width", PZ_PARAM_INT, "8", 1, kMaxSide, "", "tiles across"},
            {"height", PZ_PARAM_INT, "8", 1, kMaxSide, "", "tiles down"},
            {"grid", PZ_PARAM_CHOICE, "square", 0, 0, "square|hex", "square (4 directions) or hexagonal (6)"},
            {"rules", PZ_PARAM_CHOICE, "loop", 0, 0, "loop|net",
             "loop: every connection meets one; net: also one connected tree"},
            {"wrap", PZ_PARAM_BOOL, "false", 0, 0, "", "opposite borders meet (a torus)"},
            {"density", PZ_PARAM_REAL, "0.5", 0, 1, "", "loop rules: the chance that an edge between two tiles is a pipe"}};
}

std::unique_ptr<Board> generate_board(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control) {
    auto board = sized_board(params);
    Board &b = *board;
    std::mt19937_64 rng(seed ^ 0x6c6f6f70ULL); // "loop"
    const std::vector<int> forward = forward_directions(b.shape);
    if (b.rule == Rule::Loop) {
        const double density = params.real("density");
        for (int64_t i = 0; i < b.size(); ++i) {
            if (i % 65536 == 0 && control.poll()) throw pluzzle::stopped("generation");
            for (int d : forward) {
                const int64_t j = b.neighbour(i, d);
                if (j >= 0 && j != i && unit(rng) < density) connect(b, i, d, j);
            }
        }
    } else {
        // A uniformly shuffled edge list through Kruskal's algorithm: a random spanning tree.
        std::vector<std::pair<int64_t, int>> edges;
        for (int64_t i = 0; i < b.size(); ++i)
            for (int d : forward)
                if (const int64_t j = b.neighbour(i, d); j >= 0 && j != i) edges.emplace_back(i, d);
        for (size_t e = edges.size(); e > 1; --e) std::swap(edges[e - 1], edges[size_t(below(rng, e))]);
        UnionFind uf(b.size());
        int64_t joined = 0;
        for (size_t e = 0; e < edges.size() && joined + 1 < b.size(); ++e) {
            if (e % 65536 == 0 && control.poll()) throw pluzzle::stopped("generation");
            const auto [i, d] = edges[e];
            const int64_t j = b.neighbour(i, d), ri = uf.find(i), rj = uf.find(j);
            if (ri == rj) continue;
            uf.parent[size_t(ri)] = rj;
            connect(b, i, d, j);
            ++joined;
        }
    }
    const int k = directions(b.shape);
    for (auto &tile : b.tiles) tile = rotate(b.shape, tile, int(below(rng, uint64_t(k))));
    return board;
}

std::unique_ptr<Board> blank_board(const pluzzle::Params &params) { return sized_board(params); }

} // namespace loop
