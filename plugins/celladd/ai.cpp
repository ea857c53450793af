// ai.cpp -- see ai.hpp.
#include "ai.hpp"

#include "adaptive_skill.hpp"
#include "alpha_beta.hpp"
#include "line_search.hpp"

#include <pluzzle/error.hpp>

#include <cmath>
#include <cstdlib>

namespace celladd {
namespace {

// The adaptive AI's profile value (ABI 1.2) is its skill, read exactly as 'adaptive:<skill>' reads it.
int profile_skill(std::string_view value) {
    try {
        return int(*parse_ai("adaptive:" + std::string(value)).parameter);
    } catch (const pluzzle::Error &) {
        throw pluzzle::bad_argument("bad skill '" + std::string(value) + "' (a number 0..100)", "profile");
    }
}

} // namespace

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

std::string ai_move_text(const CellLevel &level, const GameState &state, std::string_view ai,
                         pluzzle::SolveControl &control) {
    Position position = replay(level, state.moves);
    if (position.finished()) throw pluzzle::invalid("the game is over", "ai");
    const AiRequest request = parse_ai(ai);
    if (request.name == "strong") {
        double seconds = request.parameter.value_or(1.0);
        if (control.time_limit_s() > 0) seconds = std::min(seconds, control.time_limit_s());
        if (level.opponent && position.to_move() == 0) {
            ModelMoveOptions options;
            options.time_limit_s = seconds;
            return cell_text(level.board, model_move(position, *level.opponent, options, control));
        }
        return cell_text(level.board, alpha_beta_move(position, seconds, control).move);
    }
    const auto kind = parse_ai_name(request.name);
    if (!kind)
        throw pluzzle::bad_argument("unknown AI '" + std::string(ai) + "' (easy, medium, hard, adaptive, strong)",
                                    "ai");
    Opponent opponent{*kind,
                      level.opponent && level.opponent->kind == PublishedAi::adaptive ? level.opponent->skill : 50};
    if (request.parameter) opponent.skill = int(*request.parameter);
    return cell_text(level.board, published_move(position, opponent));
}

// The original kept the adaptive skill per player profile: the host stores it, the rule is updated_skill().
std::string ai_profile_after(const CellLevel &level, const GameState &final_state, std::string_view ai,
                             unsigned ai_seat, std::string_view value) {
    if (ai != "adaptive")
        throw pluzzle::bad_argument("AI '" + std::string(ai) + "' keeps no profile (only 'adaptive' does)", "ai");
    if (ai_seat > 1)
        throw pluzzle::bad_argument("no seat " + std::to_string(ai_seat + 1) + " in a two-player game", "ai");
    const int skill = profile_skill(value);
    const Position position = replay(level, final_state.moves);
    if (!position.finished())
        throw pluzzle::invalid("the game is not finished: " + std::to_string(position.empty_count()) + " cells left");
    const int ai_player = int(ai_seat);
    return std::to_string(updated_skill(skill, position.score(1 - ai_player), position.score(ai_player)));
}

} // namespace celladd
