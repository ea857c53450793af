// conquest.hpp -- one level's cube-and-conquer (ABI 1.8, abi.h rule 13) over any Executor: threads, worker
// processes (--isolate) or MPI ranks. The split runs as an item, then its cubes run on every slot, a few per slot at a
// time, their answers folded into a CubeTally; once the level is decided the cubes still running are interrupted.
// An optimiser's cubes (BEST) deepen together: each is asked for a solution cheaper than its proven bound + 1, the
// least-proven cube first, so the level's lower bound rises as a whole IDA* search's does.
// A cube whose worker crashed costs that cube (the executor retries it once, as a level); the level then reports
// what the others proved. docs/design/issue48-cubes.md has the model.
#pragma once
#include <pluzzle/host/solve/cube_tally.hpp>
#include <pluzzle/host/solve/executor.hpp>

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pluzzle::host {

struct SolveReport; // plugin/plugin.hpp

struct ConquestProgress {
    // Cubes with nothing left to prove at the current bounds (CubeTally::settled(): for BEST, a round of the
    // deepening; it starts again from 0 when the lower bound rises) / in all (total 0: the split runs).
    size_t done = 0, total = 0;
    double lower = NAN, upper = NAN; // BEST: the bounds proven so far
};

// A split made before, with the cube answers stored since (`db solve --split --resume`): it is not split again and
// only the cubes without a full answer are solved.
struct KnownCubes {
    pz_combine combine = PZ_COMBINE_COUNT;
    double root_lower = NAN, root_upper = NAN; // what the split proved and found (BEST)
    std::string root_solution;
    std::vector<std::string> cubes;
    std::map<size_t, WorkResult> answers; // by cube index
};

struct ConquestOptions {
    unsigned cubes_per_slot = 8;    // the split is asked for this many cubes per executor slot
    double time_limit_s = 0;        // the level's wall-clock budget, split and cubes (0: none)
    uint32_t max_solutions = 2;     // COUNT stops at this many
    const std::atomic<bool> *cancel = nullptr;
    std::optional<KnownCubes> known;
    std::function<void(const KnownCubes &)> on_split;              // the new split, before any cube runs (to store)
    std::function<void(size_t index, const WorkResult &)> on_cube; // each cube's answer as it arrives (to store)
    std::function<void(const ConquestProgress &)> on_progress;
    std::function<void()> on_wait; // called while it waits for answers, every few tens of milliseconds
};

// Whether --split conquers a level still undecided after its whole solve: only when that solve got less time than the
// level's limit (`split_after_s` < `timeout_s`, or no limit), so some time is left for the cubes.
inline bool conquers_after_whole(double timeout_s, double split_after_s) {
    return timeout_s <= 0 || split_after_s < timeout_s;
}

// A level's answer (a conquest's, or a whole solve's as an item) as a solve's report: status, solutions, bounds,
// difficulty, and for a conquered level its cube counts as the stats "cubes" and "cubes_finished". A failure (no
// `r.status`) leaves the report's status as it is: wording it is the caller's.
SolveReport report_of(const WorkResult &r);

// Conquers `level` (an item of part whole) with every slot of `executor`, which must have nothing pending; it has
// nothing pending again on return. The answer is the level's: decided, or LIMIT (time) / CANCELLED with the bounds
// proven so far; a split that failed is that failure; a split that decided the level is its answer.
WorkResult conquer(Executor &executor, const WorkItem &level, const ConquestOptions &options);

} // namespace pluzzle::host
