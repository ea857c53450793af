// crash_note.hpp -- how a run that solves levels in its own process tells the next run that it crashed.
//
// A run's in-flight marks stay behind however it ends; the next run must tell a crash (a plugin took the process
// down: the level alone in flight is to blame) from a kill from outside (SIGKILL, a power cut: nobody is). While a
// CrashNote is armed, a fatal signal (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) or an exit() during the run
// creates the note file before the process ends: open(2) and write(2) are async-signal-safe, nothing else is done
// in the handler, and the handler that was installed before (ASan's, say) still runs after it.
#pragma once
#include <string>

namespace pluzzle::host {

class CrashNote {
public:
    // Arms the note at `path` (one per process at a time; a second is a logic error). Removes a stale file there.
    explicit CrashNote(std::string path);
    ~CrashNote(); // a clean end: disarmed, handlers restored, no file
    CrashNote(const CrashNote &) = delete;
    CrashNote &operator=(const CrashNote &) = delete;

    // The note of run `run_id` of the database at `db_path`.
    static std::string path_for(const std::string &db_path, long long run_id);
    // Whether the note exists; remove() deletes it (a run that has weighed a gone run's marks).
    static bool exists(const std::string &path);
    static void remove(const std::string &path);

private:
    std::string path_;
};

} // namespace pluzzle::host
