// process_executor.cpp -- see process_executor.hpp.
#include <pluzzle/host/sandbox/process_executor.hpp>

#include <pluzzle/host/base/install_paths.hpp>
#include <pluzzle/host/base/json_line.hpp>
#include <pluzzle/host/base/parallel.hpp>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <stdexcept>

#include <poll.h>

namespace pluzzle::host {
namespace {

constexpr size_t kSentPerWorker = 2;    // one solving, one waiting
constexpr int kFailedStartsAllowed = 3; // workers in a row dying before HELLO: a broken install, not a level

std::string format_seconds(double s) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", s);
    return text;
}

double since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

} // namespace

ProcessExecutor::ProcessExecutor(IsolateOptions options)
    : options_(std::move(options)), jobs_(resolve_jobs(options_.jobs)),
      grace_s_(options_.grace_s >= 0 ? options_.grace_s : 2 + 0.1 * options_.limits.timeout_s) {
    if (options_.worker.empty()) options_.worker = worker_executable();
    std::signal(SIGPIPE, SIG_IGN); // a worker that dies while we write to it is seen at its end of output
    wire::Setup setup;
    setup.timeout_s = options_.limits.timeout_s;
    setup.node_limit = options_.limits.node_limit;
    setup.max_solutions = options_.limits.max_solutions;
    setup.grace_s = grace_s_;
    setup.memory_limit_mib = options_.memory_limit_mib;
    setup.isolate = true;
    setup.plugin_paths = options_.plugin_paths;
    setup_frame_ = wire::encode(setup);
    slots_.resize(jobs_);
    for (Slot &slot : slots_) // started at once: their plugins load while the dispatcher reads the database
        start(slot);
}

ProcessExecutor::~ProcessExecutor() {
    for (Slot &slot : slots_)
        if (slot.process) slot.process->close_input(); // they finish and exit; ~WorkerProcess kills the ones left
    const auto until = Clock::now() + std::chrono::milliseconds(500);
    for (Slot &slot : slots_) {
        if (!slot.process) continue;
        pollfd p{slot.process->read_fd(), POLLIN, 0};
        while (Clock::now() < until && slot.process->read_some()) // until it closes its output
            poll(&p, 1, 50);
        slot.process.reset();
    }
}

void ProcessExecutor::start(Slot &slot) {
    slot.process = std::make_unique<WorkerProcess>(options_.worker);
    slot.process->send(setup_frame_);
    slot.process->flush();
    slot.hello = slot.lone = false;
    slot.sent.clear();
    slot.interrupted = 0;
    ++started_;
}

void ProcessExecutor::submit(WorkItem item) {
    LedgerExecutor::submit(std::move(item));
    fill(); // nothing after a cancel
}

size_t ProcessExecutor::held() const {
    size_t n = 0;
    for (const Slot &slot : slots_)
        n += slot.sent.size();
    return n;
}

void ProcessExecutor::stop_workers() {
    for (Slot &slot : slots_)
        if (slot.process) slot.process->signal(SIGUSR1); // the solve stops; the rest come back cancelled
}

void ProcessExecutor::interrupt_workers() {
    // The interrupt names the last chunk it stops: a worker that gets it late (after answering those) must not stop
    // the next chunk. (Chunk ids wrap far beyond any run: 2^31 items.)
    sigval upto{};
    upto.sival_int = -int(last_chunk_ & 0x7fffffffu);
    for (Slot &slot : slots_)
        if (slot.process && !slot.sent.empty()) {
            sigqueue(slot.process->pid(), SIGUSR1, upto);
            slot.interrupted = slot.sent.size();
            slot.interrupted_at = Clock::now();
        }
}

void ProcessExecutor::send(Slot &slot, WorkItem item) {
    if (slot.sent.empty()) slot.since = Clock::now();
    wire::Chunk chunk;
    chunk.chunk_id = ++last_chunk_ & 0x7fffffffu;
    chunk.items.push_back(item);
    slot.process->send(wire::encode(chunk));
    slot.sent.push_back(std::move(item));
}

void ProcessExecutor::fill() {
    for (Slot &slot : slots_) {
        if (ledger_.cancelled()) return;
        if (!slot.process && ledger_.has_queued()) start(slot);
        while (slot.process && ledger_.has_queued() && !slot.lone && slot.sent.size() < kSentPerWorker) {
            const bool suspect = ledger_.next_is_suspect();
            if (suspect && !slot.sent.empty()) break; // a suspect goes alone to an idle worker
            slot.lone = suspect;
            send(slot, ledger_.take_next());
        }
        if (slot.process) slot.process->flush(); // a dead worker shows at its end of output
    }
}

ProcessExecutor::Clock::time_point ProcessExecutor::deadline(const Slot &slot) const {
    if (slot.sent.empty()) return Clock::time_point::max();
    if (ledger_.cancelled())
        return ledger_.cancelled_at() +
               std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(grace_s_));
    if (slot.interrupted) // asked to stop what it is solving: it has the grace period to do so
        return slot.interrupted_at + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(grace_s_));
    if (options_.limits.timeout_s <= 0) return Clock::time_point::max();
    return slot.since + std::chrono::duration_cast<Clock::duration>(
                            std::chrono::duration<double>(options_.limits.timeout_s + grace_s_));
}

std::vector<WorkResult> ProcessExecutor::collect(std::chrono::milliseconds wait) {
    const auto until = Clock::now() + wait;
    fill();
    while (!ledger_.has_results()) {
        const auto now = Clock::now();
        for (Slot &slot : slots_)
            if (slot.process && now >= deadline(slot)) timed_out(slot, now);
        if (ledger_.has_results() || now >= until || pending() == 0) break;
        auto next = until;
        std::vector<pollfd> fds;
        std::vector<Slot *> of;
        for (Slot &slot : slots_) {
            if (!slot.process) continue;
            next = std::min(next, deadline(slot));
            fds.push_back({slot.process->read_fd(), POLLIN, 0});
            of.push_back(&slot);
            if (slot.process->wants_write() && slot.process->write_fd() >= 0)
                fds.push_back({slot.process->write_fd(), POLLOUT, 0}), of.push_back(&slot);
        }
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(next - now).count() + 1;
        poll(fds.data(), fds.size(), int(std::clamp<long long>(ms, 0, 1000)));
        for (size_t i = 0; i < fds.size(); ++i) {
            if (!of[i]->process) continue; // it died while an earlier fd was handled
            if (fds[i].events == POLLOUT && (fds[i].revents & (POLLOUT | POLLERR))) of[i]->process->flush();
            if (fds[i].events == POLLIN && fds[i].revents) read(*of[i]);
        }
        fill();
    }
    return ledger_.take_results();
}

void ProcessExecutor::read(Slot &slot) {
    const bool open = slot.process->read_some();
    wire::Frame frame;
    for (;;) {
        const auto status = slot.process->frames().next(frame);
        if (status == wire::FrameReader::Status::incomplete) break;
        if (status == wire::FrameReader::Status::malformed) {
            slot.process->signal(SIGKILL);
            died(slot, "protocol error: " + slot.process->frames().error(), slot.process->reap());
            return;
        }
        try {
            if (frame.kind == wire::Kind::hello) {
                slot.hello = true, failed_starts_ = 0;
                continue;
            }
            if (frame.kind != wire::Kind::result) throw wire::ProtocolError("unexpected frame", "kind");
            const wire::Result r = wire::decode_result(frame.payload);
            if (slot.sent.empty() || slot.sent.front().key() != ItemKey{r.level_id, r.part})
                throw wire::ProtocolError("a result for " + item_name({r.level_id, r.part}) + " it was not solving",
                                          "level_id");
            ledger_.finish(wire::from_wire(r));
            slot.sent.pop_front();
            if (slot.interrupted) --slot.interrupted;
            slot.since = Clock::now(), slot.lone = false;
        } catch (const wire::ProtocolError &e) {
            slot.process->signal(SIGKILL);
            died(slot, std::string("protocol error: ") + e.what(), slot.process->reap());
            return;
        }
    }
    if (!open) died(slot, "", slot.process->reap());
}

// The worker ended without answering what it held: its first level is the one it died on.
void ProcessExecutor::died(Slot &slot, const std::string &reason, const ExitReason &exit) {
    const std::string how = reason.empty() ? "worker " + exit.text() : reason;
    std::deque<WorkItem> held = std::move(slot.sent);
    const bool started = slot.hello;
    const Clock::time_point slot_since = slot.since;
    slot.process.reset();
    slot.sent.clear();
    // What an interrupt had asked to stop comes back cancelled, whatever ended the worker: it is not wanted again.
    for (; slot.interrupted > 0 && !held.empty(); --slot.interrupted) {
        ledger_.finish_cancelled(held.front().key());
        held.pop_front();
    }
    slot.interrupted = 0;
    if (!started && ++failed_starts_ >= kFailedStartsAllowed)
        throw std::runtime_error("the worker process '" + options_.worker + "' ended before it could start, " +
                                 std::to_string(failed_starts_) + " times in a row (last: " + how +
                                 "; its own messages are above): is the installation complete?");
    if (!held.empty() && started && !ledger_.cancelled()) {
        const WorkItem &item = held.front();
        if (ledger_.lost_again(item.key())) {
            JsonLine info;
            info.add("reason", how + " twice");
            if (exit.signal) info.add("signal", int64_t(exit.signal)).add("signal_name", exit.signal_name());
            if (exit.exit_code >= 0) info.add("exit_code", int64_t(exit.exit_code));
            info.add("max_rss_mib", int64_t(std::lround(exit.max_rss_mib)));
            fail(item, AttemptFailure::crashed, how + ", twice, on this level", info.str(), since(slot_since));
            held.pop_front();
        } else {
            note(item_name(item.key()) + ": " + how + "; trying it once more on a fresh worker");
        }
    }
    if (ledger_.cancelled()) {
        for (const WorkItem &item : held)
            ledger_.finish_cancelled(item.key());
        return;
    }
    for (auto it = held.rbegin(); it != held.rend(); ++it) // back to the front of the queue, in order
        ledger_.requeue(std::move(*it));
}

void ProcessExecutor::timed_out(Slot &slot, Clock::time_point now) {
    slot.process->signal(SIGKILL);
    const ExitReason exit = slot.process->reap();
    if (ledger_.cancelled()) { // it did not stop when asked: what it held comes back cancelled
        died(slot, "worker " + exit.text(), exit);
        return;
    }
    if (slot.interrupted) { // likewise for what an interrupt asked to stop; what was sent after it goes back
        for (size_t i = 0; i < slot.sent.size(); ++i)
            if (i < slot.interrupted) ledger_.finish_cancelled(slot.sent[i].key());
        for (size_t i = slot.sent.size(); i-- > slot.interrupted;) ledger_.requeue(std::move(slot.sent[i]));
        slot.sent.clear();
        slot.interrupted = 0;
        slot.process.reset();
        note("a worker did not stop when asked within " + format_seconds(grace_s_) + " s and was killed");
        return;
    }
    const double waited = std::chrono::duration<double>(now - slot.since).count();
    const std::string reason = "no answer " + format_seconds(waited - options_.limits.timeout_s) + " s after the " +
                               format_seconds(options_.limits.timeout_s) + " s limit; worker killed";
    JsonLine info;
    info.add("reason", reason).add("timeout_s", options_.limits.timeout_s).add("grace_s", grace_s_);
    fail(slot.sent.front(), AttemptFailure::timeout, reason, info.str(), 1000 * waited);
    for (size_t i = slot.sent.size(); i-- > 1;) // the others never started: back to the front of the queue
        ledger_.requeue(std::move(slot.sent[i]));
    slot.sent.clear();
    slot.process.reset();
}

void ProcessExecutor::fail(const WorkItem &item, AttemptFailure failure, const std::string &reason,
                           const std::string &info, double time_ms) {
    WorkResult r;
    r.level_id = item.level_id;
    r.part = item.part;
    r.time_ms = time_ms;
    r.status = failure;
    r.error = reason;
    r.info = info;
    ledger_.finish(std::move(r));
}

void ProcessExecutor::note(const std::string &text) const {
    if (on_note) on_note(text);
}

} // namespace pluzzle::host
