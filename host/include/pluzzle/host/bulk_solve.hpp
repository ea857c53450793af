// bulk_solve.hpp -- the main job: solve every stored level (of a pack/type) on a thread pool, storing each
// result the moment it finishes, so killing the run loses at most the levels in flight.
#pragma once
#include <pluzzle/host/plugin_registry.hpp>
#include <pluzzle/host/store.hpp>

#include <atomic>
#include <functional>
#include <map>
#include <string>

namespace pluzzle::host {

struct BulkProgress {
    size_t done = 0, total = 0;
    double elapsed_s = 0;
};

// One finished level, as reported to the caller (for --json lines). status is the stored result's text
// (attempt_status_text), or "no-plugin".
struct BulkItem {
    int64_t level_id = 0, position = 0;
    std::string pack, type, name, status, solution, error;
    double time_ms = 0;
    uint64_t nodes = 0;
};

struct BulkOptions {
    LevelFilter filter;
    unsigned jobs = 0;      // 0: every core
    double timeout_s = 0;   // per level; 0: none
    uint64_t node_limit = 0;
    bool resume = false;    // skip levels with a final result from the same plugin id + version
    const std::atomic<bool> *cancel = nullptr;
    std::function<void(const BulkProgress &)> on_progress; // called from worker threads, serialised
    std::function<void(const BulkItem &)> on_item;         // likewise
};

struct BulkCell {
    size_t count = 0;
    double time_ms = 0;
};

struct BulkReport {
    size_t total = 0;    // levels matching the filter
    size_t skipped = 0;  // already solved (--resume)
    size_t attempted = 0;
    size_t unsolved = 0; // not solved/unique/multiple: unsolvable, limit, error, no plugin
    bool cancelled = false;
    double wall_s = 0;
    std::map<std::pair<std::string, std::string>, BulkCell> table; // (type, status) -> count, time
};

// Statuses stored besides the solver's: "error" (the level no longer parses or the plugin failed) and
// "no-plugin" (not stored: nothing to key it by). Cancelled solves are not stored.
BulkReport bulk_solve(Store &store, const PluginRegistry &registry, const BulkOptions &options);

} // namespace pluzzle::host
