// `pluzzle db check` and `pluzzle db backup`: is this database file intact, and a safe copy of it while a solve
// may be writing to it.
#include <CLI/CLI.hpp>

#include "cli_context.hpp"
#include "common_options.hpp"
#include "db_open.hpp"
#include <pluzzle/host/store/store.hpp>

namespace pluzzle::cli {

namespace {

struct MaintenanceArgs {
    std::string db, output;
};

int run_check(Context &ctx, const MaintenanceArgs &args) {
    host::Store store = open_for_reading(args.db);
    const std::vector<std::string> problems = store.check();
    size_t levels = 0;
    for (const auto &p : store.packs())
        levels += size_t(p.level_count);
    if (ctx.json) {
        for (const auto &p : problems) {
            host::JsonLine j;
            j.add("file", args.db).add("problem", p);
            ctx.emit(j);
        }
        host::JsonLine j;
        j.add("file", args.db).add("schema", int64_t(store.schema_version())).add("levels", uint64_t(levels));
        j.add("problems", uint64_t(problems.size()));
        ctx.emit(j);
    } else {
        for (const auto &p : problems)
            std::cout << args.db << ": " << p << "\n";
        std::cout << args.db << ": schema " << store.schema_version() << ", " << levels << " level(s); "
                  << (problems.empty() ? "no problems found" : std::to_string(problems.size()) + " problem(s)") << "\n";
    }
    return problems.empty() ? kExitOk : kExitFailed;
}

int run_backup(Context &ctx, const MaintenanceArgs &args) {
    host::Store store = open_for_reading(args.db);
    store.backup_to(args.output);
    if (ctx.json) {
        host::JsonLine j;
        j.add("file", args.db).add("output", args.output);
        ctx.emit(j);
    } else if (!ctx.quiet) {
        std::cout << "copied " << args.db << " to " << args.output << "\n";
    }
    return kExitOk;
}

} // namespace

void add_db_maintenance_commands(CLI::App &db, Context &ctx) {
    auto args = std::make_shared<MaintenanceArgs>();
    CLI::App *check = db.add_subcommand(
        "check", "Check a database for damage: SQLite's integrity check, every level against its hash, the schema "
                 "(exit 0 intact, 1 problems found)");
    add_database_argument(*check, args->db);
    check->callback([&ctx, args] { ctx.exit_code = run_check(ctx, *args); });

    CLI::App *backup =
        db.add_subcommand("backup", "Copy a database safely, even while a solve writes to it (SQLite's online backup)");
    add_database_argument(*backup, args->db);
    backup->add_option("output", args->output, "The copy (replaced atomically if it exists)")->required();
    backup->callback([&ctx, args] { ctx.exit_code = run_backup(ctx, *args); });
}

} // namespace pluzzle::cli
