// mpi_worker.cpp -- see mpi_worker.hpp.
#include "mpi_worker.hpp"

#include "mpi_executor.hpp"

#include <pluzzle/host/sandbox/process_executor.hpp>
#include <pluzzle/host/solve/thread_executor.hpp>

#include <chrono>
#include <memory>
#include <thread>
#include <unordered_set>

namespace pluzzle::host::mpi {
namespace {

using Clock = std::chrono::steady_clock;

std::unique_ptr<Executor> local_workers(const wire::Setup &setup, const PluginRegistry &registry) {
    const RunLimits limits{setup.timeout_s, setup.node_limit, setup.max_solutions};
    if (!setup.isolate) return std::make_unique<ThreadExecutor>(registry, limits, setup.local_jobs);
    IsolateOptions iso;
    iso.jobs = setup.local_jobs;
    iso.limits = limits;
    iso.grace_s = setup.grace_s;
    iso.memory_limit_mib = setup.memory_limit_mib;
    for (const auto &p : registry.plugins()) // this node's own files: its paths may differ from rank 0's
        iso.plugin_paths.push_back(p->path());
    return std::make_unique<ProcessExecutor>(iso);
}

} // namespace

int run_worker_rank(Channel &channel, const PluginRegistry &registry, double heartbeat_timeout_s) {
    const auto silence = std::chrono::duration<double>(heartbeat_timeout_s);
    auto heard = Clock::now(), said = Clock::now();
    std::unique_ptr<Executor> workers;
    std::unordered_set<ItemKey, ItemKeyHash> held; // items received and not yet answered
    bool stopping = false, cancelled = false;
    uint64_t beat = 0;
    for (;;) {
        bool busy = false;
        while (auto m = channel.receive()) {
            busy = true;
            if (m->source != 0) continue;
            heard = Clock::now();
            switch (m->kind) {
            case wire::Kind::setup: {
                workers = local_workers(wire::decode_setup(m->payload), registry);
                channel.send(0, wire::hello_of(registry, workers->slots())); // rank 0 checks the plugins
                break;
            }
            case wire::Kind::chunk:
                if (!workers) break;
                for (WorkItem &item : wire::decode_chunk(m->payload).items) {
                    held.insert(item.key());
                    workers->submit(std::move(item));
                }
                break;
            case wire::Kind::cancel:
                cancelled = true;
                if (workers) workers->cancel();
                break;
            case wire::Kind::interrupt:
                if (workers) { // what had not started comes back at once; the running ones answer cancelled
                    wire::Returned back;
                    back.items = workers->interrupt();
                    for (const ItemKey &key : back.items) held.erase(key);
                    if (!back.items.empty()) channel.send(0, back), said = Clock::now();
                }
                break;
            case wire::Kind::stop: stopping = true; break;
            default: break; // heartbeats only count as life
            }
        }
        if (workers) {
            wire::Results batch;
            // (the local workers hold two chunks' worth: a new chunk may wait a few milliseconds to be read)
            for (const WorkResult &r : workers->collect(std::chrono::milliseconds(busy ? 0 : 5))) {
                held.erase(r.key());
                batch.results.push_back(wire::to_wire(r));
            }
            if (!batch.results.empty()) channel.send(0, batch), said = Clock::now();
            if (cancelled && workers->pending() == 0 && !held.empty()) { // dropped before they started
                wire::Returned back;
                back.items.assign(held.begin(), held.end());
                held.clear();
                channel.send(0, back), said = Clock::now();
            }
            if (stopping && workers->pending() == 0) break;
        } else {
            if (stopping) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        const auto now = Clock::now();
        if (now - said > silence / 5) channel.send(0, wire::Heartbeat{++beat}), said = now;
        // Rank 0 is gone (before SETUP it may still be opening the database: the start-up allowance then).
        if (now - heard > (workers ? silence : start_up_allowance(heartbeat_timeout_s))) return 1;
    }
    workers.reset();
    // Let the last messages leave before MPI_Finalize.
    for (int i = 0; i < 100 && channel.receive(); ++i) {
    }
    return 0;
}

} // namespace pluzzle::host::mpi
