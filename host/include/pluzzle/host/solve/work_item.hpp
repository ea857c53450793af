// work_item.hpp -- one level handed to a worker of a bulk solve, and what comes back. Every kind of worker (a
// thread, a worker process, an MPI rank) takes the same item and gives the same result, so the dispatcher
// (bulk_solve.cpp) stores results without knowing where they were solved. The level's text travels with the item:
// a worker needs no database.
#pragma once
#include <pluzzle/host/base/attempt_status.hpp>

#include <cmath>
#include <cstdint>
#include <string>

namespace pluzzle::host {

struct WorkItem {
    int64_t level_id = 0;
    std::string type; // plugin id
    std::string text; // canonical level text, as stored
};

struct WorkResult {
    int64_t level_id = 0;
    AttemptStatus status;
    std::string solution; // the first solution found, if any
    std::string info;     // JSON: the solver's bounds and stats, or the failure's reason
    std::string error;    // a failure's message (empty when the plugin answered)
    double time_ms = 0;
    uint64_t nodes = 0;
    double difficulty = NAN; // the plugin's estimate (ABI 1.7), NaN: none
    std::string difficulty_label;
};

// The answer for a level whose solve was stopped by a cancel, or never started before it (the dispatcher stores
// none of them: a cancel says nothing about the level).
inline WorkResult cancelled_result(int64_t level_id) {
    WorkResult r;
    r.level_id = level_id;
    r.status = PZ_SOLVE_CANCELLED;
    return r;
}

// The limits of each solve.
struct RunLimits {
    double timeout_s = 0; // per level; 0: none
    uint64_t node_limit = 0;
};

} // namespace pluzzle::host
