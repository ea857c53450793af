// solve_item.hpp -- one work item solved in this process: what a bulk solve's threads, worker processes and MPI
// ranks all run, so a level gets the same result wherever it is solved.
#pragma once
#include <pluzzle/host/plugin/plugin_registry.hpp>
#include <pluzzle/host/solve/work_item.hpp>

#include <atomic>

namespace pluzzle::host {

// Parses the stored text with the plugin's first (canonical) format -- never by detection -- and solves it within
// `limits`. A parse failure, a plugin exception or a missing plugin is an `error` result with the message; the
// solver's bounds and stats go to `info` as JSON. Never throws for a bad level.
WorkResult solve_item(const PluginRegistry &registry, const WorkItem &item, const RunLimits &limits,
                      const std::atomic<bool> *cancel);

} // namespace pluzzle::host
