// split.cpp -- see split.hpp. A cube's text is "move CELL COLOUR": the root move that recolours the region holding
// CELL (row-major index) with COLOUR.
#include "split.hpp"

#include "formats.hpp"
#include "island_search.hpp"
#include "islands.hpp"
#include "regions.hpp"
#include "solver.hpp"

#include <pluzzle/text.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

namespace kami {
namespace {

// The one island of a free-play board the split covers, with its regions' numbers in the whole board's graph.
struct Splittable {
    RegionGraph graph;
    Island island;
    std::vector<int32_t> local; // board region -> island region
};

std::optional<Splittable> splittable(const Board &board) {
    if (board.mode != Mode::Free) return std::nullopt;
    Splittable s;
    s.graph = region_graph(board, board.cells);
    std::vector<Island> islands = islands_of(s.graph);
    if (islands.size() != 1 || s.graph.count() < 2) return std::nullopt;
    s.island = std::move(islands[0]);
    s.local.assign(size_t(s.graph.count()), -1);
    for (size_t i = 0; i < s.island.region.size(); ++i) s.local[size_t(s.island.region[i])] = int32_t(i);
    return s;
}

// What the cubes of one level solved one after another on a thread (a worker process, an MPI rank) have proven: the
// table of lower bounds and the path bounds are facts about states, whichever cube met them (and the walk gate's
// figures about the board), so each cube starts
// from what the cubes before it learnt, as the whole search's root moves do (Bud3 split on one thread: 9.4M nodes with
// a fresh table per cube, 6.1M whole). A state's key holds only its regions' colours, so the memory is the board's
// alone: another board, or any other solve on the thread, starts it afresh (forget_cube_memory()).
struct CubeMemory {
    Grid grid = Grid::Square;
    int rows = 0, cols = 0, colours = 0;
    std::vector<uint8_t> cells;
    BoundTable table;
    WalkMemo walk_memo;
    WalkGate walk_gate; // the figures of the walks' worth, as the last cube left them
    bool of(const Board &b) const {
        return b.grid == grid && b.rows == rows && b.cols == cols && b.colours == colours && b.cells == cells;
    }
};
thread_local std::unique_ptr<CubeMemory> cube_memory;

CubeMemory &cube_memory_of(const Board &board) {
    if (!cube_memory || !cube_memory->of(board)) {
        cube_memory = std::make_unique<CubeMemory>();
        cube_memory->grid = board.grid, cube_memory->rows = board.rows, cube_memory->cols = board.cols;
        cube_memory->colours = board.colours, cube_memory->cells = board.cells;
    }
    return *cube_memory;
}

pluzzle::SolveOutcome outcome_of(const Board &board, const SolveReport &report, pluzzle::SolveControl &control) {
    if (report.status == PZ_SOLVE_SOLVED || !report.moves.empty()) control.solution(encode_moves(board, report.moves));
    pluzzle::SolveOutcome outcome;
    outcome.status = report.status;
    outcome.lower_bound = report.lower_bound;
    if (report.upper_bound >= 0) outcome.upper_bound = report.upper_bound;
    outcome.difficulty = estimate_difficulty(report);
    return outcome;
}

} // namespace

void forget_cube_memory() { cube_memory.reset(); }

pluzzle::Split split_board(const Board &board, pluzzle::SolveControl &control, const SolveOptions &options) {
    pluzzle::Split split;
    split.combine = pluzzle::Combine::best;
    const std::optional<Splittable> s = splittable(board);
    if (!s) { // solved whole: the level's answer, or its bounds when a limit stops it
        split.outcome = outcome_of(board, solve_board(board, control, options), control);
        return split;
    }
    // The quick list: the bound every cube must beat. A proof it is optimal already needs no cube.
    SolveOptions quick = options;
    quick.optimal = false;
    const SolveReport root = solve_board(board, control, quick);
    if (control.stopped() || root.lower_bound >= root.upper_bound) {
        SolveReport decided = root; // quick mode says SOLVED whatever it proved: only a proof is an answer here
        decided.status = control.stopped() ? control.stop_status() : PZ_SOLVE_SOLVED;
        split.outcome = outcome_of(board, decided, control);
        return split;
    }
    split.outcome = outcome_of(board, root, control);
    split.outcome.status = PZ_SOLVE_LIMIT;
    // Every root move, those that join the most groups first (the order the exact search tries them in).
    struct Root {
        int joined;
        int32_t region;
        int colour;
    };
    std::vector<Root> moves;
    for (int32_t r = 0; r < s->graph.count(); ++r)
        for (int c = 1; c <= board.colours; ++c) {
            if (c == s->graph.colour[size_t(r)]) continue;
            int joined = 0;
            for (int32_t a : s->graph.adjacent[size_t(r)]) joined += s->graph.colour[size_t(a)] == c;
            moves.push_back({joined, r, c});
        }
    std::stable_sort(moves.begin(), moves.end(), [](const Root &a, const Root &b) { return a.joined > b.joined; });
    for (const Root &m : moves)
        split.cubes.push_back("move " + std::to_string(s->graph.cell[size_t(m.region)]) + " " + std::to_string(m.colour));
    return split;
}

pluzzle::SolveOutcome solve_cube_board(const Board &board, std::string_view cube, pluzzle::SolveControl &control,
                                       const SolveOptions &options) {
    const auto bad = [&](const std::string &why) {
        return pluzzle::bad_argument("cube '" + std::string(cube.substr(0, 40)) + "': " + why, "cube");
    };
    const std::optional<Splittable> s = splittable(board);
    if (!s) throw bad("this board is not split into cubes (pivot mode, several islands or one region)");
    const std::vector<pluzzle::Token> words = pluzzle::tokens(cube);
    if (words.size() != 3 || words[0].text != "move") throw bad("expected 'move CELL COLOUR'");
    const std::optional<int64_t> cell = pluzzle::whole_number<int64_t>(words[1].text);
    const std::optional<int> colour = pluzzle::whole_number<int>(words[2].text);
    if (!cell || *cell < 0 || *cell >= board.size() || board.cells[size_t(*cell)] == 0) throw bad("no tile at CELL");
    const int32_t region = s->graph.region_of[size_t(*cell)];
    if (!colour || *colour < 1 || *colour > board.colours || *colour == s->graph.colour[size_t(region)])
        throw bad("COLOUR must be another colour of the palette");

    CubeMemory &memory = cube_memory_of(board);
    IslandSearch search(s->island, board.colours, control, memory.table, memory.walk_memo, 0x243f6a8885a308d3ULL);
    search.set_options(options);
    search.carry_walk_gate_figures(memory.walk_gate);
    // Only lists shorter than the best known matter; with none known, any list (regions moves always do).
    const auto shorter_than_known = [&control, regions = s->graph.count()] {
        const double known = control.known_best();
        return std::isfinite(known) ? int(known) - 1 : regions;
    };
    std::vector<IslandMove> moves;
    int lower = 0;
    const bool found = search.search_below({s->local[size_t(region)], uint8_t(*colour)}, shorter_than_known(), moves,
                                           lower, shorter_than_known);
    memory.walk_gate = search.walk_gate();
    SolveReport report;
    report.regions = s->graph.count();
    report.nodes = search.nodes();
    report.lower_bound = lower;
    if (found) {
        for (const IslandMove &m : moves)
            report.moves.push_back({s->graph.cell[size_t(s->island.region[size_t(m.region)])], m.colour});
        report.status = PZ_SOLVE_SOLVED;
        report.upper_bound = int(moves.size());
    } else {
        report.status = search.stopped() ? control.stop_status() : PZ_SOLVE_UNSOLVABLE; // none shorter here
    }
    return outcome_of(board, report, control);
}

} // namespace kami
