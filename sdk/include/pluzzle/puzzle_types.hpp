// pluzzle/puzzle_types.hpp -- the plain types a puzzle class's methods speak in (typed_puzzle.hpp): its descriptors
// (PluginInfo and what it lists), a solve's outcome, listing metadata and input events. The host reads a plugin's C
// table back into the same descriptors.
#pragma once
#include <pluzzle/canvas.hpp>
#include <pluzzle/difficulty.hpp>
#include <pluzzle/error.hpp>
#include <pluzzle/params.hpp>
#include <pluzzle/play_status.hpp>
#include <pluzzle/solve_control.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pluzzle {

struct FormatDesc {
    std::string name, extensions, description; // extensions: space-separated, no dots
};
struct ToolDesc {
    std::string id, name, shortcut, help;
};
// A value the AI keeps per player (ABI 1.2), e.g. {"skill", "50", "..."}: the host stores it in its database,
// asks the AI for moves as "<id>:<value>" and calls the puzzle's ai_profile_update after each finished game. An
// empty name means the AI keeps no profile.
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

using Metadata = std::vector<std::pair<std::string, std::string>>;

struct SolveOutcome {
    pz_solve_status status = PZ_SOLVE_LIMIT;
    double lower_bound = NAN, upper_bound = NAN; // optimisers only
    Metadata stats = {};                         // free-form extras (initialised, so `return {status};` is warning-free)
    Difficulty difficulty = {};                  // ABI 1.7: how hard it was, on the common scale (difficulty.hpp)
};

// ABI 1.8 (abi.h rule 13): how the answers of a level's cubes make the level's.
enum class Combine : int32_t {
    first = PZ_COMBINE_FIRST, // a solution in any cube answers the level
    count = PZ_COMBINE_COUNT, // the cubes share no solution: counts add up
    best = PZ_COMBINE_BEST    // an optimiser: least upper bound, least proven lower bound
};

// What split() returns: the cubes (texts solve_cube() reads back with the same level, most promising first) and how
// their answers combine. No cube: the split decided the level itself, and `outcome` is the answer (its solutions
// went to control.solution(), as in solve()). With cubes, `outcome` holds the root's bounds (its status is ignored).
struct Split {
    Combine combine = Combine::count;
    std::vector<std::string> cubes = {};
    SolveOutcome outcome = {};
};

using Input = pz_input;

} // namespace pluzzle
