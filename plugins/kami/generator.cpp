// generator.cpp -- see generator.hpp.
#include "generator.hpp"

#include "bounded_solve.hpp"
#include "regions.hpp"

#include <pluzzle/rng.hpp>

#include <algorithm>

namespace kami {
namespace {

// One candidate's optimal solve: a board this hard is dropped for another (fewer blotches) rather than waited for.
constexpr uint64_t kCandidateNodes = 5'000'000;

// The board of the parameters' size, grid and mode, every tile colour 1.
Board sized_board(const pluzzle::Params &params) {
    Board b;
    const int width = int(params.integer("width")), height = int(params.integer("height"));
    b.grid = params.text("grid") == "square" ? Grid::Square : Grid::Triangle;
    b.mode = params.text("mode") == "pivot" ? Mode::Pivot : Mode::Free;
    b.colours = int(params.integer("colours"));
    if (b.grid == Grid::Square) {
        b.cols = width, b.rows = height;
        b.cells.assign(size_t(b.size()), 1);
    } else {
        // File row r is column r of the screen; its triangle k lies at place r + k down the slanted band, so the
        // screen's rectangle is the places width .. width + height - 1 (the game's own offset: its 10 x 29 levels
        // are rows of 40 triangles whose first tile is triangle 10 of row 0).
        b.rows = width;
        b.cols = width + height + (width + height) % 2;
        b.cells.assign(size_t(b.size()), 0);
        for (int r = 0; r < b.rows; ++r)
            for (int k = width - r; k < width + height - r; ++k)
                b.cells[size_t(b.index(r, k))] = 1;
    }
    if (b.size() > kMaxCells) throw pluzzle::bad_argument("at most " + std::to_string(kMaxCells) + " cells", "width");
    if (b.mode == Mode::Pivot) b.pivot = int64_t(std::find(b.cells.begin(), b.cells.end(), 1) - b.cells.begin());
    return b;
}

// Colours the tiles of `shape` (tiles 1, holes 0) with `blotches` regions grown from random seeds: each step extends
// a random blotch of the frontier by one random neighbour, which makes ragged, compact blotches rather than stripes.
std::vector<uint8_t> blotches_on(const Board &shape, int colours, int blotches, pluzzle::Rng &rng) {
    std::vector<int64_t> tiles;
    for (int64_t i = 0; i < shape.size(); ++i)
        if (shape.cells[size_t(i)]) tiles.push_back(i);
    blotches = std::clamp(blotches, 1, int(tiles.size()));
    std::vector<uint8_t> cells(shape.cells.size(), 0); // 0 until a blotch reaches the tile
    std::vector<int64_t> frontier;
    for (int s = 0; s < blotches; ++s) {
        const size_t pick = size_t(s) + size_t(rng.below(tiles.size() - size_t(s))); // a partial shuffle
        std::swap(tiles[size_t(s)], tiles[pick]);
        // Every colour once while there are seeds for it, then at random.
        cells[size_t(tiles[size_t(s)])] = uint8_t(s < colours ? s + 1 : 1 + int(rng.below(uint64_t(colours))));
        frontier.push_back(tiles[size_t(s)]);
    }
    int64_t nb[4] = {}, open[4] = {};
    while (!frontier.empty()) {
        const size_t f = size_t(rng.below(frontier.size()));
        const int64_t i = frontier[f];
        int n = 0;
        const int around = shape.neighbours(i, nb);
        for (int k = 0; k < around; ++k)
            if (!cells[size_t(nb[k])]) open[n++] = nb[k];
        if (!n) { // surrounded: no longer part of the frontier
            frontier[f] = frontier.back();
            frontier.pop_back();
            continue;
        }
        const int64_t j = open[rng.below(uint64_t(n))];
        cells[size_t(j)] = cells[size_t(i)];
        frontier.push_back(j);
    }
    return cells;
}

} // namespace

std::vector<pluzzle::ParamDesc> generator_params() {
    return {{"width", PZ_PARAM_INT, "6", 1, 200, "",
             "triangle grids: columns of triangles across the screen (KAMI 2: 10); square grids: cells across"},
            {"height", PZ_PARAM_INT, "12", 1, 200, "",
             "triangle grids: triangles down each column (KAMI 2: 29); square grids: cells down"},
            {"grid", PZ_PARAM_CHOICE, "triangle", 0, 0, "triangle|square", "KAMI 2's triangles, or squares"},
            {"mode", PZ_PARAM_CHOICE, "free", 0, 0, "free|pivot",
             "free: any region may be recoloured (KAMI); pivot: only the top-left tile's (Flood-It)"},
            {"colours", PZ_PARAM_INT, "3", 2, kMaxColours, "", "colours in the palette"},
            {"blotch", PZ_PARAM_INT, "8", 1, 10000, "", "average tiles a colour blotch starts with"},
            {"par", PZ_PARAM_INT, "0", 0, 100, "",
             "the par wanted (0: any): boards are redrawn with more or fewer blotches until the proven par is this"},
            {"tries", PZ_PARAM_INT, "100", 1, 10000, "", "boards to draw at most while looking for the par"}};
}

Board generate_board(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control) {
    Board b = sized_board(params);
    const Board shape = b;
    const int target = int(params.integer("par")), tries = int(params.integer("tries"));
    int64_t tiles = 0;
    for (uint8_t c : b.cells)
        tiles += c != 0;
    int blotches = int(std::max<int64_t>(1, tiles / params.integer("blotch")));
    pluzzle::Rng rng(seed ^ 0x6b616d69ULL); // "kami"
    for (int attempt = 0; attempt < tries; ++attempt) {
        if (control.poll()) throw pluzzle::stopped("generation");
        b.cells = blotches_on(shape, b.colours, blotches, rng);
        const SolveReport r = solve_within(b, SolveOptions{}, Budget{kCandidateNodes, 0}, &control);
        if (control.stopped()) throw pluzzle::stopped("generation");
        const int step = std::max(1, blotches / 8);
        if (r.status != PZ_SOLVE_SOLVED) { // too hard to prove in the candidate's budget: simpler next time
            blotches = std::max(1, blotches - step);
            continue;
        }
        const int par = int(r.moves.size());
        if (par >= 1 && (target == 0 || par == target)) {
            b.par = par;
            return b;
        }
        if (par < std::max(target, 1))
            blotches = std::min<int>(int(tiles), blotches + step);
        else
            blotches = std::max(1, blotches - step);
    }
    throw pluzzle::Error(PZ_ERR_STOPPED, "no board with " + (target ? "par " + std::to_string(target) : "a par") +
                                             " in " + std::to_string(tries) +
                                             " tries (change the size, colours or blotch size, or the seed)");
}

Board blank_board(const pluzzle::Params &params) { return sized_board(params); }

} // namespace kami
