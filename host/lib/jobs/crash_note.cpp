// crash_note.cpp -- see crash_note.hpp.
#include <pluzzle/host/jobs/crash_note.hpp>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

namespace pluzzle::host {
namespace {

constexpr int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
constexpr size_t kSignalCount = sizeof kFatalSignals / sizeof kFatalSignals[0];

// What the handler may touch: a fixed buffer and flags, set before the handlers are installed.
char g_path[4096];
std::atomic<bool> g_armed{false};
struct sigaction g_previous[kSignalCount];

void leave_note() {
    if (!g_armed.load()) return;
    const int fd = ::open(g_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return;
    static const char text[] = "a plugin crashed this run\n";
    ssize_t ignored = ::write(fd, text, sizeof text - 1);
    (void)ignored;
    ::close(fd);
}

extern "C" void on_fatal_signal(int sig, siginfo_t *info, void *context) {
    leave_note();
    for (size_t i = 0; i < kSignalCount; ++i) {
        if (kFatalSignals[i] != sig) continue;
        const struct sigaction &before = g_previous[i];
        if ((before.sa_flags & SA_SIGINFO) && before.sa_sigaction) {
            before.sa_sigaction(sig, info, context); // e.g. ASan's report; it usually ends the process itself
        } else if (!(before.sa_flags & SA_SIGINFO) && before.sa_handler != SIG_DFL && before.sa_handler != SIG_IGN) {
            before.sa_handler(sig);
        }
    }
    ::signal(sig, SIG_DFL);
    ::raise(sig);
}

// exit() from a plugin runs the atexit handlers: that is a crash of the run too while the note is armed.
extern "C" void on_exit_while_armed() { leave_note(); }

} // namespace

CrashNote::CrashNote(std::string path) : path_(std::move(path)) {
    if (g_armed.load()) throw std::logic_error("CrashNote: one at a time");
    if (path_.size() >= sizeof g_path) throw std::invalid_argument("CrashNote: path too long: " + path_);
    remove(path_);
    std::memcpy(g_path, path_.c_str(), path_.size() + 1);
    static const bool registered = std::atexit(on_exit_while_armed) == 0;
    (void)registered;
    g_armed.store(true);
    for (size_t i = 0; i < kSignalCount; ++i) {
        struct sigaction action {};
        action.sa_sigaction = on_fatal_signal;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        sigaction(kFatalSignals[i], &action, &g_previous[i]);
    }
}

CrashNote::~CrashNote() {
    g_armed.store(false);
    for (size_t i = 0; i < kSignalCount; ++i) sigaction(kFatalSignals[i], &g_previous[i], nullptr);
}

std::string CrashNote::path_for(const std::string &db_path, long long run_id) {
    return db_path + "-crashed-run-" + std::to_string(run_id);
}

bool CrashNote::exists(const std::string &path) { return ::access(path.c_str(), F_OK) == 0; }

void CrashNote::remove(const std::string &path) { ::unlink(path.c_str()); }

} // namespace pluzzle::host
