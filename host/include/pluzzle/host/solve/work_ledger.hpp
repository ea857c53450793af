// work_ledger.hpp -- the bookkeeping an Executor needs when its workers can be lost (worker processes, `--isolate`;
// MPI ranks, `--mpi`): the items waiting to be sent, the results waiting to be collected, the suspects, and the
// cancel. LedgerExecutor is the Executor built on it: its subclasses keep only what is theirs, what each worker holds
// and how they talk to it.
//
// A suspect is an item (a level, or a split or cube of one) a lost worker held: it goes back to the queue and is sent
// alone; if a second worker is lost on it, the item is to blame and is recorded crashed.
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
    bool next_is_suspect() const { return is_suspect(queue_.front().key()); } // has_queued() first
    bool next_is_cube() const { return queue_.front().part >= 0; }               // has_queued() first
    WorkItem take_next();                                                        // the first queued item, off the queue
    void requeue(WorkItem item); // back to the front of the queue (an item a lost worker held)

    // A level's result, to be collected; the level is no longer a suspect.
    void finish(WorkResult result);
    void finish_cancelled(const ItemKey &key) { finish(cancelled_result(key)); }
    bool has_results() const { return !done_.empty(); }
    std::vector<WorkResult> take_results();

    // Items submitted whose result has not been collected, given how many the workers hold.
    size_t pending(size_t held) const { return queue_.size() + done_.size() + held; }

    bool is_suspect(const ItemKey &key) const { return suspects_.count(key) > 0; }
    // A worker was lost holding this level: true when it was a suspect already (a second loss: the caller records it
    // crashed), else it becomes one and the answer is false.
    bool lost_again(const ItemKey &key);

    // Drops what is queued (interrupt(): its items get no result) and says what it was.
    std::vector<ItemKey> drop_queue();
    // The first call drops the queue and answers true (the caller then tells its workers); later calls answer false.
    bool cancel();
    bool cancelled() const { return cancelled_; }
    Clock::time_point cancelled_at() const { return cancelled_at_; }

  private:
    std::deque<WorkItem> queue_;           // not yet sent
    std::vector<WorkResult> done_;         // not yet collected
    std::unordered_set<ItemKey, ItemKeyHash> suspects_; // items that were on a worker when it was lost
    bool cancelled_ = false;
    Clock::time_point cancelled_at_;
};

// An Executor whose workers can be lost (contains_crashes): ProcessExecutor, MpiExecutor.
class LedgerExecutor : public Executor {
  public:
    void submit(WorkItem item) override { ledger_.submit(std::move(item)); }
    size_t pending() const final { return ledger_.pending(held()); }
    void cancel() final;
    std::vector<ItemKey> interrupt() final;
    bool contains_crashes() const final { return true; }

  protected:
    virtual size_t held() const = 0; // items the workers have been sent and have not answered
    virtual void stop_workers() = 0; // after cancel(): the workers stop their solves and send back the rest
    // After interrupt(): the workers stop what they hold now (it comes back cancelled) and take new items after.
    virtual void interrupt_workers() = 0;

    WorkLedger ledger_; // the queue, the results to collect, the suspects, the cancel
};

} // namespace pluzzle::host
