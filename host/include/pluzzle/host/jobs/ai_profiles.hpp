// ai_profiles.hpp -- per-player AI profiles (ABI 1.2, abi.h rule 12): the value an AI keeps for each player
// (an adaptive AI's skill), kept in the level database and handed to the AI, and the update after a game. Generic:
// nothing here knows any puzzle type.
#pragma once
#include <pluzzle/host/plugin/plugin.hpp>
#include <pluzzle/host/plugin/plugin_table.hpp>
#include <pluzzle/host/store/store.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pluzzle::host {

// The AI id to ask for moves: "<ai>:<value>" for an AI with a profile, `ai` as it is otherwise.
std::string ai_request(const std::string &ai, const std::optional<std::string> &profile_value);

// The AI's profile; InputError (field "ai") when the plugin has no such AI or the AI keeps no profile.
AiProfile require_ai_profile(const Plugin &plugin, const std::string &ai);

// The value `player` has with the plugin's AI: stored, else the AI's default. nullopt for an AI without a profile.
// InputError when the stored value is not a profile value text (e.g. edited by hand).
std::optional<std::string> profile_value(Store &store, const std::string &player, const Plugin &plugin,
                                         const std::string &ai);

// One finished game: seats[i] is the AI id of player i ("" = a person). For every seat whose AI keeps a profile,
// when a person played too, asks the plugin for the player's new value and stores it (read, update and write
// under one write lock). Returns what changed, e.g. {"adaptive", "50", "57"}. Nothing happens for an unfinished
// game. InputError when the stored value or the plugin's answer is bad, PluginError when the plugin fails.
struct ProfileChange {
    std::string ai, before, after;
};
std::vector<ProfileChange> record_profile_game(Store &store, const std::string &player, const Plugin &plugin,
                                               const pz_state *final_state, const std::vector<std::string> &seats);

} // namespace pluzzle::host
