// play_session.hpp -- playing a level through the plugin's interpret/execute split, with undo, and for games
// seats that are either a person or one of the plugin's AIs (the AI thinks on a background thread).
#pragma once
#include "pointer_input.hpp"
#include "solve_job.hpp"
#include "undo_history.hpp"

#include <plugin.hpp>

#include <memory>
#include <string>
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
    // True when the player to move is an AI (people's input is then ignored).
    bool ai_to_move() const;

    bool press(float x, float y, int button, uint32_t modifiers = 0);
    bool drag(float x, float y, uint32_t modifiers = 0);
    bool release(float x, float y, uint32_t modifiers = 0);
    bool key(int32_t key, uint32_t modifiers = 0, std::optional<Cell> cell = std::nullopt);
    // Plays a move text; false (and problem()) when the plugin refuses it.
    bool play(const std::string &move);

    // Starts the AI's move when an AI is to move and none is thinking; applies a finished one. Call every frame.
    // Returns true when the state changed.
    bool poll_ai(double time_limit_s = 5);
    bool ai_thinking() const { return ai_job_ != nullptr; }

    bool undo();
    bool redo();
    bool can_undo() const { return history_.can_undo(); }
    bool can_redo() const { return history_.can_redo(); }
    void restart();
    const std::string &problem() const { return problem_; }

  private:
    bool offer(const pz_input &input);

    PluginPtr plugin_;
    host::LevelPtr level_;
    UndoHistory<host::StatePtr> history_;
    std::vector<std::string> seats_;
    std::unique_ptr<AiMoveJob> ai_job_;
    PointerTracker pointer_;
    std::string problem_, last_gesture_move_;
};

} // namespace pluzzle::editor
