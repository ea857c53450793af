// plugin_sandbox.cpp -- see plugin_sandbox.hpp.
#include <pluzzle/host/sandbox/plugin_sandbox.hpp>

#include <pluzzle/host/base/install_paths.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <utility>

#include <poll.h>

namespace pluzzle::host {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::string seconds_text(double s) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", s);
    return buffer;
}

} // namespace

double sandbox_deadline(double time_limit_s) { return time_limit_s > 0 ? time_limit_s * 1.1 + 2.0 : 0; }

bool in_process_requested() {
    const char *v = std::getenv("PLUZZLE_IN_PROCESS");
    return v && *v && std::strcmp(v, "0") != 0;
}

PluginSandbox::PluginSandbox(std::string worker) : executable_(std::move(worker)) {
    if (executable_.empty()) executable_ = worker_executable();
    std::signal(SIGPIPE, SIG_IGN); // a worker that dies while we write to it is seen at its end of output
}

PluginSandbox::~PluginSandbox() = default; // WorkerProcess kills and reaps a worker that still runs

void PluginSandbox::start() { ensure_worker(); }

void PluginSandbox::ensure_worker() {
    if (process_) return;
    process_ = std::make_unique<WorkerProcess>(executable_);
    greeted_ = false;
    worker_keeps(0);
    ++started_;
    // No plugins up front: each call names the file it needs. The worker's HELLO (its protocol version) is read
    // with the first answer rather than waited for here, so starting costs no round trip.
    process_->send(wire::encode(wire::Setup{}));
}

void PluginSandbox::worker_keeps(uint32_t batch) { kept_batch_ = batch; }

bool PluginSandbox::keeps(const std::string &reference) const {
    return kept_batch_ != 0 && std::strtoul(reference.c_str(), nullptr, 10) == kept_batch_;
}

SandboxOutcome PluginSandbox::lost_worker(SandboxOutcome::Failure failure, std::string reason) {
    SandboxOutcome out;
    out.failure = failure;
    process_->signal(SIGKILL);
    out.exit = process_->reap();
    out.reason = std::move(reason);
    process_.reset(); // the next call starts a fresh worker
    worker_keeps(0);
    return out;
}

SandboxOutcome PluginSandbox::call(wire::Call call, const std::string &plugin_name, const SandboxLimits &limits,
                                   const std::atomic<bool> *cancel,
                                   const std::function<void(const wire::Progress &)> &on_progress) {
    ensure_worker();
    call.call_id = next_call_++;
    const std::string what = "plugin '" + plugin_name + "' (" + call.op + ")";
    process_->send(wire::encode(call));
    const auto start = Clock::now();
    std::optional<Clock::time_point> cancelled_at;
    for (;;) {
        if (cancel && *cancel && !cancelled_at) {
            // A worker that has not said HELLO yet has not started the call either (and would die of SIGUSR1).
            if (!greeted_) return lost_worker(SandboxOutcome::Failure::cancelled, what + " cancelled before it started");
            sigval which{};
            which.sival_int = int(call.call_id); // the worker cancels this call only, not a later one
            sigqueue(process_->pid(), SIGUSR1, which);
            cancelled_at = Clock::now();
        }
        process_->flush(); // false when the worker is gone: its end of output says how
        pollfd fds[2] = {{process_->read_fd(), POLLIN, 0}, {process_->write_fd(), POLLOUT, 0}};
        const int n = poll(fds, process_->wants_write() ? 2 : 1, 20);
        bool open = true;
        if (n > 0 && (fds[0].revents & (POLLIN | POLLHUP | POLLERR))) open = process_->read_some();
        wire::Frame frame;
        for (;;) {
            const auto status = process_->frames().next(frame);
            if (status == wire::FrameReader::Status::incomplete) break;
            if (status == wire::FrameReader::Status::malformed)
                return lost_worker(SandboxOutcome::Failure::crashed,
                                   what + ": the worker wrote garbage (" + process_->frames().error() + "); killed");
            try {
                if (frame.kind == wire::Kind::hello) {
                    wire::decode_hello(frame.payload); // refuses a worker of another protocol version
                    greeted_ = true;
                } else if (frame.kind == wire::Kind::progress) {
                    const wire::Progress p = wire::decode_progress(frame.payload);
                    if (p.call_id == call.call_id && on_progress) on_progress(p);
                } else if (frame.kind == wire::Kind::answer) {
                    wire::Answer answer = wire::decode_answer(std::move(frame.payload));
                    if (answer.call_id != call.call_id) continue; // a cancelled call's late answer
                    SandboxOutcome out;
                    out.answer = std::move(answer);
                    return out;
                }
            } catch (const wire::ProtocolError &e) {
                return lost_worker(SandboxOutcome::Failure::crashed, what + ": " + e.what() + "; worker killed");
            }
        }
        if (!open) {
            SandboxOutcome out = lost_worker(SandboxOutcome::Failure::crashed, {});
            out.reason = what + " crashed (worker " + out.exit.text() + ")";
            return out;
        }
        if (cancelled_at && seconds_since(*cancelled_at) > limits.cancel_grace_s)
            return lost_worker(SandboxOutcome::Failure::cancelled, what + " ignored the cancel for " +
                                                                       seconds_text(limits.cancel_grace_s) +
                                                                       " s; worker killed");
        if (limits.deadline_s > 0 && seconds_since(start) > limits.deadline_s)
            return lost_worker(SandboxOutcome::Failure::timeout, what + " did not answer within " +
                                                                     seconds_text(limits.deadline_s) +
                                                                     " s; worker killed");
    }
}

} // namespace pluzzle::host
