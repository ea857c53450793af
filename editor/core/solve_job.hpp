// solve_job.hpp -- a plugin's solve (or AI move) on a background thread, so the window never freezes: progress
// and cancellation through the SDK's solve request, the result picked up by polling from the UI thread.
//
// The plugin runs in a sandbox worker process (host/plugin_sandbox.hpp) that the job's thread starts: a plugin
// that crashes ends its worker, and the job's error says which plugin and how ("plugin 'x' (solve) crashed (worker
// killed by SIGSEGV)") while the editor stays up; a cancel that the plugin ignores kills the worker after half a
// second. PLUZZLE_IN_PROCESS=1 solves on the thread itself, as before (for a debugger).
//
// The thread owns everything it touches (plugin, level, flags) through a shared block, so a job can be abandoned:
// destroying it cancels, waits a moment and, if an in-process plugin ignores cancellation, detaches the thread
// rather than hang the editor (the block stays alive until the thread ends).
#pragma once
#include <pluzzle/host/plugin/plugin.hpp>

#include <atomic>
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
};

class SolveJob {
  public:
    using PluginPtr = std::shared_ptr<const host::Plugin>;

    // Starts solving at once. `revision` tags the result with the document revision it answers.
    SolveJob(PluginPtr plugin, host::LevelPtr level, host::SolveOptions options, uint64_t revision = 0);
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

  private:
    struct Shared {
        std::atomic<bool> cancel{false}, finished{false};
        mutable std::mutex mutex;
        SolveProgress progress;
        std::optional<host::SolveReport> report;
        std::string error;
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
