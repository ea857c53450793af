// plugin.cpp -- the Nonogram plugin: SDK glue only. The rules live in nonogram.hpp, the files in formats.cpp,
// the solver in solver.hpp, drawing in render.cpp, play and hints in play.cpp, editing in edit.cpp and the
// generator in generator.cpp.
#include "formats.hpp"
#include "generator.hpp"
#include "play.hpp"
#include "render.hpp"
#include "solver.hpp"

#include <pluzzle/export.hpp>

#include <cstdio>

namespace nonogram {
namespace {

const Puzzle &puzzle_of(const pluzzle::Level &level) { return pluzzle::as<Puzzle>(level); }
const PlayState &state_of(const pluzzle::State &state) { return pluzzle::as<PlayState>(state); }

std::string fraction_text(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", x);
    return buf;
}

class Nonogram final : public pluzzle::Puzzle {
public:
    static constexpr uint64_t capabilities =
        PZ_CAP_SOLVE | PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_GENERATE | PZ_CAP_PLAY | PZ_CAP_EDIT | PZ_CAP_BLANK;

    pluzzle::PluginInfo info() const override {
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
                                "search=sat: CaDiCaL's option preset"}};
        info.tools = {{"paint", "Paint", "p", "toggle a cell of the picture; the clues follow the picture"},
                      {"clue", "Clue", "c", "type 'clue row 3 1 2' or 'clue col 0 4' (0-based; 0 = blank line)"},
                      {"resize", "Resize", "r", "type 'resize <width> <height>'"}};
        info.ais = {{"hint", "Hint", "the next logical step: the cells line logic decides in one row or column, or "
                                     "clears a wrong mark"}};
        return info;
    }

    // --- levels
    std::vector<pluzzle::ParsedLevel> parse(std::string_view text, std::string_view format) const override {
        return parse_levels(text, format);
    }
    std::string encode(const pluzzle::Level &level) const override { return encode_canonical(puzzle_of(level)); }
    void validate(const pluzzle::Level &level) const override { validate_puzzle(puzzle_of(level)); }
    pluzzle::Metadata describe(const pluzzle::Level &level) const override {
        const nonogram::Puzzle &p = puzzle_of(level);
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
    pluzzle::SolveOutcome solve(const pluzzle::Level &level, pluzzle::SolveControl &control) const override {
        SolverOptions options;
        options.probing = control.options().boolean("probing");
        options.restarts = control.options().boolean("restarts");
        const std::string search = control.options().text("search");
        options.learning = search == "cdcl" ? Learning::kLines : search == "sat" ? Learning::kCnf : Learning::kNone;
        options.learn_after_line_solves = uint64_t(control.options().integer("learn_after"));
        options.sat_config = control.options().text("sat_config");
        options.max_solutions = control.max_solutions();
        const SolverReport report = nonogram::solve(puzzle_of(level), control, options);
        for (const Grid &g : report.solutions) control.solution(encode_grid(g));
        pluzzle::SolveOutcome outcome;
        outcome.status = report.status;
        outcome.stats = {{"line_solves", std::to_string(report.line_solves)},
                         {"probes", std::to_string(report.probes)},
                         {"branches", std::to_string(report.branches)},
                         {"conflicts", std::to_string(report.conflicts)},
                         {"logic_fraction", fraction_text(report.logic_fraction)}};
        outcome.difficulty = estimate_difficulty(report);
        return outcome;
    }

    void render(const pluzzle::Level &level, const pluzzle::State *state, pluzzle::Canvas &canvas) const override {
        render_puzzle(puzzle_of(level), state ? &state_of(*state).grid : nullptr, canvas);
    }
    // The grid's cells, for an editor's keyboard cursor (Space fills, x crosses: play.cpp).
    std::vector<pluzzle::Point> cell_outline(const pluzzle::Level &level, int row, int col) const override {
        const pluzzle::grid::SquareGrid grid = layout_of(puzzle_of(level)).grid;
        return grid.contains({row, col}) ? grid.polygon({row, col}) : std::vector<pluzzle::Point>{};
    }

    std::unique_ptr<pluzzle::Level> generate(const pluzzle::Params &params, uint64_t seed,
                                             pluzzle::SolveControl &control) const override {
        return generate_puzzle(params, seed, control);
    }
    // Blank: the generator's width x height with every clue empty (an all-white picture) to paint from.
    std::unique_ptr<pluzzle::Level> blank_grid(int width, int height) const override {
        auto p = std::make_unique<nonogram::Puzzle>();
        p->width = width;
        p->height = height;
        p->rows.assign(size_t(p->height), {});
        p->cols.assign(size_t(p->width), {});
        return p;
    }

    // --- play
    std::unique_ptr<pluzzle::State> start(const pluzzle::Level &level) const override {
        const nonogram::Puzzle &p = puzzle_of(level);
        auto s = std::make_unique<PlayState>();
        s->grid = Grid(p.width, p.height, kUnknown);
        return s;
    }
    std::unique_ptr<pluzzle::State> decode_state(const pluzzle::Level &level, std::string_view text) const override {
        auto s = std::make_unique<PlayState>();
        s->grid = decode_grid(puzzle_of(level), text);
        return s;
    }
    std::string encode_state(const pluzzle::Level &, const pluzzle::State &state) const override {
        return encode_grid(state_of(state).grid);
    }
    pluzzle::PlayStatus status(const pluzzle::Level &level, const pluzzle::State &state) const override {
        return play_status(puzzle_of(level), state_of(state));
    }
    std::string interpret(const pluzzle::Level &level, const pluzzle::State &state,
                          const pluzzle::Input &input) const override {
        return interpret_input(puzzle_of(level), state_of(state), input);
    }
    std::unique_ptr<pluzzle::State> execute(const pluzzle::Level &level, const pluzzle::State &state,
                                            std::string_view move) const override {
        return execute_move(puzzle_of(level), state_of(state), move);
    }
    std::string ai_move(const pluzzle::Level &level, const pluzzle::State &state, std::string_view ai,
                        pluzzle::SolveControl &control) const override {
        if (ai != "hint") throw pluzzle::bad_argument("unknown AI '" + std::string(ai) + "' (AIs: hint)", "ai");
        return hint_move(puzzle_of(level), state_of(state).grid, control);
    }

    // --- editing
    std::string edit_interpret(const pluzzle::Level &level, std::string_view tool,
                               const pluzzle::Input &input) const override {
        return edit_input(puzzle_of(level), tool, input);
    }
    std::unique_ptr<pluzzle::Level> edit_execute(const pluzzle::Level &level, std::string_view edit) const override {
        return execute_edit(puzzle_of(level), edit);
    }
};

} // namespace
} // namespace nonogram

PLUZZLE_EXPORT_PLUGIN(nonogram::Nonogram)
