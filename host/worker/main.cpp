// pluzzle-worker: runs plugin code in a process of its own, so a plugin that crashes, aborts, runs out of memory or
// hangs loses one level or one call, not the run: levels for `pluzzle db solve --isolate` (worker_loop.hpp) and the
// calls of the plugin sandbox (plugin_sandbox.hpp: the CLI's detection, solve, check and render, the editor's jobs).
// Not meant to be run by hand.
#include <pluzzle/host/sandbox/worker_loop.hpp>

#include <cstdio>
#include <unistd.h>

int main(int argc, char **) {
    if (argc > 1 || isatty(0)) {
        std::fprintf(stderr, "pluzzle-worker: started by `pluzzle` and `pluzzle-editor` to run plugins in a sandbox; "
                             "it talks frames on stdin and "
                             "stdout, not to a terminal\n");
        return 2;
    }
    return pluzzle::host::run_worker(0, 1);
}
