// plugin.cpp -- the loop plugin: SDK glue only. The model is in board.hpp, the texts in formats.cpp, the solver in
// solver.cpp, cubes in split.cpp, the generator in generator.cpp, drawing in render.cpp and play in play.cpp.
#include "edit.hpp"
#include "formats.hpp"
#include "generator.hpp"
#include "image_import.hpp"
#include "play.hpp"
#include "render.hpp"
#include "solver.hpp"
#include "split.hpp"

#include <pluzzle/plugin.hpp>

namespace loop {
namespace {

class Loop final : public pluzzle::TypedPuzzle<Board, PlayState> {
  public:
    static constexpr uint64_t capabilities =
        PZ_CAP_SOLVE | PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_GENERATE | PZ_CAP_PLAY | PZ_CAP_EDIT | PZ_CAP_BLANK |
        PZ_CAP_IMPORT_IMAGE | PZ_CAP_ANIMATE | PZ_CAP_SPLIT;

    pluzzle::PluginInfo info() const {
        pluzzle::PluginInfo info;
        info.id = "loop";
        info.name = "Infinite Loop / Net";
        info.version = "1.0.0"; // bump when solver output changes: stored results are keyed by it
        info.description = "Turn the tiles until every pipe meets a pipe and none points off the board (loop); "
                           "under net rules all tiles also form one connected tree. Square or hexagonal grids.";
        info.formats = {{"canonical", "loop", "'loop 1', rules, grid, wrap, size, tiles (hex digits), optional locked"},
                        {"hwab", "", "'rows cols 0' then the masks N=1 E=2 S=4 W=8 (square, loop rules)"},
                        {"hexapipes", "jsonl", "hexapipes JSON lines, one hexagonal net board a line"},
                        {"tatham", "", "Simon Tatham's Net game IDs 'WxH[w]:<hex digits>' (square, net rules)"}};
        info.params = generator_params();
        info.tools = {{"pipe", "Draw pipe", "p", "drag from a tile to its neighbour to add or remove the pipe between them"},
                      {"turn", "Turn tile", "t", "click a tile to turn it one step"},
                      {"lock", "Lock tile", "l", "click a tile to make it given (not turnable in play) or free"},
                      {"settings", "Settings", "n",
                       "type 'rules loop|net', 'grid square|hex', 'wrap yes|no', 'size W H' or 'name TEXT'"}};
        info.solver_options = {{"count", PZ_PARAM_BOOL, "true", 0, 0, "",
                                "loop rules: count every solution exactly (else stop at the solutions asked for)"}};
        return info;
    }

    std::vector<pluzzle::Parsed<Board>> parse(std::string_view text, std::string_view format) const {
        return parse_levels(text, format);
    }
    std::string encode(const Board &b) const { return encode_board(b); }
    void validate(const Board &b) const { validate_board(b); }
    pluzzle::Metadata describe(const Board &b) const {
        pluzzle::Metadata meta;
        if (!b.name.empty()) meta.emplace_back("title", b.name);
        meta.emplace_back("size", std::to_string(b.cols) + "x" + std::to_string(b.rows));
        meta.emplace_back("grid", shape_name(b.shape));
        meta.emplace_back("rules", rule_name(b.rule));
        meta.emplace_back("wrap", b.wrap ? "yes" : "no");
        return meta;
    }

    pluzzle::SolveOutcome solve(const Board &b, pluzzle::SolveControl &control) const { return solve_level(b, control); }

    // --- cube-and-conquer (ABI 1.8): cubes fix the turns of a few tiles of the largest undecided component
    // (split.hpp); the counts of the cubes add up to the level's.
    pluzzle::Split split(const Board &b, unsigned want, pluzzle::SolveControl &control) const {
        return split_board(b, want, control);
    }
    pluzzle::SolveOutcome solve_cube(const Board &b, std::string_view cube, pluzzle::SolveControl &control) const {
        return solve_cube_text(b, cube, control);
    }

    void render(const Board &b, const PlayState *state, pluzzle::Canvas &canvas) const {
        render_board(b, state ? &state->masks : nullptr, canvas);
    }

    // A turning tile, for the editor's move animation.
    void render_move(const Board &b, const PlayState &state, std::string_view move, float t,
                     pluzzle::Canvas &canvas) const {
        render_move_frame(b, state, move, t, canvas);
    }

    Board generate(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control) const {
        return generate_board(params, seed, control);
    }
    Board blank(const pluzzle::Params &params) const { return blank_board(params); }
    // A square board from a screenshot (PNG or JPEG); rules and wrap from the parameters.
    Board import_image(std::string_view bytes, const pluzzle::Params &params) const {
        return loop::import_image(bytes, params);
    }

    // --- editing
    std::string edit_interpret(const Board &b, std::string_view tool, const pluzzle::Input &input) const {
        return edit_input(b, tool, input);
    }
    Board edit_execute(const Board &b, std::string_view edit) const { return execute_edit(b, edit); }

    // --- play: a state is the tiles as turned
    PlayState start(const Board &b) const { return {b.tiles}; }
    PlayState decode_state(const Board &b, std::string_view text) const { return {decode_masks(b, text)}; }
    std::string encode_state(const Board &b, const PlayState &state) const { return encode_masks(b, state.masks); }
    pluzzle::PlayStatus status(const Board &b, const PlayState &state) const { return play_status(b, state); }
    std::string interpret(const Board &b, const PlayState &, const pluzzle::Input &input) const {
        return interpret_input(b, input);
    }
    PlayState execute(const Board &b, const PlayState &state, std::string_view move) const {
        return execute_move(b, state, move);
    }
};

} // namespace
} // namespace loop

PLUZZLE_EXPORT_PLUGIN(loop::Loop)
