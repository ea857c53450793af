// plugin.cpp -- the SliceIt! plugin: SDK glue only, a pluzzle::TypedPuzzle<Level, PlayState>. The model is in
// level.hpp, the file format in formats.cpp, the rules in cut.cpp, the solver in solver.cpp, drawing in render.cpp,
// play in play.cpp and editing in edit.cpp.
#include "edit.hpp"
#include "formats.hpp"
#include "generator.hpp"
#include "play.hpp"
#include "render.hpp"
#include "solver.hpp"
#include "strokes_text.hpp"

#include <pluzzle/export.hpp>

#include <cstdio>
#include <limits>

namespace sliceit {
namespace {

std::string fixed(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6f", v);
    return buf;
}

class SliceIt final : public pluzzle::TypedPuzzle<Level, PlayState> {
  public:
    static constexpr uint64_t capabilities = PZ_CAP_SOLVE | PZ_CAP_GENERATE | PZ_CAP_PLAY | PZ_CAP_EDIT | PZ_CAP_BLANK;

    pluzzle::PluginInfo info() const {
        pluzzle::PluginInfo info;
        info.id = "sliceit";
        info.name = "SliceIt!";
        info.version = "1.0.0"; // bump when solver output changes: stored results are keyed by it
        info.description = "Cut the shapes with exactly N straight strokes into exactly M pieces of equal area. "
                           "Strokes may not touch the hatched zones.";
        info.params = generator_params(); // strokes and pieces also size the blank level
        info.formats = {{"canonical", "sliceit",
                         "SliceIt! JSON: {\"sliceit\": 1, strokes, pieces, tolerance, sliver, shapes, forbidden}"}};
        info.tools = {{"vertex_add", "Add vertex", "a", "click near an edge to insert a vertex there"},
                      {"vertex_move", "Move vertex", "m", "drag a vertex to its new place"},
                      {"vertex_delete", "Delete vertex", "d", "click a vertex to delete it"},
                      {"shape", "Add shape", "s", "click to add a square shape"},
                      {"hole", "Add hole", "h", "click inside a shape to add a square hole"},
                      {"forbidden", "Add forbidden zone", "f", "click to add a square forbidden zone"},
                      {"settings", "Settings", "n",
                       "type 'strokes N', 'pieces M', 'tolerance T', 'sliver S', 'name TEXT' or 'remove RING'"}};
        return info;
    }

    // --- levels
    std::vector<pluzzle::Parsed<Level>> parse(std::string_view text, std::string_view) const {
        return parse_levels(text);
    }
    std::string encode(const Level &level) const { return encode_level(level); }
    void validate(const Level &level) const { validate_level(level); }
    pluzzle::Metadata describe(const Level &l) const {
        pluzzle::Metadata meta;
        if (!l.name.empty()) meta.emplace_back("title", l.name);
        meta.emplace_back("size", std::to_string(l.strokes) + " strokes, " + std::to_string(l.pieces) + " pieces");
        meta.emplace_back("shapes", std::to_string(l.shapes.size()));
        meta.emplace_back("forbidden", std::to_string(l.forbidden.size()));
        return meta;
    }

    // --- solving
    void check(const Level &level, std::string_view solution) const {
        const Verdict verdict = judge(Board(level), decode_strokes(solution));
        if (!verdict.solved) throw pluzzle::invalid("wrong solution: " + verdict.message);
    }
    pluzzle::SolveOutcome solve(const Level &level, pluzzle::SolveControl &control) const {
        // Without a time or node limit the multistart still ends: it then answers `limit` after its budget.
        const uint64_t starts = control.time_limit_s() > 0 ? std::numeric_limits<uint64_t>::max() : 4000;
        const SolveReport report = solve_level(level, control, 1, starts);
        pluzzle::SolveOutcome outcome;
        outcome.status = report.status;
        if (report.status == PZ_SOLVE_SOLVED) {
            control.solution(encode_strokes(report.strokes));
            outcome.stats.emplace_back("largest_deviation", fixed(report.verdict.largest_deviation));
            // Each counted piece's share of the total area in percent, largest first.
            std::string shares;
            for (const double share : report.verdict.shares) shares += (shares.empty() ? "" : ",") + fixed(share);
            outcome.stats.emplace_back("piece_shares", shares);
            outcome.stats.emplace_back("structure", report.structure);
        }
        outcome.stats.emplace_back("starts", std::to_string(report.starts));
        outcome.stats.emplace_back("evaluations", std::to_string(report.evaluations));
        outcome.difficulty = estimate_difficulty(level, report);
        return outcome;
    }

    Level generate(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control) const {
        return generate_level(params, seed, control);
    }

    // Blank: one 100 x 100 square to reshape with the vertex tools; N strokes and M pieces from the parameters.
    Level blank(const pluzzle::Params &params) const {
        Level level;
        level.shapes.push_back({{{0, 0}, {100, 0}, {100, 100}, {0, 100}}, {}});
        level.strokes = int(params.integer("strokes"));
        level.pieces = int(params.integer("pieces"));
        return level;
    }

    void render(const Level &level, const PlayState *state, pluzzle::Canvas &canvas) const {
        render_level(level, state ? &state->strokes : nullptr, canvas);
    }

    // --- play
    PlayState start(const Level &) const { return {}; }
    PlayState decode_state(const Level &, std::string_view text) const {
        PlayState state;
        state.strokes = decode_strokes(text);
        state.moves = unsigned(state.strokes.size());
        return state;
    }
    std::string encode_state(const Level &, const PlayState &state) const { return encode_strokes(state.strokes); }
    pluzzle::PlayStatus status(const Level &level, const PlayState &state) const { return play_status(level, state); }
    std::string interpret(const Level &level, const PlayState &state, const pluzzle::Input &input) const {
        return interpret_input(level, state, input);
    }
    PlayState execute(const Level &, const PlayState &state, std::string_view move) const {
        return execute_move(state, move);
    }

    // --- editing
    std::string edit_interpret(const Level &level, std::string_view tool, const pluzzle::Input &input) const {
        return edit_input(level, tool, input);
    }
    Level edit_execute(const Level &level, std::string_view edit) const { return execute_edit(level, edit); }
};

} // namespace
} // namespace sliceit

PLUZZLE_EXPORT_PLUGIN(sliceit::SliceIt)
