// thread_executor.hpp -- an Executor of threads in this process: the lowest overhead (no copies, no processes),
// for plugins we trust not to crash or hang; a plugin that does takes the whole run with it (--isolate does not).
#pragma once
#include <pluzzle/host/solve/executor.hpp>
#include <pluzzle/host/plugin/plugin_registry.hpp>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

namespace pluzzle::host {

class ThreadExecutor : public Executor {
  public:
    // jobs: threads, 0 = every core. If the system refuses a thread, the run goes on with the ones it has.
    ThreadExecutor(const PluginRegistry &registry, RunLimits limits, unsigned jobs);
    ~ThreadExecutor() override; // cancels and joins

    unsigned slots() const override { return unsigned(threads_.size()); }
    size_t backlog() const override { return 64 * threads_.size(); } // queued items cost a string each
    void submit(WorkItem item) override;
    std::vector<WorkResult> collect(std::chrono::milliseconds wait) override;
    size_t pending() const override;
    void cancel() override;
    std::vector<ItemKey> interrupt() override;

  private:
    void work(size_t thread);

    const PluginRegistry &registry_;
    const RunLimits limits_;
    bool cancel_ = false; // cancel(): nothing is taken any more
    // One stop flag per thread, for the solve it runs: set by cancel() and interrupt() (while it runs an item).
    std::vector<std::unique_ptr<std::atomic<bool>>> stop_;
    std::vector<bool> running_;
    mutable std::mutex mutex_;
    std::condition_variable has_work_, has_results_;
    std::deque<WorkItem> queue_;
    std::vector<WorkResult> done_;
    size_t pending_ = 0; // queued + running + done but not collected
    bool closing_ = false;
    std::vector<std::thread> threads_;
};

} // namespace pluzzle::host
