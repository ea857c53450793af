// solve_job.hpp -- a plugin's solve (or AI move) on a background thread, so the window never freezes: progress
// and cancellation through the SDK's solve request, the result picked up by polling from the UI thread.
//
// The plugin runs in a sandbox worker process (host/plugin_sandbox.hpp) that the job's thread starts: a plugin
// that crashes ends its worker, and the job's error says which plugin and how ("plugin 'x' (solve) crashed (worker
// killed by SIGSEGV)") while the editor stays up; a cancel that the plugin ignores kills the worker after half a
// second. PLUZZLE_IN_PROCESS=1 solves on the thread itself, as before (for a debugger).
//
// Given a split_after_s, a plugin that splits is solved as `pluzzle solve --split` solves (cube_solve.hpp): whole
// for that long in a worker process, then, if undecided, as cubes on worker processes on every core; the progress
// then counts cubes and carries the bounds.
//
// The thread owns everything it touches (plugin, level, flags) through a shared block, so a job can be abandoned:
// destroying it cancels, waits a moment and, if an in-process plugin ignores cancellation, detaches the thread
// rather than hang the editor (the block stays alive until the thread ends).
#pragma once
#include <pluzzle/host/plugin/plugin.hpp>

#include <atomic>
#include <cmath>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace pluzzle::editor {

struct SolveProgress {
    uint64_t nodes = 0;
    double fraction = -1; // -1: unknown
    std::string message;
    double elapsed_s = 0;
    // Through the cubes: how many answered, of how many (total 0: not split, or not yet), and the bounds so far.
    bool through_cubes = false; // nodes are not counted there (the worker processes answer only at the end)
    size_t cubes_done = 0, cubes_total = 0;
    double lower = NAN, upper = NAN;
};

// "cubes 37/360, bounds [12, 15]" ("" before a split); the bounds only where the plugin reports them.
std::string cube_progress_text(const SolveProgress &p);

class SolveJob {
  public:
    using PluginPtr = std::shared_ptr<const host::Plugin>;

    // Starts solving at once. `revision` tags the result with the document revision it answers.
    // `split_after_s`: solve through the cubes (above) when the plugin splits; nullopt: one plain solve.
    SolveJob(PluginPtr plugin, host::LevelPtr level, host::SolveOptions options, uint64_t revision = 0,
             std::optional<double> split_after_s = std::nullopt);
    ~SolveJob();
    SolveJob(const SolveJob &) = delete;
    SolveJob &operator=(const SolveJob &) = delete;

    void cancel() { shared_->cancel = true; }
    bool finished() const { return shared_->finished; }
    // Waits for the end, up to `limit`; true when finished.
    bool wait(std::chrono::milliseconds limit) const;
    SolveProgress progress() const;
    uint64_t revision() const { return revision_; }

    // Once finished: the report, or the error message when the plugin failed.
    std::optional<host::SolveReport> report() const;
    std::string error() const;
    // Once finished: what `db solve` stores as the result's info ("" after a plain solve).
    std::string info() const;

  private:
    struct Shared {
        std::atomic<bool> cancel{false}, finished{false};
        mutable std::mutex mutex;
        SolveProgress progress;
        std::optional<host::SolveReport> report;
        std::string error, info;
        std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    };
    std::shared_ptr<Shared> shared_;
    std::thread thread_;
    uint64_t revision_;
};

// The same for a game AI's move: the move text, or an error.
class AiMoveJob {
  public:
    AiMoveJob(std::shared_ptr<const host::Plugin> plugin, host::LevelPtr level, host::StatePtr state, std::string ai,
              double time_limit_s);
    ~AiMoveJob();
    AiMoveJob(const AiMoveJob &) = delete;
    AiMoveJob &operator=(const AiMoveJob &) = delete;
    bool finished() const { return shared_->finished; }
    bool wait(std::chrono::milliseconds limit) const;
    void cancel() { shared_->cancel = true; }
    std::string move() const;
    std::string error() const;

  private:
    struct Shared {
        std::atomic<bool> cancel{false}, finished{false};
        mutable std::mutex mutex;
        std::string move, error;
    };
    std::shared_ptr<Shared> shared_;
    std::thread thread_;
};

} // namespace pluzzle::editor
