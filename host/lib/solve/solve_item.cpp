// solve_item.cpp -- see solve_item.hpp.
#include <pluzzle/host/solve/solve_item.hpp>

#include <pluzzle/host/base/json_line.hpp>

#include <cmath>
#include <exception>

namespace pluzzle::host {
namespace {

std::string stats_json(const SolveReport &r) {
    JsonLine j;
    if (r.solutions.size() > 1) j.add("second_solution", r.solutions[1]);
    j.add("lower_bound", r.lower_bound).add("upper_bound", r.upper_bound);
    if (!r.stats.empty()) j.add("stats", r.stats);
    return j.str();
}

} // namespace

WorkResult solve_item(const PluginRegistry &registry, const WorkItem &item, const RunLimits &limits,
                      const std::atomic<bool> *cancel) {
    WorkResult result;
    result.level_id = item.level_id;
    result.part = item.part;
    try {
        auto plugin = registry.find(item.type);
        if (!plugin) throw std::runtime_error("no plugin for type '" + item.type + "'");
        const LevelPtr level = plugin->parse_one(item.text, "level " + std::to_string(item.level_id));
        SolveOptions options;
        options.time_limit_s = limits.timeout_s;
        if (item.time_limit_s > 0 && (options.time_limit_s <= 0 || item.time_limit_s < options.time_limit_s))
            options.time_limit_s = item.time_limit_s;
        options.node_limit = limits.node_limit;
        options.cancel = cancel;
        if (limits.max_solutions) options.max_solutions = limits.max_solutions;
        SolveReport r;
        if (item.part == item_part::split) {
            SplitReport split = plugin->split(level.get(), options, item.want);
            r = std::move(split.outcome);
            result.cubes = std::move(split.cubes);
            result.combine = int32_t(split.combine);
        } else if (item.part >= 0) {
            const double known_best = item.known_best;
            if (!std::isinf(known_best)) options.known_best = [known_best] { return known_best; };
            r = plugin->solve_cube(level.get(), item.cube, options);
        } else {
            r = plugin->solve(level.get(), options);
        }
        result.status = r.status;
        result.solution = r.solutions.empty() ? "" : r.solutions[0];
        result.second_solution = r.solutions.size() > 1 ? r.solutions[1] : "";
        result.solutions_found = uint32_t(r.solutions.size());
        result.lower_bound = r.lower_bound;
        result.upper_bound = r.upper_bound;
        result.time_ms = r.time_ms;
        result.nodes = r.nodes;
        result.difficulty = r.difficulty;
        result.difficulty_label = r.difficulty_label;
        result.info = stats_json(r);
    } catch (const std::exception &e) {
        result.status = AttemptFailure::error;
        result.error = e.what();
        result.info = JsonLine().add("error", result.error).str();
    }
    return result;
}

} // namespace pluzzle::host
