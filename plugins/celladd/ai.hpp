// ai.hpp -- the AIs a player picks by name: "easy", "medium", "hard" and "adaptive" (published_ai.hpp) and
// "strong" (our searches), each with an optional ":<value>"; and the adaptive AI's profile after a game.
#pragma once
#include "level.hpp"

#include <pluzzle/solve_control.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace celladd {

// "<ai>" or "<ai>:<parameter>" (adaptive:<skill 0..100>, strong:<seconds per move>).
struct AiRequest {
    std::string name;
    std::optional<double> parameter;
};
// pluzzle::bad_argument (field "ai") for a parameter that is not a number >= 0 (and <= 100 for adaptive). The
// name is not checked here: ai_move_text does.
AiRequest parse_ai(std::string_view text);

// The named AI's move for the player to move, as a cell text. "strong" plays model_move as player 1 against a
// level's opponent, alpha-beta otherwise; the published AIs take the level's adaptive skill unless given one.
std::string ai_move_text(const CellLevel &level, const GameState &state, std::string_view ai,
                         pluzzle::SolveControl &control);

// The adaptive AI's profile value (its skill) after the finished game `final_state`, the AI in seat `ai_seat`.
std::string ai_profile_after(const CellLevel &level, const GameState &final_state, std::string_view ai,
                             unsigned ai_seat, std::string_view value);

} // namespace celladd
