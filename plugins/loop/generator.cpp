// generator.cpp -- see generator.hpp. Draws through pluzzle::Rng (std::mt19937_64 with portable mappings; the std::
// distributions differ between standard libraries), so a seed names the same board everywhere.
#include "generator.hpp"

#include "solver.hpp"

#include <pluzzle/rng.hpp>
#include <pluzzle/union_find.hpp>

namespace loop {
namespace {

// The directions that name each edge once: E and S on squares; E, SW and SE on hexagons.
std::vector<int> forward_directions(Shape shape) {
    return shape == Shape::Square ? std::vector<int>{1, 2} : std::vector<int>{0, 4, 5};
}

Board sized_board(const pluzzle::Params &params) {
    Board board;
    board.cols = int(params.integer("width"));
    board.rows = int(params.integer("height"));
    if (board.size() > kMaxTiles)
        throw pluzzle::bad_argument("at most " + std::to_string(kMaxTiles) + " tiles", "width");
    board.shape = params.text("grid") == "hex" ? Shape::Hex : Shape::Square;
    board.rule = params.text("rules") == "net" ? Rule::Net : Rule::Loop;
    board.wrap = params.boolean("wrap");
    board.tiles.assign(size_t(board.size()), 0);
    return board;
}

void connect(Board &b, int64_t i, int d, int64_t j) {
    b.tiles[size_t(i)] |= uint8_t(1u << d);
    b.tiles[size_t(j)] |= uint8_t(1u << opposite(b.shape, d));
}

// Net rules, `unique`: while the solver finds two solutions, swap one pipe of the tree where they differ for another
// pipe that reconnects the two halves as close to that tile as possible (Tatham's idea: perturb the ambiguous
// part until the solver decides everything). Each round keeps a spanning tree; the rounds are bounded.
void make_unique(Board &b, pluzzle::Rng &rng, pluzzle::SolveControl &control) {
    const int k = directions(b.shape);
    const int64_t rounds = 50 + 4 * b.size();
    for (int64_t round = 0; round < rounds; ++round) {
        if (control.poll()) throw pluzzle::stopped("generation");
        pluzzle::SolveControl solving(nullptr, nullptr);
        SolveOptions options;
        options.max_solutions = 2;
        const SolveReport report = solve_board(b, solving, options);
        if (report.status == PZ_SOLVE_UNIQUE) return;
        if (report.status != PZ_SOLVE_MULTIPLE || report.solutions.size() < 2)
            throw pluzzle::Error(PZ_ERR_INTERNAL, "the net generator's tree did not solve");
        // A tile where the two solutions differ, at random.
        std::vector<int64_t> differ;
        for (int64_t i = 0; i < b.size(); ++i)
            if (report.solutions[0][size_t(i)] != report.solutions[1][size_t(i)]) differ.push_back(i);
        const int64_t t = differ[size_t(rng.below(differ.size()))];
        // Remove one of its tree pipes (b.tiles is the planted tree itself here)...
        std::vector<int> pipes;
        for (int d = 0; d < k; ++d)
            if (b.tiles[size_t(t)] >> d & 1) pipes.push_back(d);
        const int cut = pipes[size_t(rng.below(pipes.size()))];
        const int64_t other = b.neighbour(t, cut);
        b.tiles[size_t(t)] &= uint8_t(~(1u << cut));
        b.tiles[size_t(other)] &= uint8_t(~(1u << opposite(b.shape, cut)));
        // ...find the half that holds t...
        std::vector<uint8_t> side(size_t(b.size()), 0);
        std::vector<int64_t> stack{t};
        side[size_t(t)] = 1;
        while (!stack.empty()) {
            const int64_t i = stack.back();
            stack.pop_back();
            for (int d = 0; d < k; ++d)
                if (b.tiles[size_t(i)] >> d & 1)
                    if (const int64_t j = b.neighbour(i, d); j >= 0 && !side[size_t(j)]) side[size_t(j)] = 1, stack.push_back(j);
        }
        // ...and join it to the other half again through the pipe nearest to t that is not the one just cut.
        const int tr = int(t / b.cols), tc = int(t % b.cols);
        int64_t best_i = -1, best_score = 0;
        int best_d = 0;
        for (int64_t i = 0; i < b.size(); ++i) {
            if (!side[size_t(i)]) continue;
            for (int d = 0; d < k; ++d) {
                const int64_t j = b.neighbour(i, d);
                if (j < 0 || side[size_t(j)] || (i == t && d == cut)) continue;
                const int64_t distance = std::abs(int(i / b.cols) - tr) + std::abs(int(i % b.cols) - tc);
                const int64_t score = distance * 1024 + int64_t(rng.below(1024)); // nearest, ties at random
                if (best_i < 0 || score < best_score) best_i = i, best_d = d, best_score = score;
            }
        }
        if (best_i < 0) { // the cut pipe was the only way across (a bridge of the grid): put it back
            connect(b, t, cut, other);
            continue;
        }
        connect(b, best_i, best_d, b.neighbour(best_i, best_d));
    }
    throw pluzzle::Error(PZ_ERR_STOPPED, "no board with a unique solution after " + std::to_string(rounds) +
                                             " rounds of changes (try another seed or size)");
}

} // namespace

std::vector<pluzzle::ParamDesc> generator_params() {
    return {{"width", PZ_PARAM_INT, "8", 1, kMaxSide, "", "tiles across"},
            {"height", PZ_PARAM_INT, "8", 1, kMaxSide, "", "tiles down"},
            {"grid", PZ_PARAM_CHOICE, "square", 0, 0, "square|hex", "square (4 directions) or hexagonal (6)"},
            {"rules", PZ_PARAM_CHOICE, "loop", 0, 0, "loop|net",
             "loop: every connection meets one; net: also one connected tree"},
            {"wrap", PZ_PARAM_BOOL, "false", 0, 0, "", "opposite borders meet (a torus)"},
            {"density", PZ_PARAM_REAL, "0.5", 0, 1, "", "loop rules: the chance that an edge between two tiles is a pipe"},
            {"unique", PZ_PARAM_BOOL, "false", 0, 0, "",
             "net rules: change the tree until the solver proves the solution unique (boards up to about 40x40)"}};
}

Board generate_board(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control) {
    Board b = sized_board(params);
    pluzzle::Rng rng(seed ^ 0x6c6f6f70ULL); // "loop"
    const std::vector<int> forward = forward_directions(b.shape);
    if (b.rule == Rule::Loop) {
        const double density = params.real("density");
        for (int64_t i = 0; i < b.size(); ++i) {
            if (i % 65536 == 0 && control.poll()) throw pluzzle::stopped("generation");
            for (int d : forward) {
                const int64_t j = b.neighbour(i, d);
                if (j >= 0 && j != i && rng.unit() < density) connect(b, i, d, j);
            }
        }
    } else {
        // A uniformly shuffled edge list through Kruskal's algorithm: a random spanning tree.
        std::vector<std::pair<int64_t, int>> edges;
        for (int64_t i = 0; i < b.size(); ++i)
            for (int d : forward)
                if (const int64_t j = b.neighbour(i, d); j >= 0 && j != i) edges.emplace_back(i, d);
        rng.shuffle(edges);
        pluzzle::UnionFind uf(b.size());
        int64_t joined = 0;
        for (size_t e = 0; e < edges.size() && joined + 1 < b.size(); ++e) {
            if (e % 65536 == 0 && control.poll()) throw pluzzle::stopped("generation");
            const auto [i, d] = edges[e];
            const int64_t j = b.neighbour(i, d);
            if (!uf.unite(i, j)) continue;
            connect(b, i, d, j);
            ++joined;
        }
        if (params.boolean("unique")) make_unique(b, rng, control);
    }
    const int k = directions(b.shape);
    for (auto &tile : b.tiles)
        tile = rotate(b.shape, tile, int(rng.below(uint64_t(k))));
    return b;
}

Board blank_board(const pluzzle::Params &params) { return sized_board(params); }

} // namespace loop
