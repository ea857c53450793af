// pluzzle-worker: solves levels for `pluzzle db solve --isolate` in a process of its own, so a plugin that crashes,
// aborts, runs out of memory or hangs loses one level, not the run (worker_loop.hpp). Not meant to be run by hand.
#include <pluzzle/host/worker_loop.hpp>

#include <cstdio>
#include <unistd.h>

int main(int argc, char **) {
    if (argc > 1 || isatty(0)) {
        std::fprintf(stderr, "pluzzle-worker: started by `pluzzle db solve --isolate`; it talks frames on stdin and "
                             "stdout, not to a terminal\n");
        return 2;
    }
    return pluzzle::host::run_worker(0, 1);
}
