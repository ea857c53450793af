// worker_loop.cpp -- see worker_loop.hpp.
#include <pluzzle/host/sandbox/worker_loop.hpp>

#include <pluzzle/host/solve/solver_memory.hpp>

#include <pluzzle/host/base/json_line.hpp>
#include <pluzzle/host/plugin/plugin_registry.hpp>
#include <pluzzle/host/sandbox/sandbox_ops.hpp>
#include <pluzzle/host/solve/solve_item.hpp>
#include <pluzzle/host/sandbox/worker_protocol.hpp>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <new>
#include <string>

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

namespace pluzzle::host {
namespace {

std::atomic<bool> g_cancel{false}; // set by SIGUSR1: lock-free, so the handler may write it
static_assert(std::atomic<bool>::is_always_lock_free);
// A bulk run's interrupt (a decided level's other cubes) names the last chunk it stops, as a negative sigqueue
// value: the chunk being solved stops if its id is not above it, and a late interrupt stops nothing sent after it.
// The dispatcher's plain cancel (kill) stops everything for good.
std::atomic<bool> g_stop_all{false}, g_stop_chunk{false};
std::atomic<uint32_t> g_current_chunk{0}, g_interrupted_upto{0};
// A sandbox's cancel names its call (sigqueue's value): a cancel that arrives after its call was answered must not
// stop the next one, and one that arrives before the worker read its call must still stop it.
std::atomic<uint32_t> g_current_call{0}, g_cancelled_call{0};
static_assert(std::atomic<uint32_t>::is_always_lock_free);

void on_cancel(int, siginfo_t *info, void *) {
    if (info && info->si_code == SI_QUEUE && info->si_value.sival_int < 0) {
        const auto upto = uint32_t(-info->si_value.sival_int);
        if (upto > g_interrupted_upto) g_interrupted_upto = upto;
        const uint32_t current = g_current_chunk;
        if (current != 0 && current <= upto) g_stop_chunk = true;
        return;
    }
    if (info && info->si_code == SI_QUEUE) {
        const auto id = uint32_t(info->si_value.sival_int);
        g_cancelled_call = id;
        if (id == g_current_call) g_cancel = true;
        return;
    }
    g_cancel = true; // the dispatcher's (kill): stop, and answer the rest as cancelled
    g_stop_all = true;
    g_stop_chunk = true;
}

bool write_all(int fd, const std::string &bytes) {
    for (size_t done = 0; done < bytes.size();) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += size_t(n);
    }
    return true;
}

// Caps the heap (RLIMIT_DATA counts anonymous mappings too, not the libraries) at what it is now plus `mib`.
void limit_memory(uint64_t mib) {
    long pages = 0;
    if (FILE *f = std::fopen("/proc/self/statm", "r")) { // size resident shared text lib data dt
        long fields[7] = {};
        if (std::fscanf(f, "%ld %ld %ld %ld %ld %ld %ld", &fields[0], &fields[1], &fields[2], &fields[3], &fields[4],
                        &fields[5], &fields[6]) == 7)
            pages = fields[5];
        std::fclose(f);
    }
    const rlim_t limit = rlim_t(pages) * rlim_t(sysconf(_SC_PAGESIZE)) + rlim_t(mib << 20);
    rlimit r{limit, limit};
    setrlimit(RLIMIT_DATA, &r);
}

class Worker {
  public:
    Worker(int in_fd, int out_fd) : in_(in_fd), out_(out_fd) {}

    int run() {
        for (;;) {
            wire::Frame frame;
            const auto status = next_frame(frame);
            if (status != wire::FrameReader::Status::frame) return status == wire::FrameReader::Status::malformed;
            switch (frame.kind) {
            case wire::Kind::setup:
                if (!setup(wire::decode_setup(frame.payload))) return 1;
                break;
            case wire::Kind::chunk:
                if (!solve(wire::decode_chunk(frame.payload))) return 0; // the dispatcher is gone
                if (out_of_memory_) return 0; // the heap may be in pieces: a fresh worker takes over
                break;
            case wire::Kind::call:
                if (!answer(wire::decode_call(frame.payload))) return 0; // the host is gone
                break;
            case wire::Kind::stop: return 0;
            default: break; // CANCEL travels as SIGUSR1 (a frame would wait behind the solve); others are not ours
            }
        }
    }

  private:
    wire::FrameReader::Status next_frame(wire::Frame &frame) {
        for (;;) {
            const auto status = reader_.next(frame);
            if (status != wire::FrameReader::Status::incomplete) return status;
            char buffer[1 << 16];
            const ssize_t n = ::read(in_, buffer, sizeof buffer);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return wire::FrameReader::Status::incomplete; // end of input: the dispatcher closed it
            reader_.append(buffer, size_t(n));
        }
    }

    bool setup(const wire::Setup &s) {
        limits_.timeout_s = s.timeout_s;
        limits_.node_limit = s.node_limit;
        limits_.max_solutions = s.max_solutions;
        for (const std::string &path : s.plugin_paths)
            if (!registry_.load_file(path))
                std::fprintf(stderr, "pluzzle-worker: %s: %s\n", path.c_str(),
                             registry_.problems().back().reason.c_str());
        memory_limit_mib_ = s.memory_limit_mib;
        if (memory_limit_mib_) limit_memory(memory_limit_mib_);
        return write_all(out_, wire::encode(wire::hello_of(registry_)));
    }

    bool solve(const wire::Chunk &chunk) {
        g_stop_chunk = g_stop_all.load();
        g_current_chunk = chunk.chunk_id;
        if (chunk.chunk_id != 0 && chunk.chunk_id <= g_interrupted_upto) g_stop_chunk = true; // it came first
        for (const WorkItem &item : chunk.items) {
            WorkResult r =
                g_stop_chunk ? cancelled_result(item.key()) : solve_item(registry_, item, limits_, &g_stop_chunk);
            if (memory_limit_mib_ && !r.status && r.error.find("bad_alloc") != std::string::npos) {
                r.status = AttemptFailure::crashed;
                r.error = "out of memory: over the " + std::to_string(memory_limit_mib_) + " MiB --memory-limit";
                r.info = JsonLine().add("reason", r.error).str();
                out_of_memory_ = true;
            }
            if (!write_all(out_, wire::encode(wire::to_wire(r)))) return false;
            if (out_of_memory_) break;
        }
        g_current_chunk = 0;
        return true;
    }

    // One plugin call for the host's sandbox (plugin_sandbox.hpp), with its progress at most every 50 ms.
    bool answer(const wire::Call &call) {
        auto last = std::chrono::steady_clock::now() - std::chrono::seconds(1);
        bool written = true;
        const auto progress = [&](const pz_progress &p) {
            const auto now = std::chrono::steady_clock::now();
            if (now - last < std::chrono::milliseconds(50)) return;
            last = now;
            written = written && write_all(out_, wire::encode(wire::Progress{call.call_id, p.nodes, p.fraction,
                                                                             p.message ? p.message : ""}));
        };
        g_current_call = call.call_id;
        if (g_cancelled_call == call.call_id) g_cancel = true; // cancelled while still on its way here
        const auto emit = [&](const wire::Progress &p) { written = written && write_all(out_, wire::encode(p)); };
        const wire::Answer a = run_sandbox_call(registry_, call, &g_cancel, progress, emit, &kept_);
        g_current_call = 0;
        g_cancel = false;
        written = written && write_all(out_, wire::encode(a));
        return written;
    }

    int in_, out_;
    wire::FrameReader reader_;
    PluginRegistry registry_;
    KeptLevels kept_; // the levels of the host's last parse_many (sandbox_ops.hpp)
    RunLimits limits_;
    uint64_t memory_limit_mib_ = 0;
    bool out_of_memory_ = false;
};

} // namespace

int run_worker(int in_fd, int out_fd) {
    const int frames = fcntl(out_fd, F_DUPFD_CLOEXEC, 3);
    if (frames < 0 || dup2(2, out_fd) < 0) return 1; // stdout now goes to stderr: prints cannot corrupt frames
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1) return 1; // the dispatcher died before the line above took effect
    std::signal(SIGINT, SIG_IGN);
    std::signal(SIGTERM, SIG_IGN);
    std::signal(SIGPIPE, SIG_IGN);
    struct sigaction cancel = {};
    cancel.sa_sigaction = on_cancel;
    cancel.sa_flags = SA_SIGINFO;
    sigaction(SIGUSR1, &cancel, nullptr);
    keep_freed_memory_for_solving();
    if (FILE *f = std::fopen("/proc/self/oom_score_adj", "w")) { // the kernel kills a worker before the dispatcher
        std::fputs("1000", f);
        std::fclose(f);
    }
    try {
        return Worker(in_fd, frames).run();
    } catch (const std::exception &e) { // a malformed frame: the dispatcher sees the exit and says so
        std::fprintf(stderr, "pluzzle-worker: %s\n", e.what());
        return 1;
    }
}

} // namespace pluzzle::host
