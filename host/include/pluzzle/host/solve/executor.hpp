// executor.hpp -- where a bulk solve's levels are solved. The dispatcher (bulk_solve.cpp) hands items to one
// Executor and collects results: a pool of threads in this process (thread_executor.hpp), of worker processes
// (--isolate), or MPI ranks -- one loop for all of them, so storing, progress and --resume are written once.
#pragma once
#include <pluzzle/host/solve/work_item.hpp>

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace pluzzle::host {

class Executor {
  public:
    virtual ~Executor() = default;

    // How many items run at once.
    virtual unsigned slots() const = 0;
    // How many submitted, uncollected items keep every worker busy while the dispatcher stores results: a worker
    // must never wait for the dispatcher's turn on a shared core. Twice the slots unless an executor says more.
    virtual size_t backlog() const { return 2 * size_t(slots()); }
    virtual void submit(WorkItem item) = 0;
    // The results finished since the last call, waiting up to `wait` when there are none yet.
    virtual std::vector<WorkResult> collect(std::chrono::milliseconds wait) = 0;
    // Items submitted whose result has not been collected (after cancel(): only the ones already running).
    virtual size_t pending() const = 0;
    // Stops: running solves are asked to stop (they come back, most as cancelled), queued items are dropped.
    virtual void cancel() = 0;
    // The same for what is submitted now, but the executor goes on taking items: a level decided by some of its
    // cubes stops the others (conquest.hpp) and the run goes on. What was running comes back (most as cancelled);
    // what was queued here is dropped (its keys are returned; it gets no result), and what a remote worker had
    // queued comes back cancelled. Wait for pending() to reach 0 before submitting again.
    virtual std::vector<ItemKey> interrupt() = 0;
    // Whether a plugin's crash costs only its level (worker processes, MPI ranks) rather than this process. When it
    // does not (threads), the dispatcher marks each level in flight (committed) before its solve starts; a later run
    // solves the levels a dead run left marked one at a time, first, and records one that was alone when its run died
    // as `crashed`; and a level with a `crashed` result of the same plugin version is not solved in process again.
    virtual bool contains_crashes() const { return false; }

    // Something the user should hear about that is no level's result (a worker replaced, a rank lost).
    std::function<void(const std::string &)> on_note;
};

} // namespace pluzzle::host
