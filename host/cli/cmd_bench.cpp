// `pluzzle bench FILE...`: one thread, CPU seconds per level, status, nodes, totals, a deterministic signature,
// and (with --baseline-option) the ratio to a baseline configuration measured in the same run. With --split, the
// whole solve on one thread against cube-and-conquer on -j threads, in wall seconds.
#include <CLI/CLI.hpp>

#include <pluzzle/host/jobs/bench.hpp>
#include <pluzzle/host/jobs/split_bench.hpp>
#include "cli_checks.hpp"
#include "cli_context.hpp"
#include "common_options.hpp"

#include <pluzzle/host/base/errors.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>

namespace pluzzle::cli {

namespace {

struct BenchArgs {
    std::vector<std::string> files, options, baseline;
    std::string type, format;
    double timeout_s = 0;
    uint64_t node_limit = 0;
    uint32_t max_solutions = 2;
    bool split = false;
    unsigned jobs = 0;
};

// --split: each level whole on one thread against its cubes on -j threads, wall seconds (split_bench.hpp).
int run_split(Context &ctx, const BenchArgs &args, const std::vector<host::SourceLevel> &levels) {
    host::SplitBenchOptions options;
    options.timeout_s = args.timeout_s;
    options.max_solutions = args.max_solutions;
    options.jobs = args.jobs;
    options.cancel = &ctx.cancel;
    const auto entries = host::split_bench(ctx.registry(), levels, options);
    double whole = 0, split = 0, split_one = 0;
    bool agree = true;
    if (!ctx.json)
        std::printf("%-28s %-9s %9s %9s %-9s %9s %8s %8s\n", "level", "whole", "wall (s)", "split -j1", "split",
                    "wall (s)", "vs whole", "vs -j1");
    for (const auto &e : entries) {
        whole += e.whole_s, split += e.split_s, split_one += e.split_one_s, agree = agree && e.agree;
        const std::string label = std::filesystem::path(e.file).filename().string() + "#" + std::to_string(e.index + 1);
        const char *ws = host::attempt_status_text(e.whole.status), *ss = host::attempt_status_text(e.split.status);
        if (ctx.json) {
            host::JsonLine j;
            j.add("file", e.file).add("index", uint64_t(e.index)).add("type", e.type);
            j.add("whole_status", ws).add("whole_wall_s", e.whole_s).add("split_status", ss).add("split_wall_s", e.split_s);
            if (args.jobs != 1) j.add("split_one_wall_s", e.split_one_s);
            if (!std::isnan(e.split.upper_bound))
                j.add("lower_bound", e.split.lower_bound).add("upper_bound", e.split.upper_bound);
            j.add("agree", e.agree);
            ctx.emit(j);
        } else {
            std::printf("%-28.28s %-9s %9.3f %9.3f %-9s %9.3f %7.2fx %7.2fx%s\n", label.c_str(), ws, e.whole_s,
                        e.split_one_s, ss, e.split_s, e.split_s > 0 ? e.whole_s / e.split_s : 0.0,
                        e.split_s > 0 ? e.split_one_s / e.split_s : 0.0, e.agree ? "" : "  ANSWERS DIFFER");
        }
    }
    const bool interrupted = ctx.cancel.load();
    const std::string signature = interrupted ? "" : host::split_bench_signature(entries);
    if (ctx.json) {
        host::JsonLine j;
        j.add("total_whole_wall_s", whole).add("total_split_wall_s", split).add("total_split_one_wall_s", split_one);
        j.add("agree", agree).add("signature", signature);
        ctx.emit(j);
    } else {
        std::printf("total %zu level(s): whole %.3f s, split -j1 %.3f s, split %.3f s (%.2fx vs whole, %.2fx vs -j1), "
                    "answers %s\nsignature %s\n",
                    entries.size(), whole, split_one, split, split > 0 ? whole / split : 0.0,
                    split > 0 ? split_one / split : 0.0, agree ? "agree" : "DIFFER",
                    interrupted ? "none (interrupted)" : signature.c_str());
    }
    return interrupted || !agree ? kExitFailed : kExitOk;
}

int run(Context &ctx, const BenchArgs &args) {
    std::vector<host::SourceLevel> levels;
    const host::SourceOptions source = ctx.source_options(args.type, args.format);
    for (auto &f : args.files)
        for (auto &l : host::load_levels(ctx.registry(), f, source))
            levels.push_back(std::move(l));
    if (args.split) {
        if (!args.options.empty() || !args.baseline.empty())
            throw host::InputError("--split", "--option and --baseline-option cannot be combined with --split yet");
        if (args.node_limit) throw host::InputError("--split", "--node-limit cannot be combined with --split");
        for (const auto &l : levels)
            if (!l.plugin->can_split())
                throw host::InputError(l.file, "--split: plugin '" + l.plugin->id() + "' does not split levels into cubes");
        return run_split(ctx, args, levels);
    }
    host::BenchOptions options;
    options.timeout_s = args.timeout_s;
    options.node_limit = args.node_limit;
    options.max_solutions = args.max_solutions;
    options.options = parse_key_values(args.options, "--option");
    options.baseline = parse_key_values(args.baseline, "--baseline-option");
    options.with_baseline = !args.baseline.empty();
    options.cancel = &ctx.cancel;
    for (auto &l : levels) {
        host::check_solver_options(*l.plugin, options.options);
        host::check_solver_options(*l.plugin, options.baseline, "--baseline-option");
    }
    const auto entries = host::bench(levels, options);

    struct Total {
        size_t levels = 0, solved = 0;
        double cpu = 0, baseline_cpu = 0, worst = 0;
        uint64_t nodes = 0;
    };
    std::map<std::string, Total> totals;
    int exit_code = kExitOk;
    if (!ctx.json)
        std::printf("%-44s %-10s %10s %14s%s\n", "level", "status", "cpu (s)", "nodes",
                    options.with_baseline ? "   base (s)  ratio" : "");
    for (auto &e : entries) {
        Total &t = totals[e.type];
        ++t.levels;
        t.solved += host::attempt_solved(e.run.status);
        t.cpu += e.run.cpu_s;
        t.baseline_cpu += e.baseline.cpu_s;
        t.nodes += e.run.nodes;
        t.worst = std::max(t.worst, e.run.cpu_s);
        if (!host::attempt_solved(e.run.status)) exit_code = kExitFailed;
        // File name and index first: a long path must not push the index out of the column.
        const std::string label = std::filesystem::path(e.file).filename().string() + "#" + std::to_string(e.index + 1) +
                                  (e.name.empty() ? "" : " " + e.name);
        const char *status = host::attempt_status_text(e.run.status);
        if (ctx.json) {
            host::JsonLine j;
            j.add("file", e.file).add("index", uint64_t(e.index)).add("name", e.name).add("type", e.type);
            j.add("status", status).add("cpu_s", e.run.cpu_s).add("nodes", e.run.nodes);
            if (options.with_baseline)
                j.add("baseline_status", host::attempt_status_text(e.baseline.status))
                    .add("baseline_cpu_s", e.baseline.cpu_s);
            if (!e.run.error.empty()) j.add("error", e.run.error);
            ctx.emit(j);
        } else {
            std::printf("%-44.44s %-10s %10.4f %14llu", label.c_str(), status, e.run.cpu_s,
                        static_cast<unsigned long long>(e.run.nodes));
            if (options.with_baseline)
                std::printf(" %10.4f %6.2fx", e.baseline.cpu_s, e.run.cpu_s > 0 ? e.baseline.cpu_s / e.run.cpu_s : 0.0);
            std::printf("\n");
        }
    }
    // An interrupted run measured only some levels: its signature would pass for another set's, so it has none.
    const bool interrupted = ctx.cancel.load();
    const std::string signature = interrupted ? "" : host::bench_signature(entries);
    if (ctx.json) {
        for (auto &[type, t] : totals) {
            host::JsonLine j;
            j.add("total", type).add("levels", uint64_t(t.levels)).add("solved", uint64_t(t.solved));
            j.add("cpu_s", t.cpu).add("max_cpu_s", t.worst).add("nodes", t.nodes);
            if (options.with_baseline) j.add("baseline_cpu_s", t.baseline_cpu);
            ctx.emit(j);
        }
        host::JsonLine s;
        s.add("signature", signature);
        if (interrupted) s.add("interrupted", true).add("measured", uint64_t(entries.size()));
        ctx.emit(s);
    } else {
        for (auto &[type, t] : totals) {
            std::printf("total %-12s %zu level(s), %zu solved, cpu %.4f s (max %.4f s), %llu nodes", type.c_str(),
                        t.levels, t.solved, t.cpu, t.worst, static_cast<unsigned long long>(t.nodes));
            if (options.with_baseline)
                std::printf(", baseline %.4f s (%.2fx)", t.baseline_cpu, t.cpu > 0 ? t.baseline_cpu / t.cpu : 0.0);
            std::printf("\n");
        }
        if (interrupted)
            std::printf("signature none (interrupted: %zu of %zu levels measured)\n", entries.size(), levels.size());
        else
            std::printf("signature %s\n", signature.c_str());
    }
    return interrupted ? kExitFailed : exit_code;
}

} // namespace

void add_bench_command(CLI::App &app, Context &ctx) {
    auto args = std::make_shared<BenchArgs>();
    CLI::App *cmd = app.add_subcommand("bench", "Benchmark solving on one thread: CPU seconds, nodes, signature (--split: whole against cubes)");
    cmd->add_option("files", args->files, "Level files")->required();
    add_level_type_options(*cmd, args->type, args->format);
    cmd->add_option("--timeout", args->timeout_s, "Seconds per level (0 = none; a timeout makes the signature "
                                                  "machine-dependent)")->check(kSeconds);
    add_node_limit_option(*cmd, args->node_limit);
    cmd->add_option("--max-solutions", args->max_solutions,
                    "Solutions to look for: 2 proves uniqueness, 1 measures time to a first solution")
        ->check(kNotNegative & CLI::Range(1u, 1000000u));
    cmd->add_option("--option", args->options, "Solver option key=value of the measured run (repeatable)");
    cmd->add_option("--baseline-option", args->baseline,
                    "Solver option key=value of a baseline run of each level in the same process (repeatable)");
    cmd->add_flag("--split", args->split,
                  "Each level whole on one thread against its cubes (cube-and-conquer) on -j threads, in wall seconds");
    cmd->add_option("-j,--jobs", args->jobs, "--split: threads for the cubes (0 = every core)");
    cmd->callback([&ctx, args] { ctx.exit_code = run(ctx, *args); });
}

} // namespace pluzzle::cli
