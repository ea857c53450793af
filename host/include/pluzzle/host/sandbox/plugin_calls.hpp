// plugin_calls.hpp -- one plugin operation on a level's canonical text, in the plugin sandbox's worker when the caller
// has one (a crash or a hang there is a PluginError naming the plugin and how its worker ended; the plugin's own
// errors come back as they were thrown), else in this process (--in-process, PLUZZLE_IN_PROCESS=1). The one place
// for what `db print`, the editor's print and the pack solve each need.
#pragma once
#include <pluzzle/host/render/display_list.hpp>
#include <pluzzle/host/plugin/plugin.hpp>

#include <atomic>
#include <string>

namespace pluzzle::host {

class PluginSandbox;

struct CallSite {
    PluginSandbox *sandbox = nullptr;          // null: in this process
    const std::atomic<bool> *cancel = nullptr; // a solve stops when it turns true; a worker is killed if deaf
};

// `source` names the level in errors ("book.db level 12").
SolveReport solve_text(const Plugin &plugin, const std::string &canonical_text, const std::string &source,
                       const SolveOptions &options, const CallSite &site);
// The level as its plugin draws it, with `state` (a play state's or solution's text) on it when not null.
DisplayList draw_text(const Plugin &plugin, const std::string &canonical_text, const std::string &source,
                      const std::string *state, const CallSite &site);

} // namespace pluzzle::host
