// worker_loop.hpp -- the child side of `--isolate` and of the plugin sandbox: a `pluzzle-worker` process reads SETUP
// (limits, the plugin files to load) and CHUNKs of levels from the dispatcher, and writes one RESULT per level the
// moment it is solved (worker_protocol.hpp). A level that kills the process is then exactly the first one not
// answered. A sandbox sends CALLs instead, each answered by one ANSWER (PROGRESS frames while a solve runs).
#pragma once

namespace pluzzle::host {

// Runs the worker on these file descriptors until STOP or end of input; returns the exit status. Sets up the
// process first: frames go to a private copy of out_fd and fd 1 goes to stderr (a plugin that prints cannot
// corrupt the frames); it dies with its parent; SIGINT/SIGTERM are ignored (Ctrl-C reaches the whole process
// group: the dispatcher decides) and SIGUSR1 cancels the solve in progress and answers the rest as cancelled.
int run_worker(int in_fd, int out_fd);

} // namespace pluzzle::host
