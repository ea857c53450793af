// generator.cpp -- random pictures, made unique by local repair instead of rejection sampling.
//
// A random picture usually has many solutions. Instead of drawing new pictures until one is unique (hopeless at
// 50x50), the picture is repaired cell by cell (see make_unique_picture); each step costs one line-logic
// propagation, so a unique 50x50 takes about 0.1 s.
#include "generator.hpp"

#include "formats.hpp"
#include "solver.hpp"

#include <pluzzle/rng.hpp>

#include <algorithm>
#include <sstream>

namespace nonogram {
namespace {

// A uniform double in [0, 1) from 53 random bits: exact, the same on every standard library.

std::string describe_options(const GeneratorOptions &o, uint64_t seed) {
    std::ostringstream s;
    s << "nonogram generator 1: width=" << o.width << " height=" << o.height << " density=" << o.density
      << " unique=" << (o.unique ? 1 : 0) << " seed=" << seed;
    return s.str();
}

// Cells line logic leaves undecided (all of them, as a contradiction cannot happen: the picture is a solution).
std::vector<size_t> undecided(const Puzzle &p) {
    Grid g(p.width, p.height, kUnknown);
    propagate(p, g);
    std::vector<size_t> out;
    for (size_t k = 0; k < g.cells.size(); ++k)
        if (g.cells[k] == kUnknown) out.push_back(k);
    return out;
}

// The solver with a node budget, under the caller's control (its cancel flag and clock).
SolverReport budgeted_solve(const Puzzle &p, uint64_t budget, pluzzle::SolveControl &control) {
    pz_solve_request request{};
    request.struct_size = sizeof request;
    request.node_limit = budget;
    request.max_solutions = 2;
    request.ctx = &control;
    request.should_stop = [](void *ctx) { return static_cast<pluzzle::SolveControl *>(ctx)->poll() ? 1 : 0; };
    pluzzle::SolveControl inner(&request, nullptr);
    SolverOptions options;
    options.max_solutions = 2;
    SolverReport report = solve(p, inner, options);
    control.tick(inner.nodes());
    return report;
}

// Repairs `picture` (and `puzzle`, its clues) until the solution is unique. Two moves, both bounded:
//  - local search on line logic: flip a random cell that line solving leaves undecided and keep the flip when it
//    leaves no more cells undecided than before (the plateau moves matter: sparse pictures start with none
//    decided). It ends when line logic completes the grid, which proves uniqueness.
//  - once few cells are undecided, the full solver (max 2 solutions, node budget): unique -> done; a second
//    solution -> flip a cell where it differs from the picture, which removes that ambiguity.
void make_unique_picture(Grid &picture, Puzzle &puzzle, pluzzle::Rng &rng, pluzzle::SolveControl &control) {
    const size_t cells = picture.cells.size();
    const long long max_rounds = 4LL * (long long)cells;
    const uint64_t budget = 20000;
    std::vector<size_t> open = undecided(puzzle);
    for (long long round = 0; !open.empty(); ++round) {
        if (control.poll()) throw pluzzle::stopped("generation");
        if (round == max_rounds)
            throw pluzzle::Error(PZ_ERR_STOPPED, "generation: no unique puzzle after " + std::to_string(max_rounds) +
                                                     " repairs");
        if (open.size() <= std::max<size_t>(16, cells / 20)) {
            const SolverReport report = budgeted_solve(puzzle, budget, control);
            if (control.stopped()) throw pluzzle::stopped("generation");
            if (report.status == PZ_SOLVE_UNIQUE) return;
            const Grid *other = nullptr;
            for (const Grid &sol : report.solutions)
                if (!(sol == picture)) other = &sol;
            if (report.status == PZ_SOLVE_MULTIPLE && other) {
                std::vector<size_t> differ;
                for (size_t k = 0; k < cells; ++k)
                    if (picture.cells[k] != other->cells[k]) differ.push_back(k);
                const size_t k = differ[size_t(rng.below(differ.size()))];
                picture.cells[k] = picture.cells[k] == kFilled ? kEmpty : kFilled;
                derive_clues(picture, puzzle);
                open = undecided(puzzle);
                continue;
            }
        }
        const size_t k = open[size_t(rng.below(open.size()))];
        picture.cells[k] = picture.cells[k] == kFilled ? kEmpty : kFilled;
        Puzzle trial;
        derive_clues(picture, trial);
        std::vector<size_t> now = undecided(trial);
        if (now.size() <= open.size()) {
            puzzle.rows.swap(trial.rows);
            puzzle.cols.swap(trial.cols);
            open.swap(now);
        } else {
            picture.cells[k] = picture.cells[k] == kFilled ? kEmpty : kFilled; // undo
        }
    }
}

} // namespace

std::vector<pluzzle::ParamDesc> generator_params() {
    return {
        {"width", PZ_PARAM_INT, "20", 1, 100, "", "number of columns"},
        {"height", PZ_PARAM_INT, "20", 1, 100, "", "number of rows"},
        {"density", PZ_PARAM_REAL, "0.5", 0.05, 0.95, "", "share of filled cells in the random picture"},
        {"unique", PZ_PARAM_BOOL, "true", 0, 0, "", "repair the picture until the puzzle has exactly one solution"},
        {"difficulty", PZ_PARAM_REAL, "-1", -1, 10, "",
         "target difficulty estimate, 0..10 (within 0.75; -1: any): line logic below 4, probing 4-6, search above"}};
}

Puzzle generate_puzzle(const GeneratorOptions &o, uint64_t seed, pluzzle::SolveControl &control) {
    if (o.width < 1 || o.width > kMaxSide || o.height < 1 || o.height > kMaxSide)
        throw pluzzle::bad_argument("size " + std::to_string(o.width) + "x" + std::to_string(o.height) +
                                        " is outside 1.." + std::to_string(kMaxSide),
                                    "width");
    if (control.poll()) throw pluzzle::stopped("generation");
    pluzzle::Rng rng(seed);
    Grid picture(o.width, o.height, kEmpty);
    for (int8_t &cell : picture.cells)
        cell = rng.unit() < o.density ? kFilled : kEmpty;

    Puzzle puzzle;
    puzzle.meta.emplace_back("generator", describe_options(o, seed));
    derive_clues(picture, puzzle);

    if (o.unique) make_unique_picture(picture, puzzle, rng, control);
    puzzle.goal = goal_string(picture);
    return puzzle;
}

Puzzle generate_puzzle(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control) {
    GeneratorOptions o;
    o.width = int(params.integer("width"));
    o.height = int(params.integer("height"));
    o.density = params.real("density");
    o.unique = params.boolean("unique");
    if (const double target = params.real("difficulty"); target >= 0)
        return generate_near_difficulty(o, target, seed, control);
    return generate_puzzle(o, seed, control);
}

} // namespace nonogram
