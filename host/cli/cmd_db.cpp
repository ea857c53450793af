// `pluzzle db ...`: the level database -- import, export, list, and the bulk solve (profiles: cmd_db_profiles.cpp).
#include <CLI/CLI.hpp>

#include <algorithm>

#include "cli_checks.hpp"
#include "cli_context.hpp"
#include "common_options.hpp"
#include "db_open.hpp"
#include "file_problems.hpp"
#include <pluzzle/host/jobs/bulk_solve.hpp>
#include <pluzzle/host/base/difficulty.hpp>
#include <pluzzle/host/base/install_paths.hpp>
#include <pluzzle/host/levels/level_source.hpp>
#include <pluzzle/host/levels/pack_file.hpp>
#include <pluzzle/host/base/parallel.hpp>
#include <pluzzle/host/sandbox/process_executor.hpp>
#include <pluzzle/host/solve/solver_memory.hpp>
#ifdef PLUZZLE_HAVE_MPI
#include "mpi_executor.hpp"
#include "mpi_session.hpp"
#include "mpi_worker.hpp"
#endif
#include <pluzzle/host/store/store.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <unistd.h>

namespace pluzzle::cli {

namespace {

struct DbArgs {
    std::string db, pack, type, output, format;
    std::vector<std::string> files;
    unsigned jobs = 0;
    double timeout_s = 0;
    uint64_t node_limit = 0;
    bool resume = false;
    bool isolate = false, threads = false; // neither: worker processes when a plugin the run needs is not bundled
    double grace_s = -1;                   // < 0: the executor's default
    uint64_t memory_limit_mib = 0;
    bool mpi = false;          // rank 0 dispatches to the other ranks of an mpirun
    double heartbeat_s = 10;   // --mpi: a rank silent this long is lost
    bool jobs_given = false, timeout_given = false; // else the settings file decides
    bool dry_run = false;                           // import: read and check the files, write nothing
    bool split = false;                             // solve: conquer hard levels with cubes (issue 48)
    double split_after_s = 1;
};

// The \r progress line of `db solve`, at most ~10 times a second; the last state is always shown.
class ProgressLine {
public:
    void update(const host::BulkProgress &p) {
        latest_ = p;
        const auto now = std::chrono::steady_clock::now();
        if (p.done != p.total && shown_ && now - last_ < std::chrono::milliseconds(100)) {
            pending_ = true;
            return;
        }
        print(now);
    }
    // After the run: the state a throttled update left unshown (a cancelled run never reaches done == total).
    void finish() {
        if (pending_) print(std::chrono::steady_clock::now());
    }

private:
    void print(std::chrono::steady_clock::time_point now) {
        const host::BulkProgress &p = latest_;
        const double rate = p.elapsed_s > 0 ? p.done / p.elapsed_s : 0;
        const double eta = rate > 0 ? (p.total - p.done) / rate : 0;
        std::fprintf(stderr, "\r%zu/%zu levels  %.1f/s  ETA %.0f s   ", p.done, p.total, rate, eta);
        if (p.done == p.total) std::fputs("\n", stderr);
        std::fflush(stderr);
        last_ = now;
        shown_ = true;
        pending_ = false;
    }

    host::BulkProgress latest_;
    std::chrono::steady_clock::time_point last_;
    bool shown_ = false, pending_ = false;
};

int run_import(Context &ctx, const DbArgs &args) {
    host::check_database_path(args.db, host::DatabaseUse::Create);
    const host::SourceOptions options = ctx.source_options(args.type, args.format);
    host::PluginRegistry &reg = ctx.registry();
    // Read and check every file before touching the database. A bad file is reported and skipped: the others are
    // imported, and the command exits 3 at the end saying how many failed.
    host::LoadedFiles loaded = host::load_level_files(reg, args.files, options);
    const bool some_files_failed = report_file_problems(ctx, loaded);
    auto &files = loaded.files;
    // A new pack takes the description of the first pack file that has one.
    std::string description;
    for (auto &[file, levels] : files)
        if (description.empty() && !levels.empty()) description = levels[0].pack_description;
    // One transaction for the whole import (all files or none): a commit per file made a big import spend its time
    // in commits, and a kill half way left a pack holding some of the files.
    std::vector<host::LevelRecord> records;
    for (auto &[file, levels] : files) {
        for (auto &l : levels) {
            host::LevelRecord r;
            r.type = l.plugin->id();
            r.name = host::level_name_in_pack(l, levels.size());
            r.author = !l.author.empty() ? l.author : ctx.settings().author;
            r.params = l.params;
            r.text = l.plugin->encode(l.level.get());
            records.push_back(std::move(r));
        }
    }
    const size_t total = records.size();
    const std::string failed_note =
        some_files_failed ? "; " + std::to_string(loaded.failures.size()) + " file(s) failed" : "";
    const int exit_code = some_files_failed ? kExitBadInput : kExitOk;
    if (args.dry_run || files.empty()) {
        if (!ctx.json && !ctx.quiet)
            std::cout << (args.dry_run ? "would import " : "imported ") << total << " level(s) from " << files.size()
                      << " file(s) into pack '" << args.pack << "'" << failed_note
                      << (args.dry_run ? " (dry run: nothing written)" : "") << "\n";
        return exit_code;
    }
    host::Store store(args.db);
    const int64_t pack = store.ensure_pack(args.pack, description);
    const std::vector<bool> added = store.add_levels_each(pack, std::move(records));
    const size_t added_count = size_t(std::count(added.begin(), added.end(), true));
    if (ctx.json) {
        size_t first = 0;
        for (auto &[file, levels] : files) {
            const auto begin = added.begin() + std::ptrdiff_t(first), end = begin + std::ptrdiff_t(levels.size());
            host::JsonLine j;
            j.add("file", file).add("levels", uint64_t(levels.size()));
            j.add("added", uint64_t(std::count(begin, end, true))).add("pack", args.pack);
            ctx.emit(j);
            first += levels.size();
        }
    }
    if (!ctx.json && (!ctx.quiet || some_files_failed))
        std::cout << "imported " << added_count << " new level(s) of " << total << " into pack '" << args.pack << "' ("
                  << total - added_count << " already there)" << failed_note << "\n";
    return exit_code;
}

int run_export(Context &ctx, const DbArgs &args) {
    host::Store store = open_for_reading(args.db);
    auto info = store.find_pack(args.pack);
    if (!info) throw host::InputError(args.db, "no pack named '" + args.pack + "'", 0, 0, "pack");
    host::PackFile pack;
    pack.name = info->name;
    pack.description = info->description;
    // A damaged level is left out and named (its text may read as another puzzle); the rest are still exported.
    size_t corrupt = 0;
    for (auto &l : store.levels({args.pack, ""})) {
        if (!host::level_text_intact(l)) {
            ++corrupt;
            std::cerr << "pluzzle: error: " << args.db << ": level " << l.id << " ('" << l.name << "', position "
                      << l.position << "): its text does not match its hash; left out (see `pluzzle db check`)\n";
            continue;
        }
        pack.levels.push_back({l.type, l.name, l.author, l.params, l.text});
    }
    host::write_pack_file(args.output, pack);
    if (ctx.json) {
        host::JsonLine j;
        j.add("pack", pack.name).add("levels", uint64_t(pack.levels.size())).add("output", args.output);
        ctx.emit(j);
    } else if (!ctx.quiet) {
        std::cout << "exported " << pack.levels.size() << " level(s) of pack '" << pack.name << "' to " << args.output
                  << (corrupt ? "; " + std::to_string(corrupt) + " damaged level(s) left out" : "") << "\n";
    }
    return corrupt ? kExitBadInput : kExitOk;
}

int run_list(Context &ctx, const DbArgs &args) {
    host::Store store = open_for_reading(args.db);
    if (args.pack.empty()) {
        for (auto &p : store.packs()) {
            if (ctx.json) {
                host::JsonLine j;
                j.add("pack", p.name).add("levels", int64_t(p.level_count)).add("description", p.description);
                j.add("created_at", p.created_at);
                ctx.emit(j);
            } else {
                std::cout << std::left << std::setw(24) << p.name << " " << std::right << std::setw(6)
                          << p.level_count << " level(s)  " << p.description << "\n";
            }
        }
        return kExitOk;
    }
    if (!store.find_pack(args.pack)) throw host::InputError(args.db, "no pack named '" + args.pack + "'", 0, 0, "pack");
    const host::LevelFilter filter{args.pack, args.type};
    auto latest = store.latest_results(filter);
    for (auto &l : store.levels(filter)) {
        auto r = latest.find(l.id);
        const std::string status = r == latest.end() ? "-" : host::attempt_status_text(r->second.status);
        if (ctx.json) {
            host::JsonLine j;
            j.add("id", int64_t(l.id)).add("position", int64_t(l.position)).add("type", l.type).add("name", l.name);
            j.add("author", l.author).add("status", status);
            if (r != latest.end()) {
                j.add("time_ms", r->second.time_ms).add("plugin_version", r->second.plugin_version);
                j.add("difficulty", r->second.difficulty.value_or(NAN));
                j.add("difficulty_label", r->second.difficulty_label);
            }
            ctx.emit(j);
        } else {
            const bool graded = r != latest.end() && r->second.difficulty;
            std::cout << std::setw(6) << l.id << "  " << std::left << std::setw(12) << l.type << std::setw(32) << l.name
                      << " " << std::setw(11) << status << " "
                      << (graded ? host::difficulty_text(*r->second.difficulty, r->second.difficulty_label) : "")
                      << std::right << "\n";
        }
    }
    return kExitOk;
}

void print_summary(const host::BulkReport &report) {
    std::cout << "\n" << std::left << std::setw(14) << "type" << std::setw(12) << "status" << std::right << std::setw(8)
              << "levels" << std::setw(12) << "time (s)" << std::setw(12) << "mean (ms)" << "\n";
    std::cout << std::string(58, '-') << "\n";
    for (auto &[key, cell] : report.table)
        std::cout << std::left << std::setw(14) << key.first << std::setw(12) << key.second << std::right
                  << std::setw(8) << cell.count << std::setw(12) << std::fixed << std::setprecision(3)
                  << cell.time_ms / 1000 << std::setw(12) << std::setprecision(2)
                  << (cell.count ? cell.time_ms / double(cell.count) : 0) << "\n";
    std::cout << std::string(58, '-') << "\n";
    std::cout << "solved now " << report.attempted - report.unsolved << " of " << report.attempted << ", skipped "
              << report.skipped << " (solved before, or crashed a run: --isolate retries those), " << report.total
              << " in total; wall " << std::setprecision(2) << report.wall_s << " s"
              << (report.cancelled ? " (cancelled)" : "") << "\n";
    if (report.suspects)
        std::cout << report.suspects << " level(s) left in flight by a run that died were solved one at a time first\n";
    if (report.by_other_runs)
        std::cout << report.by_other_runs << " level(s) were solved by another run on this database meanwhile\n";
}

// Worker processes or threads (--isolate, --threads; by default, processes when a plugin the run needs is not one
// of ours: a crash or a hang in code we have not tested then costs a level, not the run). Returns the workers'
// options, or nothing for threads.
std::optional<host::IsolateOptions> isolation(Context &ctx, const DbArgs &args, host::Store &store,
                                              const host::BulkOptions &options) {
    host::IsolateOptions iso;
    std::string third_party;
    for (const std::string &type : store.level_types(options.filter)) {
        const auto plugin = ctx.registry().find(type);
        if (!plugin) continue;
        iso.plugin_paths.push_back(plugin->path());
        if (third_party.empty() && !host::is_bundled_plugin(plugin->path())) third_party = plugin->id();
    }
    const bool isolate = args.isolate || (!args.threads && !third_party.empty());
    if (!isolate) return std::nullopt;
    if (!args.isolate && !ctx.quiet && !ctx.json)
        std::cerr << "solving in worker processes: plugin '" << third_party
                  << "' is not bundled (--threads to solve in this process)\n";
    iso.jobs = options.jobs;
    iso.limits = {options.timeout_s, options.node_limit};
    iso.grace_s = args.grace_s;
    iso.memory_limit_mib = args.memory_limit_mib;
    return iso;
}

// The checks before a run, and the options every mode shares (the store must be writable before anything is
// solved: results that cannot be stored would be lost work).
host::BulkOptions bulk_options(Context &ctx, DbArgs &args, host::Store &store) {
    if (!args.pack.empty() && !store.find_pack(args.pack))
        throw host::InputError(args.db, "no pack named '" + args.pack + "'", 0, 0, "pack");
    host::BulkOptions options;
    options.filter = {args.pack, args.type};
    options.jobs = args.jobs;
    options.timeout_s = args.timeout_s;
    options.node_limit = args.node_limit;
    options.resume = args.resume;
    options.cancel = &ctx.cancel;
    options.split = args.split;
    options.split_after_s = args.split_after_s;
    // A long proof says how it goes, every few seconds: the cubes done at the current bounds, and the bounds.
    if (args.split && !ctx.quiet)
        options.on_cubes = [last = std::chrono::steady_clock::time_point()](const host::BulkItem &item,
                                                                            const host::ConquestProgress &p) mutable {
            const auto now = std::chrono::steady_clock::now();
            if (p.done != p.total && now - last < std::chrono::seconds(2)) return;
            last = now;
            std::cerr << (isatty(STDERR_FILENO) ? "\r\033[K" : "") << "level " << item.level_id;
            if (!item.name.empty()) std::cerr << " '" << item.name << "'";
            std::cerr << ": cubes " << p.done << "/" << p.total;
            if (std::isfinite(p.lower)) std::cerr << ", bounds [" << p.lower << ", " << p.upper << "]";
            std::cerr << "\n";
        };
    if (ctx.json)
        options.on_item = [&ctx, &args](const host::BulkItem &item) {
            // file = the database, index = 0-based position within the pack (positions count from 1).
            host::JsonLine j;
            j.add("file", args.db).add("pack", item.pack).add("index", int64_t(item.position - 1));
            j.add("level_id", int64_t(item.level_id));
            j.add("name", item.name).add("type", item.type).add("status", item.status).add("solution", item.solution);
            j.add("time_ms", item.time_ms).add("nodes", item.nodes);
            j.add("lower_bound", item.lower_bound).add("upper_bound", item.upper_bound);
            j.add("difficulty", item.difficulty).add("difficulty_label", item.difficulty_label);
            if (!item.error.empty()) j.add("error", item.error);
            ctx.emit(j);
        };
    return options;
}

void resolve_defaults(Context &ctx, DbArgs &args) {
    host::check_database_path(args.db, host::DatabaseUse::Existing);
    if (!args.jobs_given) args.jobs = ctx.settings().jobs;
    if (!args.timeout_given) args.timeout_s = ctx.settings().timeout_s;
    if (!args.type.empty() && !ctx.registry().find(args.type))
        throw host::InputError(args.type, "unknown puzzle type (installed: " + ctx.registry().ids() + ")", 0, 0, "type");
}

// Notes from the workers (a worker replaced, a rank lost) on stderr, above the progress line.
void print_notes(Context &ctx, host::Executor &executor) {
    executor.on_note = [&ctx](const std::string &text) {
        if (!ctx.quiet) std::cerr << (isatty(STDERR_FILENO) ? "\r\033[K" : "") << text << "\n";
    };
}

// Runs the dispatcher with a progress line, then prints the summary (or its JSON line); the exit status.
int solve_and_report(Context &ctx, host::Store &store, host::BulkOptions &options, host::Executor *executor) {
    const bool progress_line = !ctx.json && !ctx.quiet && isatty(STDERR_FILENO);
    ProgressLine progress;
    if (progress_line) options.on_progress = [&progress](const host::BulkProgress &p) { progress.update(p); };
    const host::BulkReport report = executor ? host::bulk_solve(store, ctx.registry(), options, *executor)
                                             : host::bulk_solve(store, ctx.registry(), options);
    if (progress_line) progress.finish();
    if (ctx.json) {
        host::JsonLine j;
        j.add("summary", true).add("total", uint64_t(report.total)).add("skipped", uint64_t(report.skipped));
        j.add("attempted", uint64_t(report.attempted)).add("unsolved", uint64_t(report.unsolved));
        j.add("cancelled", report.cancelled).add("wall_s", report.wall_s).add("suspects", uint64_t(report.suspects));
        j.add("by_other_runs", uint64_t(report.by_other_runs));
        ctx.emit(j);
    } else {
        print_summary(report);
    }
    return report.unsolved || report.cancelled ? kExitFailed : kExitOk;
}

#ifdef PLUZZLE_HAVE_MPI
// Every rank runs this under mpirun: rank 0 owns the database and dispatches, the others solve what it sends.
int run_solve_mpi(Context &ctx, DbArgs args) {
    host::mpi::Session session;
    host::mpi::Channel channel;
    if (session.rank() != 0) return host::mpi::run_worker_rank(channel, ctx.registry(), args.heartbeat_s);
    const auto stop_all = [&] {
        for (int r = 1; r < channel.size(); ++r)
            channel.send(r, host::wire::Stop{});
    };
    try {
        resolve_defaults(ctx, args);
        host::Store store(args.db);
        store.check_writable();
        host::BulkOptions options = bulk_options(ctx, args, store);
        options.run_kind = "db solve --mpi"; // rank 0 is one run on the database like any other
        host::wire::Setup setup;
        setup.timeout_s = args.timeout_s;
        setup.node_limit = args.node_limit;
        const std::optional<host::IsolateOptions> isolate = isolation(ctx, args, store, options);
        setup.isolate = isolate.has_value();
        setup.grace_s = args.grace_s;
        setup.memory_limit_mib = args.memory_limit_mib;
        setup.local_jobs = args.jobs_given ? args.jobs : 1; // per rank: one rank per core is the usual layout
        if (channel.size() < 2) throw std::runtime_error("--mpi needs worker ranks: run it with mpirun -np 2 or more");
        host::mpi::MpiExecutor ranks(channel, args.heartbeat_s, host::mpi::recovery_enabled());
        print_notes(ctx, ranks);
        ranks.start(setup, host::wire::hello_of(ctx.registry()).plugins);
        if (!host::mpi::recovery_enabled() && !ctx.quiet && !ctx.json)
            std::cerr << "note: a rank that dies ends this job (Open MPI's default); the results stored stay, and "
                         "--resume solves the rest (mpirun --enable-recovery reassigns its levels instead)\n";
        return solve_and_report(ctx, store, options, &ranks);
    } catch (const host::mpi::PluginMismatch &e) {
        stop_all();
        std::cerr << "error: the MPI ranks do not have the same plugins (install the same ones on every node, or "
                     "narrow them with --plugin-path):\n"
                  << e.what();
        return kExitBadInput;
    } catch (...) {
        stop_all();
        throw;
    }
}
#endif

int run_solve(Context &ctx, DbArgs args) {
    host::keep_freed_memory_for_solving(); // every rank, and the threads of this process
    if (args.mpi) {
#ifdef PLUZZLE_HAVE_MPI
        return run_solve_mpi(ctx, args);
#else
        throw CLI::ValidationError("--mpi", "this pluzzle was built without MPI: apt-get install openmpi-bin "
                                            "libopenmpi-dev, then configure with -DPLUZZLE_BUILD_MPI=ON");
#endif
    }
    resolve_defaults(ctx, args);
    host::Store store(args.db);
    store.check_writable();
    host::BulkOptions options = bulk_options(ctx, args, store);
    if (const std::optional<host::IsolateOptions> isolate = isolation(ctx, args, store, options)) {
        host::ProcessExecutor workers(*isolate);
        print_notes(ctx, workers);
        return solve_and_report(ctx, store, options, &workers);
    }
    return solve_and_report(ctx, store, options, nullptr);
}

} // namespace

void add_db_command(CLI::App &app, Context &ctx) {
    auto args = std::make_shared<DbArgs>();
    CLI::App *db = app.add_subcommand("db", "Level database: import, export, list, bulk solve, player profiles");
    db->require_subcommand(1);

    CLI::App *import = db->add_subcommand("import", "Import level files (or pack files) into a pack");
    import->add_option("db", args->db, "Database file (created if missing)")->required();
    import->add_option("files", args->files, "Level or pack files")->required();
    import->add_option("--pack", args->pack, "Pack name (created if missing)")->required();
    add_level_type_options(*import, args->type, args->format);
    import->add_flag("--dry-run", args->dry_run, "Read and check the files without writing the database");
    import->callback([&ctx, args] { ctx.exit_code = run_import(ctx, *args); });

    CLI::App *exp = db->add_subcommand("export", "Export a pack to a pack file (JSON)");
    add_database_argument(*exp, args->db); // checked when run: a missing one is bad input
    exp->add_option("--pack", args->pack, "Pack name")->required();
    exp->add_option("-o,--output", args->output, "Pack file to write")->required();
    exp->callback([&ctx, args] { ctx.exit_code = run_export(ctx, *args); });

    CLI::App *list = db->add_subcommand("list", "List packs, or the levels of one pack with their latest status");
    add_database_argument(*list, args->db);
    list->add_option("--pack", args->pack, "Pack whose levels to list");
    list->add_option("--type", args->type, "Only levels of this type");
    list->callback([&ctx, args] { ctx.exit_code = run_list(ctx, *args); });

    CLI::App *solve = db->add_subcommand("solve", "Bulk-solve stored levels on every core, storing each result");
    add_database_argument(*solve, args->db);
    solve->add_option("--pack", args->pack, "Only this pack");
    solve->add_option("--type", args->type, "Only this type");
    CLI::Option *jobs = add_jobs_option(*solve, args->jobs);
    CLI::Option *timeout = add_default_timeout_option(*solve, args->timeout_s);
    add_node_limit_option(*solve, args->node_limit);
    solve->add_flag("--resume", args->resume, "Skip levels already solved by the same plugin version");
    add_split_options(*solve, args->split, args->split_after_s,
                      "that every job (or rank) solves once the other levels are done; cubes and their answers are "
                      "stored, so --resume goes on from them");
    auto *isolate = solve->add_flag("--isolate", args->isolate,
                                    "Solve in worker processes: a plugin that crashes or hangs costs one level "
                                    "(status crashed or timeout), not the run (default for plugins not bundled)");
    auto *threads =
        solve->add_flag("--threads", args->threads, "Solve on threads of this process (default for bundled plugins)")
            ->excludes(isolate);
    solve->add_option("--grace", args->grace_s,
                      "With worker processes: seconds after --timeout before a silent worker is killed "
                      "(default 2 + 10% of --timeout)")
        ->check(kSeconds)
        ->excludes(threads); // meaningless on threads: nothing there can be killed
    solve->add_option("--memory-limit", args->memory_limit_mib,
                      "With worker processes: MiB each may allocate beyond its plugins (0 = none); a level over it "
                      "is recorded crashed")
        ->check(kNotNegative)
        ->excludes(threads);
    auto *mpi = solve->add_flag("--mpi", args->mpi,
                    "Run under mpirun: rank 0 owns the database and hands levels to the other ranks (-j: each "
                    "rank's workers, default 1)");
    solve->add_option("--heartbeat-timeout", args->heartbeat_s,
                      "With --mpi: seconds of silence after which a rank counts as lost (default 10)")
        ->check(CLI::PositiveNumber)
        ->needs(mpi);
    solve->callback([&ctx, args, jobs, timeout] {
        args->jobs_given = jobs->count() > 0;
        args->timeout_given = timeout->count() > 0;
        ctx.exit_code = run_solve(ctx, *args);
    });

    add_db_profiles_command(*db, ctx);
    add_db_maintenance_commands(*db, ctx);
    add_db_print_command(*db, ctx);
    add_db_manage_commands(*db, ctx);
}

} // namespace pluzzle::cli
