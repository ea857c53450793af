// plugin.cpp -- the kami plugin: SDK glue only. The model is in board.hpp, the texts in formats.cpp, the solvers
// behind solver.hpp, drawing in render.cpp, play in play.cpp, the hint in hint.cpp, editing in edit.cpp and the
// generator in generator.cpp.
#include "edit.hpp"
#include "formats.hpp"
#include "generator.hpp"
#include "hint.hpp"
#include "play.hpp"
#include "render.hpp"
#include "solver.hpp"

#include <pluzzle/plugin.hpp>

namespace kami {
namespace {

const Board &board_of(const pluzzle::Level &level) { return pluzzle::as<Board>(level); }
const PlayState &state_of(const pluzzle::State &state) { return pluzzle::as<PlayState>(state); }

class Kami final : public pluzzle::Puzzle {
  public:
    static constexpr uint64_t capabilities =
        PZ_CAP_SOLVE | PZ_CAP_OPTIMAL | PZ_CAP_GENERATE | PZ_CAP_PLAY | PZ_CAP_EDIT | PZ_CAP_BLANK | PZ_CAP_ANIMATE;

    pluzzle::PluginInfo info() const override {
        pluzzle::PluginInfo info;
        info.id = "kami";
        info.name = "KAMI 2 / Flood-It";
        info.version = "1.0.0"; // bump when solver output changes: stored results are keyed by it
        info.description = "Recolour a region (same-coloured tiles joined through edges) at a time until one colour "
                           "is left, in as few moves as possible. Free play on KAMI 2's triangles or on squares; "
                           "pivot mode (Flood-It) recolours only the pivot's region.";
        info.formats = {{"canonical", "kami", "'kami 1', grid, mode, size, colours, palette, pivot, par, cells"},
                        {"puz", "puz", "KAMI 2's level files: one '01|palette|...|tiles|par|...' line a level"},
                        // "txt" would claim every text file: Flood-It lines are found by their content.
                        {"floodit", "", "Flood-It boards, one line of n*n colour digits a board (ColorFill)"}};
        info.params = generator_params();
        info.solver_options = {{"optimal", PZ_PARAM_BOOL, "true", 0, 0, "",
                                "prove the fewest moves; false: a quick move list without proof (pars for large "
                                "boards)"},
                               {"plain_astar", PZ_PARAM_BOOL, "false", 0, 0, "",
                                "pivot mode: the textbook A* (a bound per child, no dominance): the benchmarks' "
                                "baseline"}};
        info.tools = {{"paint", "Paint", "p",
                       "click or drag over cells to give them the paint colour (keys 1-9 or a swatch choose it); "
                       "right button or Shift: no tile"},
                      {"fill", "Fill region", "f",
                       "click a region to give it the paint colour; right button or Shift: remove its tiles"},
                      {"colour", "Paint colour", "c", "keys 1-9, a swatch or a tile choose the paint colour"},
                      {"settings", "Settings", "s",
                       "type 'size W H', 'grid triangle|square', 'mode free|pivot', 'pivot x,y', 'colours N', "
                       "'palette #rrggbb ...|default', 'name TEXT', 'par N' or 'par auto'"}};
        info.ais = {{"hint", "Hint", "the first move of an optimal solution from the current position"}};
        return info;
    }

    // --- levels
    std::vector<pluzzle::ParsedLevel> parse(std::string_view text, std::string_view format) const override {
        return parse_levels(text, format);
    }
    std::string encode(const pluzzle::Level &level) const override { return encode_board(board_of(level)); }
    void validate(const pluzzle::Level &level) const override { validate_board(board_of(level)); }
    pluzzle::Metadata describe(const pluzzle::Level &level) const override {
        const Board &b = board_of(level);
        pluzzle::Metadata meta;
        if (!b.name.empty()) meta.emplace_back("title", b.name);
        meta.emplace_back("size", std::to_string(b.cols) + "x" + std::to_string(b.rows));
        meta.emplace_back("grid", grid_name(b.grid));
        meta.emplace_back("mode", mode_name(b.mode));
        meta.emplace_back("colours", std::to_string(b.colours));
        if (b.par) meta.emplace_back("par", std::to_string(b.par));
        return meta;
    }

    // --- solving: the move list; SOLVED, not UNIQUE (optimal lists are rarely unique)
    void check(const pluzzle::Level &level, std::string_view solution) const override {
        check_solution(board_of(level), solution); // the default's replay, with the field named
    }
    pluzzle::SolveOutcome solve(const pluzzle::Level &level, pluzzle::SolveControl &control) const override {
        const Board &b = board_of(level);
        SolveOptions options;
        options.optimal = control.options().boolean("optimal");
        options.plain_astar = control.options().boolean("plain_astar");
        const SolveReport report = solve_board(b, control, options);
        // A list found before a limit is still a valid one: the host shows it with the bounds.
        if (report.status == PZ_SOLVE_SOLVED || !report.moves.empty()) control.solution(encode_moves(b, report.moves));
        pluzzle::SolveOutcome outcome;
        outcome.status = report.status;
        outcome.lower_bound = report.lower_bound;
        if (report.upper_bound >= 0) outcome.upper_bound = report.upper_bound;
        outcome.stats = {{"regions", std::to_string(report.regions)},
                         {"nodes", std::to_string(report.nodes)},
                         {"moves", report.upper_bound >= 0 ? std::to_string(report.upper_bound) : "-"}};
        outcome.difficulty = estimate_difficulty(report);
        return outcome;
    }

    void render(const pluzzle::Level &level, const pluzzle::State *state, pluzzle::Canvas &canvas) const override {
        const Board &b = board_of(level);
        if (state)
            render_board(b, state_of(*state).cells, marked_colour(b, state_of(*state)), canvas);
        else
            render_board(b, b.cells, b.brush, canvas); // the editor's paint colour marked
    }
    // The recoloured region blooming out from the click.
    void render_move(const pluzzle::Level &level, const pluzzle::State &state, std::string_view move, float t,
                     pluzzle::Canvas &canvas) const override {
        render_move_frame(board_of(level), state_of(state), move, t, canvas);
    }

    // --- generation
    std::unique_ptr<pluzzle::Level> generate(const pluzzle::Params &params, uint64_t seed,
                                             pluzzle::SolveControl &control) const override {
        return generate_board(params, seed, control);
    }
    std::unique_ptr<pluzzle::Level> blank(const pluzzle::Params &params) const override { return blank_board(params); }

    // --- play: a state is the cells as coloured now and the moves that made them
    std::unique_ptr<pluzzle::State> start(const pluzzle::Level &level) const override {
        return start_state(board_of(level));
    }
    std::unique_ptr<pluzzle::State> decode_state(const pluzzle::Level &level, std::string_view text) const override {
        return decode_state_text(board_of(level), text);
    }
    std::string encode_state(const pluzzle::Level &level, const pluzzle::State &state) const override {
        return encode_state_text(board_of(level), state_of(state));
    }
    pluzzle::PlayStatus status(const pluzzle::Level &level, const pluzzle::State &state) const override {
        return play_status(board_of(level), state_of(state));
    }
    std::string interpret(const pluzzle::Level &level, const pluzzle::State &state,
                          const pluzzle::Input &input) const override {
        return interpret_input(board_of(level), state_of(state), input);
    }
    std::unique_ptr<pluzzle::State> execute(const pluzzle::Level &level, const pluzzle::State &state,
                                            std::string_view move) const override {
        return execute_move(board_of(level), state_of(state), move);
    }
    std::string ai_move(const pluzzle::Level &level, const pluzzle::State &state, std::string_view ai,
                        pluzzle::SolveControl &control) const override {
        if (ai != "hint") throw pluzzle::bad_argument("unknown AI '" + std::string(ai) + "' (AIs: hint)", "ai");
        return hint_move(board_of(level), state_of(state), control);
    }

    // --- editing
    std::string edit_interpret(const pluzzle::Level &level, std::string_view tool,
                               const pluzzle::Input &input) const override {
        return edit_input(board_of(level), tool, input);
    }
    std::unique_ptr<pluzzle::Level> edit_execute(const pluzzle::Level &level, std::string_view edit) const override {
        return execute_edit(board_of(level), edit);
    }
};

} // namespace
} // namespace kami

PLUZZLE_EXPORT_PLUGIN(kami::Kami)
