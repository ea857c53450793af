// plugin.cpp -- the SliceIt! plugin: SDK glue only. The model is in level.hpp, the file format in format.cpp, the
// rules in cut.cpp, the solver in solver.cpp, drawing in render.cpp, play in play.cpp and editing in edit.cpp.
#include "format.hpp"
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

const Level &level_of(const pluzzle::Level &level) { return pluzzle::as<Level>(level); }
const PlayState &state_of(const pluzzle::State &state) { return pluzzle::as<PlayState>(state); }

std::string fixed(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6f", v);
    return buf;
}

class SliceIt final : public pluzzle::Puzzle {
  public:
    static constexpr uint64_t capabilities = PZ_CAP_SOLVE | PZ_CAP_GENERATE | PZ_CAP_PLAY | PZ_CAP_EDIT | PZ_CAP_BLANK;

    pluzzle::PluginInfo info() const override {
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
    std::vector<pluzzle::ParsedLevel> parse(std::string_view text, std::string_view) const override {
        return parse_levels(text);
    }
    std::string encode(const pluzzle::Level &level) const override { return encode_level(level_of(level)); }
    void validate(const pluzzle::Level &level) const override { validate_level(level_of(level)); }
    pluzzle::Metadata describe(const pluzzle::Level &level) const override {
        const Level &l = level_of(level);
        pluzzle::Metadata meta;
        if (!l.name.empty()) meta.emplace_back("title", l.name);
        meta.emplace_back("size", std::to_string(l.strokes) + " strokes, " + std::to_string(l.pieces) + " pieces");
        meta.emplace_back("shapes", std::to_string(l.shapes.size()));
        meta.emplace_back("forbidden", std::to_string(l.forbidden.size()));
        return meta;
    }

    // --- solving
    void check(const pluzzle::Level &level, std::string_view solution) const override {
        const Verdict verdict = judge(Board(level_of(level)), decode_strokes(solution));
        if (!verdict.solved) throw pluzzle::invalid("wrong solution: " + verdict.message);
    }
    pluzzle::SolveOutcome solve(const pluzzle::Level &level, pluzzle::SolveControl &control) const override {
        // Without a time or node limit the multistart still ends: it then answers `limit` after its budget.
        const uint64_t starts = control.time_limit_s() > 0 ? std::numeric_limits<uint64_t>::max() : 4000;
        const SolveReport report = solve_level(level_of(level), control, 1, starts);
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
        outcome.difficulty = estimate_difficulty(level_of(level), report);
        return outcome;
    }

    std::unique_ptr<pluzzle::Level> generate(const pluzzle::Params &params, uint64_t seed,
                                             pluzzle::SolveControl &control) const override {
        return generate_level(params, seed, control);
    }

    // Blank: one 100 x 100 square to reshape with the vertex tools; N strokes and M pieces from the parameters.
    std::unique_ptr<pluzzle::Level> blank(const pluzzle::Params &params) const override {
        auto level = std::make_unique<Level>();
        level->shapes.push_back({{{0, 0}, {100, 0}, {100, 100}, {0, 100}}, {}});
        level->strokes = int(params.integer("strokes"));
        level->pieces = int(params.integer("pieces"));
        return level;
    }

    void render(const pluzzle::Level &level, const pluzzle::State *state, pluzzle::Canvas &canvas) const override {
        render_level(level_of(level), state ? &state_of(*state).strokes : nullptr, canvas);
    }

    // --- play
    std::unique_ptr<pluzzle::State> start(const pluzzle::Level &) const override {
        return std::make_unique<PlayState>();
    }
    std::unique_ptr<pluzzle::State> decode_state(const pluzzle::Level &, std::string_view text) const override {
        auto state = std::make_unique<PlayState>();
        state->strokes = decode_strokes(text);
        state->moves = unsigned(state->strokes.size());
        return state;
    }
    std::string encode_state(const pluzzle::Level &, const pluzzle::State &state) const override {
        return encode_strokes(state_of(state).strokes);
    }
    pluzzle::PlayStatus status(const pluzzle::Level &level, const pluzzle::State &state) const override {
        return play_status(level_of(level), state_of(state));
    }
    std::string interpret(const pluzzle::Level &level, const pluzzle::State &state,
                          const pluzzle::Input &input) const override {
        return interpret_input(level_of(level), state_of(state), input);
    }
    std::unique_ptr<pluzzle::State> execute(const pluzzle::Level &, const pluzzle::State &state,
                                            std::string_view move) const override {
        return execute_move(state_of(state), move);
    }

    // --- editing
    std::string edit_interpret(const pluzzle::Level &level, std::string_view tool,
                               const pluzzle::Input &input) const override {
        return edit_input(level_of(level), tool, input);
    }
    std::unique_ptr<pluzzle::Level> edit_execute(const pluzzle::Level &level, std::string_view edit) const override {
        return execute_edit(level_of(level), edit);
    }
};

} // namespace
} // namespace sliceit

PLUZZLE_EXPORT_PLUGIN(sliceit::SliceIt)
