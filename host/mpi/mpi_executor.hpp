// mpi_executor.hpp -- rank 0's Executor in `db solve --mpi`: the other ranks are its workers. Levels go out in
// chunks sized by the solve time seen so far (about a tenth of a second of work each, smaller in the tail, so the
// ranks finish together), two chunks' worth per rank so none waits for rank 0.
//
// A rank that says nothing (no result, no heartbeat) for the heartbeat timeout is lost: it is reported, never sent
// to again, and its unanswered levels go back to the queue, each alone -- one that was on a second lost rank is
// recorded crashed. (Open MPI ends the whole job when a rank dies unless mpirun runs with --enable-recovery; then
// the results stored so far stay, and --resume finishes the rest.)
#pragma once
#include "mpi_channel.hpp"

#include <pluzzle/host/solve/work_ledger.hpp>

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>

namespace pluzzle::host::mpi {

// The ranks' plugins differ from rank 0's: nothing is solved (the message lists the differences, one per line).
class PluginMismatch : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// How long the start may take before a rank counts as lost: SETUP comes once rank 0 has opened the database, and a
// rank answers once its local workers (perhaps processes loading plugins on a busy node) are up -- slower than the
// heartbeats of a run under way, so never less than 20 s.
inline std::chrono::duration<double> start_up_allowance(double heartbeat_timeout_s) {
    return std::chrono::duration<double>(std::max(heartbeat_timeout_s, 20.0));
}

class MpiExecutor : public LedgerExecutor {
  public:
    // `recovery`: mpirun keeps the job alive when a rank dies (--enable-recovery), so a rank lost at the start is
    // reported and the run goes on without it; otherwise the start fails.
    MpiExecutor(Channel &channel, double heartbeat_timeout_s, bool recovery);
    // Sends SETUP to every other rank and waits (point to point, with a deadline: no collective that a dead rank
    // could hold up) for their HELLOs. Throws PluginMismatch when a rank's plugins differ from `rank0_plugins`, and
    // runtime_error when no rank answered (or, without recovery, any one did not).
    void start(const wire::Setup &setup, const std::vector<wire::PluginEntry> &rank0_plugins);
    ~MpiExecutor() override; // STOP to every rank left

    unsigned slots() const override;
    size_t backlog() const override; // grows with the chunk size as solve times become known
    std::vector<WorkResult> collect(std::chrono::milliseconds wait) override;

    size_t ranks_lost() const { return lost_; }

  private:
    using Clock = std::chrono::steady_clock;
    struct Rank {
        bool alive = true;
        unsigned slots = 1;
        std::string host;
        Clock::time_point heard;
        std::map<ItemKey, WorkItem> held; // sent, not answered
    };

    size_t held() const override;
    void stop_workers() override;
    void interrupt_workers() override;
    void fill();
    void handle(const Message &m);
    void beat(Clock::time_point now);
    void check_silence(Clock::time_point now);
    void lose(int rank, const std::string &why);
    size_t chunk_size(size_t room) const;
    size_t target_chunk() const; // ~kChunkMs of work at the mean solve time so far

    Channel &channel_;
    std::chrono::duration<double> silence_;
    bool recovery_ = false;
    std::map<int, Rank> ranks_; // by rank number (1..size-1)
    double mean_ms_ = 0; // the levels' solve time so far (an exponential mean): chunks hold ~0.1 s of work
    Clock::time_point said_;
    uint64_t beat_ = 0;
    std::chrono::microseconds idle_{200}; // collect()'s sleep between looks, longer while nothing arrives
    size_t lost_ = 0;
};

} // namespace pluzzle::host::mpi
