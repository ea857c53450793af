// cube_solve.cpp -- see cube_solve.hpp. The order of things is `pluzzle solve --split`'s (host/cli/cmd_solve.cpp)
// for one level: the same executor, the same whole-first budget, the same conquest.
#include "cube_solve.hpp"

#include <pluzzle/host/sandbox/process_executor.hpp>

#include <algorithm>
#include <chrono>

namespace pluzzle::editor {
namespace {

using Clock = std::chrono::steady_clock;

CubeSolveAnswer answer_of(const host::WorkResult &r, const host::Plugin &plugin) {
    if (!r.status) {
        // As the plugin sandbox words it: "plugin 'x' (solve) crashed (worker killed by SIGABRT, ...)".
        const std::string what = host::attempt_status_text(r.status);
        const bool threw = r.status.failure() == host::AttemptFailure::error;
        throw host::PluginError("plugin '" + plugin.id() + "' (solve) " +
                                (threw ? "failed: " + r.error : what + (r.error.empty() ? "" : " (" + r.error + ")")) +
                                "; the editor is unharmed");
    }
    CubeSolveAnswer a;
    a.report = host::report_of(r);
    a.info = r.info;
    return a;
}

bool cancelled(const CubeSolveOptions &o) { return o.cancel && o.cancel->load(); }

// The level solved whole for at most `limit_s`; nullopt when cancelled first (what ran is stopped).
std::optional<host::WorkResult> solve_whole(host::Executor &executor, host::WorkItem item, double limit_s,
                                            const CubeSolveOptions &options) {
    item.time_limit_s = limit_s;
    executor.submit(item);
    while (!cancelled(options))
        for (host::WorkResult &r : executor.collect(std::chrono::milliseconds(20)))
            if (r.key() == item.key()) return std::move(r);
    executor.interrupt();
    while (executor.pending() > 0) executor.collect(std::chrono::milliseconds(20));
    return std::nullopt;
}

} // namespace

CubeSolveAnswer solve_through_cubes(const host::Plugin &plugin, const host::LevelPtr &level,
                                    const CubeSolveOptions &options) {
    const auto start = Clock::now();
    host::IsolateOptions isolate;
    isolate.jobs = options.jobs;
    isolate.limits = {options.time_limit_s, 0, 2};
    isolate.plugin_paths = {plugin.path()};
    isolate.grace_s = 0.5; // Esc stops a plugin that ignores it within half a second, as the plugin sandbox does
    host::ProcessExecutor workers(isolate);
    const host::WorkItem item = host::level_item(1, plugin.id(), plugin.encode(level.get()));

    const bool time_to_split = options.time_limit_s <= 0 || options.split_after_s < options.time_limit_s;
    const double whole_limit = time_to_split ? options.split_after_s : options.time_limit_s;
    const auto finish = [&](CubeSolveAnswer a) {
        a.report.time_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        return a;
    };
    if (whole_limit > 0 || !plugin.can_split()) {
        const std::optional<host::WorkResult> whole = solve_whole(workers, item, whole_limit, options);
        if (!whole) return finish(answer_of(host::cancelled_result(item.key()), plugin));
        const bool undecided = whole->status && *whole->status == PZ_SOLVE_LIMIT;
        if (!undecided || !time_to_split || !plugin.can_split()) return finish(answer_of(*whole, plugin));
    }
    host::ConquestOptions conquest;
    conquest.max_solutions = 2;
    conquest.cancel = options.cancel;
    if (options.time_limit_s > 0) conquest.time_limit_s = std::max(0.001, options.time_limit_s - whole_limit);
    conquest.on_progress = options.on_progress;
    return finish(answer_of(host::conquer(workers, item, conquest), plugin));
}

} // namespace pluzzle::editor
