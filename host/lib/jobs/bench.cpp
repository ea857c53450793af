#include <pluzzle/host/jobs/bench.hpp>

#include <cstdio>
#include <ctime>

namespace pluzzle::host {

namespace {

double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

} // namespace

BenchRun bench_one(const SourceLevel &level, const BenchOptions &limits, const KeyValues &options) {
    BenchRun run;
    SolveOptions so;
    so.time_limit_s = limits.timeout_s;
    so.node_limit = limits.node_limit;
    so.max_solutions = limits.max_solutions;
    so.params = options;
    so.cancel = limits.cancel;
    const double start = thread_cpu_seconds();
    try {
        const SolveReport r = level.plugin->solve(level.level.get(), so);
        run.status = r.status;
        run.nodes = r.nodes;
    } catch (const std::exception &e) {
        run.status = AttemptFailure::error;
        run.error = e.what();
    }
    run.cpu_s = thread_cpu_seconds() - start;
    return run;
}

std::vector<BenchEntry> bench(const std::vector<SourceLevel> &levels, const BenchOptions &options) {
    std::vector<BenchEntry> out;
    for (auto &l : levels) {
        if (options.cancel && options.cancel->load()) break;
        BenchEntry e;
        e.file = l.file;
        e.name = l.name;
        e.type = l.plugin->id();
        e.index = l.index;
        // The first solve of a level runs colder (caches, allocator), so the order alternates between levels:
        // neither side of the ratio gets the warm run every time.
        const bool baseline_first = options.with_baseline && out.size() % 2 == 1;
        if (baseline_first) e.baseline = bench_one(l, options, options.baseline);
        e.run = bench_one(l, options, options.options);
        if (options.with_baseline && !baseline_first) e.baseline = bench_one(l, options, options.baseline);
        out.push_back(std::move(e));
    }
    return out;
}

std::string signature_of(const std::vector<std::string> &lines) {
    uint64_t h = 1469598103934665603ull;
    for (const std::string &line : lines)
        for (unsigned char c : line + "\n") h = (h ^ c) * 1099511628211ull;
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

std::string bench_signature(const std::vector<BenchEntry> &entries) {
    std::vector<std::string> lines;
    for (auto &e : entries)
        lines.push_back(attempt_status_text(e.run.status) + (" " + std::to_string(e.run.nodes)));
    return signature_of(lines);
}

} // namespace pluzzle::host
