// install_paths.hpp -- where this build or installation keeps its parts: the running executable's folder, the
// worker process executable, and whether a plugin file is one of ours (bundled) or a third party's.
#pragma once
#include <string>

namespace pluzzle::host {

// The folder of the running executable (build/bin or <prefix>/bin); empty if the system does not say.
std::string executable_folder();

// True when the running executable lies inside this build tree (then the build's plugin folder is the one to use).
bool running_from_build_tree();

// The build's or the installation's plugin folder (where bundled plugins live), as the running executable sees it.
std::string bundled_plugin_folder();

// Whether the plugin file lies in the bundled plugin folder (or the configured install prefix's): ours, built and
// tested with this host. Any other (PLUZZLE_PLUGIN_PATH, --plugin-path, settings, ~/.local/share) is third-party.
bool is_bundled_plugin(const std::string &path);

// One of the host's own modules (pluzzle_cairo.so), beside the bundled plugin folder: <prefix>/lib/pluzzle/.
std::string host_module_path(const std::string &file);

// The `pluzzle-worker` executable beside this one; the environment variable PLUZZLE_WORKER overrides it.
std::string worker_executable();

} // namespace pluzzle::host
