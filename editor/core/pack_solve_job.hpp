// pack_solve_job.hpp -- the library's "Solve pack" (issue 16): the host's bulk solver over one pack of the open
// database, on a background thread with its own connection, its solves in worker processes (a plugin that crashes
// costs a level, never the editor; threads under PLUZZLE_IN_PROCESS=1), leaving a core to the window. Results are
// stored as `pluzzle db solve` stores them; the window takes each as it is committed to fill its columns and the
// difficulty curve without listing the pack again.
#pragma once
#include <pluzzle/host/jobs/bulk_solve.hpp>
#include <pluzzle/host/plugin/plugin_registry.hpp>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace pluzzle::editor {

class PackSolveJob {
  public:
    // Starts at once. `timeout_s` per level (0: none).
    PackSolveJob(std::string database, std::string pack, std::shared_ptr<const host::PluginRegistry> registry,
                 double timeout_s);
    ~PackSolveJob(); // cancels and waits for the thread (a cancelled worker process is stopped within a second)
    PackSolveJob(const PackSolveJob &) = delete;
    PackSolveJob &operator=(const PackSolveJob &) = delete;

    void cancel() { cancel_ = true; }
    bool running() const { return !finished_; }
    const std::string &pack() const { return pack_; }
    // The levels stored since the last call, in the order they were committed.
    std::vector<host::BulkItem> take_results();
    size_t done() const { return done_; }
    size_t total() const { return total_; }
    // Once finished: why the run stopped early ("" when it ran through or was cancelled).
    std::string error() const;
    bool cancelled() const { return cancel_; }

  private:
    void run(std::string database, std::shared_ptr<const host::PluginRegistry> registry, double timeout_s);

    std::string pack_;
    std::atomic<bool> cancel_{false}, finished_{false};
    std::atomic<size_t> done_{0}, total_{0};
    mutable std::mutex mutex_;
    std::vector<host::BulkItem> arrived_;
    std::string error_;
    std::thread thread_; // last: starts once everything above exists
};

} // namespace pluzzle::editor
