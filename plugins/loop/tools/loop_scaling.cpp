// loop_scaling -- the generator-driven scaling series of issue 11: planted random square boards (loop rules: each
// internal edge a pipe with probability 0.5; net rules: a random spanning tree; then every tile turned at random),
// from 10^4 tiles up. For each size it times, on one thread, the whole job as `pluzzle solve` does it -- parse the
// canonical text, solve, write the solution text, read it back and check it -- once to a first solution and once
// with the exact count (net rules: with the search for a second solution, i.e. the uniqueness verdict), against a
// same-run baseline that does all of that except the search (parse, encode and check a known solution).
//
//   loop_scaling [--max-side N] [--repeat R] [--rules loop|net]   (default 3162: up to 10^7 tiles; 10000: 10^8)
//
// The signature hashes every size's node counts and solution counts: a change of search shows as a new one.
#include "formats.hpp"
#include "generator.hpp"
#include "play.hpp"
#include "solver.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

struct Run {
    double seconds = 0;
    loop::SolveReport report;
};

// Parse, solve, write the first solution's text, read it back and check it: what `pluzzle solve` + check cost.
Run whole_job(const std::string &text, bool count) {
    const auto start = std::chrono::steady_clock::now();
    auto levels = loop::parse_levels(text, "canonical");
    const loop::Board &board = levels.at(0).level;
    loop::validate_board(board);
    pluzzle::SolveControl control(nullptr, nullptr);
    loop::SolveOptions options;
    options.max_solutions = board.rule == loop::Rule::Net && count ? 2 : 1;
    options.count = count;
    Run run;
    run.report = loop::solve_board(board, control, options);
    if (run.report.solutions.empty()) {
        std::fprintf(stderr, "no solution found\n");
        std::exit(1);
    }
    const std::string solution = loop::encode_masks(board, run.report.solutions[0]);
    if (!loop::solved(board, loop::decode_masks(board, solution))) {
        std::fprintf(stderr, "the solution does not check\n");
        std::exit(1);
    }
    run.seconds = seconds_since(start);
    return run;
}

// The same job without the search: parse, validate, write the planted solution, read it back, check it.
double baseline(const std::string &text, const std::vector<uint8_t> &planted) {
    const auto start = std::chrono::steady_clock::now();
    auto levels = loop::parse_levels(text, "canonical");
    const loop::Board &board = levels.at(0).level;
    loop::validate_board(board);
    const std::string solution = loop::encode_masks(board, planted);
    if (!loop::solved(board, loop::decode_masks(board, solution))) std::exit(1);
    return seconds_since(start);
}

uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ULL; }

} // namespace

int main(int argc, char **argv) {
    int max_side = 3162, repeat = 3;
    std::string rules = "loop";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--max-side")) max_side = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--repeat")) repeat = std::max(1, std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--rules")) rules = argv[i + 1];
    }
    const bool net = rules == "net";
    std::printf("%-11s %12s %10s %10s %10s %8s %9s %9s %9s\n", "board", "tiles", "solve s", "count s", "base s",
                "solve/b", "ns/tile", "nodes", net ? "verdict" : "digits");
    uint64_t signature = 0xcbf29ce484222325ULL;
    for (int side : {100, 316, 1000, 2000, 3162, 10000}) {
        if (side > max_side) break;
        // The planted board and its solution: generate with density 0.5 then keep the unturned tiles as planted.
        pluzzle::Params params(loop::generator_params(),
                               {{"width", std::to_string(side)}, {"height", std::to_string(side)}, {"rules", rules}});
        pluzzle::SolveControl unlimited(nullptr, nullptr);
        const loop::Board board = loop::generate_board(params, uint64_t(side), unlimited);
        const std::string text = loop::encode_board(board);
        // Any solution checks as well as the planted one; find one once (not timed) for the baseline.
        const Run first = whole_job(text, false);
        const std::vector<uint8_t> planted = first.report.solutions[0];
        double solve = 1e99, count = 1e99, base = 1e99;
        Run counted;
        for (int r = 0; r < repeat; ++r) {
            solve = std::min(solve, whole_job(text, false).seconds);
            Run c = whole_job(text, true);
            if (c.seconds < count) count = c.seconds, counted = std::move(c);
            base = std::min(base, baseline(text, planted));
        }
        const double tiles = double(board.size());
        const std::string digits = counted.report.count.str();
        const std::string last = net ? (counted.report.status == PZ_SOLVE_UNIQUE ? "unique" : "multiple")
                                     : std::to_string(digits.size());
        std::printf("%5dx%-5d %12.0f %10.3f %10.3f %10.3f %7.2fx %9.1f %9llu %9s\n", side, side, tiles, solve, count, base,
                    solve / base, solve / tiles * 1e9, (unsigned long long)counted.report.nodes, last.c_str());
        std::fflush(stdout);
        signature = mix(mix(mix(signature, counted.report.nodes), first.report.nodes), std::hash<std::string>{}(net ? last : digits));
    }
    std::printf("signature %016llx\n", (unsigned long long)signature);
    return 0;
}
