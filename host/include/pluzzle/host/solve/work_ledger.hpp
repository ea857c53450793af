// work_ledger.hpp -- the bookkeeping an Executor needs when its workers can be lost (worker processes, `--isolate`;
// MPI ranks, `--mpi`): the items waiting to be sent, the results waiting to be collected, the suspects, and the
// cancel. LedgerExecutor is the Executor built on it: its subclasses keep only what is theirs, what each worker holds
// and how they talk to it.
//
// A suspect is a level a lost worker held: it goes back to the queue and is sent alone; if a second worker is lost
// on it, the level is to blame and is recorded crashed.
#pragma once
#include <pluzzle/host/solve/executor.hpp>
#include <pluzzle/host/solve/work_item.hpp>

#include <chrono>
#include <cstddef>
#include <deque>
#include <unordered_set>
#include <vector>

namespace pluzzle::host {

class WorkLedger {
  public:
    using Clock = std::chrono::steady_clock;

    // Queues an item; after cancel() it is dropped and the answer is false.
    bool submit(WorkItem item);
    bool has_queued() const { return !queue_.empty(); }
    size_t queued() const { return queue_.size(); }
    bool next_is_suspect() const { return is_suspect(queue_.front().level_id); } // has_queued() first
    WorkItem take_next();                                                        // the first queued item, off the queue
    void requeue(WorkItem item); // back to the front of the queue (an item a lost worker held)

    // A level's result, to be collected; the level is no longer a suspect.
    void finish(WorkResult result);
    void finish_cancelled(int64_t level_id) { finish(cancelled_result(level_id)); }
    bool has_results() const { return !done_.empty(); }
    std::vector<WorkResult> take_results();

    // Items submitted whose result has not been collected, given how many the workers hold.
    size_t pending(size_t held) const { return queue_.size() + done_.size() + held; }

    bool is_suspect(int64_t level_id) const { return suspects_.count(level_id) > 0; }
    // A worker was lost holding this level: true when it was a suspect already (a second loss: the caller records it
    // crashed), else it becomes one and the answer is false.
    bool lost_again(int64_t level_id);

    // The first call drops the queue and answers true (the caller then tells its workers); later calls answer false.
    bool cancel();
    bool cancelled() const { return cancelled_; }
    Clock::time_point cancelled_at() const { return cancelled_at_; }

  private:
    std::deque<WorkItem> queue_;           // not yet sent
    std::vector<WorkResult> done_;         // not yet collected
    std::unordered_set<int64_t> suspects_; // levels that were on a worker when it was lost
    bool cancelled_ = false;
    Clock::time_point cancelled_at_;
};

// An Executor whose workers can be lost (contains_crashes): ProcessExecutor, MpiExecutor.
class LedgerExecutor : public Executor {
  public:
    void submit(WorkItem item) override { ledger_.submit(std::move(item)); }
    size_t pending() const final { return ledger_.pending(held()); }
    void cancel() final;
    bool contains_crashes() const final { return true; }

  protected:
    virtual size_t held() const = 0; // items the workers have been sent and have not answered
    virtual void stop_workers() = 0; // after cancel(): the workers stop their solves and send back the rest

    WorkLedger ledger_; // the queue, the results to collect, the suspects, the cancel
};

} // namespace pluzzle::host
