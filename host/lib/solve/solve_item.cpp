// solve_item.cpp -- see solve_item.hpp.
#include <pluzzle/host/solve/solve_item.hpp>

#include <pluzzle/host/base/json_line.hpp>

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
    try {
        auto plugin = registry.find(item.type);
        if (!plugin) throw std::runtime_error("no plugin for type '" + item.type + "'");
        const LevelPtr level = plugin->parse_one(item.text, "level " + std::to_string(item.level_id));
        SolveOptions options;
        options.time_limit_s = limits.timeout_s;
        options.node_limit = limits.node_limit;
        options.cancel = cancel;
        const SolveReport r = plugin->solve(level.get(), options);
        result.status = r.status;
        result.solution = r.solutions.empty() ? "" : r.solutions[0];
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
