// parallel.hpp -- run fn(i) for i in [0, n) on `jobs` threads (0 = every core). Work is handed out one index
// at a time, so slow and fast levels mix well. fn must not throw.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace pluzzle::host {

inline unsigned resolve_jobs(unsigned jobs) {
    if (jobs) return jobs;
    const unsigned hw = std::thread::hardware_concurrency();
    return hw ? hw : 1;
}

template <class F> void parallel_for(size_t n, unsigned jobs, F &&fn) {
    const unsigned threads = unsigned(std::min<size_t>(resolve_jobs(jobs), std::max<size_t>(n, 1)));
    std::atomic<size_t> next{0};
    auto worker = [&] {
        for (size_t i; (i = next.fetch_add(1)) < n;) fn(i);
    };
    if (threads <= 1) {
        worker();
        return;
    }
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker);
    for (auto &t : pool) t.join();
}

} // namespace pluzzle::host
