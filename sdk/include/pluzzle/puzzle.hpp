// pluzzle/puzzle.hpp -- the class a plugin author implements: one puzzle type's rules, nothing else.
//
// The host (the "mid-end", after Tatham's puzzle collection) owns files, the database, undo, threads and
// drawing surfaces. A Puzzle only answers questions about immutable Levels and States. Every method is const
// and may run on several threads at once. Throw pluzzle::Error (see error.hpp) for any failure: the export
// bridge turns it into an error code and message for the host. Rule: a Level that passed validate() must
// never make any other method crash or hang.
#pragma once
#include <pluzzle/canvas.hpp>
#include <pluzzle/difficulty.hpp>
#include <pluzzle/error.hpp>
#include <pluzzle/params.hpp>
#include <pluzzle/play_status.hpp>
#include <pluzzle/solve_control.hpp>

#include <cmath>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pluzzle {

// Your level and play-state types derive from these; the host only sees opaque handles to them.
class Level {
public:
    virtual ~Level() = default;
};
class State {
public:
    virtual ~State() = default;
};

// Downcast a Level/State to the plugin's own type (the bridge guarantees it came from this plugin).
template <class T, class B> const T &as(const B &base) { return static_cast<const T &>(base); }

struct FormatDesc {
    std::string name, extensions, description; // extensions: space-separated, no dots
};
struct ToolDesc {
    std::string id, name, shortcut, help;
};
// A value the AI keeps per player (ABI 1.2), e.g. {"skill", "50", "..."}: the host stores it in its database,
// asks the AI for moves as "<id>:<value>" and calls Puzzle::ai_profile_update after each finished game. An empty
// name means the AI keeps no profile.
struct AiProfile {
    std::string name, default_value, help;
};
struct AiDesc {
    std::string id, name, help;
    AiProfile profile = {};
};

struct PluginInfo {
    std::string id;          // [a-z0-9_-]+
    std::string name;
    std::string version;     // bump when solver behaviour changes: stored results are keyed by it
    std::string description;
    uint64_t capabilities = 0; // pz_capability bits: filled by the export bridge from the class's `capabilities`
    // (Initialised, so PluginInfo{"id", "Name", "1.0", "description"} is warning-free.)
    std::vector<FormatDesc> formats = {};       // canonical format first
    std::vector<ParamDesc> params = {};         // generator parameters
    std::vector<ParamDesc> solver_options = {}; // accepted in solve requests
    std::vector<ToolDesc> tools = {};           // editor tools
    std::vector<AiDesc> ais = {};               // game opponents
};

struct ParsedLevel {
    std::unique_ptr<Level> level;
    std::string name; // may be empty
};

using Metadata = std::vector<std::pair<std::string, std::string>>;

struct SolveOutcome {
    pz_solve_status status = PZ_SOLVE_LIMIT;
    double lower_bound = NAN, upper_bound = NAN; // optimisers only
    Metadata stats = {};                         // free-form extras (initialised, so `return {status};` is warning-free)
    Difficulty difficulty = {};                  // ABI 1.7: how hard it was, on the common scale (difficulty.hpp)
};


using Input = pz_input;

// Being retired: write a new puzzle as a pluzzle::TypedPuzzle<L, S> (typed_puzzle.hpp), which needs no Level/State
// base classes and no as<> downcasts. Puzzle stays until the last plugin is ported; the bridge still exports it.
//
// Override in public. Declare what the class does in a constant, checked against its overrides when it is exported
// (export.hpp, capability_rules.hpp):
//   static constexpr uint64_t capabilities = PZ_CAP_SOLVE | PZ_CAP_PLAY | ...;
class Puzzle {
public:
    virtual ~Puzzle() = default;

    virtual PluginInfo info() const = 0;

    // --- levels
    // `format` is one of info().formats' names, or empty to detect. Return every level in the text.
    virtual std::vector<ParsedLevel> parse(std::string_view text, std::string_view format) const = 0;
    // Canonical text: parse(encode(L), "") must give a level that encodes to the same text.
    virtual std::string encode(const Level &level) const = 0;
    // Throw invalid(...) for a level that breaks a rule; attach the cells or points it is about (ABI 1.7) with
    // .at_cell(row, col) / .at_point(x, y) so an editor can mark them: throw invalid("...", "rows").at_cell(3, 0).
    virtual void validate(const Level &) const {}
    // Optional listing metadata: "title", "author", "size", "difficulty"...
    virtual Metadata describe(const Level &) const { return {}; }

    // --- solving; the default check decodes the solution as a play state and requires it finished
    virtual void check(const Level &level, std::string_view solution) const {
        const std::unique_ptr<State> s = decode_state(level, solution);
        const PlayStatus st = status(level, *s);
        if (st.phase == PZ_PLAY_ONGOING)
            throw invalid(st.message.empty() ? std::string("the solution does not finish the level") : st.message);
    }
    // Report each solution through control.solution(text); stop when control.tick() says so.
    virtual SolveOutcome solve(const Level &, SolveControl &) const { throw unsupported("solve"); }

    // --- drawing (state may be null)
    virtual void render(const Level &level, const State *state, Canvas &canvas) const = 0;
    // ABI 1.4, with PZ_CAP_ANIMATE: the board a fraction t (0..1) of the way through `move` from `state` (0 looks
    // like `state`, 1 like the state after it), for an editor's short move animation.
    virtual void render_move(const Level &, const State &, std::string_view /*move*/, float /*t*/, Canvas &) const {
        throw unsupported("move animation");
    }

    // --- generation
    virtual std::unique_ptr<Level> generate(const Params &, uint64_t /*seed*/, SolveControl &) const {
        throw unsupported("generate");
    }
    // ABI 1.2, with PZ_CAP_BLANK: an empty level to edit from scratch, sized by the generator parameters. It must
    // validate and round-trip through encode/parse, but need not be solvable. A grid puzzle whose parameters
    // include "width" and "height" overrides blank_grid() instead; another kind of puzzle overrides blank().
    virtual std::unique_ptr<Level> blank(const Params &params) const {
        return blank_grid(int(params.integer("width")), int(params.integer("height")));
    }
    virtual std::unique_ptr<Level> blank_grid(int /*width*/, int /*height*/) const { throw unsupported("blank level"); }
    // ABI 1.4, with PZ_CAP_IMPORT_IMAGE: a level read from a picture of a board (PNG or JPEG bytes); `params` (the
    // generator's) say what the picture cannot show. Throw parse_error saying why a picture is not a board.
    virtual std::unique_ptr<Level> import_image(std::string_view /*bytes*/, const Params &) const {
        throw unsupported("image import");
    }

    // ABI 1.6, optional: the corners of cell (row, col) as render() draws it, or nothing when the board has no such
    // cell. With it an editor shows a keyboard cursor, moves it with the arrow keys, and names its cell in key
    // events (pz_input.has_cell). A grid puzzle returns its grid's polygon, e.g. grid::SquareGrid::polygon.
    virtual std::vector<Point> cell_outline(const Level &, int /*row*/, int /*col*/) const { return {}; }

    // --- play (interpret/execute split: events become move text, move text becomes a new state)
    virtual std::unique_ptr<State> start(const Level &) const { throw unsupported("play"); }
    virtual std::unique_ptr<State> decode_state(const Level &, std::string_view) const {
        throw unsupported("play");
    }
    virtual std::string encode_state(const Level &, const State &) const { throw unsupported("play"); }
    virtual PlayStatus status(const Level &, const State &) const { throw unsupported("play"); }
    virtual std::string interpret(const Level &, const State &, const Input &) const { return {}; }
    virtual std::unique_ptr<State> execute(const Level &, const State &, std::string_view) const {
        throw unsupported("play");
    }

    // --- editing, the same split on levels
    virtual std::string edit_interpret(const Level &, std::string_view /*tool*/, const Input &) const {
        throw unsupported("edit");
    }
    virtual std::unique_ptr<Level> edit_execute(const Level &, std::string_view) const {
        throw unsupported("edit");
    }

    // --- games: the named AI's move for the player to move
    virtual std::string ai_move(const Level &, const State &, std::string_view /*ai*/, SolveControl &) const {
        throw unsupported("AI");
    }
    // For an AI that declares a profile: its player's new value after the finished game `final_state`, in which the
    // AI (plain id, without ":<value>") sat at `ai_seat` and the player came with `value`. Throw bad_argument
    // (field "profile") for a value you cannot read, invalid for an unfinished game. Must be overridden when
    // any AiDesc has a profile.
    virtual std::string ai_profile_update(const Level &, const State & /*final_state*/, std::string_view /*ai*/,
                                          unsigned /*ai_seat*/, std::string_view /*value*/) const {
        throw unsupported("AI profile");
    }
};

} // namespace pluzzle
