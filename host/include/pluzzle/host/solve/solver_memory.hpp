// solver_memory.hpp -- how a process that solves level after level keeps its memory.
#pragma once

namespace pluzzle::host {

// Keeps freed memory in the process for the next level (glibc's mmap and trim thresholds raised to 32 and 256 MiB):
// by default a solver's large blocks go back to the system after each level and fault in again -- on 400 loop
// boards 10x the page faults and twice the system time, and in a process with two solving threads every munmap also
// stops the other core for a TLB shootdown. Call once, early, in a process that bulk-solves (db solve, its workers).
void keep_freed_memory_for_solving();

} // namespace pluzzle::host
