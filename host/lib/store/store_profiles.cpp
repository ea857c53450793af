// store_profiles.cpp -- the profiles table (schema version 3): per player, plugin and AI, one value text.
#include <pluzzle/host/store/store.hpp>

#include <pluzzle/host/base/errors.hpp>
#include "store/store_sql.hpp"

namespace pluzzle::host {

namespace {

void check_key(const std::string &path, const std::string &player, const std::string &plugin_id,
               const std::string &ai_id) {
    if (player.empty()) throw InputError(path, "a profile needs a player name", 0, 0, "player");
    if (plugin_id.empty()) throw InputError(path, "a profile needs a plugin id", 0, 0, "plugin");
    if (ai_id.empty()) throw InputError(path, "a profile needs an AI id", 0, 0, "ai");
}

std::string describe(const std::string &player, const std::string &plugin_id, const std::string &ai_id) {
    return "the profile of player '" + player + "' for " + plugin_id + "/" + ai_id;
}

ProfileRecord read_profile(const sql::Statement &st) {
    return ProfileRecord{st.text(0), st.text(1), st.text(2), st.text(3), st.text(4)};
}

constexpr const char *kSelect = "SELECT player, plugin_id, ai_id, value, updated_at FROM profiles";
constexpr const char *kUpsert = "INSERT INTO profiles(player, plugin_id, ai_id, value, updated_at) VALUES (?1, ?2, ?3, "
                                "?4, " PLUZZLE_SQL_NOW ") ON CONFLICT(player, plugin_id, ai_id) DO UPDATE SET "
                                "value = excluded.value, updated_at = excluded.updated_at";

} // namespace

std::optional<ProfileRecord> Store::profile(const std::string &player, const std::string &plugin_id,
                                            const std::string &ai_id) {
    check_key(path(), player, plugin_id, ai_id);
    auto st = db_.prepare(std::string(kSelect) + " WHERE player = ?1 AND plugin_id = ?2 AND ai_id = ?3",
                          "reading " + describe(player, plugin_id, ai_id));
    st.bind(1, player).bind(2, plugin_id).bind(3, ai_id);
    if (!st.step()) return std::nullopt;
    return read_profile(st);
}

std::vector<ProfileRecord> Store::profiles() {
    auto st = db_.prepare(std::string(kSelect) + " ORDER BY player, plugin_id, ai_id", "listing profiles");
    std::vector<ProfileRecord> out;
    while (st.step())
        out.push_back(read_profile(st));
    return out;
}

void Store::set_profile(const ProfileRecord &r) {
    check_key(path(), r.player, r.plugin_id, r.ai_id);
    auto st = db_.prepare(kUpsert, "storing " + describe(r.player, r.plugin_id, r.ai_id));
    st.bind(1, r.player).bind(2, r.plugin_id).bind(3, r.ai_id).bind(4, r.value).step();
}

std::string Store::update_profile(const std::string &player, const std::string &plugin_id, const std::string &ai_id,
                                  const std::function<std::string(const std::optional<std::string> &)> &next) {
    check_key(path(), player, plugin_id, ai_id);
    sql::Transaction tx(db_); // BEGIN IMMEDIATE: nobody else changes the row between our read and write
    const auto current = profile(player, plugin_id, ai_id);
    std::string value = next(current ? std::optional<std::string>(current->value) : std::nullopt);
    auto st = db_.prepare(kUpsert, "storing " + describe(player, plugin_id, ai_id));
    st.bind(1, player).bind(2, plugin_id).bind(3, ai_id).bind(4, value).step();
    tx.commit();
    return value;
}

} // namespace pluzzle::host
