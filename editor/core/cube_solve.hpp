// cube_solve.hpp -- the editor's solve of one level the way `pluzzle solve --split` does it: whole for a moment in a
// worker process, and if still undecided split into cubes that worker processes on every core conquer
// (host conquest.hpp). A level that solves fast is never split. The plugin runs only in worker processes, so a crash
// costs a worker, never the editor.
#pragma once
#include <pluzzle/host/plugin/plugin.hpp>
#include <pluzzle/host/solve/conquest.hpp>

#include <atomic>
#include <functional>
#include <string>

namespace pluzzle::editor {

struct CubeSolveOptions {
    double time_limit_s = 0;  // the whole solve, split and cubes (0: none)
    double split_after_s = 1; // solved whole this long first, as `--split-after`
    unsigned jobs = 0;        // worker processes (0: one per core)
    const std::atomic<bool> *cancel = nullptr;
    std::function<void(const host::ConquestProgress &)> on_progress; // from the job's thread
};

struct CubeSolveAnswer {
    host::SolveReport report;
    std::string info; // what `db solve` stores with the result (the solver's stats, the cube counts)
};

// Throws PluginError when the plugin failed (threw, crashed or hung): the message names it and how.
CubeSolveAnswer solve_through_cubes(const host::Plugin &plugin, const host::LevelPtr &level,
                                    const CubeSolveOptions &options);

} // namespace pluzzle::editor
