#include "player_profiles.hpp"

#include <cstdlib>

namespace pluzzle::editor {

std::string default_player_name() {
    const char *user = std::getenv("USER");
    return user && *user ? user : "player";
}

PlayerProfiles::PlayerProfiles(std::string player, host::Store *store) : player_(std::move(player)), store_(store) {
    if (player_.empty()) throw host::InputError("player", "the player name cannot be empty");
}

std::optional<std::string> PlayerProfiles::value(const host::Plugin &plugin, const std::string &ai) const {
    if (store_) return host::profile_value(*store_, player_, plugin, ai);
    if (auto profile = plugin.ai_profile(ai)) return std::string(profile->default_value);
    return std::nullopt;
}

std::string PlayerProfiles::record_game(const host::Plugin &plugin, const pz_state *final_state,
                                        const std::vector<std::string> &seats) const {
    if (!store_) {
        for (auto &ai : seats)
            if (auto profile = ai.empty() ? std::nullopt : plugin.ai_profile(ai))
                return "no database is open: the " + ai + " AI's " + profile->name + " for " + player_ + " is not kept";
        return {};
    }
    std::string note;
    for (auto &c : host::record_profile_game(*store_, player_, plugin, final_state, seats)) {
        const std::string name = plugin.ai_profile(c.ai)->name;
        note += (note.empty() ? "" : "; ") + c.ai + " " + name + " for " + player_ + ": " + c.before + " -> " + c.after;
    }
    return note;
}

} // namespace pluzzle::editor
