#include <pluzzle/host/solve/solver_memory.hpp>

#include <malloc.h>

namespace pluzzle::host {

void keep_freed_memory_for_solving() {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
}

} // namespace pluzzle::host
