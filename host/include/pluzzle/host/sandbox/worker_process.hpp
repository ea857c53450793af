// worker_process.hpp -- one `pluzzle-worker` child of the dispatcher: spawned with a pipe each way, written to
// without blocking (a large chunk must not deadlock against a worker writing results), read frame by frame, and
// reaped with the reason it ended (a signal's name, an exit status, its peak memory).
#pragma once
#include <pluzzle/host/sandbox/worker_protocol.hpp>

#include <string>
#include <sys/types.h>

namespace pluzzle::host {

// How a worker process ended.
struct ExitReason {
    int signal = 0;     // the signal that killed it, or 0
    int exit_code = -1; // its exit status when it exited
    bool core_dumped = false;
    double max_rss_mib = 0;
    std::string text() const;        // "killed by SIGSEGV (core dumped)", "exited with status 7"
    std::string signal_name() const; // "SIGSEGV"
};

// Waits for child `pid` to end and says how it ended (also used by forked_call.hpp).
ExitReason reap_child(pid_t pid);

class WorkerProcess {
  public:
    // Spawns `executable` (posix_spawn: safe from a threaded process) with its stdin and stdout on pipes; stderr is
    // shared. Throws std::runtime_error when it cannot be started.
    explicit WorkerProcess(const std::string &executable);
    ~WorkerProcess(); // kills and reaps it if it still runs
    WorkerProcess(const WorkerProcess &) = delete;
    WorkerProcess &operator=(const WorkerProcess &) = delete;

    pid_t pid() const { return pid_; }
    int read_fd() const { return out_; }
    int write_fd() const { return in_; }
    bool wants_write() const { return !unsent_.empty(); }

    void send(const std::string &frame) { unsent_ += frame; }
    // Writes what the pipe takes now; false when the worker is gone (EPIPE).
    bool flush();
    // Reads what is there now into frames(); false at end of input (the worker closed it or died).
    bool read_some();
    wire::FrameReader &frames() { return frames_; }
    // Closes the worker's input: it finishes and exits.
    void close_input();

    void signal(int sig) const;
    // Waits for the process to end (after end of input, or after signal(SIGKILL)) and says how it ended.
    ExitReason reap();

  private:
    pid_t pid_ = -1;
    int in_ = -1, out_ = -1; // our ends: the worker's stdin, its stdout
    std::string unsent_;
    wire::FrameReader frames_;
    bool reaped_ = false;
};

} // namespace pluzzle::host
