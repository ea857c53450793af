// plugin_sandbox.hpp -- plugin calls made in a `pluzzle-worker` child process (the one `db solve --isolate` runs),
// so a plugin that crashes, aborts or hangs in parse, solve, check, render or an AI move costs that one call, never
// the CLI or the editor (issue 15; the backend rule "anything that validates must not crash" made a guarantee for
// plugins we did not write).
//
// One worker per sandbox, started on first use (or by start()) and replaced after it dies; it loads a plugin file
// the first time a call names it. A sandbox is used from one thread at a time: the CLI keeps one per solving thread,
// the editor one per job. A call waits for its answer while it
//   - forwards the worker's progress frames to `on_progress`;
//   - turns the caller's cancel flag into SIGUSR1 (the worker's cancel) and, if the plugin still has not answered
//     after `cancel_grace_s`, kills the worker: a plugin that never polls its cancel flag is stopped anyway;
//   - kills the worker at `deadline_s` (the caller's time limit plus grace): a hard bound.
#pragma once
#include <pluzzle/host/plugin/plugin.hpp>
#include <pluzzle/host/sandbox/worker_process.hpp>
#include <pluzzle/host/sandbox/worker_protocol.hpp>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace pluzzle::host {

// What became of a call: its answer, or why there is none.
struct SandboxOutcome {
    std::optional<wire::Answer> answer;
    enum class Failure { none, crashed, timeout, cancelled } failure = Failure::none;
    ExitReason exit;    // how the worker ended, when it crashed or was killed
    std::string reason; // "plugin 'x' crashed (killed by SIGSEGV)", "... did not answer within 3.2 s; worker killed"

    bool answered() const { return answer.has_value(); }
};

struct SandboxLimits {
    double deadline_s = 0;       // kill the worker after this long; 0: no deadline
    double cancel_grace_s = 0.5; // after a cancel, how long the plugin may take to notice before it is killed
};

// The grace a time-limited call gets on top of its limit before the worker is killed (2 s + 10%: a solver checks
// its clock between nodes, and a slow node is not a hang).
double sandbox_deadline(double time_limit_s);

// Whether plugin calls should stay in this process (`--in-process`, PLUZZLE_IN_PROCESS=1): for debugging a plugin
// under gdb, at the old risk.
bool in_process_requested();

class PluginSandbox {
  public:
    // `worker`: the worker executable; empty: worker_executable() beside this program.
    explicit PluginSandbox(std::string worker = {});
    ~PluginSandbox();
    PluginSandbox(const PluginSandbox &) = delete;
    PluginSandbox &operator=(const PluginSandbox &) = delete;

    // Starts the worker now (a CLI does this before loading its own plugins, so the two overlap). Throws
    // std::runtime_error when the worker cannot be started. The worker dies with the thread that started it
    // (PR_SET_PDEATHSIG): start it, and make every call, on a thread that outlives the calls.
    void start();

    // Runs one call. `plugin_name` names the plugin in the reason of a failure. Throws std::runtime_error only when
    // no worker can be started at all (a broken installation); a crash, a hang or a cancel is an outcome.
    SandboxOutcome call(wire::Call call, const std::string &plugin_name, const SandboxLimits &limits = {},
                        const std::atomic<bool> *cancel = nullptr,
                        const std::function<void(const wire::Progress &)> &on_progress = {});

    // Worker processes started so far (a test sees a crash replace the worker).
    unsigned workers_started() const { return started_; }

    // What the current worker keeps (KeptLevels, sandbox_ops.hpp): the levels of the parse_many call `batch` it
    // answered last, so a call about one of them names it (SourceLevel::kept) instead of sending its text to be
    // parsed again. A new worker keeps nothing; call ids are never reused, so no batch of a lost worker is current.
    void worker_keeps(uint32_t batch);
    uint32_t kept_batch() const { return kept_batch_; }
    // Whether the current worker still keeps the level `reference` names (its batch is the one it read last).
    bool keeps(const std::string &reference) const;

  private:
    void ensure_worker();
    SandboxOutcome lost_worker(SandboxOutcome::Failure failure, std::string reason);

    std::string executable_;
    std::unique_ptr<WorkerProcess> process_;
    bool greeted_ = false; // its HELLO arrived: it handles SIGUSR1 (before that the signal would kill it)
    uint32_t kept_batch_ = 0;
    uint32_t next_call_ = 1;
    unsigned started_ = 0;
};

} // namespace pluzzle::host
