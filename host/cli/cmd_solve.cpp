// `pluzzle solve FILE...`: solve every level of every file on a thread pool, printing results in input order.
#include <CLI/CLI.hpp>

#include "cli_checks.hpp"
#include "cli_context.hpp"
#include "common_options.hpp"
#include "file_problems.hpp"
#include <pluzzle/host/base/attempt_status.hpp>
#include <pluzzle/host/base/difficulty.hpp>
#include <pluzzle/host/levels/level_source.hpp>
#include <pluzzle/host/base/parallel.hpp>
#include <pluzzle/host/sandbox/plugin_calls.hpp>
#include <pluzzle/host/sandbox/process_executor.hpp>
#include <pluzzle/host/solve/conquest.hpp>
#include <pluzzle/host/solve/thread_executor.hpp>

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <iomanip>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>

namespace pluzzle::cli {

namespace {

struct SolveArgs {
    std::vector<std::string> files;
    std::string type, format;
    double timeout_s = 0;
    uint64_t node_limit = 0;
    uint32_t max_solutions = 2;
    unsigned jobs = 0;
    std::vector<std::string> params;
    bool jobs_given = false, timeout_given = false; // else the settings file decides
    // --split: a level not decided within split_after_s is split into cubes that every slot solves (conquest.hpp).
    bool split = false;
    double split_after_s = 1;
};

struct Outcome {
    host::SolveReport report;
    std::string error; // plugin failure
    host::AttemptFailure failure = host::AttemptFailure::error; // what an error was: a crash and a hang say so
    bool done = false;
};

// One sandbox per solving thread, kept by that thread for the whole run. Their first workers start here, on the
// calling thread, which outlives the solves; a worker dies with the thread that spawned it (PR_SET_PDEATHSIG), so a
// replacement for a crashed one (spawned on the solving thread) must never serve another thread. The sandbox that
// read the files (started on the calling thread too) is lent first: its worker has loaded the levels' plugin
// already, and loading a plugin (and the libraries it links) can cost more than reading the level.
class SandboxPool {
  public:
    SandboxPool(size_t count, host::PluginSandbox *reader) {
        while (idle_.size() + (reader ? 1 : 0) < count) {
            owned_.push_back(std::make_unique<host::PluginSandbox>());
            owned_.back()->start();
            idle_.push_back(owned_.back().get());
        }
        if (reader) idle_.push_back(reader); // lent out first
    }
    host::PluginSandbox &for_this_thread() {
        std::lock_guard<std::mutex> lock(mutex_);
        auto &mine = by_thread_[std::this_thread::get_id()];
        if (!mine) {
            if (idle_.empty()) {
                owned_.push_back(std::make_unique<host::PluginSandbox>());
                idle_.push_back(owned_.back().get());
            }
            mine = idle_.back();
            idle_.pop_back();
        }
        return *mine;
    }

  private:
    std::mutex mutex_;
    std::vector<std::unique_ptr<host::PluginSandbox>> owned_;
    std::vector<host::PluginSandbox *> idle_;
    std::map<std::thread::id, host::PluginSandbox *> by_thread_;
};

std::string label(const host::SourceLevel &l, size_t count_in_file) {
    std::string s = l.file;
    if (count_in_file > 1) s += "#" + std::to_string(l.index + 1);
    if (!l.name.empty()) s += " \"" + l.name + "\"";
    return s;
}

std::string milliseconds(double ms) {
    std::ostringstream o;
    o << std::fixed << std::setprecision(ms < 10 ? 2 : 1) << ms << " ms";
    return o.str();
}

// What a work item's answer says, as a solve's report (the levels of --split are solved as work items).
Outcome outcome_of(const host::WorkResult &r) {
    Outcome o;
    o.report = host::report_of(r);
    if (!r.status) {
        o.failure = *r.status.failure();
        o.error = r.error.empty() ? host::attempt_status_text(r.status) : r.error;
    }
    return o;
}

// --split: every level is first solved whole for --split-after seconds, all slots at once; each level still undecided
// is then split and its cubes solved on every slot (conquest.hpp), one level after the other. The executor is the
// one `db solve` uses: worker processes, or threads with --in-process.
void solve_with_cubes(Context &ctx, const SolveArgs &args, const std::vector<host::SourceLevel> &levels,
                      const std::function<void(size_t, Outcome)> &give) {
    std::vector<bool> given(levels.size(), false);
    const auto finish = [&](size_t i, Outcome o) {
        given[i] = true;
        give(i, std::move(o));
    };
    host::RunLimits limits{args.timeout_s, args.node_limit, args.max_solutions};
    std::unique_ptr<host::Executor> executor;
    if (ctx.sandboxed()) {
        host::IsolateOptions isolate;
        isolate.jobs = args.jobs;
        isolate.limits = limits;
        for (const auto &l : levels)
            if (std::find(isolate.plugin_paths.begin(), isolate.plugin_paths.end(), l.plugin->path()) ==
                isolate.plugin_paths.end())
                isolate.plugin_paths.push_back(l.plugin->path());
        executor = std::make_unique<host::ProcessExecutor>(isolate);
    } else {
        executor = std::make_unique<host::ThreadExecutor>(ctx.registry(), limits, args.jobs);
    }
    std::vector<host::WorkItem> items(levels.size());
    for (size_t i = 0; i < levels.size(); ++i) {
        items[i].level_id = int64_t(i + 1);
        items[i].type = levels[i].plugin->id();
        items[i].text = levels[i].plugin->encode(host::level_here(levels[i]).get());
    }
    // Whole, for --split-after seconds each (a level that solves fast is never split); --split-after 0 splits every
    // level of a plugin that splits at once.
    std::vector<size_t> to_split;
    const bool time_to_split = host::conquers_after_whole(args.timeout_s, args.split_after_s);
    const double whole_limit = time_to_split ? args.split_after_s : args.timeout_s;
    size_t next = 0, answered = 0;
    if (whole_limit == 0) {
        for (; next < items.size() && levels[next].plugin->can_split(); ++next) // the rest: solved whole below
            to_split.push_back(next), ++answered;
    }
    while (answered < items.size() && !ctx.cancel) {
        while (next < items.size() && executor->pending() < executor->backlog()) {
            if (whole_limit == 0 && levels[next].plugin->can_split()) {
                to_split.push_back(next++), ++answered;
                continue;
            }
            host::WorkItem item = items[next++];
            item.time_limit_s = whole_limit;
            executor->submit(std::move(item));
        }
        for (host::WorkResult &r : executor->collect(std::chrono::milliseconds(20))) {
            ++answered;
            const size_t i = size_t(r.level_id - 1);
            const bool undecided = r.status && !pluzzle::is_final(*r.status) && *r.status != PZ_SOLVE_CANCELLED;
            if (undecided && levels[i].plugin->can_split() && time_to_split)
                to_split.push_back(i);
            else
                finish(i, outcome_of(r));
        }
    }
    std::sort(to_split.begin(), to_split.end());
    for (size_t i : to_split) {
        host::ConquestOptions options;
        options.max_solutions = args.max_solutions;
        options.cancel = &ctx.cancel;
        if (args.timeout_s > 0) options.time_limit_s = std::max(0.001, args.timeout_s - whole_limit);
        if (!ctx.quiet && !ctx.json)
            options.on_progress = [&, i](const host::ConquestProgress &p) {
                std::cerr << "\r" << levels[i].file << ": cubes " << p.done << "/" << p.total;
                if (std::isfinite(p.lower)) std::cerr << ", bounds [" << p.lower << ", " << p.upper << "]";
                std::cerr << "   " << std::flush;
            };
        host::WorkResult r = host::conquer(*executor, items[i], options);
        if (options.on_progress) std::cerr << "\n";
        finish(i, outcome_of(r));
    }
    // Levels never answered (Ctrl-C): cancelled.
    for (size_t i = 0; i < items.size(); ++i)
        if (!given[i]) finish(i, outcome_of(host::cancelled_result({int64_t(i + 1), host::item_part::whole})));
}

int run(Context &ctx, SolveArgs args) {
    if (!args.jobs_given) args.jobs = ctx.settings().jobs;
    if (!args.timeout_given) args.timeout_s = ctx.settings().timeout_s;
    host::SourceOptions source = ctx.source_options(args.type, args.format);
    // Solving is all this command does with a level: its worker's copy will do. A split hands the level's text to
    // its executor's workers instead.
    source.leave_in_worker = !args.split;
    host::PluginRegistry &reg = ctx.registry();
    // A bad file is reported and skipped: the others are solved, and the command exits 3 at the end.
    host::LoadedFiles loaded = host::load_level_files(reg, args.files, source);
    const bool some_files_failed = report_file_problems(ctx, loaded);
    std::vector<host::SourceLevel> levels;
    std::vector<size_t> file_counts;
    for (auto &file : loaded.files) {
        for (size_t i = 0; i < file.levels.size(); ++i)
            file_counts.push_back(file.levels.size());
        for (auto &l : file.levels)
            levels.push_back(std::move(l));
    }
    const auto params = parse_key_values(args.params, "--option");
    for (auto &l : levels) host::check_solver_options(*l.plugin, params); // bad input before any solving
    if (args.split && !params.empty()) // (a work item carries no solver options yet)
        throw host::InputError("--option", "solver options cannot be combined with --split yet");

    std::vector<Outcome> outcomes(levels.size());
    std::mutex mutex;
    std::condition_variable ready;
    size_t printed = 0;
    int exit_code = kExitOk;

    auto print = [&](size_t i) {
        const host::SourceLevel &l = levels[i];
        const Outcome &o = outcomes[i];
        const host::AttemptStatus attempt =
            o.error.empty() ? host::AttemptStatus(o.report.status) : host::AttemptStatus(o.failure);
        const std::string status = host::attempt_status_text(attempt);
        if (!host::attempt_solved(attempt)) exit_code = kExitFailed;
        if (ctx.json) {
            host::JsonLine j;
            j.add("file", l.file).add("index", uint64_t(l.index)).add("name", l.name).add("type", l.plugin->id());
            j.add("status", status).add("solution", o.report.solutions.empty() ? "" : o.report.solutions[0]);
            j.add("solutions", o.report.solutions).add("time_ms", o.report.time_ms).add("nodes", o.report.nodes);
            j.add("lower_bound", o.report.lower_bound).add("upper_bound", o.report.upper_bound);
            j.add("difficulty", o.report.difficulty).add("difficulty_label", o.report.difficulty_label);
            if (!o.report.stats.empty()) j.add("stats", o.report.stats);
            if (!o.error.empty()) j.add("error", o.error);
            ctx.emit(j);
            return;
        }
        std::cout << label(l, file_counts[i]) << "  " << l.plugin->id() << "  " << status << "  "
                  << milliseconds(o.report.time_ms) << "  " << o.report.nodes << " nodes\n";
        if (!o.error.empty()) std::cout << "  error: " << o.error << "\n";
        if (std::isfinite(o.report.lower_bound) || std::isfinite(o.report.upper_bound))
            std::cout << "  bounds: [" << o.report.lower_bound << ", " << o.report.upper_bound << "]\n";
        if (!std::isnan(o.report.difficulty))
            std::cout << "  difficulty: " << host::difficulty_text(o.report.difficulty, o.report.difficulty_label)
                      << "\n";
        if (!o.report.stats.empty()) {
            std::cout << "  stats:";
            for (auto &[k, v] : o.report.stats) std::cout << " " << k << "=" << v;
            std::cout << "\n";
        }
        for (size_t s = 0; s < o.report.solutions.size(); ++s) {
            if (o.report.solutions.size() > 1) std::cout << "  solution " << s + 1 << ":\n";
            std::istringstream lines(o.report.solutions[s]);
            for (std::string line; std::getline(lines, line);) std::cout << "  " << line << "\n";
        }
        std::cout << std::flush;
    };

    // Workers solve; the calling thread prints each result as soon as all earlier ones are printed.
    std::thread printer([&] {
        std::unique_lock<std::mutex> lock(mutex);
        while (printed < levels.size()) {
            ready.wait(lock, [&] { return outcomes[printed].done; });
            while (printed < levels.size() && outcomes[printed].done) print(printed++);
        }
    });
    const auto give = [&](size_t i, Outcome o) { // level i's answer, to be printed in turn
        o.done = true;
        std::lock_guard<std::mutex> lock(mutex);
        outcomes[i] = std::move(o);
        ready.notify_one();
    };
    if (args.split) {
        solve_with_cubes(ctx, args, levels, give);
        printer.join();
        return some_files_failed ? kExitBadInput : exit_code;
    }
    std::optional<SandboxPool> sandboxes;
    if (ctx.sandboxed() && !levels.empty())
        sandboxes.emplace(std::min<size_t>(host::resolve_jobs(args.jobs), levels.size()), ctx.sandbox());
    host::parallel_for(levels.size(), args.jobs, [&](size_t i) {
        Outcome o;
        host::PluginSandbox *sandbox = sandboxes ? &sandboxes->for_this_thread() : nullptr;
        try {
            if (!levels[i].plugin->can(PZ_CAP_SOLVE)) throw host::PluginError("type '" + levels[i].plugin->id() + "' has no solver");
            host::SolveOptions so;
            so.time_limit_s = args.timeout_s;
            so.node_limit = args.node_limit;
            so.max_solutions = args.max_solutions;
            so.params = params;
            so.cancel = &ctx.cancel;
            // In a worker a crash is this level's `crashed`, and --timeout plus grace is a hard bound.
            o.report = host::solve_level(*levels[i].plugin, host::level_arg(levels[i], label(levels[i], file_counts[i])),
                                         so, {sandbox, &ctx.cancel, {}});
        } catch (const host::WorkerLost &e) {
            o.failure = e.failure() == host::SandboxOutcome::Failure::timeout ? host::AttemptFailure::timeout
                                                                              : host::AttemptFailure::crashed;
            o.error = e.what();
        } catch (const host::InputError &e) {
            o.error = e.what(); // e.g. an unknown solver option
        } catch (const std::exception &e) {
            o.error = e.what();
        }
        give(i, std::move(o));
    });
    printer.join();
    return some_files_failed ? kExitBadInput : exit_code;
}

} // namespace

void add_solve_command(CLI::App &app, Context &ctx) {
    auto args = std::make_shared<SolveArgs>();
    CLI::App *cmd = app.add_subcommand("solve", "Solve level files (a multi-puzzle file is many levels)");
    cmd->add_option("files", args->files, "Level files (any format a plugin reads, or a pack .json)")->required();
    add_level_type_options(*cmd, args->type, args->format);
    CLI::Option *timeout = add_default_timeout_option(*cmd, args->timeout_s);
    add_node_limit_option(*cmd, args->node_limit);
    cmd->add_option("--max-solutions", args->max_solutions, "Stop after this many solutions (2 proves uniqueness)")
        ->check(kNotNegative & CLI::Range(1u, 1000000u));
    CLI::Option *jobs = add_jobs_option(*cmd, args->jobs);
    cmd->add_option("--option", args->params, "Solver option key=value (repeatable)");
    add_split_options(*cmd, args->split, args->split_after_s, "that every job solves at once");
    cmd->callback([&ctx, args, jobs, timeout] {
        args->jobs_given = jobs->count() > 0;
        args->timeout_given = timeout->count() > 0;
        ctx.exit_code = run(ctx, *args);
    });
}

} // namespace pluzzle::cli
