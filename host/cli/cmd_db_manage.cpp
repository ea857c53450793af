// `pluzzle db rename|delete|move|sort`: pack management for scripts (issue 16), the same store operations the
// editor's library panel uses. Each is one transaction: all of it happens or none.
#include <CLI/CLI.hpp>

#include "cli_context.hpp"
#include "common_options.hpp"
#include <pluzzle/host/store/store.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

namespace pluzzle::cli {

namespace {

struct ManageArgs {
    std::string db, pack, to, from_name, to_name, by = "name";
    std::vector<int64_t> levels;
    bool reverse = false;
};

host::Store open_for_writing(const std::string &db) {
    host::check_database_path(db, host::DatabaseUse::Existing);
    return host::Store(db);
}

void say(Context &ctx, const std::string &db, const std::string &what, host::JsonLine &j) {
    if (ctx.json) {
        j.add("file", db);
        ctx.emit(j);
    } else if (!ctx.quiet) {
        std::cout << db << ": " << what << "\n";
    }
}

std::string lower(std::string s) {
    for (char &c : s)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

int run_rename(Context &ctx, const ManageArgs &a) {
    host::Store store = open_for_writing(a.db);
    store.rename_pack(a.from_name, a.to_name);
    host::JsonLine j;
    j.add("renamed", a.from_name).add("to", a.to_name);
    say(ctx, a.db, "pack '" + a.from_name + "' is now '" + a.to_name + "'", j);
    return kExitOk;
}

int run_delete(Context &ctx, const ManageArgs &a) {
    if (a.pack.empty() == a.levels.empty())
        throw CLI::ValidationError("db delete", "name either --pack or --level (not both)");
    host::Store store = open_for_writing(a.db);
    host::JsonLine j;
    if (!a.pack.empty()) {
        const size_t n = store.delete_pack(a.pack);
        j.add("deleted_pack", a.pack).add("levels", uint64_t(n));
        say(ctx, a.db, "deleted pack '" + a.pack + "' and its " + std::to_string(n) + " level(s)", j);
    } else {
        const size_t n = store.delete_levels(a.levels);
        j.add("deleted_levels", uint64_t(n));
        say(ctx, a.db, "deleted " + std::to_string(n) + " level(s)", j);
    }
    return kExitOk;
}

int run_move(Context &ctx, const ManageArgs &a) {
    host::Store store = open_for_writing(a.db);
    store.move_levels(a.levels, a.to);
    host::JsonLine j;
    j.add("moved", uint64_t(a.levels.size())).add("to", a.to);
    say(ctx, a.db, "moved " + std::to_string(a.levels.size()) + " level(s) to the end of pack '" + a.to + "'", j);
    return kExitOk;
}

// The pack's levels in a new order: by name (case-insensitive), or by the latest solve's time, nodes or difficulty
// estimate (unsolved or ungraded levels last, reversed or not); ties keep their current order.
int run_sort(Context &ctx, const ManageArgs &a) {
    host::Store store = open_for_writing(a.db);
    if (!store.find_pack(a.pack)) throw host::InputError(a.db, "no pack named '" + a.pack + "'", 0, 0, "pack");
    const host::LevelFilter filter(a.pack);
    std::vector<host::LevelRecord> levels = store.levels(filter); // in position order
    const auto latest = store.latest_results(filter);
    const auto number = [&](const host::LevelRecord &l) {
        const auto r = latest.find(l.id);
        constexpr double unknown = std::numeric_limits<double>::infinity();
        if (r == latest.end()) return unknown;
        if (a.by == "difficulty") return r->second.difficulty.value_or(unknown);
        return a.by == "time" ? r->second.time_ms : double(r->second.nodes);
    };
    std::stable_sort(levels.begin(), levels.end(), [&](const host::LevelRecord &x, const host::LevelRecord &y) {
        if (a.by == "name") return a.reverse ? lower(y.name) < lower(x.name) : lower(x.name) < lower(y.name);
        const double nx = number(x), ny = number(y);
        if (std::isinf(nx) != std::isinf(ny)) return std::isinf(ny); // unsolved last, in either direction
        return a.reverse ? ny < nx : nx < ny;
    });
    std::vector<int64_t> ids;
    for (const auto &l : levels)
        ids.push_back(l.id);
    store.reorder_pack(a.pack, ids);
    host::JsonLine j;
    j.add("sorted", a.pack).add("by", a.by).add("levels", uint64_t(ids.size()));
    say(ctx, a.db, "sorted pack '" + a.pack + "' by " + a.by + (a.reverse ? " (reversed)" : ""), j);
    return kExitOk;
}

} // namespace

void add_db_manage_commands(CLI::App &db, Context &ctx) {
    auto args = std::make_shared<ManageArgs>();
    CLI::App *rename = db.add_subcommand("rename", "Rename a pack");
    add_database_argument(*rename, args->db);
    rename->add_option("pack", args->from_name, "The pack's name")->required();
    rename->add_option("new_name", args->to_name, "Its new name (not taken)")->required();
    rename->callback([&ctx, args] { ctx.exit_code = run_rename(ctx, *args); });

    CLI::App *del = db.add_subcommand("delete", "Delete levels (by id, as `db list --pack` shows) or a whole pack, "
                                                "with their results");
    add_database_argument(*del, args->db);
    del->add_option("--level", args->levels, "A level's id (repeatable)");
    del->add_option("--pack", args->pack, "A whole pack");
    del->callback([&ctx, args] { ctx.exit_code = run_delete(ctx, *args); });

    CLI::App *move = db.add_subcommand("move", "Move levels (with their results) to the end of another pack");
    add_database_argument(*move, args->db);
    move->add_option("--level", args->levels, "A level's id (repeatable), in the order wanted")->required();
    move->add_option("--to", args->to, "The pack to move them to (created if missing)")->required();
    move->callback([&ctx, args] { ctx.exit_code = run_move(ctx, *args); });

    CLI::App *sort = db.add_subcommand("sort", "Put a pack's levels in order: by name, or by the latest solve's time, "
                                               "nodes or difficulty estimate (unsolved or ungraded levels last)");
    add_database_argument(*sort, args->db);
    sort->add_option("--pack", args->pack, "The pack")->required();
    sort->add_option("--by", args->by, "name, time, nodes or difficulty (the plugin's estimate, 0..10)")
        ->check(CLI::IsMember({"name", "time", "nodes", "difficulty"}))
        ->capture_default_str();
    sort->add_flag("--reverse", args->reverse, "Largest (or last in the alphabet) first");
    sort->callback([&ctx, args] { ctx.exit_code = run_sort(ctx, *args); });
}

} // namespace pluzzle::cli
