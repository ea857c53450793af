// `pluzzle db profiles`: the per-player AI profile values (ABI 1.2) kept in a level database -- list, or set one.
#include <CLI/CLI.hpp>

#include <pluzzle/host/jobs/ai_profiles.hpp>
#include "cli_context.hpp"
#include "common_options.hpp"
#include <pluzzle/host/store/store.hpp>

#include <iomanip>

namespace pluzzle::cli {

namespace {

struct ProfilesArgs {
    std::string db, player;
    std::vector<std::string> set; // PLAYER PLUGIN AI VALUE
};

void print(Context &ctx, const host::ProfileRecord &p) {
    if (ctx.json) {
        host::JsonLine j;
        j.add("player", p.player).add("plugin", p.plugin_id).add("ai", p.ai_id).add("value", p.value);
        j.add("updated_at", p.updated_at);
        ctx.emit(j);
    } else {
        std::cout << std::left << std::setw(16) << p.player << " " << std::setw(12) << p.plugin_id << " "
                  << std::setw(12) << p.ai_id << " " << std::setw(10) << p.value << " " << p.updated_at << std::right
                  << "\n";
    }
}

int run_list(Context &ctx, const ProfilesArgs &args) {
    host::check_database_path(args.db, host::DatabaseUse::Existing);
    host::StoreOptions options;
    options.mode = host::StoreMode::ReadOnly; // a listing works on files it cannot write
    host::Store store(args.db, options);
    for (auto &p : store.profiles())
        if (args.player.empty() || p.player == args.player) print(ctx, p);
    return kExitOk;
}

// Only a value the installed plugin's AI keeps can be set: a typo in an id would otherwise be stored unnoticed.
int run_set(Context &ctx, const ProfilesArgs &args) {
    const std::string &player = args.set[0], &plugin_id = args.set[1], &ai = args.set[2], &value = args.set[3];
    host::check_database_path(args.db, host::DatabaseUse::Existing);
    if (player.empty()) throw host::InputError("--set", "the player name cannot be empty", 0, 0, "player");
    auto plugin = ctx.registry().find(plugin_id);
    if (!plugin)
        throw host::InputError(plugin_id, "unknown puzzle type (installed: " + ctx.registry().ids() + ")", 0, 0,
                               "type");
    host::require_ai_profile(*plugin, ai);
    if (std::string why = host::profile_value_problem(value); !why.empty())
        throw host::InputError("--set", why, 0, 0, "value");
    host::Store store(args.db);
    store.set_profile({player, plugin_id, ai, value, {}});
    const auto stored = store.profile(player, plugin_id, ai);
    if (ctx.json) {
        print(ctx, *stored);
    } else if (!ctx.quiet) {
        std::cout << "set the " << plugin->ai_profile(ai)->name << " of player '" << player << "' for " << plugin_id
                  << "/" << ai << " to " << value << "\n";
    }
    return kExitOk;
}

} // namespace

void add_db_profiles_command(CLI::App &db, Context &ctx) {
    auto args = std::make_shared<ProfilesArgs>();
    CLI::App *profiles =
        db.add_subcommand("profiles", "List the AI profile values kept per player (e.g. adaptive skill), or set one");
    add_database_argument(*profiles, args->db);
    profiles->add_option("--player", args->player, "Only this player's profiles");
    profiles->add_option("--set", args->set, "Set one value (the plugin must be installed and its AI keep a profile)")
        ->expected(4)
        ->type_name("PLAYER PLUGIN AI VALUE");
    profiles->callback(
        [&ctx, args] { ctx.exit_code = args->set.empty() ? run_list(ctx, *args) : run_set(ctx, *args); });
}

} // namespace pluzzle::cli
