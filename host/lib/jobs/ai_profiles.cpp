// ai_profiles.cpp -- profile values between the store and the plugin: checked at every edge (a plugin's default
// and answers, a stored value), since the value text is pasted into the AI id the plugin parses.
#include <pluzzle/host/jobs/ai_profiles.hpp>

#include <pluzzle/host/base/utf8.hpp>

namespace pluzzle::host {

std::string ai_request(const std::string &ai, const std::optional<std::string> &profile_value) {
    return profile_value ? ai + ":" + *profile_value : ai;
}

AiProfile require_ai_profile(const Plugin &plugin, const std::string &ai) {
    if (auto profile = plugin.ai_profile(ai)) return *profile;
    bool known = false;
    std::string with;
    for (auto &a : plugin.ais()) {
        known = known || ai == a.id;
        if (plugin.ai_profile(a.id)) with += (with.empty() ? "" : ", ") + a.id;
    }
    throw InputError(
        plugin.id(),
        (known ? "AI '" + ai + "' keeps no player profile" : "type '" + plugin.id() + "' has no AI '" + ai + "'") +
            " (AIs with a profile: " + (with.empty() ? "none" : with) + ")",
        0, 0, "ai");
}

namespace {

void check_value(const std::string &value, const std::string &source) {
    if (std::string why = profile_value_problem(value); !why.empty())
        throw InputError(source, why + " ('" + repair_utf8(value) + "')", 0, 0, "profile");
}

std::string stored_where(const Store &store, const std::string &player, const Plugin &plugin, const std::string &ai) {
    return store.path() + ": profile of player '" + player + "' for " + plugin.id() + "/" + ai;
}

} // namespace

std::optional<std::string> profile_value(Store &store, const std::string &player, const Plugin &plugin,
                                         const std::string &ai) {
    const auto profile = plugin.ai_profile(ai);
    if (!profile) return std::nullopt;
    const auto stored = store.profile(player, plugin.id(), ai);
    if (!stored) return profile->default_value;
    check_value(stored->value, stored_where(store, player, plugin, ai));
    return stored->value;
}

std::vector<ProfileChange> record_profile_game(Store &store, const std::string &player, const Plugin &plugin,
                                               const pz_state *final_state, const std::vector<std::string> &seats) {
    std::vector<ProfileChange> changes;
    if (plugin.status(final_state).phase != PZ_PLAY_GAME_OVER) return changes;
    bool person = false;
    for (auto &s : seats)
        person = person || s.empty();
    if (!person) return changes; // AIs among themselves: no player's profile is at stake
    for (unsigned seat = 0; seat < seats.size(); ++seat) {
        const std::string &ai = seats[seat];
        const auto profile = ai.empty() ? std::nullopt : plugin.ai_profile(ai);
        if (!profile) continue;
        ProfileChange change{ai, {}, {}};
        store.update_profile(player, plugin.id(), ai, [&](const std::optional<std::string> &current) {
            change.before = current.value_or(profile->default_value);
            check_value(change.before, stored_where(store, player, plugin, ai));
            change.after = plugin.ai_profile_update(final_state, ai, seat, change.before);
            if (std::string why = profile_value_problem(change.after); !why.empty()) // the plugin's fault
                throw PluginError("plugin '" + plugin.id() + "': AI '" + ai + "' returned a bad profile value: " + why);
            return change.after;
        });
        changes.push_back(std::move(change));
    }
    return changes;
}

} // namespace pluzzle::host
