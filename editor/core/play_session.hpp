// play_session.hpp -- playing a level through the plugin's interpret/execute split, with undo, and for games
// seats that are either a person or one of the plugin's AIs (the AI thinks on a background thread). An AI that keeps
// a player profile (ABI 1.2) plays with the player's value and learns from each finished game (player_profiles).
#pragma once
#include <chrono>
#include <optional>
#include "player_profiles.hpp"
#include "pointer_input.hpp"
#include "solve_job.hpp"
#include "undo_history.hpp"

#include <pluzzle/host/plugin/plugin.hpp>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace pluzzle::editor {

class PlaySession {
  public:
    using PluginPtr = std::shared_ptr<const host::Plugin>;

    // Throws PluginError when the plugin cannot play.
    PlaySession(PluginPtr plugin, host::LevelPtr level);

    const host::StatePtr &state() const { return history_.current(); }
    host::PlayStatus status() const;
    bool finished() const { return status().phase != PZ_PLAY_ONGOING; }

    // Seat `player` (0-based) is played by AI `ai_id` ("" = a person). Throws InputError for an unknown AI.
    void set_seat(unsigned player, const std::string &ai_id);
    const std::string &seat(unsigned player) const;

    // Who plays and where profile values live. The default keeps nothing (AIs play with their default values).
    void set_profiles(PlayerProfiles profiles) {
        profiles_ = std::move(profiles);
        ai_stuck_ = false;
    }
    const PlayerProfiles &profiles() const { return profiles_; }
    // What the last finished game did to the player's profiles ("adaptive skill for ann: 50 -> 57"), once; "" if
    // nothing new.
    std::string take_profile_note() { return std::exchange(profile_note_, std::string()); }
    // True when the player to move is an AI (people's input is then ignored).
    bool ai_to_move() const;

    bool press(float x, float y, int button, uint32_t modifiers = 0);
    bool drag(float x, float y, uint32_t modifiers = 0);
    bool release(float x, float y, uint32_t modifiers = 0);
    bool key(int32_t key, uint32_t modifiers = 0, std::optional<Cell> cell = std::nullopt);
    // Plays a move text; false (and problem()) when the plugin refuses it.
    bool play(const std::string &move);

    // Starts the AI's move when an AI is to move and none is thinking; applies a finished one. Call every frame.
    // Returns true when the state changed. An AI that failed (problem() says why) is not asked again until a
    // move, undo, redo, restart, seat or profile change.
    bool poll_ai(double time_limit_s = 5);
    bool ai_thinking() const { return ai_job_ != nullptr; }

    bool undo();
    bool redo();
    bool can_undo() const { return history_.can_undo(); }
    bool can_redo() const { return history_.can_redo(); }
    void restart();
    const std::string &problem() const { return problem_; }

    // The move just played, for a short animation (plugins with capability 'animate' draw its frames): the state
    // before it, its text and when it was played. Undo, redo and restart end it.
    struct LastMove {
        host::StatePtr before;
        std::string move;
        std::chrono::steady_clock::time_point at;
    };
    const std::optional<LastMove> &last_move() const { return last_move_; }

  private:
    bool offer(const pz_input &input);
    // Once per game (restart begins a new one; undoing to replay the end does not count twice).
    void record_if_over();

    PluginPtr plugin_;
    host::LevelPtr level_;
    UndoHistory<host::StatePtr> history_;
    std::vector<std::string> seats_;
    std::unique_ptr<AiMoveJob> ai_job_;
    PointerTracker pointer_;
    std::string problem_, last_gesture_move_;
    PlayerProfiles profiles_;
    bool game_recorded_ = false;
    bool ai_stuck_ = false; // the AI failed on this state: no retry every frame until something changes
    std::string profile_note_;
    std::optional<LastMove> last_move_;
};

// How long a move's animation lasts.
inline constexpr double kMoveAnimationSeconds = 0.15;

} // namespace pluzzle::editor
