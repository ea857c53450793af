// lightsout_plugin.cpp -- the puzzle class, a pluzzle::TypedPuzzle<Board, Presses>: what the plugin offers, play and
// edit. Levels, solving, generating and drawing live in the other files; PLUZZLE_EXPORT_PLUGIN at the bottom makes
// this a plugin. Its methods take and return the plugin's own Board and Presses values: no base classes, no casts.
#include "lightsout.hpp"

#include <pluzzle/plugin.hpp>

namespace lightsout {
namespace {

std::string lights_on(size_t on) {
    return on == 0 ? "all lights off" : on == 1 ? "1 light on" : std::to_string(on) + " lights on";
}

// The cell a press is about (the host's, or the one under the pointer), or nothing for any other event.
std::optional<int> pressed_cell(const Board &board, const pluzzle::Input &input) {
    if (!pluzzle::primary_press(input)) return std::nullopt;
    const auto cell = pluzzle::event_cell(input, board.height, board.width,
                                          [&](float x, float y) { return cell_at(board, x, y); });
    return cell ? std::optional<int>(board.index(cell->col, cell->row)) : std::nullopt;
}

// Reads "<verb> x,y" (a move "p 2,1", an edit "t 2,1"); anything else is a bad argument named `field`.
int verb_cell(const Board &board, std::string_view text, const std::string &verb, const std::string &field) {
    const pluzzle::grid::Cell cell = pluzzle::verb_cell(text, verb, board.height, board.width, field);
    return board.index(cell.col, cell.row);
}

class LightsOut final : public pluzzle::TypedPuzzle<Board, Presses> {
public:
    // What this class implements; the build checks these bits against the methods defined below (and each method's
    // signature against the one typed_puzzle.hpp documents).
    static constexpr uint64_t capabilities =
        PZ_CAP_SOLVE | PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_GENERATE | PZ_CAP_PLAY | PZ_CAP_EDIT | PZ_CAP_BLANK |
        PZ_CAP_SPLIT;

    pluzzle::PluginInfo info() const {
        pluzzle::PluginInfo info;
        info.id = "lightsout";
        info.name = "Lights Out";
        info.version = "1.0.0"; // bump when solver output changes: stored results are keyed by it
        info.description = "Pressing a light toggles it and its four neighbours. Switch every light off.";
        info.formats = {{"canonical", "lightsout", "Lights Out text: 'lightsout 1', 'size W H', rows of '#'/'.'"},
                        {"plain", "lo01", "rows of '1' (on) and '0' (off), one level"}};
        info.params = generator_params();
        info.tools = {{"toggle", "Toggle light", "t", "switch one light on or off"},
                      {"clear", "Clear", "c", "switch every light off"}};
        return info;
    }

    // --- levels
    std::vector<pluzzle::Parsed<Board>> parse(std::string_view text, std::string_view format) const {
        return parse_levels(text, format);
    }
    std::string encode(const Board &board) const { return encode_board(board); }

    // Levels from parse() are always consistent, but the contract lets the host validate any level it holds.
    void validate(const Board &board) const {
        if (board.width < 1 || board.width > kMaxSide || board.height < 1 || board.height > kMaxSide)
            throw pluzzle::invalid("size " + std::to_string(board.width) + "x" + std::to_string(board.height) +
                                       " is outside 1..30",
                                   "size");
        if ((board.lights >> board.cells()).any()) throw pluzzle::invalid("lights outside the grid", "lights");
        if (board.name != pluzzle::trim(board.name) || board.name.find('\n') != std::string::npos)
            throw pluzzle::invalid("the name must be one line without outer blanks", "name");
    }

    pluzzle::Metadata describe(const Board &board) const {
        pluzzle::Metadata meta;
        if (!board.name.empty()) meta.emplace_back("title", board.name);
        meta.emplace_back("size", std::to_string(board.width) + "x" + std::to_string(board.height));
        meta.emplace_back("lights", std::to_string(board.lights.count()));
        return meta;
    }

    // --- solving. Defines check (the default decodes the solution as a play state) only to say where a light is left.
    void check(const Board &board, std::string_view solution) const {
        const Cells left = lights_after(board, decode_presses(board, solution));
        for (int cell = 0; cell < board.cells(); ++cell)
            if (left[cell])
                throw pluzzle::invalid("wrong solution: the presses leave " + lights_on(left.count()) + " (first at " +
                                       cell_text(board, cell) + ")");
    }
    pluzzle::SolveOutcome solve(const Board &board, pluzzle::SolveControl &control) const {
        return solve_board(board, control);
    }

    // Cube-and-conquer (ABI 1.8): the host splits a hard level into cubes and solves them on every core, machine
    // and worker it has; the cubes' answers combine into the level's (lightsout_split.cpp says how).
    pluzzle::Split split(const Board &board, unsigned want, pluzzle::SolveControl &) const {
        return split_board(board, want);
    }
    pluzzle::SolveOutcome solve_cube(const Board &board, std::string_view cube, pluzzle::SolveControl &control) const {
        return solve_board(board, control, read_cube(board, cube));
    }

    // `state` is null when the host draws the level alone.
    void render(const Board &board, const Presses *state, pluzzle::Canvas &canvas) const {
        render_board(board, state, canvas);
    }
    // Where each cell is: editors show a keyboard cursor there (arrows move it, Space presses its cell).
    std::vector<pluzzle::Point> cell_outline(const Board &board, int row, int col) const {
        return lightsout::cell_outline(board, row, col);
    }

    Board generate(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control) const {
        return generate_board(params, seed, control);
    }
    // A blank level is a grid of the generator's width and height with every light off, to light with the edit
    // tools (the SDK's blank() reads those two parameters).
    Board blank_grid(int width, int height) const {
        Board board;
        board.width = width;
        board.height = height;
        return board;
    }

    // --- play: a state is the set of pressed cells
    Presses start(const Board &) const { return {}; }
    Presses decode_state(const Board &board, std::string_view text) const {
        Presses state;
        state.pressed = decode_presses(board, text);
        state.moves = unsigned(state.pressed.count());
        return state;
    }
    std::string encode_state(const Board &board, const Presses &state) const {
        return encode_presses(board, state.pressed);
    }
    pluzzle::PlayStatus status(const Board &board, const Presses &presses) const {
        const size_t on = lights_after(board, presses.pressed).count();
        pluzzle::PlayStatus status;
        status.phase = on == 0 ? PZ_PLAY_SOLVED : PZ_PLAY_ONGOING;
        status.moves = presses.moves;
        status.message = lights_on(on);
        return status;
    }
    // A left click on a cell presses it: move "p x,y". Anywhere else: no move.
    std::string interpret(const Board &board, const Presses &, const pluzzle::Input &input) const {
        const std::optional<int> cell = pressed_cell(board, input);
        return cell ? "p " + cell_text(board, *cell) : std::string();
    }
    Presses execute(const Board &board, const Presses &state, std::string_view move) const {
        const int cell = verb_cell(board, move, "p", "move");
        Presses next = state; // states are immutable: copy, then change
        next.pressed.flip(cell);
        ++next.moves;
        return next;
    }

    // --- editing: edits "t x,y" (toggle one light) and "clear"
    std::string edit_interpret(const Board &board, std::string_view tool, const pluzzle::Input &input) const {
        if (tool == "toggle") {
            const std::optional<int> cell = pressed_cell(board, input);
            return cell ? "t " + cell_text(board, *cell) : std::string();
        }
        if (tool == "clear") return pluzzle::primary_press(input) ? "clear" : "";
        throw pluzzle::bad_argument("unknown tool '" + std::string(tool) + "' (tools: toggle, clear)", "tool");
    }
    Board edit_execute(const Board &board, std::string_view edit) const {
        Board next = board; // levels are immutable: copy, then change
        const std::vector<pluzzle::Token> words = pluzzle::tokens(edit, " \t\r\n");
        if (words.size() == 1 && words[0].text == "clear")
            next.lights.reset();
        else
            next.lights.flip(verb_cell(board, edit, "t", "edit"));
        return next;
    }
};

} // namespace
} // namespace lightsout

PLUZZLE_EXPORT_PLUGIN(lightsout::LightsOut)
