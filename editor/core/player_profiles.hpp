// player_profiles.hpp -- play mode's side of AI profiles (ABI 1.2, abi.h rule 12): who plays, where their values
// live (the open database), the value an AI seat plays with, and the plugin's update once a game is over.
#pragma once
#include <pluzzle/host/jobs/ai_profiles.hpp>

#include <optional>
#include <string>
#include <vector>

namespace pluzzle::editor {

// $USER when set and non-empty, else "player".
std::string default_player_name();

class PlayerProfiles {
  public:
    // No database: AIs play with their default values and nothing is kept.
    explicit PlayerProfiles(std::string player = default_player_name(), host::Store *store = nullptr);

    const std::string &player() const { return player_; }
    bool keeps_values() const { return store_ != nullptr; }

    // What `ai` plays with: the player's stored value, else the AI's default; nullopt when the AI keeps no profile.
    // InputError when the stored value is unreadable.
    std::optional<std::string> value(const host::Plugin &plugin, const std::string &ai) const;
    // After a finished game (seats[i]: AI id of player i, "" = a person): stores each profile AI's new value.
    // Returns what happened in words ("" when no seat keeps a profile). Throws on store or plugin failure.
    std::string record_game(const host::Plugin &plugin, const pz_state *final_state,
                            const std::vector<std::string> &seats) const;

  private:
    std::string player_;
    host::Store *store_; // owned by the session's LevelLibrary
};

} // namespace pluzzle::editor
