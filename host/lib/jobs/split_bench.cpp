#include <pluzzle/host/jobs/split_bench.hpp>

#include <pluzzle/host/jobs/bench.hpp>

#include <pluzzle/host/solve/conquest.hpp>
#include <pluzzle/host/solve/thread_executor.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>

namespace pluzzle::host {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The level as a whole item on one thread: the same path the conquest's own items take, so the two sides differ
// only in the split.
WorkResult solve_whole(const PluginRegistry &registry, const WorkItem &item, const SplitBenchOptions &options) {
    ThreadExecutor one(registry, RunLimits{options.timeout_s, 0, options.max_solutions}, 1);
    one.submit(item);
    for (;;) {
        if (options.cancel && options.cancel->load()) one.cancel();
        std::vector<WorkResult> got = one.collect(std::chrono::milliseconds(20));
        if (!got.empty()) return std::move(got.front());
    }
}

WorkResult solve_split(const PluginRegistry &registry, const WorkItem &item, const SplitBenchOptions &options,
                       unsigned jobs) {
    ThreadExecutor many(registry, RunLimits{options.timeout_s, 0, options.max_solutions}, jobs);
    ConquestOptions conquest;
    conquest.time_limit_s = options.timeout_s;
    conquest.max_solutions = options.max_solutions;
    conquest.cancel = options.cancel;
    return conquer(many, item, conquest);
}

bool decided(const WorkResult &r) { return r.status && is_final(*r.status); }

std::string number(double v) {
    if (std::isnan(v)) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// What a decided answer found: the optimum of an optimiser's level, else how many solutions (up to the cap).
std::string measure(const WorkResult &r) {
    return std::isnan(r.upper_bound) ? std::to_string(r.solutions_found) : number(r.upper_bound);
}

} // namespace

bool answers_agree(const WorkResult &a, const WorkResult &b) {
    if (!a.status || !b.status) return false; // a failure (an error, a crash) answers nothing
    if (decided(a) && decided(b))
        return *a.status == *b.status && measure(a) == measure(b);
    // One undecided: its bounds must hold the other's optimum (when there is one).
    const WorkResult &open = decided(a) ? b : a, &known = decided(a) ? a : b;
    if (!decided(known) || std::isnan(known.upper_bound)) return true;
    return !(open.lower_bound > known.upper_bound) && !(open.upper_bound < known.upper_bound);
}

std::vector<SplitBenchEntry> split_bench(const PluginRegistry &registry, const std::vector<SourceLevel> &levels,
                                         const SplitBenchOptions &options) {
    std::vector<SplitBenchEntry> out;
    for (const SourceLevel &l : levels) {
        if (options.cancel && options.cancel->load()) break;
        SplitBenchEntry e;
        e.file = l.file;
        e.name = l.name;
        e.type = l.plugin->id();
        e.index = l.index;
        const WorkItem item = level_item(int64_t(out.size() + 1), e.type, l.plugin->encode(level_here(l).get()));
        // Alternating which side runs first, as `bench` does: neither gets the warm caches every time.
        const auto run_whole = [&] {
            const auto start = std::chrono::steady_clock::now();
            e.whole = solve_whole(registry, item, options);
            e.whole_s = seconds_since(start);
        };
        const auto run_split = [&] {
            auto start = std::chrono::steady_clock::now();
            e.split = solve_split(registry, item, options, options.jobs);
            e.split_s = seconds_since(start);
            if (options.jobs == 1) return;
            start = std::chrono::steady_clock::now();
            e.split_one = solve_split(registry, item, options, 1);
            e.split_one_s = seconds_since(start);
        };
        if (out.size() % 2 == 0) run_whole(), run_split();
        else run_split(), run_whole();
        e.agree = answers_agree(e.whole, e.split) && (options.jobs == 1 || answers_agree(e.whole, e.split_one));
        out.push_back(std::move(e));
    }
    return out;
}

std::string split_bench_signature(const std::vector<SplitBenchEntry> &entries) {
    std::vector<std::string> lines;
    for (const SplitBenchEntry &e : entries)
        lines.push_back(std::string(attempt_status_text(e.split.status)) + " " + number(e.split.lower_bound) + " " +
                        measure(e.split));
    return signature_of(lines);
}

} // namespace pluzzle::host
