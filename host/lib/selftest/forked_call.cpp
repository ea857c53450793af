#include <pluzzle/host/selftest/forked_call.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <unistd.h>

namespace pluzzle::host {

// Frames: a kind byte, the length as 8 decimal digits, the text.
void ChildChannel::send(char kind, const std::string &text) {
    char head[16];
    std::snprintf(head, sizeof head, "%c%08zu", kind, text.size());
    std::string frame = head + text;
    for (size_t done = 0; done < frame.size();) {
        const ssize_t n = ::write(fd_, frame.data() + done, frame.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return; // the parent is gone: nothing to tell
        done += size_t(n);
    }
}

ForkedOutcome run_forked(const std::function<void(ChildChannel &)> &body, double timeout_s) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    std::fflush(nullptr); // nothing buffered twice
    const pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]), close(fds[1]);
        throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    }
    if (pid == 0) {
        close(fds[0]);
        ChildChannel channel(fds[1]);
        int code = 0;
        try {
            body(channel);
        } catch (const std::exception &e) {
            channel.step(std::string("escaped exception: ") + e.what());
            code = 70;
        } catch (...) {
            code = 70;
        }
        std::fflush(nullptr);
        _exit(code); // no destructors or atexit handlers of the parent's objects in the child
    }
    close(fds[1]);
    ForkedOutcome out;
    std::string buffer;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
    for (;;) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            out.timed_out = true;
            ::kill(pid, SIGKILL);
            break;
        }
        pollfd p{fds[0], POLLIN, 0};
        const int ready = poll(&p, 1, int(std::min<long long>(left.count(), 1000)));
        if (ready < 0 && errno != EINTR) break;
        if (ready <= 0) continue;
        char chunk[65536];
        const ssize_t n = ::read(fds[0], chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break; // the child closed its end: it exited or died
        buffer.append(chunk, size_t(n));
        while (buffer.size() >= 9) {
            const size_t len = std::stoul(buffer.substr(1, 8));
            if (buffer.size() < 9 + len) break;
            (buffer[0] == 'A' ? out.answer : out.last_step) = buffer.substr(9, len);
            out.answered = out.answered || buffer[0] == 'A';
            buffer.erase(0, 9 + len);
        }
    }
    close(fds[0]);
    out.exit = reap_child(pid);
    out.answered = out.answered && !out.timed_out && out.exit.signal == 0 && out.exit.exit_code == 0;
    return out;
}

} // namespace pluzzle::host
