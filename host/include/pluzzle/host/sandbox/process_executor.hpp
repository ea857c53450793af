// process_executor.hpp -- an Executor of `pluzzle-worker` processes (`db solve --isolate`): a plugin that crashes,
// aborts, runs out of memory or hangs on a level costs that level (status `crashed` or `timeout`, the reason in its
// info) and a worker, which is replaced; the run goes on and nothing finished is lost.
//
// Each worker has at most two levels sent (one solving, one waiting, so it never idles), and answers each at once,
// so the level a dead worker was on is exactly the first one it had not answered. That level goes back once, alone,
// to a fresh worker (a worker killed from outside costs nothing); if it kills that one too it is `crashed`. A level
// with no answer by the time limit plus a grace period is `timeout` (its worker is killed; never retried, as that
// would double the wait). The others it held go back to the queue.
#pragma once
#include <pluzzle/host/sandbox/worker_process.hpp>
#include <pluzzle/host/solve/work_ledger.hpp>

#include <chrono>
#include <deque>
#include <memory>

namespace pluzzle::host {

struct IsolateOptions {
    unsigned jobs = 0; // worker processes; 0: one per core
    RunLimits limits;
    double grace_s = -1;                   // after the time limit, before a silent worker is killed; < 0: 2 s + 10%
    uint64_t memory_limit_mib = 0;         // per worker, above what it uses once its plugins are loaded; 0: none
    std::vector<std::string> plugin_paths; // the plugin files the workers load (those the run's levels need)
    std::string worker;                    // the worker executable; empty: worker_executable()
};

class ProcessExecutor : public LedgerExecutor {
  public:
    explicit ProcessExecutor(IsolateOptions options);
    ~ProcessExecutor() override; // stops the workers (closes their input, kills the ones that linger)

    unsigned slots() const override { return jobs_; }
    size_t backlog() const override { return 16 * size_t(jobs_); } // two per worker are sent, the rest wait here
    void submit(WorkItem item) override;                           // sent at once when a worker has room
    std::vector<WorkResult> collect(std::chrono::milliseconds wait) override;

    double grace_s() const { return grace_s_; }
    size_t workers_started() const { return started_; } // for tests and notes: respawns show here

  private:
    using Clock = std::chrono::steady_clock;
    size_t held() const override;
    void stop_workers() override;
    void interrupt_workers() override;

    struct Slot {
        std::unique_ptr<WorkerProcess> process;
        std::deque<WorkItem> sent; // in order; the first one is being solved
        Clock::time_point since;   // when the first of `sent` started
        bool hello = false;        // the worker said HELLO: it started properly
        bool lone = false;         // it is solving a level that killed a worker before: nothing else goes to it
        size_t interrupted = 0;    // the first items of `sent` that an interrupt asked to stop
        Clock::time_point interrupted_at;
    };

    void fill();                          // hands queued levels to workers, starting workers as needed
    void start(Slot &slot);               // a new worker process in the slot
    void send(Slot &slot, WorkItem item); // one level to a worker
    void read(Slot &slot);                // frames from a worker that has output (or has ended)
    void died(Slot &slot, const std::string &reason, const ExitReason &exit);
    void timed_out(Slot &slot, Clock::time_point now);
    Clock::time_point deadline(const Slot &slot) const;
    // A result the worker could not give: time_ms is the wall time the level had.
    void fail(const WorkItem &item, AttemptFailure failure, const std::string &reason, const std::string &info,
              double time_ms);
    void note(const std::string &text) const;

    IsolateOptions options_;
    unsigned jobs_;
    double grace_s_;
    std::string setup_frame_;
    std::vector<Slot> slots_;
    size_t started_ = 0, failed_starts_ = 0; // failed_starts_: workers in a row that died before HELLO
    uint32_t last_chunk_ = 0; // chunk ids count from 1: an interrupt names the last one it stops (worker_loop.cpp)
};

} // namespace pluzzle::host
