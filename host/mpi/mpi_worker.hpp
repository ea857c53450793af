// mpi_worker.hpp -- a rank other than 0 in `db solve --mpi`: it solves the levels rank 0 sends (their text travels
// with them: no database here) on local workers -- threads, or worker processes when rank 0 says isolate -- and
// sends the results back in batches, with heartbeats so rank 0 can tell a silent rank from a busy one.
#pragma once
#include "mpi_channel.hpp"

#include <pluzzle/host/plugin/plugin_registry.hpp>

namespace pluzzle::host::mpi {

// Runs until rank 0 says STOP (returns 0), or has been silent for `heartbeat_timeout_s` (returns 1: no orphan
// keeps solving for a rank 0 that is gone).
int run_worker_rank(Channel &channel, const PluginRegistry &registry, double heartbeat_timeout_s);

} // namespace pluzzle::host::mpi
