// `pluzzle bench FILE...`: one thread, CPU seconds per level, status, nodes, totals, a deterministic signature,
// and (with --baseline-option) the ratio to a baseline configuration measured in the same run.
#include <CLI/CLI.hpp>

#include <pluzzle/host/jobs/bench.hpp>
#include "cli_checks.hpp"
#include "cli_context.hpp"
#include "common_options.hpp"

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
};

int run(Context &ctx, const BenchArgs &args) {
    std::vector<host::SourceLevel> levels;
    const host::SourceOptions source = ctx.source_options(args.type, args.format);
    for (auto &f : args.files)
        for (auto &l : host::load_levels(ctx.registry(), f, source))
            levels.push_back(std::move(l));
    host::BenchOptions options;
    options.timeout_s = args.timeout_s;
    options.node_limit = args.node_limit;
    options.max_solutions = args.max_solutions;
    options.options = parse_key_values(args.options);
    options.baseline = parse_key_values(args.baseline);
    options.with_baseline = !args.baseline.empty();
    options.cancel = &ctx.cancel;
    for (auto &l : levels) {
        host::check_solver_options(*l.plugin, options.options);
        host::check_solver_options(*l.plugin, options.baseline);
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
    CLI::App *cmd = app.add_subcommand("bench", "Benchmark solving on one thread: CPU seconds, nodes, signature");
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
    cmd->callback([&ctx, args] { ctx.exit_code = run(ctx, *args); });
}

} // namespace pluzzle::cli
