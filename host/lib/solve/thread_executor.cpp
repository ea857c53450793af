// thread_executor.cpp -- see thread_executor.hpp.
#include <pluzzle/host/solve/thread_executor.hpp>

#include <pluzzle/host/base/parallel.hpp>
#include <pluzzle/host/solve/solve_item.hpp>

#include <system_error>

namespace pluzzle::host {

ThreadExecutor::ThreadExecutor(const PluginRegistry &registry, RunLimits limits, unsigned jobs)
    : registry_(registry), limits_(limits) {
    const unsigned n = resolve_jobs(jobs);
    for (unsigned t = 0; t < n; ++t) stop_.push_back(std::make_unique<std::atomic<bool>>(false));
    running_.assign(n, false);
    for (unsigned t = 0; t < n; ++t) {
        try {
            threads_.emplace_back([this, t] { work(t); });
        } catch (const std::system_error &) {
            if (threads_.empty()) throw; // not one thread: nothing could run
            break;
        }
    }
}

ThreadExecutor::~ThreadExecutor() {
    cancel();
    {
        std::lock_guard<std::mutex> lock(mutex_);
        closing_ = true;
    }
    has_work_.notify_all();
    for (auto &t : threads_)
        t.join();
}

void ThreadExecutor::submit(WorkItem item) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (cancel_) return;
        queue_.push_back(std::move(item));
        ++pending_;
    }
    has_work_.notify_one();
}

std::vector<WorkResult> ThreadExecutor::collect(std::chrono::milliseconds wait) {
    std::unique_lock<std::mutex> lock(mutex_);
    has_results_.wait_for(lock, wait, [&] { return !done_.empty(); });
    std::vector<WorkResult> out;
    out.swap(done_);
    pending_ -= out.size();
    return out;
}

size_t ThreadExecutor::pending() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return pending_;
}

void ThreadExecutor::cancel() {
    std::lock_guard<std::mutex> lock(mutex_);
    cancel_ = true;
    pending_ -= queue_.size();
    queue_.clear();
    for (auto &stop : stop_) *stop = true;
}

std::vector<ItemKey> ThreadExecutor::interrupt() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<ItemKey> dropped;
    for (const WorkItem &item : queue_) dropped.push_back(item.key());
    pending_ -= queue_.size();
    queue_.clear();
    for (size_t t = 0; t < stop_.size(); ++t)
        if (running_[t]) *stop_[t] = true; // an idle thread's next item must run
    return dropped;
}

void ThreadExecutor::work(size_t thread) {
    for (;;) {
        WorkItem item;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            has_work_.wait(lock, [&] { return closing_ || !queue_.empty(); });
            if (queue_.empty()) return; // closing
            item = std::move(queue_.front());
            queue_.pop_front();
            *stop_[thread] = cancel_;
            running_[thread] = true;
        }
        WorkResult result = solve_item(registry_, item, limits_, stop_[thread].get());
        {
            std::lock_guard<std::mutex> lock(mutex_);
            running_[thread] = false;
            done_.push_back(std::move(result));
        }
        has_results_.notify_one();
    }
}

} // namespace pluzzle::host
