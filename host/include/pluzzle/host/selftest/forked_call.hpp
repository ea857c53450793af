// forked_call.hpp -- run a piece of plugin-driving code in a forked child with a deadline, so a crash or a hang in
// the plugin is observed and described instead of taking the caller down. For `pluzzle selftest`, whose job is
// to provoke exactly that. Only for single-threaded callers (fork copies one thread); bulk solving and the editor
// isolate plugins in pluzzle-worker processes instead (process_executor.hpp).
#pragma once
#include <pluzzle/host/sandbox/worker_process.hpp>

#include <functional>
#include <string>

namespace pluzzle::host {

// The child's side: what it is doing now, and its answer.
class ChildChannel {
  public:
    explicit ChildChannel(int fd) : fd_(fd) {}
    void step(const std::string &what) { send('S', what); }
    void answer(const std::string &text) { send('A', text); }

  private:
    void send(char kind, const std::string &text);
    int fd_;
};

struct ForkedOutcome {
    bool answered = false;  // the child sent an answer and exited normally
    bool timed_out = false; // killed at the deadline
    std::string answer;     // what it answered
    std::string last_step;  // what it said it was doing last (where it crashed or hung)
    ExitReason exit;        // how it ended
};

// Runs `body` in a child process; kills it after `timeout_s` seconds. Throws std::runtime_error if fork fails.
ForkedOutcome run_forked(const std::function<void(ChildChannel &)> &body, double timeout_s);

} // namespace pluzzle::host
