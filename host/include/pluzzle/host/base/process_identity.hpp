// process_identity.hpp -- a name for one process that no later process can have: host, boot, pid and the pid's
// start time. Runs on one database record it, so another run can tell a live owner of a mark from a dead one
// whose pid was reused (issue 47).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace pluzzle::host {

struct ProcessIdentity {
    std::string host;      // gethostname()
    std::string boot_id;   // /proc/sys/kernel/random/boot_id: a reboot starts pids and start times over
    int64_t pid = 0;
    uint64_t start_ticks = 0; // /proc/PID/stat field 22: clock ticks after boot when the process started
};

// This process.
const ProcessIdentity &this_process();

// The start time of process `pid` on this host (in the same ticks), or nullopt when no such process runs (or it
// is a zombie: it has ended and only waits for its parent).
std::optional<uint64_t> process_start_ticks(int64_t pid);

// True when `p` names a process on this host and boot (false: another host, or this host before a reboot).
bool on_this_host(const ProcessIdentity &p);

// True when `p` is on this host and boot and still running (the same pid with the same start time).
bool still_running_here(const ProcessIdentity &p);

} // namespace pluzzle::host
