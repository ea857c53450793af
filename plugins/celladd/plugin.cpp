// plugin.cpp -- the celladd plugin: SDK glue only. The rules are in game.cpp, the texts in level_format.cpp and
// move_text.cpp, play in play.cpp, the AIs behind ai.hpp, the puzzle view's search in line_search.cpp, drawing in
// render.cpp and the generator in generator.cpp.
#include "ai.hpp"
#include "generator.hpp"
#include "level.hpp"
#include "line_search.hpp"
#include "play.hpp"
#include "render.hpp"

#include <pluzzle/plugin.hpp>

namespace celladd {
namespace {

class CellAddition final : public pluzzle::TypedPuzzle<CellLevel, GameState> {
  public:
    static constexpr uint64_t capabilities =
        PZ_CAP_SOLVE | PZ_CAP_OPTIMAL | PZ_CAP_GENERATE | PZ_CAP_PLAY | PZ_CAP_GAME | PZ_CAP_BLANK;

    pluzzle::PluginInfo info() const {
        pluzzle::PluginInfo info;
        info.id = "celladd";
        info.name = "Cell Addition";
        info.version = "1.0.0";
        info.description = "Two players place cells; cells that touch their own kind divide and score more. The "
                           "puzzle: player 1's best final margin against a deterministic AI.";
        info.formats = {{"canonical", "celladd",
                         "'celladd 1', layout, first, opponent, optional opening and mask; states are "
                         "'moves r,c r,c ...'"}};
        info.params = generator_params();
        info.ais = {
            {"easy", "Easy", "the original's easy AI (greedy, gains 10:5)"},
            {"medium", "Medium", "the original's medium AI"},
            {"hard", "Hard", "the original's hard AI (gains, openness, centrality)"},
            {"adaptive",
             "Adaptive",
             "the original's adaptive AI; 'adaptive:<skill>' sets the skill (default: the player's profile, "
             "else the level's, else 50)",
             {"skill", "50", "1..100; after each game skill += floor(diff * (diff < 0 ? 0.5 : 1)), diff = human - AI"}},
            {"strong", "Strong",
             "our AI: searches against the level's opponent model as player 1, alpha-beta otherwise; "
             "'strong:<seconds>' per move (default 1)"}};
        return info;
    }

    std::vector<pluzzle::Parsed<CellLevel>> parse(std::string_view text, std::string_view format) const {
        if (!format.empty() && format != "canonical")
            throw pluzzle::bad_argument("unknown format '" + std::string(format) + "' (known: canonical)", "format");
        return parse_levels(text);
    }
    std::string encode(const CellLevel &level) const { return encode_level(level); }
    void validate(const CellLevel &level) const { validate_level(level); }

    pluzzle::Metadata describe(const CellLevel &l) const {
        pluzzle::Metadata meta;
        if (!l.name.empty()) meta.emplace_back("title", l.name);
        meta.emplace_back("layout", layout_text(l.layout));
        meta.emplace_back("size", std::to_string(l.board.height) + "x" + std::to_string(l.board.width));
        meta.emplace_back("cells", std::to_string(l.board.playable_count));
        meta.emplace_back("opponent", l.opponent ? ai_name(l.opponent->kind) : "none");
        return meta;
    }

    void check(const CellLevel &level, std::string_view solution) const { check_solution(level, solution); }

    pluzzle::SolveOutcome solve(const CellLevel &l, pluzzle::SolveControl &control) const {
        if (!l.opponent) throw pluzzle::invalid("the level has no opponent: there is no line to find", "opponent");
        Position position = replay(l, {});
        ModelMoveOptions options;
        const int our_moves = std::max(1, (position.empty_count() + 1) / 2);
        if (control.time_limit_s() > 0) options.time_limit_s = control.time_limit_s() * 0.8 / our_moves;
        const LineResult line = best_line(position, 0, *l.opponent, options, control);
        control.solution(encode_moves(l.board, line.moves));
        pluzzle::SolveOutcome outcome;
        outcome.status = control.stopped() && !line.exact ? PZ_SOLVE_LIMIT : PZ_SOLVE_SOLVED;
        outcome.lower_bound = line.margin;
        if (line.exact) outcome.upper_bound = line.margin;
        outcome.stats = {{"margin", std::to_string(line.margin)}, {"exact", line.exact ? "yes" : "no"}};
        outcome.difficulty = estimate_difficulty(line, control.nodes());
        return outcome;
    }

    void render(const CellLevel &level, const GameState *state, pluzzle::Canvas &canvas) const {
        render_game(level, replay(level, state ? state->moves : std::vector<int>{}), canvas);
    }

    // A solution page (ABI 1.9): the order of the line, which the full board hides.
    void render_solution(const CellLevel &level, const GameState &solution, pluzzle::Canvas &canvas) const {
        render_numbered_game(level, solution.moves, canvas);
    }

    CellLevel generate(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &) const {
        return generate_level(params, seed);
    }
    // Blank: the generator's layout, opponent and first player, with no opening moves (a fixed seed settles the
    // 'random' choices, so the same parameters give the same level).
    CellLevel blank(const pluzzle::Params &params) const {
        CellLevel level = generate_level(params, 0);
        level.opening.clear();
        level.name.clear();
        return level;
    }

    // --- play: a state is the moves played since the opening
    GameState start(const CellLevel &) const { return {}; }
    GameState decode_state(const CellLevel &level, std::string_view text) const { return {decode_moves(level, text)}; }
    std::string encode_state(const CellLevel &level, const GameState &state) const {
        return encode_moves(level.board, state.moves);
    }
    pluzzle::PlayStatus status(const CellLevel &level, const GameState &state) const {
        return play_status(level, state);
    }
    std::string interpret(const CellLevel &level, const GameState &state, const pluzzle::Input &input) const {
        return interpret_input(level, state, input);
    }
    GameState execute(const CellLevel &level, const GameState &state, std::string_view move) const {
        return execute_move(level, state, move);
    }

    // --- the AIs
    std::string ai_move(const CellLevel &level, const GameState &state, std::string_view ai,
                        pluzzle::SolveControl &control) const {
        return ai_move_text(level, state, ai, control);
    }
    std::string ai_profile_update(const CellLevel &level, const GameState &final_state, std::string_view ai,
                                  unsigned ai_seat, std::string_view value) const {
        return ai_profile_after(level, final_state, ai, ai_seat, value);
    }
};

} // namespace
} // namespace celladd

PLUZZLE_EXPORT_PLUGIN(celladd::CellAddition)
