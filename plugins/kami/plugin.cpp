// plugin.cpp -- the kami plugin: SDK glue only. The model is in board.hpp, the texts in formats.cpp, the solvers
// behind solver.hpp, drawing in render.cpp (solution pages in solution_view.cpp), play in play.cpp, the hint in
// hint.cpp, editing in edit.cpp and the generator in generator.cpp.
#include "edit.hpp"
#include "formats.hpp"
#include "generator.hpp"
#include "hint.hpp"
#include "play.hpp"
#include "render.hpp"
#include "solution_view.hpp"
#include "solver.hpp"
#include "split.hpp"

#include <pluzzle/plugin.hpp>

namespace kami {
namespace {

// The solver options of a solve, a split or a cube (the descriptors below).
SolveOptions options_of(pluzzle::SolveControl &control) {
    SolveOptions options;
    options.optimal = control.options().boolean("optimal");
    options.plain_astar = control.options().boolean("plain_astar");
    options.walk_gate = control.options().boolean("walk_gate");
    options.colour_wait = control.options().boolean("colour_wait");
    return options;
}

class Kami final : public pluzzle::TypedPuzzle<Board, PlayState> {
  public:
    static constexpr uint64_t capabilities =
        PZ_CAP_SOLVE | PZ_CAP_OPTIMAL | PZ_CAP_GENERATE | PZ_CAP_PLAY | PZ_CAP_EDIT | PZ_CAP_BLANK | PZ_CAP_ANIMATE |
        PZ_CAP_SPLIT;

    pluzzle::PluginInfo info() const {
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
                                "baseline"},
                               {"walk_gate", PZ_PARAM_BOOL, "true", 0, 0, "",
                                "free play: compute the path bound only where it has paid for its cost; false: at "
                                "every node (the benchmarks' baseline)"},
                               {"colour_wait", PZ_PARAM_BOOL, "true", 0, 0, "",
                                "free play: the colour bound counts the moves before a colour can vanish; false: "
                                "the colours alone (the benchmarks' baseline)"}};
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
    std::vector<pluzzle::Parsed<Board>> parse(std::string_view text, std::string_view format) const {
        return parse_levels(text, format);
    }
    std::string encode(const Board &b) const { return encode_board(b); }
    void validate(const Board &b) const { validate_board(b); }
    pluzzle::Metadata describe(const Board &b) const {
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
    void check(const Board &b, std::string_view solution) const {
        check_solution(b, solution); // the default's replay, with the field named
    }
    pluzzle::SolveOutcome solve(const Board &b, pluzzle::SolveControl &control) const {
        forget_cube_memory(); // a whole solve has its own table: the last conquest's is not kept beside it
        const SolveReport report = solve_board(b, control, options_of(control));
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

    // --- cube-and-conquer (ABI 1.8): one cube per root move, proven below it (split.hpp)
    pluzzle::Split split(const Board &b, unsigned, pluzzle::SolveControl &control) const {
        return split_board(b, control, options_of(control));
    }
    pluzzle::SolveOutcome solve_cube(const Board &b, std::string_view cube, pluzzle::SolveControl &control) const {
        return solve_cube_board(b, cube, control, options_of(control));
    }

    void render(const Board &b, const PlayState *state, pluzzle::Canvas &canvas) const {
        if (state)
            render_board(b, state->cells, marked_colour(b, *state), canvas);
        else
            render_board(b, b.cells, b.brush, canvas); // the editor's paint colour marked
    }
    // A solution page (ABI 1.9): the moves numbered on the start board, their colours, and when regions merge the
    // board before each move; the finished board alone is one colour.
    void render_solution(const Board &b, const PlayState &solution, pluzzle::Canvas &canvas) const {
        render_solution_view(b, solution.moves, canvas);
    }
    // The recoloured region blooming out from the click.
    void render_move(const Board &b, const PlayState &state, std::string_view move, float t,
                     pluzzle::Canvas &canvas) const {
        render_move_frame(b, state, move, t, canvas);
    }

    // --- generation
    Board generate(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control) const {
        return generate_board(params, seed, control);
    }
    Board blank(const pluzzle::Params &params) const { return blank_board(params); }

    // --- play: a state is the cells as coloured now and the moves that made them
    PlayState start(const Board &b) const { return start_state(b); }
    PlayState decode_state(const Board &b, std::string_view text) const { return decode_state_text(b, text); }
    std::string encode_state(const Board &b, const PlayState &state) const { return encode_state_text(b, state); }
    pluzzle::PlayStatus status(const Board &b, const PlayState &state) const { return play_status(b, state); }
    std::string interpret(const Board &b, const PlayState &state, const pluzzle::Input &input) const {
        return interpret_input(b, state, input);
    }
    PlayState execute(const Board &b, const PlayState &state, std::string_view move) const {
        return execute_move(b, state, move);
    }
    std::string ai_move(const Board &b, const PlayState &state, std::string_view ai,
                        pluzzle::SolveControl &control) const {
        if (ai != "hint") throw pluzzle::bad_argument("unknown AI '" + std::string(ai) + "' (AIs: hint)", "ai");
        return hint_move(b, state, control);
    }

    // --- editing
    std::string edit_interpret(const Board &b, std::string_view tool, const pluzzle::Input &input) const {
        return edit_input(b, tool, input);
    }
    Board edit_execute(const Board &b, std::string_view edit) const { return execute_edit(b, edit); }
};

} // namespace
} // namespace kami

PLUZZLE_EXPORT_PLUGIN(kami::Kami)
