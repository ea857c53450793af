// bench.hpp -- benchmark runs: every level solved on the calling thread, timed in thread CPU seconds, with a
// deterministic signature (after Stockfish's `bench`): a hash of every level's status and node count, so a change
// that alters solver behaviour shows up as a new signature even when the timings hide it.
#pragma once
#include <atomic>
#include <pluzzle/host/base/attempt_status.hpp>
#include <pluzzle/host/levels/level_source.hpp>

#include <string>
#include <vector>

namespace pluzzle::host {

struct BenchRun {
    AttemptStatus status; // a failure: the solve failed (see error)
    double cpu_s = 0;
    uint64_t nodes = 0;
    std::string error;
};

struct BenchEntry {
    std::string file, name, type;
    size_t index = 0;
    BenchRun run;      // with the options asked for
    BenchRun baseline; // with the baseline options (when any), same run, same thread
};

struct BenchOptions {
    double timeout_s = 0;   // a timeout makes the signature depend on the machine: leave 0 for signatures
    uint64_t node_limit = 0;
    uint32_t max_solutions = 2; // 2 proves uniqueness; 1 = time to a first solution
    KeyValues options;      // solver options of the measured run
    KeyValues baseline;     // solver options of the baseline run; empty = no baseline
    bool with_baseline = false;
    // Ctrl-C: the running solve is asked to stop and no further level starts (the entries end there).
    const std::atomic<bool> *cancel = nullptr;
};

BenchRun bench_one(const SourceLevel &level, const BenchOptions &limits, const KeyValues &options);
std::vector<BenchEntry> bench(const std::vector<SourceLevel> &levels, const BenchOptions &options);
// 16 hex digits: FNV-1a over the lines, each ended by a newline, in order (every bench's signature).
std::string signature_of(const std::vector<std::string> &lines);
// signature_of() over "status nodes" of every entry, in order.
std::string bench_signature(const std::vector<BenchEntry> &entries);

} // namespace pluzzle::host
