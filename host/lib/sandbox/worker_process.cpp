// worker_process.cpp -- see worker_process.hpp.
#include <pluzzle/host/sandbox/worker_process.hpp>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <stdexcept>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace pluzzle::host {

std::string ExitReason::signal_name() const {
    const char *name = sigabbrev_np(signal);
    return "SIG" + (name ? std::string(name) : std::to_string(signal));
}

std::string ExitReason::text() const {
    if (signal) return "killed by " + signal_name() + (core_dumped ? " (core dumped)" : "");
    return "exited with status " + std::to_string(exit_code);
}

namespace {
constexpr size_t kPipeBytes = size_t(1) << 20;
}

WorkerProcess::WorkerProcess(const std::string &executable) {
    int to_child[2], from_child[2];
    if (pipe2(to_child, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    if (pipe2(from_child, O_CLOEXEC) != 0) {
        close(to_child[0]), close(to_child[1]);
        throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
    posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
    char *argv[] = {const_cast<char *>(executable.c_str()), nullptr};
    const int rc = posix_spawn(&pid_, executable.c_str(), &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(to_child[0]), close(from_child[1]);
    in_ = to_child[1], out_ = from_child[0];
    if (rc != 0) {
        close(in_), close(out_);
        throw std::runtime_error("cannot start the worker process '" + executable + "': " + std::strerror(rc));
    }
    fcntl(in_, F_SETFL, fcntl(in_, F_GETFL) | O_NONBLOCK);
    fcntl(out_, F_SETFL, fcntl(out_, F_GETFL) | O_NONBLOCK);
    // A level or a solution of a megabyte crosses in one write instead of sixteen 64 KiB turns of both processes.
    // Best effort: the system caps it (/proc/sys/fs/pipe-max-size), and the default still works.
    for (const int fd : {in_, out_})
        fcntl(fd, F_SETPIPE_SZ, int(kPipeBytes));
}

WorkerProcess::~WorkerProcess() {
    if (!reaped_) {
        signal(SIGKILL);
        reap();
    }
    if (in_ >= 0) close(in_);
    if (out_ >= 0) close(out_);
}

bool WorkerProcess::flush() {
    while (!unsent_.empty() && in_ >= 0) {
        const ssize_t n = ::write(in_, unsent_.data(), unsent_.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true; // the pipe is full: later
        if (n <= 0) return false;
        unsent_.erase(0, size_t(n));
    }
    return true;
}

bool WorkerProcess::read_some() {
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(out_, buffer, sizeof buffer);
        if (n > 0) {
            frames_.append(buffer, size_t(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK); // 0: end of input
    }
}

void WorkerProcess::close_input() {
    if (in_ >= 0) close(in_);
    in_ = -1;
    unsent_.clear();
}

void WorkerProcess::signal(int sig) const {
    if (!reaped_ && pid_ > 0) ::kill(pid_, sig);
}

ExitReason reap_child(pid_t pid) {
    ExitReason reason;
    int status = 0;
    rusage usage = {};
    while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    if (WIFSIGNALED(status)) {
        reason.signal = WTERMSIG(status);
        reason.core_dumped = WCOREDUMP(status);
    } else if (WIFEXITED(status)) {
        reason.exit_code = WEXITSTATUS(status);
    }
    reason.max_rss_mib = double(usage.ru_maxrss) / 1024.0; // kilobytes on Linux
    return reason;
}

ExitReason WorkerProcess::reap() {
    if (reaped_) return {};
    reaped_ = true;
    return reap_child(pid_);
}

} // namespace pluzzle::host
