// plugin.cpp -- the Nonogram plugin: SDK glue only, a pluzzle::TypedPuzzle<Puzzle, PlayState>. The rules live in
// nonogram.hpp, the files in formats.cpp, the solver in solver.hpp, drawing in render.cpp, play and hints in
// play.cpp, editing in edit.cpp and the generator in generator.cpp.
#include "edit.hpp"
#include "formats.hpp"
#include "generator.hpp"
#include "play.hpp"
#include "render.hpp"
#include "solver.hpp"
#include "split.hpp"

#include <pluzzle/export.hpp>

#include <cstdio>

namespace nonogram {
namespace {

std::string fraction_text(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", x);
    return buf;
}

class Nonogram final : public pluzzle::TypedPuzzle<Puzzle, PlayState> {
public:
    static constexpr uint64_t capabilities =
        PZ_CAP_SOLVE | PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_GENERATE | PZ_CAP_PLAY | PZ_CAP_EDIT | PZ_CAP_BLANK |
        PZ_CAP_SPLIT;

    pluzzle::PluginInfo info() const {
        pluzzle::PluginInfo info;
        info.id = "nonogram";
        info.name = "Nonogram (Griddlers)";
        info.version = "1.1.0"; // bump when solver output changes: stored results are keyed by it
        info.description = "Paint the cells so that the runs of filled cells in every row and column match the "
                           "numbers beside them.";
        info.formats = {{"canonical", "nonogram", "Nonogram text: 'nonogram 1', metadata, 'size W H', rows, columns, goal"},
                        {"non", "non", "Steve Simpson's .non: width, height, rows, columns, goal"},
                        // "txt" would claim every text file: tournament files are found by their content ('$N').
                        {"tournament", "", "computer-olympiad sets: '$N', then column and row clues, TAB-separated"}};
        info.params = generator_params();
        info.solver_options = {{"probing", PZ_PARAM_BOOL, "true", 0, 0, "",
                                "try both values of undecided cells before branching"},
                               {"restarts", PZ_PARAM_BOOL, "true", 0, 0, "",
                                "restart the search with growing branch budgets before the complete run"},
                               {"search", PZ_PARAM_CHOICE, "cdcl", 0, 0, "cdcl|sat|dfs",
                                "once logic stalls: clause learning over cells with the line solver (cdcl), "
                                "CaDiCaL on a CNF of the lines (sat), or the probe-guided depth-first search"},
                               {"learn_after", PZ_PARAM_INT, "0", 0, 1e12, "",
                                "search=cdcl|sat: line solves a depth-first search may spend before clause "
                                "learning takes over (0 = as soon as logic stalls)"},
                               {"sat_config", PZ_PARAM_CHOICE, "sat", 0, 0, "default|sat|unsat|plain",
                                "search=sat: CaDiCaL's option preset"},
                               {"beliefs", PZ_PARAM_INT, "100", 0, 10000, "",
                                "search=cdcl|sat: rounds of belief propagation between rows and columns whose "
                                "likeliest picture guides clause learning to its first solution (0 = none)"}};
        info.tools = {{"paint", "Paint", "p", "toggle a cell of the picture; the clues follow the picture"},
                      {"clue", "Clue", "c", "type 'clue row 3 1 2' or 'clue col 0 4' (0-based; 0 = blank line)"},
                      {"resize", "Resize", "r", "type 'resize <width> <height>'"}};
        info.ais = {{"hint", "Hint", "the next logical step: the cells line logic decides in one row or column, or "
                                     "clears a wrong mark"}};
        return info;
    }

    // --- levels
    std::vector<pluzzle::Parsed<Puzzle>> parse(std::string_view text, std::string_view format) const {
        return parse_levels(text, format);
    }
    std::string encode(const Puzzle &p) const { return encode_canonical(p); }
    void validate(const Puzzle &p) const { validate_puzzle(p); }
    pluzzle::Metadata describe(const Puzzle &p) const {
        pluzzle::Metadata meta;
        auto copy = [&](const char *key, const char *as) {
            for (auto &[k, v] : p.meta)
                if (k == key) {
                    meta.emplace_back(as, v);
                    return;
                }
        };
        copy("title", "title");
        copy("by", "author");
        meta.emplace_back("size", std::to_string(p.width) + "x" + std::to_string(p.height));
        copy("catalogue", "catalogue");
        copy("copyright", "copyright");
        return meta;
    }

    // --- solving
    pluzzle::SolveOutcome solve(const Puzzle &p, pluzzle::SolveControl &control) const {
        return solve_with(p, control, {});
    }

    // --- cube-and-conquer (ABI 1.8): cubes assign a few cells chosen by look-ahead (split.hpp)
    pluzzle::Split split(const Puzzle &p, unsigned want, pluzzle::SolveControl &control) const {
        return split_puzzle(p, want, control);
    }
    pluzzle::SolveOutcome solve_cube(const Puzzle &p, std::string_view cube, pluzzle::SolveControl &control) const {
        return solve_with(p, control, read_cube(p, cube));
    }

    // The solver with the request's options, from the cells `given` (none: the whole puzzle).
    static pluzzle::SolveOutcome solve_with(const Puzzle &p, pluzzle::SolveControl &control,
                                            std::vector<std::pair<int, int8_t>> given) {
        SolverOptions options;
        options.given = std::move(given);
        options.probing = control.options().boolean("probing");
        options.restarts = control.options().boolean("restarts");
        const std::string search = control.options().text("search");
        options.learning = search == "cdcl" ? Learning::kLines : search == "sat" ? Learning::kCnf : Learning::kNone;
        options.learn_after_line_solves = uint64_t(control.options().integer("learn_after"));
        options.sat_config = control.options().text("sat_config");
        options.belief_rounds = unsigned(control.options().integer("beliefs"));
        options.max_solutions = control.max_solutions();
        const SolverReport report = nonogram::solve(p, control, options);
        for (const Grid &g : report.solutions) control.solution(encode_grid(g));
        pluzzle::SolveOutcome outcome;
        outcome.status = report.status;
        outcome.stats = {{"line_solves", std::to_string(report.line_solves)},
                         {"probes", std::to_string(report.probes)},
                         {"branches", std::to_string(report.branches)},
                         {"conflicts", std::to_string(report.conflicts)},
                         {"belief_rounds", std::to_string(report.belief_rounds)},
                         {"logic_fraction", fraction_text(report.logic_fraction)}};
        outcome.difficulty = estimate_difficulty(report);
        return outcome;
    }

    void render(const Puzzle &p, const PlayState *state, pluzzle::Canvas &canvas) const {
        render_puzzle(p, state ? &state->grid : nullptr, canvas);
    }
    // The grid's cells, for an editor's keyboard cursor (Space fills, x crosses: play.cpp).
    pluzzle::grid::SquareGrid cell_grid(const Puzzle &p) const { return layout_of(p).grid; }

    Puzzle generate(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control) const {
        return generate_puzzle(params, seed, control);
    }
    // Blank: the generator's width x height with every clue empty (an all-white picture) to paint from.
    Puzzle blank_grid(int width, int height) const {
        Puzzle p;
        p.width = width;
        p.height = height;
        p.rows.assign(size_t(p.height), {});
        p.cols.assign(size_t(p.width), {});
        return p;
    }

    // --- play
    PlayState start(const Puzzle &p) const {
        PlayState s;
        s.grid = Grid(p.width, p.height, kUnknown);
        return s;
    }
    PlayState decode_state(const Puzzle &p, std::string_view text) const {
        PlayState s;
        s.grid = decode_grid(p, text);
        return s;
    }
    std::string encode_state(const Puzzle &, const PlayState &state) const { return encode_grid(state.grid); }
    pluzzle::PlayStatus status(const Puzzle &p, const PlayState &state) const { return play_status(p, state); }
    std::string interpret(const Puzzle &p, const PlayState &state, const pluzzle::Input &input) const {
        return interpret_input(p, state, input);
    }
    PlayState execute(const Puzzle &p, const PlayState &state, std::string_view move) const {
        return execute_move(p, state, move);
    }
    std::string ai_move(const Puzzle &p, const PlayState &state, std::string_view ai,
                        pluzzle::SolveControl &control) const {
        if (ai != "hint") throw pluzzle::bad_argument("unknown AI '" + std::string(ai) + "' (AIs: hint)", "ai");
        return hint_move(p, state.grid, control);
    }

    // --- editing
    std::string edit_interpret(const Puzzle &p, std::string_view tool, const pluzzle::Input &input) const {
        return edit_input(p, tool, input);
    }
    Puzzle edit_execute(const Puzzle &p, std::string_view edit) const { return execute_edit(p, edit); }
};

} // namespace
} // namespace nonogram

PLUZZLE_EXPORT_PLUGIN(nonogram::Nonogram)
