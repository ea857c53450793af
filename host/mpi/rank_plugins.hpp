// rank_plugins.hpp -- whether a rank has rank 0's plugins: every rank must solve a level with the same plugin
// build, or a pack's results would depend on which rank a level happened to reach.
#pragma once
#include <pluzzle/host/sandbox/worker_protocol.hpp>

#include <string>
#include <vector>

namespace pluzzle::host::mpi {

// What differs between a rank's plugins and rank 0's, one line each ("rank 2 on n3: plugin 'probe' 2.0.0, rank 0
// has 1.0.0"); "" when the ids and versions are the same.
std::string rank_plugin_differences(int rank, const std::string &host, const std::vector<wire::PluginEntry> &rank0,
                                    const std::vector<wire::PluginEntry> &theirs);

} // namespace pluzzle::host::mpi
