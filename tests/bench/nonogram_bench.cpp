// nonogram_bench -- the nonogram speed claims that used to be wall-clock budgets inside unit tests (a loaded
// machine or a sanitizer build made them flaky), each measured against a baseline in the same run:
//   - parsing the TAAI 2011 tournament file (1000 puzzles), against a plain scan of the same bytes that reads every
//     number with std::from_chars (the least any parser of this format must do);
//   - generating 20 unique 30x30 puzzles, against solving the same 20 (solve + prove unique), i.e. how many solves
//     the generator's repairs cost.
// Google Benchmark, one thread, CPU time. After the table: per-item figures, the ratios, and the old budgets.
//   nonogram_bench [--tournament FILE] [Google Benchmark flags, e.g. --benchmark_repetitions=5]
// Without the shared data (../shared/data) the parse runs on 1000 random 25x25 puzzles written in the same format.
#include "formats.hpp"
#include "generator.hpp"
#include "solver.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

constexpr int kGenerated = 20;    // puzzles per generate / solve iteration (seeds 1..20)
constexpr int kGeneratedSide = 30;

std::string g_tournament;       // the tournament file's bytes
size_t g_tournament_levels = 0; // levels in it (checked once before timing)

std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// 1000 random 25x25 pictures' clues in the tournament format (`$N`, column clues, then row clues).
std::string synthetic_tournament() {
    std::mt19937_64 rng(2011);
    std::string text;
    for (int n = 1; n <= 1000; ++n) {
        nonogram::Grid picture(25, 25);
        for (auto &c : picture.cells) c = int8_t(rng() & 1u);
        nonogram::Puzzle p;
        nonogram::derive_clues(picture, p);
        text += "$" + std::to_string(n) + "\n";
        for (const auto &clue : p.cols) text += nonogram::clue_text(clue) + "\n";
        for (const auto &clue : p.rows) text += nonogram::clue_text(clue) + "\n";
    }
    return text;
}

nonogram::GeneratorOptions generator_options() {
    nonogram::GeneratorOptions o;
    o.width = o.height = kGeneratedSide;
    o.density = 0.5;
    return o;
}

void parse_tournament(benchmark::State &state) {
    for (auto _ : state) {
        auto levels = nonogram::parse_levels(g_tournament, "");
        benchmark::DoNotOptimize(levels.data());
        if (levels.size() != g_tournament_levels) state.SkipWithError("the parse changed its answer");
    }
    state.SetItemsProcessed(int64_t(state.iterations() * g_tournament_levels));
    state.SetBytesProcessed(int64_t(state.iterations() * g_tournament.size()));
}

// Baseline: every byte looked at once, every number converted, every `$` line counted; no clues, no puzzles.
void scan_tournament(benchmark::State &state) {
    for (auto _ : state) {
        const char *p = g_tournament.data(), *end = p + g_tournament.size();
        uint64_t numbers = 0, sum = 0, puzzles = 0;
        while (p < end) {
            if (*p >= '0' && *p <= '9') {
                unsigned value = 0;
                p = std::from_chars(p, end, value).ptr;
                ++numbers;
                sum += value;
            } else {
                puzzles += *p == '$';
                ++p;
            }
        }
        benchmark::DoNotOptimize(numbers);
        benchmark::DoNotOptimize(sum);
        if (puzzles != g_tournament_levels) state.SkipWithError("the scan miscounted");
    }
    state.SetItemsProcessed(int64_t(state.iterations() * g_tournament_levels));
    state.SetBytesProcessed(int64_t(state.iterations() * g_tournament.size()));
}

void generate_30x30(benchmark::State &state) {
    const auto options = generator_options();
    for (auto _ : state) {
        for (uint64_t seed = 1; seed <= kGenerated; ++seed) {
            pluzzle::SolveControl control(nullptr, nullptr);
            auto puzzle = nonogram::generate_puzzle(options, seed, control);
            benchmark::DoNotOptimize(puzzle);
        }
    }
    state.SetItemsProcessed(int64_t(state.iterations() * kGenerated));
}

// Baseline: solving (and proving unique) the very puzzles the generator made, generated before timing starts.
void solve_generated_30x30(benchmark::State &state) {
    const auto options = generator_options();
    std::vector<nonogram::Puzzle> puzzles;
    for (uint64_t seed = 1; seed <= kGenerated; ++seed) {
        pluzzle::SolveControl control(nullptr, nullptr);
        puzzles.push_back(nonogram::generate_puzzle(options, seed, control));
    }
    for (auto _ : state) {
        for (const auto &p : puzzles) {
            pluzzle::SolveControl control(nullptr, nullptr);
            const auto report = nonogram::solve(p, control);
            if (report.status != PZ_SOLVE_UNIQUE) state.SkipWithError("a generated puzzle is not unique");
            benchmark::DoNotOptimize(report.solutions.data());
        }
    }
    state.SetItemsProcessed(int64_t(state.iterations() * kGenerated));
}

// The console table as usual (colours only on a terminal), and each benchmark's CPU time per iteration in seconds
// for the figures after it: the median when --benchmark_repetitions gives several.
class Collector : public benchmark::ConsoleReporter {
  public:
    Collector() : ConsoleReporter(isatty(fileno(stdout)) ? OO_Defaults : OO_Tabular) {}
    void ReportRuns(const std::vector<Run> &runs) override {
        for (const Run &r : runs) {
            if (r.error_occurred) errors_ = true;
            const double seconds = r.GetAdjustedCPUTime() / benchmark::GetTimeUnitMultiplier(r.time_unit);
            const std::string &name = r.run_name.function_name;
            if (r.run_type == Run::RT_Iteration && !r.error_occurred) samples_[name].push_back(seconds);
            if (r.run_type == Run::RT_Aggregate && r.aggregate_name == "median") medians_[name] = seconds;
        }
        ConsoleReporter::ReportRuns(runs);
    }
    // Median CPU seconds per iteration, or 0 when the benchmark did not run.
    double seconds(const std::string &name) const {
        if (auto m = medians_.find(name); m != medians_.end()) return m->second;
        auto it = samples_.find(name);
        if (it == samples_.end() || it->second.empty()) return 0;
        std::vector<double> v = it->second;
        std::nth_element(v.begin(), v.begin() + long(v.size() / 2), v.end());
        return v[v.size() / 2];
    }
    bool errors() const { return errors_; }

  private:
    std::map<std::string, std::vector<double>> samples_;
    std::map<std::string, double> medians_;
    bool errors_ = false;
};

} // namespace

int main(int argc, char **argv) {
    std::string tournament = std::string(PLUZZLE_SHARED_DATA_DIR) + "/nonogram/tournament/question/taai2011.txt";
    std::vector<char *> args = {argv[0]};
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--tournament" && i + 1 < argc)
            tournament = argv[++i];
        else
            args.push_back(argv[i]);
    }
    int count = int(args.size());
    benchmark::Initialize(&count, args.data());
    if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 2;

    if (std::filesystem::exists(tournament)) {
        g_tournament = read_file(tournament);
    } else {
        std::printf("no %s: parsing 1000 random 25x25 puzzles in the tournament format instead\n", tournament.c_str());
        tournament = "synthetic";
        g_tournament = synthetic_tournament();
    }
    g_tournament_levels = nonogram::parse_levels(g_tournament, "").size();
    if (g_tournament_levels == 0) {
        std::fprintf(stderr, "%s: no levels\n", tournament.c_str());
        return 1;
    }

    benchmark::RegisterBenchmark("parse_tournament", parse_tournament)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("baseline_scan_tournament", scan_tournament)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("generate_30x30", generate_30x30)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("baseline_solve_generated_30x30", solve_generated_30x30)
        ->Unit(benchmark::kMillisecond);
    Collector reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();

    const double parse = reporter.seconds("parse_tournament"), scan = reporter.seconds("baseline_scan_tournament");
    const double generate = reporter.seconds("generate_30x30"),
                 solve = reporter.seconds("baseline_solve_generated_30x30");
    std::printf("\n");
    if (parse > 0 && scan > 0)
        std::printf("parse %zu levels (%s, %zu bytes): %.2f ms CPU, %.1f us a level; plain scan %.3f ms; "
                    "parse / scan %.1fx (unit-test budget was < 100 ms: %s)\n",
                    g_tournament_levels, std::filesystem::path(tournament).filename().c_str(), g_tournament.size(),
                    parse * 1e3,
                    parse * 1e6 / double(g_tournament_levels), scan * 1e3, parse / scan,
                    parse < 0.1 ? "met" : "NOT met");
    if (generate > 0 && solve > 0)
        std::printf("generate %dx%d (seeds 1..%d): %.2f ms CPU a puzzle; solving the same: %.3f ms a puzzle; "
                    "generate / solve %.1fx (unit-test budget was < 250 ms a puzzle: %s)\n",
                    kGeneratedSide, kGeneratedSide, kGenerated, generate * 1e3 / kGenerated,
                    solve * 1e3 / kGenerated, generate / solve, generate / kGenerated < 0.25 ? "met" : "NOT met");
    return reporter.errors() ? 1 : 0;
}
