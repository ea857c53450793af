// bulk_solve.hpp -- the main job: solve every stored level (of a pack/type) on an Executor (threads by default),
// storing each result the moment it arrives, so killing the run loses at most the levels in flight.
#pragma once
#include <pluzzle/host/solve/conquest.hpp>
#include <pluzzle/host/solve/executor.hpp>
#include <pluzzle/host/plugin/plugin_registry.hpp>
#include <pluzzle/host/store/store.hpp>

#include <atomic>
#include <chrono>
#include <cmath>
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
    double difficulty = NAN; // the plugin's estimate (ABI 1.7), NaN: none
    std::string difficulty_label;
    double lower_bound = NAN, upper_bound = NAN; // an optimiser's proven bounds (NaN: none)
};

struct BulkOptions {
    LevelFilter filter;
    unsigned jobs = 0;      // 0: every core
    double timeout_s = 0;   // per level; 0: none
    uint64_t node_limit = 0;
    bool resume = false;    // skip levels with a final result from the same plugin id + version
    std::string run_kind = "db solve"; // how this run is named in the database's runs table
    const std::atomic<bool> *cancel = nullptr;
    // Results arriving within this window are committed together (a commit per tiny level was most of the host's
    // cost); one is committed at once when no further result is ready. A kill loses at most this window's results,
    // none of them reported yet.
    std::chrono::milliseconds commit_window{50};
    std::function<void(const BulkProgress &)> on_progress; // called on the calling thread, after the result is stored
    std::function<void(const BulkItem &)> on_item;         // likewise
    // Cube-and-conquer (issue 48): a level still undecided after split_after_s (0: at once) is set aside, and once
    // the others are done each one is split into cubes that every slot solves (conquest.hpp). Its cubes and their
    // answers are stored as they come (schema 9): a run killed in a long proof, started again with --resume, goes
    // on from the cubes that finished. on_cubes says how a conquest is going (item: the level, no status yet).
    bool split = false;
    double split_after_s = 1;
    std::function<void(const BulkItem &, const ConquestProgress &)> on_cubes;
};

struct BulkCell {
    size_t count = 0;
    double time_ms = 0;
};

struct BulkReport {
    size_t total = 0;    // levels matching the filter
    size_t skipped = 0;  // already solved (--resume), or crashed before (in process)
    size_t suspects = 0; // levels a dead run left in flight, solved one at a time first (in process)
    size_t by_other_runs = 0; // levels another run on the database solved while this one worked (issue 47)
    size_t attempted = 0;
    size_t unsolved = 0; // not solved/unique/multiple: unsolvable, limit, error, no plugin
    bool cancelled = false;
    double wall_s = 0;
    std::map<std::pair<std::string, std::string>, BulkCell> table; // (type, status) -> count, time
};

// Statuses stored besides the solver's: the host's failures (attempt_status.hpp: "error" when the level no longer
// parses or the plugin failed; "crashed" and "timeout" from worker processes) and "no-plugin" (not stored: nothing
// to key it by). Cancelled solves are not stored. A store that fails to write stops the run (rethrown).
// On `options.jobs` threads of this process (`timeout_s`, `node_limit` are the solves' limits):
BulkReport bulk_solve(Store &store, const PluginRegistry &registry, const BulkOptions &options);
// On the given executor (jobs and limits are the executor's own then).
BulkReport bulk_solve(Store &store, const PluginRegistry &registry, const BulkOptions &options, Executor &executor);

} // namespace pluzzle::host
