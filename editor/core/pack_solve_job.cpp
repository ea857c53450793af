// pack_solve_job.cpp -- see pack_solve_job.hpp.
#include "pack_solve_job.hpp"

#include <pluzzle/host/sandbox/plugin_sandbox.hpp>
#include <pluzzle/host/sandbox/process_executor.hpp>

#include <algorithm>

namespace pluzzle::editor {

PackSolveJob::PackSolveJob(std::string database, std::string pack, std::shared_ptr<const host::PluginRegistry> registry,
                           double timeout_s)
    : pack_(std::move(pack)),
      thread_([this, database = std::move(database), registry = std::move(registry), timeout_s]() mutable {
          run(std::move(database), std::move(registry), timeout_s);
      }) {}

PackSolveJob::~PackSolveJob() {
    cancel_ = true;
    if (thread_.joinable()) thread_.join();
}

std::vector<host::BulkItem> PackSolveJob::take_results() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<host::BulkItem> out;
    out.swap(arrived_);
    return out;
}

std::string PackSolveJob::error() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return error_;
}

void PackSolveJob::run(std::string database, std::shared_ptr<const host::PluginRegistry> registry, double timeout_s) {
    try {
        host::Store store(database);
        store.check_writable();
        host::BulkOptions options;
        options.filter = host::LevelFilter(pack_);
        options.timeout_s = timeout_s;
        options.cancel = &cancel_;
        options.run_kind = "editor pack solve"; // shares the database with CLI runs (claims, leases)
        // One core stays with the window: its frames must keep coming while the pack solves.
        options.jobs = std::max(1u, std::thread::hardware_concurrency() - 1);
        total_ = store.count_levels(options.filter);
        options.on_item = [this](const host::BulkItem &item) {
            std::lock_guard<std::mutex> lock(mutex_);
            arrived_.push_back(item);
        };
        options.on_progress = [this](const host::BulkProgress &p) { done_ = p.done; };
        if (host::in_process_requested()) {
            host::bulk_solve(store, *registry, options);
        } else {
            host::IsolateOptions isolate;
            isolate.jobs = options.jobs;
            isolate.limits = {timeout_s, 0};
            for (const std::string &type : store.level_types(options.filter))
                if (const auto plugin = registry->find(type)) isolate.plugin_paths.push_back(plugin->path());
            host::ProcessExecutor workers(isolate);
            host::bulk_solve(store, *registry, options, workers);
        }
    } catch (const std::exception &e) {
        std::lock_guard<std::mutex> lock(mutex_);
        error_ = e.what();
    }
    finished_ = true;
}

} // namespace pluzzle::editor
