// pack_booklet.hpp -- a pack of the store as booklet pages (booklet.hpp): each level drawn by its plugin and
// captioned with its name, with its solution at the back -- a stored final solution of the plugin, else one solved
// now within the timeout. What `pluzzle db print` and the editor's File > Print pack both write.
#pragma once
#include <pluzzle/host/render/booklet.hpp>
#include <pluzzle/host/sandbox/plugin_calls.hpp>
#include <pluzzle/host/plugin/plugin_registry.hpp>
#include <pluzzle/host/store/store.hpp>

#include <string>
#include <vector>

namespace pluzzle::host {

struct PackBookletOptions {
    BookletLayout layout;  // its title defaults to the pack's name
    double timeout_s = 10; // to solve a level without a stored solution
    CallSite site;         // where plugins draw and solve (the sandbox, normally)
};

struct PackBooklet {
    std::vector<DisplayList> pages;
    size_t levels = 0, solutions = 0;
};

// InputError naming the database and field "pack" when there is no such pack (listing the packs there are), and
// naming the level for a type no plugin reads or a damaged row.
PackBooklet pack_booklet(Store &store, const PluginRegistry &registry, const std::string &pack,
                         const PackBookletOptions &options);

} // namespace pluzzle::host
