// result_line.hpp -- what a solve found, in the words an author reads: an optimiser's answer with its bounds
// ("optimal: 14 moves (proven)", "14 moves; at least 12"), a counter's ("unique", "2+ solutions"), or why there is
// none. The bounds and counts are the plugin's (SolveReport); nothing is claimed that the solver did not prove.
#pragma once
#include <pluzzle/host/plugin/plugin.hpp>

#include <string>

namespace pluzzle::editor {

// The answer alone: "optimal: 14 moves (proven)", "unique", "no solution (proven)", "stopped: 14 moves; at least 12".
std::string result_words(const host::SolveReport &report);
// With the time it took: "optimal: 14 moves (proven), 825 ms".
std::string result_line(const host::SolveReport &report);

} // namespace pluzzle::editor
