// parallel.hpp -- run fn(i) for i in [0, n) on `jobs` threads (0 = every core). Work is handed out one index
// at a time, so slow and fast levels mix well. fn must not throw.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <system_error>
#include <thread>
#include <vector>

namespace pluzzle::host {

constexpr unsigned kMaxJobs = 256; // more threads than this only adds contention (and can exhaust memory)

inline unsigned resolve_jobs(unsigned jobs) {
    if (jobs) return std::min(jobs, kMaxJobs);
    const unsigned hw = std::thread::hardware_concurrency();
    return hw ? std::min(hw, kMaxJobs) : 1;
}

// The calling thread works too. If the system refuses a thread (resource limits), the run continues on the
// threads it has: fewer workers, never an abort.
template <class F> void parallel_for(size_t n, unsigned jobs, F &&fn) {
    const unsigned threads = unsigned(std::min<size_t>(resolve_jobs(jobs), std::max<size_t>(n, 1)));
    std::atomic<size_t> next{0};
    auto worker = [&] {
        for (size_t i; (i = next.fetch_add(1)) < n;) fn(i);
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) {
        try {
            pool.emplace_back(worker);
        } catch (const std::system_error &) {
            break;
        }
    }
    worker();
    for (auto &t : pool) t.join();
}

} // namespace pluzzle::host
