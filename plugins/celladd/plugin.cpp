// plugin.cpp -- the pluzzle::Puzzle subclass: what the plugin offers, play, the AIs and the puzzle view's
// solve. Rules, texts, searches and drawing live in the core library's files.
#include "adaptive_skill.hpp"
#include "alpha_beta.hpp"
#include "generator.hpp"
#include "level.hpp"
#include "line_search.hpp"
#include "render.hpp"

#include <pluzzle/plugin.hpp>
#include <pluzzle/text.hpp>

#include <cmath>

namespace celladd {
namespace {

const CellLevel &level_of(const pluzzle::Level &level) { return pluzzle::as<CellLevel>(level); }
const GameState &game_of(const pluzzle::State &state) { return pluzzle::as<GameState>(state); }

std::string scores_text(const Position &p) {
    return "player 1 " + std::to_string(p.score(0)) + " : " + std::to_string(p.score(1)) + " player 2";
}

// "<ai>" or "<ai>:<parameter>" (adaptive:<skill 0..100>, strong:<seconds per move>).
struct AiRequest {
    std::string name;
    std::optional<double> parameter;
};
AiRequest parse_ai(std::string_view text) {
    AiRequest request;
    const size_t colon = text.find(':');
    request.name = std::string(text.substr(0, colon));
    if (colon != std::string_view::npos) {
        const std::string value(text.substr(colon + 1));
        char *end = nullptr;
        const double v = std::strtod(value.c_str(), &end);
        if (value.empty() || *end || !std::isfinite(v) || v < 0 || (request.name == "adaptive" && v > 100))
            throw pluzzle::bad_argument("bad AI parameter '" + value + "' in '" + std::string(text) + "'", "ai");
        request.parameter = v;
    }
    return request;
}

// The adaptive AI's profile value (ABI 1.2) is its skill, read exactly as 'adaptive:<skill>' reads it.
int profile_skill(std::string_view value) {
    try {
        return int(*parse_ai("adaptive:" + std::string(value)).parameter);
    } catch (const pluzzle::Error &) {
        throw pluzzle::bad_argument("bad skill '" + std::string(value) + "' (a number 0..100)", "profile");
    }
}

class CellAddition final : public pluzzle::Puzzle {
  public:
    static constexpr uint64_t capabilities =
        PZ_CAP_SOLVE | PZ_CAP_OPTIMAL | PZ_CAP_GENERATE | PZ_CAP_PLAY | PZ_CAP_GAME | PZ_CAP_BLANK;

    pluzzle::PluginInfo info() const override {
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

    std::vector<pluzzle::ParsedLevel> parse(std::string_view text, std::string_view format) const override {
        if (!format.empty() && format != "canonical")
            throw pluzzle::bad_argument("unknown format '" + std::string(format) + "' (known: canonical)", "format");
        return parse_levels(text);
    }
    std::string encode(const pluzzle::Level &level) const override { return encode_level(level_of(level)); }
    void validate(const pluzzle::Level &level) const override { validate_level(level_of(level)); }

    pluzzle::Metadata describe(const pluzzle::Level &level) const override {
        const CellLevel &l = level_of(level);
        pluzzle::Metadata meta;
        if (!l.name.empty()) meta.emplace_back("title", l.name);
        meta.emplace_back("layout", layout_text(l.layout));
        meta.emplace_back("size", std::to_string(l.board.height) + "x" + std::to_string(l.board.width));
        meta.emplace_back("cells", std::to_string(l.board.playable_count));
        meta.emplace_back("opponent", l.opponent ? ai_name(l.opponent->kind) : "none");
        return meta;
    }

    // A solution is a whole game; against an opponent every one of its moves must be the AI's.
    void check(const pluzzle::Level &level, std::string_view solution) const override {
        const CellLevel &l = level_of(level);
        const std::vector<int> moves = decode_moves(l, solution);
        Position position = replay(l, {});
        for (size_t i = 0; i < moves.size(); ++i) {
            if (l.opponent && position.to_move() == 1) {
                const int expected = published_move(position, *l.opponent);
                if (expected != moves[i])
                    throw pluzzle::invalid("move " + std::to_string(i + 1) + " is " + cell_text(l.board, moves[i]) +
                                               " but the " + ai_name(l.opponent->kind) + " AI plays " +
                                               cell_text(l.board, expected),
                                           "moves");
            }
            position.play(moves[i]);
        }
        if (!position.finished())
            throw pluzzle::invalid("the game is not finished: " + std::to_string(position.empty_count()) +
                                   " cells left");
    }

    pluzzle::SolveOutcome solve(const pluzzle::Level &level, pluzzle::SolveControl &control) const override {
        const CellLevel &l = level_of(level);
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

    void render(const pluzzle::Level &level, const pluzzle::State *state, pluzzle::Canvas &canvas) const override {
        const CellLevel &l = level_of(level);
        render_game(l, replay(l, state ? game_of(*state).moves : std::vector<int>{}), canvas);
    }

    std::unique_ptr<pluzzle::Level> generate(const pluzzle::Params &params, uint64_t seed,
                                             pluzzle::SolveControl &) const override {
        return generate_level(params, seed);
    }
    // Blank: the generator's layout, opponent and first player, with no opening moves (a fixed seed settles the
    // 'random' choices, so the same parameters give the same level).
    std::unique_ptr<pluzzle::Level> blank(const pluzzle::Params &params) const override {
        auto level = generate_level(params, 0);
        level->opening.clear();
        level->name.clear();
        return level;
    }

    std::unique_ptr<pluzzle::State> start(const pluzzle::Level &) const override {
        return std::make_unique<GameState>();
    }
    std::unique_ptr<pluzzle::State> decode_state(const pluzzle::Level &level, std::string_view text) const override {
        auto state = std::make_unique<GameState>();
        state->moves = decode_moves(level_of(level), text);
        return state;
    }
    std::string encode_state(const pluzzle::Level &level, const pluzzle::State &state) const override {
        return encode_moves(level_of(level).board, game_of(state).moves);
    }
    pluzzle::PlayStatus status(const pluzzle::Level &level, const pluzzle::State &state) const override {
        const Position position = replay(level_of(level), game_of(state).moves);
        pluzzle::PlayStatus status;
        status.players = 2;
        status.to_move = unsigned(position.to_move());
        status.moves = unsigned(position.moves_played());
        status.scores = {double(position.score(0)), double(position.score(1))};
        status.message = scores_text(position);
        if (position.finished()) {
            status.phase = PZ_PLAY_GAME_OVER;
            status.winner = position.margin() > 0 ? 0 : position.margin() < 0 ? 1 : -1;
            status.message += position.margin() == 0  ? ": a draw"
                              : position.margin() > 0 ? ": player 1 wins"
                                                      : ": player 2 wins";
        }
        return status;
    }
    // A click on a column plays there: the cell itself, or with gravity the column's landing cell.
    std::string interpret(const pluzzle::Level &level, const pluzzle::State &state,
                          const pluzzle::Input &input) const override {
        const CellLevel &l = level_of(level);
        if (!pluzzle::primary_press(input)) return {};
        std::optional<int> square;
        if (input.has_cell) {
            const int row = l.board.height - 1 - input.cell_row;
            if (l.board.inside(row, input.cell_col)) square = l.board.index(row, input.cell_col);
        } else {
            square = square_at(l.board, input.x, input.y);
        }
        if (!square) return {};
        const Position position = replay(l, game_of(state).moves);
        const int cell = l.board.gravity ? landing_cell(l.board, position.owner(), l.board.col_of(*square)) : *square;
        if (cell == kNoCell || !is_legal(l.board, position.owner(), cell)) return {};
        return cell_text(l.board, cell);
    }
    std::unique_ptr<pluzzle::State> execute(const pluzzle::Level &level, const pluzzle::State &state,
                                            std::string_view move) const override {
        const CellLevel &l = level_of(level);
        const auto words = pluzzle::tokens(move, " \t\r\n");
        std::string why = "expected one cell 'row,col'";
        const std::optional<int> cell = words.size() == 1 ? parse_cell(l.board, words[0].text, why) : std::nullopt;
        if (!cell) throw pluzzle::bad_argument("bad move '" + std::string(move) + "': " + why, "move");
        auto next = std::make_unique<GameState>(game_of(state));
        next->moves.push_back(*cell);
        try {
            (void)replay(l, next->moves);
        } catch (const pluzzle::Error &e) {
            throw pluzzle::invalid(e.what(), "move");
        }
        return next;
    }

    std::string ai_move(const pluzzle::Level &level, const pluzzle::State &state, std::string_view ai,
                        pluzzle::SolveControl &control) const override {
        const CellLevel &l = level_of(level);
        Position position = replay(l, game_of(state).moves);
        if (position.finished()) throw pluzzle::invalid("the game is over", "ai");
        const AiRequest request = parse_ai(ai);
        if (request.name == "strong") {
            double seconds = request.parameter.value_or(1.0);
            if (control.time_limit_s() > 0) seconds = std::min(seconds, control.time_limit_s());
            if (l.opponent && position.to_move() == 0) {
                ModelMoveOptions options;
                options.time_limit_s = seconds;
                return cell_text(l.board, model_move(position, *l.opponent, options, control));
            }
            return cell_text(l.board, alpha_beta_move(position, seconds, control).move);
        }
        const auto kind = parse_ai_name(request.name);
        if (!kind)
            throw pluzzle::bad_argument("unknown AI '" + std::string(ai) + "' (easy, medium, hard, adaptive, strong)",
                                        "ai");
        Opponent opponent{*kind, l.opponent && l.opponent->kind == PublishedAi::adaptive ? l.opponent->skill : 50};
        if (request.parameter) opponent.skill = int(*request.parameter);
        return cell_text(l.board, published_move(position, opponent));
    }

    // The original kept the adaptive skill per player profile: the host stores it, the rule is updated_skill().
    std::string ai_profile_update(const pluzzle::Level &level, const pluzzle::State &final_state, std::string_view ai,
                                  unsigned ai_seat, std::string_view value) const override {
        if (ai != "adaptive")
            throw pluzzle::bad_argument("AI '" + std::string(ai) + "' keeps no profile (only 'adaptive' does)", "ai");
        if (ai_seat > 1)
            throw pluzzle::bad_argument("no seat " + std::to_string(ai_seat + 1) + " in a two-player game", "ai");
        const int skill = profile_skill(value);
        const Position position = replay(level_of(level), game_of(final_state).moves);
        if (!position.finished())
            throw pluzzle::invalid("the game is not finished: " + std::to_string(position.empty_count()) +
                                   " cells left");
        const int ai_player = int(ai_seat);
        return std::to_string(updated_skill(skill, position.score(1 - ai_player), position.score(ai_player)));
    }
};

} // namespace
} // namespace celladd

PLUZZLE_EXPORT_PLUGIN(celladd::CellAddition)
