#include "solve_job.hpp"

#include "cube_solve.hpp"

#include <pluzzle/host/sandbox/plugin_calls.hpp>

#include <cstdio>

namespace pluzzle::editor {
namespace {

// How long a destructor waits for a cancelled plugin before leaving its thread behind.
constexpr std::chrono::milliseconds kCancelGrace{2000};

template <class Shared> bool wait_finished(const Shared &s, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!s.finished) {
        if (std::chrono::steady_clock::now() >= end) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
}

template <class Shared> void abandon(std::thread &thread, Shared &s) {
    if (!thread.joinable()) return;
    s.cancel = true;
    if (wait_finished(s, kCancelGrace))
        thread.join();
    else
        thread.detach(); // a plugin that ignores cancellation must not freeze the editor
}

// Runs `call` with the CallSite of a job's plugin call: in a sandbox started on the job's thread (so its worker ends
// with it) unless --in-process. A lost worker is the call's error, named by plugin and signal.
template <class Call> auto in_job_sandbox(const std::atomic<bool> &cancel, Call &&call) {
    std::optional<host::PluginSandbox> sandbox;
    if (!host::in_process_requested()) sandbox.emplace();
    return call(host::CallSite{sandbox ? &*sandbox : nullptr, &cancel,
                               [](const std::string &reason) { return reason + "; the editor is unharmed"; }});
}

} // namespace

std::string cube_progress_text(const SolveProgress &p) {
    if (p.cubes_total == 0) return "";
    std::string s = "cubes " + std::to_string(p.cubes_done) + "/" + std::to_string(p.cubes_total);
    if (!std::isnan(p.lower) || !std::isnan(p.upper)) {
        char bounds[64];
        std::snprintf(bounds, sizeof bounds, ", bounds [%g, %g]", p.lower, p.upper);
        s += bounds;
    }
    return s;
}

SolveJob::SolveJob(PluginPtr plugin, host::LevelPtr level, host::SolveOptions options, uint64_t revision,
                   std::optional<double> split_after_s)
    : shared_(std::make_shared<Shared>()), revision_(revision) {
    // In process there are no worker processes to spread the cubes over: one plain solve, as before.
    if (split_after_s && plugin->can_split() && !host::in_process_requested()) {
        thread_ = std::thread([shared = shared_, plugin = std::move(plugin), level = std::move(level), options,
                               split_after = *split_after_s] {
            {
                std::lock_guard<std::mutex> lock(shared->mutex);
                shared->progress.through_cubes = true;
                char says[96];
                std::snprintf(says, sizeof says, "whole first, into cubes after %g s", split_after);
                shared->progress.message = says;
            }
            CubeSolveOptions cubes;
            cubes.time_limit_s = options.time_limit_s;
            cubes.split_after_s = split_after;
            cubes.cancel = &shared->cancel;
            cubes.on_progress = [&shared](const host::ConquestProgress &p) {
                std::lock_guard<std::mutex> lock(shared->mutex);
                shared->progress.cubes_done = p.done;
                shared->progress.cubes_total = p.total;
                shared->progress.lower = p.lower;
                shared->progress.upper = p.upper;
                shared->progress.message = cube_progress_text(shared->progress);
            };
            std::optional<CubeSolveAnswer> answer;
            std::string error;
            try {
                answer = solve_through_cubes(*plugin, level, cubes);
            } catch (const std::exception &e) {
                error = e.what();
            }
            {
                std::lock_guard<std::mutex> lock(shared->mutex);
                if (answer) shared->report = std::move(answer->report), shared->info = std::move(answer->info);
                shared->error = std::move(error);
            }
            shared->finished = true;
        });
        return;
    }
    thread_ = std::thread([shared = shared_, plugin = std::move(plugin), level = std::move(level),
                           options = std::move(options)]() mutable {
        options.cancel = &shared->cancel;
        options.progress = [&shared](const pz_progress &p) {
            std::lock_guard<std::mutex> lock(shared->mutex);
            shared->progress.nodes = p.nodes;
            shared->progress.fraction = p.fraction;
            shared->progress.message = p.message ? p.message : "";
        };
        std::optional<host::SolveReport> report;
        std::string error;
        try {
            report = in_job_sandbox(shared->cancel, [&](const host::CallSite &site) {
                return host::solve_level(*plugin, {level}, options, site);
            });
        } catch (const std::exception &e) {
            error = e.what();
        }
        {
            std::lock_guard<std::mutex> lock(shared->mutex);
            shared->report = std::move(report);
            shared->error = std::move(error);
        }
        shared->finished = true;
    });
}

SolveJob::~SolveJob() { abandon(thread_, *shared_); }

bool SolveJob::wait(std::chrono::milliseconds limit) const { return wait_finished(*shared_, limit); }

SolveProgress SolveJob::progress() const {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    SolveProgress p = shared_->progress;
    p.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - shared_->start).count();
    return p;
}

std::optional<host::SolveReport> SolveJob::report() const {
    if (!shared_->finished) return std::nullopt;
    std::lock_guard<std::mutex> lock(shared_->mutex);
    return shared_->report;
}

std::string SolveJob::error() const {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    return shared_->error;
}

std::string SolveJob::info() const {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    return shared_->info;
}

AiMoveJob::AiMoveJob(std::shared_ptr<const host::Plugin> plugin, host::LevelPtr level, host::StatePtr state,
                     std::string ai, double time_limit_s)
    : shared_(std::make_shared<Shared>()) {
    thread_ = std::thread([shared = shared_, plugin = std::move(plugin), level = std::move(level),
                           state = std::move(state), ai = std::move(ai), time_limit_s] {
        host::SolveOptions options;
        options.time_limit_s = time_limit_s;
        options.cancel = &shared->cancel;
        std::string move, error;
        try {
            move = in_job_sandbox(shared->cancel, [&](const host::CallSite &site) {
                return host::ai_move(*plugin, {level}, state.get(), ai, time_limit_s, site);
            });
        } catch (const std::exception &e) {
            error = e.what();
        }
        {
            std::lock_guard<std::mutex> lock(shared->mutex);
            shared->move = std::move(move);
            shared->error = std::move(error);
        }
        shared->finished = true;
    });
}

AiMoveJob::~AiMoveJob() { abandon(thread_, *shared_); }

bool AiMoveJob::wait(std::chrono::milliseconds limit) const { return wait_finished(*shared_, limit); }

std::string AiMoveJob::move() const {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    return shared_->move;
}

std::string AiMoveJob::error() const {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    return shared_->error;
}

} // namespace pluzzle::editor
