// work_ledger.cpp -- see work_ledger.hpp.
#include <pluzzle/host/solve/work_ledger.hpp>

namespace pluzzle::host {

bool WorkLedger::submit(WorkItem item) {
    if (cancelled_) return false;
    queue_.push_back(std::move(item));
    return true;
}

WorkItem WorkLedger::take_next() {
    WorkItem item = std::move(queue_.front());
    queue_.pop_front();
    return item;
}

void WorkLedger::requeue(WorkItem item) { queue_.push_front(std::move(item)); }

void WorkLedger::finish(WorkResult result) {
    suspects_.erase(result.key());
    done_.push_back(std::move(result));
}

std::vector<WorkResult> WorkLedger::take_results() {
    std::vector<WorkResult> out;
    out.swap(done_);
    return out;
}

bool WorkLedger::lost_again(const ItemKey &key) { return !suspects_.insert(key).second; }

bool WorkLedger::cancel() {
    if (cancelled_) return false;
    cancelled_ = true;
    cancelled_at_ = Clock::now();
    queue_.clear();
    return true;
}

void LedgerExecutor::cancel() {
    if (ledger_.cancel()) stop_workers();
}

std::vector<ItemKey> WorkLedger::drop_queue() {
    std::vector<ItemKey> dropped;
    for (const WorkItem &item : queue_) dropped.push_back(item.key());
    queue_.clear();
    return dropped;
}

std::vector<ItemKey> LedgerExecutor::interrupt() {
    if (ledger_.cancelled()) return {};
    std::vector<ItemKey> dropped = ledger_.drop_queue();
    interrupt_workers();
    return dropped;
}

} // namespace pluzzle::host
