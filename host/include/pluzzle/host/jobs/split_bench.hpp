// split_bench.hpp -- `pluzzle bench --split`: what cube-and-conquer (conquest.hpp) gains on one level. Each level is
// solved whole on one thread (the baseline), then split into cubes conquered on one thread (what splitting costs or
// gains on its own) and on `jobs` threads (what the threads add), all in wall seconds, in the same run; the three
// answers must agree. The signature hashes the answers (status, bounds, solutions
// found), not the nodes: with several threads, which cube finds what first varies from run to run, the answer does not.
#pragma once
#include <pluzzle/host/levels/level_source.hpp>
#include <pluzzle/host/solve/work_item.hpp>

#include <atomic>
#include <string>
#include <vector>

namespace pluzzle::host {

class PluginRegistry;

struct SplitBenchOptions {
    double timeout_s = 0; // per level and per side (0: none)
    uint32_t max_solutions = 2;
    unsigned jobs = 0; // the split's threads (0: every core)
    const std::atomic<bool> *cancel = nullptr;
};

struct SplitBenchEntry {
    std::string file, name, type;
    size_t index = 0;
    WorkResult whole, split, split_one;            // the answers: whole, split on `jobs` threads, split on one
    double whole_s = 0, split_s = 0, split_one_s = 0; // wall seconds (split_one_s: 0 when jobs is 1)
    bool agree = true;                             // answers_agree() of the whole answer and each split's
};

std::vector<SplitBenchEntry> split_bench(const PluginRegistry &registry, const std::vector<SourceLevel> &levels,
                                         const SplitBenchOptions &options);

// Two decided answers agree when their status and their optimum (an optimiser's) or solutions found (up to the cap)
// match; an undecided one (a limit) only has to
// keep its bounds around the other's optimum.
bool answers_agree(const WorkResult &a, const WorkResult &b);

// 16 hex digits: FNV-1a over the split answers' "status lower optimum-or-solutions" in order.
std::string split_bench_signature(const std::vector<SplitBenchEntry> &entries);

} // namespace pluzzle::host
