// plugin.hpp -- the host's C++ view of one loaded plugin: its descriptors as the SDK's PluginInfo, RAII handles over
// the C table of <pluzzle/abi.h>, errors turned back into exceptions (InputError for the input's faults, PluginError
// for the plugin's).
#pragma once
#include <pluzzle/host/render/display_list.hpp>
#include <pluzzle/host/base/errors.hpp>

#include <pluzzle/abi.h>
#include <pluzzle/play_status.hpp>
#include <pluzzle/puzzle_types.hpp>
#include <pluzzle/solve_status.hpp>

#include <atomic>
#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pluzzle::host {

using KeyValues = std::vector<std::pair<std::string, std::string>>;
using LevelPtr = std::shared_ptr<pz_level>; // frees through the owning plugin
using StatePtr = std::shared_ptr<pz_state>; // also keeps its level alive (ABI rule 4)

struct ParsedLevel {
    LevelPtr level;
    std::string name;
};

struct SolveOptions {
    double time_limit_s = 0;    // <= 0: none
    uint64_t node_limit = 0;    // 0: none
    uint32_t max_solutions = 2; // 2 decides uniqueness
    KeyValues params;           // solver options
    const std::atomic<bool> *cancel = nullptr;
    std::function<void(const pz_progress &)> progress;
    // solve_cube of a PZ_COMBINE_BEST split (ABI 1.8): the best cost any cube has found so far (INFINITY: none).
    std::function<double()> known_best;
};

struct SolveReport {
    SolveStatus status = PZ_SOLVE_LIMIT; // text, "solved" and "final": <pluzzle/solve_status.hpp>
    std::vector<std::string> solutions; // in the order found
    uint64_t nodes = 0;
    double time_ms = 0;
    double lower_bound = NAN, upper_bound = NAN; // NaN when not applicable
    KeyValues stats;
    // ABI 1.7: the plugin's estimate on the common 0..10 scale (abi.h), NaN when it gave none, and its word for it.
    double difficulty = NAN;
    std::string difficulty_label;
};

// What split() gave (ABI 1.8, abi.h rule 13): the cubes and how their answers combine. No cube: the split decided
// the level and `outcome` is its answer; else `outcome` is LIMIT with the root's bounds (and the split's cost).
struct SplitReport {
    pz_combine combine = PZ_COMBINE_COUNT;
    std::vector<std::string> cubes;
    SolveReport outcome;
};

struct CheckReport {
    bool ok = false;
    std::string message; // why not, when !ok
};

using PlayStatus = pluzzle::PlayStatus; // the SDK's type: one definition for plugins and host

const char *capability_name(uint64_t bit);
std::string capability_list(uint64_t bits); // "solve,count,generate,..."

class Plugin;

// How a drawing shows its state: as the board it is now (play, the editor), or as a solution a reader follows on paper
// (booklets, `render --solution`: Plugin::render_solution, ABI 1.9).
enum class StateDrawing { board, solution };
// InputError naming the option (`flag`: the command-line option that gave them) when `options` holds a key the
// plugin does not declare (see `pluzzle plugins`).
void check_solver_options(const Plugin &plugin, const KeyValues &options, const std::string &flag = "--option");

class Plugin {
public:
    // `table` has been checked by the registry (abi major, size, required functions); its descriptors are read
    // here, once (plugin_info), so callers see C++ values and never the plugin's C structs.
    Plugin(const pz_plugin *table, std::string path);

    const PluginInfo &info() const { return info_; }
    const std::string &id() const { return info_.id; }
    const std::string &name() const { return info_.name; }
    const std::string &version() const { return info_.version; }
    const std::string &description() const { return info_.description; }
    const std::string &path() const { return path_; }
    std::string abi() const; // "1.1"
    uint64_t capabilities() const { return info_.capabilities; }
    bool can(pz_capability cap) const { return (capabilities() & cap) != 0; }
    const pz_plugin &table() const { return *table_; } // the raw C table, for the loader's tests: use info()

    const std::vector<FormatDesc> &formats() const { return info_.formats; } // the canonical one first
    const std::vector<ParamDesc> &params() const { return info_.params; }
    const std::vector<ToolDesc> &tools() const { return info_.tools; }
    const std::vector<AiDesc> &ais() const { return info_.ais; } // empty for plugins older than ABI 1.1
    const std::vector<ParamDesc> &solver_options() const { return info_.solver_options; } // likewise
    // nullopt: no such AI, or it keeps no profile (always so for plugins older than ABI 1.2).
    std::optional<AiProfile> ai_profile(const std::string &ai) const;
    bool has_format(std::string_view name) const;
    bool has_extension(std::string_view ext) const; // ext without the dot
    // The one format that claims `ext` (no dot), or "" when none or several do: what parse() is told when a file's
    // extension chose the plugin, so the plugin need not sniff the content again.
    std::string format_for_extension(std::string_view ext) const;

    // Parses and validates every level of `text`. Errors name `source` (a file name) and the line/column.
    std::vector<ParsedLevel> parse(std::string_view text, const std::string &format, const std::string &source) const;
    // The one level of a text in the canonical format (the first), as a database or the sandbox's wire holds it: an
    // InputError naming `source` when the text holds several.
    LevelPtr parse_one(std::string_view canonical_text, const std::string &source) const;
    std::string encode(const pz_level *level) const;
    // An InputError when the level breaks a rule; with ABI 1.7 it carries the cells or points the error is about
    // (InputError::places).
    void validate(const pz_level *level, const std::string &source) const;
    KeyValues describe(const pz_level *level) const;
    CheckReport check(const pz_level *level, std::string_view solution) const;
    SolveReport solve(const pz_level *level, const SolveOptions &options) const;
    // ABI 1.8 (capability 'split'): about `want` cubes of the level, and the answer within one cube. Checked as
    // solve() is: a status the ABI does not know, a solved status without a solution, an unknown combine rule, a
    // cube that is not UTF-8, or cubes beside a final status are the plugin's errors.
    bool can_split() const;
    SplitReport split(const pz_level *level, const SolveOptions &options, uint32_t want) const;
    SolveReport solve_cube(const pz_level *level, std::string_view cube, const SolveOptions &options) const;
    // What the plugin draws for `level` (and `state`, may be null), recorded. What failed inside a drawing
    // callback (e.g. the recorder's item limit) is thrown here, once the plugin call has returned.
    DisplayList render(const pz_level *level, const pz_state *state) const;
    // ABI 1.9 (abi.h rule 14): `solution` drawn for a reader to follow (the moves on the level), by the plugin's
    // render_solution; a plugin without one (or without play) draws render(level, solution): its answer is the board.
    bool draws_solutions() const;
    DisplayList render_solution(const pz_level *level, const pz_state *solution) const;
    // ABI 1.4 (capability 'animate'): the board a fraction t (0..1) of the way through `move` from `state`.
    bool can_animate() const;
    DisplayList render_move(const pz_state *state, std::string_view move, float t) const;
    // ABI 1.6: where cell (row, col) is drawn, for a keyboard cursor; nothing when the plugin does not say or the
    // board has no such cell.
    bool has_cell_outlines() const;
    std::optional<std::vector<pz_point>> cell_outline(const pz_level *level, int row, int col) const;
    LevelPtr generate(const KeyValues &params, uint64_t seed, const SolveOptions &options) const;
    // ABI 1.2 (capability 'blank'): an empty level from the generator parameters (missing ones: defaults).
    bool can_blank() const;
    LevelPtr blank(const KeyValues &params) const;
    // ABI 1.4 (capability 'import-image'): a level read from a picture (PNG/JPEG bytes of the file `source`), with
    // generator parameters for what the picture cannot show. Errors name `source`.
    bool can_import_image() const;
    LevelPtr import_image(std::string_view bytes, const KeyValues &params, const std::string &source) const;

    StatePtr new_state(const LevelPtr &level) const;
    StatePtr decode_state(const LevelPtr &level, std::string_view text, const std::string &source) const;
    std::string encode_state(const pz_state *state) const;
    PlayStatus status(const pz_state *state) const;
    std::string interpret(const pz_state *state, const pz_input &input) const;
    StatePtr execute(const StatePtr &state, std::string_view move) const;
    std::string edit_interpret(const pz_level *level, const std::string &tool, const pz_input &input) const;
    LevelPtr edit_execute(const pz_level *level, std::string_view edit) const;
    std::string ai_move(const pz_state *state, const std::string &ai, const SolveOptions &options) const;
    // ABI 1.2: the player's new profile value for `ai` (seat `ai_seat`) after the finished game `final_state`.
    std::string ai_profile_update(const pz_state *final_state, const std::string &ai, unsigned ai_seat,
                                  const std::string &value) const;

private:
    LevelPtr own(pz_level *level) const;
    StatePtr own(pz_state *state, LevelPtr level) const;
    // Throws the exception that matches `code` (InputError naming `source`, or PluginError).
    void read_difficulty(const pz_solve_result &result, SolveReport &report) const;
    // One solving call (solve, split, solve_cube; plugin_solve.cpp): the request made from `options`, the result
    // and solutions collected and checked.
    using SolverCall =
        std::function<pz_code(const pz_solve_request *, pz_solve_result *, const pz_solution_sink *, pz_error *)>;
    SolveReport call_solver(const char *what, const SolveOptions &options, const SolverCall &call) const;
    [[noreturn]] void fail(pz_code code, const pz_error &err, const std::string &what,
                           const std::string &source = {}) const;
    template <class F> F require(F fn, const char *what) const;
    template <class Draw> DisplayList record(const char *what, Draw &&draw) const;

    const pz_plugin *table_;
    std::string path_;
    PluginInfo info_;
};

} // namespace pluzzle::host
