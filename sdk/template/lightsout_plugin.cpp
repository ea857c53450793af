// lightsout_plugin.cpp -- the pluzzle::Puzzle subclass: what the plugin offers, play and edit. Levels, solving,
// generating and drawing live in the other files; PLUZZLE_EXPORT_PLUGIN at the bottom makes this a plugin.
#include "lightsout.hpp"

#include <pluzzle/plugin.hpp>

namespace lightsout {
namespace {

const Board &board_of(const pluzzle::Level &level) { return pluzzle::as<Board>(level); }
const Presses &presses_of(const pluzzle::State &state) { return pluzzle::as<Presses>(state); }

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

class LightsOut final : public pluzzle::Puzzle {
public:
    // What this class implements; the build checks these bits against the methods overridden below.
    static constexpr uint64_t capabilities =
        PZ_CAP_SOLVE | PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_GENERATE | PZ_CAP_PLAY | PZ_CAP_EDIT | PZ_CAP_BLANK;

    pluzzle::PluginInfo info() const override {
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
    std::vector<pluzzle::ParsedLevel> parse(std::string_view text, std::string_view format) const override {
        return parse_levels(text, format);
    }
    std::string encode(const pluzzle::Level &level) const override { return encode_board(board_of(level)); }

    // Levels from parse() are always consistent, but the contract lets the host validate any level it holds.
    void validate(const pluzzle::Level &level) const override {
        const Board &board = board_of(level);
        if (board.width < 1 || board.width > kMaxSide || board.height < 1 || board.height > kMaxSide)
            throw pluzzle::invalid("size " + std::to_string(board.width) + "x" + std::to_string(board.height) +
                                       " is outside 1..30",
                                   "size");
        if ((board.lights >> board.cells()).any()) throw pluzzle::invalid("lights outside the grid", "lights");
        if (board.name != pluzzle::trim(board.name) || board.name.find('\n') != std::string::npos)
            throw pluzzle::invalid("the name must be one line without outer blanks", "name");
    }

    pluzzle::Metadata describe(const pluzzle::Level &level) const override {
        const Board &board = board_of(level);
        pluzzle::Metadata meta;
        if (!board.name.empty()) meta.emplace_back("title", board.name);
        meta.emplace_back("size", std::to_string(board.width) + "x" + std::to_string(board.height));
        meta.emplace_back("lights", std::to_string(board.lights.count()));
        return meta;
    }

    // --- solving. Overrides the default check only to say where a light is left.
    void check(const pluzzle::Level &level, std::string_view solution) const override {
        const Board &board = board_of(level);
        const Cells left = lights_after(board, decode_presses(board, solution));
        for (int cell = 0; cell < board.cells(); ++cell)
            if (left[cell])
                throw pluzzle::invalid("wrong solution: the presses leave " + lights_on(left.count()) + " (first at " +
                                       cell_text(board, cell) + ")");
    }
    pluzzle::SolveOutcome solve(const pluzzle::Level &level, pluzzle::SolveControl &control) const override {
        return solve_board(board_of(level), control);
    }

    void render(const pluzzle::Level &level, const pluzzle::State *state, pluzzle::Canvas &canvas) const override {
        render_board(board_of(level), state ? &presses_of(*state) : nullptr, canvas);
    }
    // Where each cell is: editors show a keyboard cursor there (arrows move it, Space presses its cell).
    std::vector<pluzzle::Point> cell_outline(const pluzzle::Level &level, int row, int col) const override {
        return lightsout::cell_outline(board_of(level), row, col);
    }

    std::unique_ptr<pluzzle::Level> generate(const pluzzle::Params &params, uint64_t seed,
                                             pluzzle::SolveControl &control) const override {
        return generate_board(params, seed, control);
    }
    // A blank level is a grid of the generator's width and height with every light off, to light with the edit
    // tools (the SDK's blank() reads those two parameters).
    std::unique_ptr<pluzzle::Level> blank_grid(int width, int height) const override {
        auto board = std::make_unique<Board>();
        board->width = width;
        board->height = height;
        return board;
    }

    // --- play: a state is the set of pressed cells
    std::unique_ptr<pluzzle::State> start(const pluzzle::Level &) const override {
        return std::make_unique<Presses>();
    }
    std::unique_ptr<pluzzle::State> decode_state(const pluzzle::Level &level, std::string_view text) const override {
        auto state = std::make_unique<Presses>();
        state->pressed = decode_presses(board_of(level), text);
        state->moves = unsigned(state->pressed.count());
        return state;
    }
    std::string encode_state(const pluzzle::Level &level, const pluzzle::State &state) const override {
        return encode_presses(board_of(level), presses_of(state).pressed);
    }
    pluzzle::PlayStatus status(const pluzzle::Level &level, const pluzzle::State &state) const override {
        const Presses &presses = presses_of(state);
        const size_t on = lights_after(board_of(level), presses.pressed).count();
        pluzzle::PlayStatus status;
        status.phase = on == 0 ? PZ_PLAY_SOLVED : PZ_PLAY_ONGOING;
        status.moves = presses.moves;
        status.message = lights_on(on);
        return status;
    }
    // A left click on a cell presses it: move "p x,y". Anywhere else: no move.
    std::string interpret(const pluzzle::Level &level, const pluzzle::State &,
                          const pluzzle::Input &input) const override {
        const Board &board = board_of(level);
        const std::optional<int> cell = pressed_cell(board, input);
        return cell ? "p " + cell_text(board, *cell) : std::string();
    }
    std::unique_ptr<pluzzle::State> execute(const pluzzle::Level &level, const pluzzle::State &state,
                                            std::string_view move) const override {
        const int cell = verb_cell(board_of(level), move, "p", "move");
        auto next = std::make_unique<Presses>(presses_of(state)); // states are immutable: copy, then change
        next->pressed.flip(cell);
        ++next->moves;
        return next;
    }

    // --- editing: edits "t x,y" (toggle one light) and "clear"
    std::string edit_interpret(const pluzzle::Level &level, std::string_view tool,
                               const pluzzle::Input &input) const override {
        const Board &board = board_of(level);
        if (tool == "toggle") {
            const std::optional<int> cell = pressed_cell(board, input);
            return cell ? "t " + cell_text(board, *cell) : std::string();
        }
        if (tool == "clear") return pluzzle::primary_press(input) ? "clear" : "";
        throw pluzzle::bad_argument("unknown tool '" + std::string(tool) + "' (tools: toggle, clear)", "tool");
    }
    std::unique_ptr<pluzzle::Level> edit_execute(const pluzzle::Level &level, std::string_view edit) const override {
        const Board &board = board_of(level);
        auto next = std::make_unique<Board>(board); // levels are immutable: copy, then change
        const std::vector<pluzzle::Token> words = pluzzle::tokens(edit, " \t\r\n");
        if (words.size() == 1 && words[0].text == "clear")
            next->lights.reset();
        else
            next->lights.flip(verb_cell(board, edit, "t", "edit"));
        return next;
    }
};

} // namespace
} // namespace lightsout

PLUZZLE_EXPORT_PLUGIN(lightsout::LightsOut)
