// work_item.hpp -- one level (or a split or cube of one, ABI 1.8) handed to a worker of a bulk solve, and what comes
// back. Every kind of worker (a thread, a worker process, an MPI rank) takes the same item and gives the same result,
// so the dispatcher (bulk_solve.cpp) stores results without knowing where they were solved. The level's text travels
// with the item: a worker needs no database.
#pragma once
#include <pluzzle/host/base/attempt_status.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace pluzzle::host {

// Which part of its level an item is (cube-and-conquer, ABI 1.8; conquest.hpp): the whole level, its split into
// cubes, or one cube (0, 1, ...: its place in the split).
namespace item_part {
constexpr int32_t whole = -1;
constexpr int32_t split = -2;
} // namespace item_part

// What an executor knows an item by: several items of one level are in flight while its cubes are solved.
struct ItemKey {
    int64_t level_id = 0;
    int32_t part = item_part::whole;
    bool operator==(const ItemKey &o) const { return level_id == o.level_id && part == o.part; }
    bool operator!=(const ItemKey &o) const { return !(*this == o); }
    bool operator<(const ItemKey &o) const { return level_id != o.level_id ? level_id < o.level_id : part < o.part; }
};
struct ItemKeyHash {
    size_t operator()(const ItemKey &k) const { return std::hash<int64_t>()(k.level_id) * 31 + size_t(k.part + 2); }
};
// "level 12", "level 12 (its split)", "level 12, cube 5": how notes and errors name an item.
std::string item_name(const ItemKey &key);

struct WorkItem {
    int64_t level_id = 0;
    std::string type; // plugin id
    std::string text; // canonical level text, as stored
    // Cube-and-conquer: the part asked for. A split asks for `want` cubes; a cube carries its text and, for an
    // optimiser's (PZ_COMBINE_BEST), the best cost its conquest knew when it was sent.
    int32_t part = item_part::whole;
    uint32_t want = 0;
    std::string cube;
    double known_best = INFINITY;
    double time_limit_s = 0; // this item's own limit (a level solved whole before a split); 0: the executor's
    ItemKey key() const { return {level_id, part}; }
};

// A whole level's item.
inline WorkItem level_item(int64_t level_id, std::string type, std::string text) {
    WorkItem item;
    item.level_id = level_id;
    item.type = std::move(type);
    item.text = std::move(text);
    return item;
}

struct WorkResult {
    int64_t level_id = 0;
    int32_t part = item_part::whole;
    AttemptStatus status;
    std::string solution; // the first solution found, if any
    std::string info;     // JSON: the solver's bounds and stats, or the failure's reason
    std::string error;    // a failure's message (empty when the plugin answered)
    double time_ms = 0;
    uint64_t nodes = 0;
    double difficulty = NAN; // the plugin's estimate (ABI 1.7), NaN: none
    std::string difficulty_label;
    // What the conquest combines (conquest.hpp): the bounds, how many solutions the solve found, the second one,
    // and a split's cubes and their combine rule (pz_combine).
    double lower_bound = NAN, upper_bound = NAN;
    uint32_t solutions_found = 0;
    std::string second_solution;
    std::vector<std::string> cubes;
    int32_t combine = -1;
    ItemKey key() const { return {level_id, part}; }
};

// The answer for an item whose solve was stopped by a cancel, or never started before it (the dispatcher stores
// none of them: a cancel says nothing about the level).
inline WorkResult cancelled_result(const ItemKey &key) {
    WorkResult r;
    r.level_id = key.level_id;
    r.part = key.part;
    r.status = PZ_SOLVE_CANCELLED;
    return r;
}

// The limits of each solve.
struct RunLimits {
    double timeout_s = 0; // per level; 0: none
    uint64_t node_limit = 0;
    uint32_t max_solutions = 0; // 0: 2 (enough to decide uniqueness)
};

} // namespace pluzzle::host
