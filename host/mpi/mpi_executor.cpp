// mpi_executor.cpp -- see mpi_executor.hpp.
#include "mpi_executor.hpp"

#include "rank_plugins.hpp"

#include <pluzzle/host/base/json_line.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <thread>

namespace pluzzle::host::mpi {
namespace {

constexpr double kChunkMs = 100; // the work a chunk holds
constexpr size_t kMaxChunk = 256;
constexpr double kCancelGraceS = 2; // ranks that do not answer a cancel in this long are given up on

} // namespace

MpiExecutor::MpiExecutor(Channel &channel, double heartbeat_timeout_s, bool recovery)
    : channel_(channel), silence_(heartbeat_timeout_s), recovery_(recovery) {
    for (int r = 1; r < channel_.size(); ++r)
        ranks_[r].alive = false; // until its HELLO
}

void MpiExecutor::start(const wire::Setup &setup, const std::vector<wire::PluginEntry> &rank0_plugins) {
    const auto begun = said_ = Clock::now();
    for (auto &[r, rank] : ranks_)
        channel_.send(r, setup);
    std::string mismatches;
    size_t answered = 0;
    while (answered < ranks_.size() && Clock::now() - begun < start_up_allowance(silence_.count())) {
        beat(Clock::now()); // the ranks that answered wait for the others without falling silent
        std::optional<Message> m = channel_.receive();
        if (!m) {
            std::this_thread::sleep_for(std::chrono::microseconds(500));
            continue;
        }
        if (m->kind != wire::Kind::hello || !ranks_.count(m->source) || ranks_[m->source].alive) {
            handle(*m); // an answered rank's heartbeat
            continue;
        }
        const wire::Hello h = wire::decode_hello(m->payload);
        ++answered;
        mismatches += rank_plugin_differences(m->source, h.host, rank0_plugins, h.plugins);
        Rank &rank = ranks_[m->source];
        rank.alive = true, rank.slots = std::max(1u, h.slots), rank.host = h.host, rank.heard = Clock::now();
    }
    if (!mismatches.empty()) throw PluginMismatch(mismatches);
    const size_t silent = ranks_.size() - answered;
    if (silent && (!recovery_ || !answered))
        throw std::runtime_error("MPI: " + std::to_string(silent) + " rank(s) did not start within " +
                                 std::to_string(int(start_up_allowance(silence_.count()).count())) + " s");
    for (auto &[r, rank] : ranks_)
        if (!rank.alive) {
            rank.alive = true, rank.host = "unknown"; // lost like a rank that dies later: reported once
            lose(r, "no HELLO within the start-up allowance");
        }
}

MpiExecutor::~MpiExecutor() {
    for (auto &[r, rank] : ranks_)
        if (rank.alive) channel_.send(r, wire::Stop{});
}

unsigned MpiExecutor::slots() const {
    unsigned n = 0;
    for (const auto &[r, rank] : ranks_)
        if (rank.alive) n += rank.slots;
    return std::max(1u, n);
}

// Twice what the ranks can hold at the current chunk size: whole chunks for every rank, and a tail that shrinks them.
// Sized by the chunk, not its cap, so rank 0 keeps ~0.4 s of work per slot in memory rather than 4 * 256 levels a
// slot whatever their solve time (docs/design/mpi-64-ranks.md, section 5); read on every dispatcher loop.
size_t MpiExecutor::backlog() const { return std::max<size_t>(64, 4 * size_t(slots()) * target_chunk()); }

size_t MpiExecutor::target_chunk() const {
    const double per = mean_ms_ > 0 ? kChunkMs / mean_ms_ : 1;
    return std::clamp<size_t>(size_t(std::max(1.0, per)), 1, kMaxChunk);
}

size_t MpiExecutor::held() const {
    size_t n = 0;
    for (const auto &[r, rank] : ranks_)
        n += rank.held.size();
    return n;
}

void MpiExecutor::stop_workers() {
    for (auto &[r, rank] : ranks_)
        if (rank.alive) channel_.send(r, wire::Cancel{});
}

// Ranks keep their order of messages: whatever chunk they get after this is not stopped by it.
void MpiExecutor::interrupt_workers() {
    for (auto &[r, rank] : ranks_)
        if (rank.alive && !rank.held.empty()) channel_.send(r, wire::Interrupt{});
}

// Guided self-scheduling: a chunk of about kChunkMs of work, but no more than an even share of what is left.
size_t MpiExecutor::chunk_size(size_t room) const {
    const size_t share = (ledger_.queued() + 2 * slots() - 1) / (2 * slots());
    return std::clamp<size_t>(std::min(target_chunk(), share), 1, std::min(room, kMaxChunk));
}

void MpiExecutor::fill() {
    if (ledger_.cancelled()) return;
    for (auto &[r, rank] : ranks_) {
        if (!rank.alive) continue;
        for (size_t capacity = 2 * rank.slots * std::max<size_t>(1, chunk_size(kMaxChunk));
             ledger_.has_queued() && rank.held.size() < capacity;) {
            // A level's cubes are as uneven as levels are not (one may take a thousand times another), and a rank
            // cannot hand back what it holds: a cube queued behind a long one would wait there while other ranks
            // idle at the end. So a rank holds two cubes a slot at most, sent one at a time: the one it runs and the
            // next, which spares the round trip after each cube (most take milliseconds) and lets one cube at most
            // wait behind a long one.
            const bool cube = ledger_.next_is_cube();
            if (cube && rank.held.size() >= 2 * rank.slots) break;
            wire::Chunk chunk;
            const bool alone = ledger_.next_is_suspect();
            if (alone && !rank.held.empty()) break; // a suspect goes alone to an idle rank
            const size_t n = alone || cube ? 1 : chunk_size(capacity - rank.held.size());
            for (size_t i = 0; i < n && ledger_.has_queued() && !(i && ledger_.next_is_suspect()); ++i) {
                WorkItem item = ledger_.take_next();
                chunk.items.push_back(item);
                rank.held.emplace(item.key(), std::move(item));
            }
            channel_.send(r, chunk);
            if (alone) break;
        }
    }
}

void MpiExecutor::handle(const Message &m) {
    auto it = ranks_.find(m.source);
    if (it == ranks_.end() || !it->second.alive) return; // a lost rank's late words: its levels went elsewhere
    Rank &rank = it->second;
    rank.heard = Clock::now();
    if (m.kind == wire::Kind::results) {
        for (const wire::Result &r : wire::decode_results(m.payload).results) {
            if (!rank.held.erase(ItemKey{r.level_id, r.part})) continue; // not ours (any more)
            mean_ms_ = mean_ms_ > 0 ? 0.8 * mean_ms_ + 0.2 * std::max(0.01, r.time_ms) : std::max(0.01, r.time_ms);
            ledger_.finish(wire::from_wire(r));
        }
    } else if (m.kind == wire::Kind::returned) {
        for (const ItemKey &key : wire::decode_returned(m.payload).items)
            if (rank.held.erase(key)) ledger_.finish_cancelled(key);
    }
}

void MpiExecutor::lose(int r, const std::string &why) {
    Rank &rank = ranks_.at(r);
    rank.alive = false;
    ++lost_;
    channel_.forget(r);
    if (on_note)
        on_note("rank " + std::to_string(r) + " (host " + rank.host + ") lost: " + why + "; its " +
                std::to_string(rank.held.size()) + " unfinished level(s) go back to the queue");
    for (auto &[key, item] : rank.held) {
        if (ledger_.cancelled()) {
            ledger_.finish_cancelled(key);
        } else if (ledger_.lost_again(key)) { // a second rank lost on this item: it is the item
            WorkResult w;
            w.level_id = key.level_id;
            w.part = key.part;
            w.status = AttemptFailure::crashed;
            w.error = "two MPI ranks were lost while solving it";
            w.info = JsonLine().add("reason", w.error).str();
            ledger_.finish(std::move(w));
        } else {
            ledger_.requeue(std::move(item));
        }
    }
    rank.held.clear();
}

// Rank 0 is alive too: the ranks stop when it falls silent.
void MpiExecutor::beat(Clock::time_point now) {
    if (now - said_ <= silence_ / 5) return;
    for (auto &[r, rank] : ranks_)
        if (rank.alive) channel_.send(r, wire::Heartbeat{++beat_});
    said_ = now;
}

void MpiExecutor::check_silence(Clock::time_point now) {
    for (auto &[r, rank] : ranks_) {
        if (!rank.alive) continue;
        if (now - rank.heard > silence_)
            lose(r, "no message for " + std::to_string(int(silence_.count())) + " s");
        else if (ledger_.cancelled() && !rank.held.empty() &&
                 now - ledger_.cancelled_at() > std::chrono::duration<double>(kCancelGraceS))
            lose(r, "no answer to the cancel");
    }
    if (ledger_.has_queued() &&
        std::none_of(ranks_.begin(), ranks_.end(), [](const auto &e) { return e.second.alive; }))
        throw std::runtime_error("MPI: no worker ranks left; rerun with --resume to solve the rest");
}

std::vector<WorkResult> MpiExecutor::collect(std::chrono::milliseconds wait) {
    const auto until = Clock::now() + wait;
    for (;;) {
        fill();
        bool heard = false;
        while (auto m = channel_.receive())
            handle(*m), heard = true;
        const auto now = Clock::now();
        beat(now);
        check_silence(now);
        if (ledger_.has_results() || now >= until || pending() == 0) break;
        // Iprobe and sleep, never a spin inside MPI; the sleep grows while nothing comes (each rank holds two
        // chunks' worth of work, so a late look costs no rank anything, while waking often takes CPU from them).
        idle_ = heard ? std::chrono::microseconds(200) : std::min(2 * idle_, std::chrono::microseconds(4000));
        std::this_thread::sleep_for(std::min<Clock::duration>(idle_, until - now));
    }
    return ledger_.take_results();
}

} // namespace pluzzle::host::mpi
