// tournament.cpp -- our AI (the puzzle-view search, player 1) against the published AIs on every layout, in both
// seat orders; and, with --exact, the proved best margin against each AI on every board of at most N cells.
//   celladd_tournament [--opponent easy|medium|hard|adaptive|all] [--skill 50] [--time 1.0]
//                      [--family petri|beaker|flask|all] [--max-cells 120] [--min-cells 0] [--exact 16] [--quiet]
//                      [--ai model|alphabeta]
// --ai alphabeta plays the general opponent (no model of the AI) instead of the puzzle-view search. Time per
// move is measured both as wall time (steady clock) and as this thread's CPU time.
#include "alpha_beta.hpp"
#include "layout.hpp"
#include "line_search.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <string>
#include <vector>

using namespace celladd;

namespace {

constexpr int kProvedCells = 16;

struct Tally {
    int wins = 0, draws = 0, losses = 0;
    void add(int margin) { (margin > 0 ? wins : margin == 0 ? draws : losses)++; }
};

struct Options {
    std::vector<PublishedAi> opponents = {PublishedAi::easy, PublishedAi::medium, PublishedAi::hard,
                                          PublishedAi::adaptive};
    int skill = 50;
    double time = 1.0;
    std::string family = "all";
    int max_cells = 1000, min_cells = 0;
    bool alphabeta = false;
    int exact_cells = 0; // > 0: exact-margin table instead of games
    bool quiet = false;
};

double thread_cpu_s() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

[[noreturn]] void usage(const char *why) {
    std::fprintf(stderr, "celladd_tournament: %s\n", why);
    std::exit(2);
}

Options read_options(int argc, char **argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage(("missing value after " + arg).c_str());
            return argv[++i];
        };
        if (arg == "--opponent") {
            const std::string v = value();
            if (v != "all") {
                const auto kind = parse_ai_name(v);
                if (!kind) usage("unknown opponent");
                o.opponents = {*kind};
            }
        } else if (arg == "--skill")
            o.skill = std::atoi(value().c_str());
        else if (arg == "--time")
            o.time = std::atof(value().c_str());
        else if (arg == "--family")
            o.family = value();
        else if (arg == "--max-cells")
            o.max_cells = std::atoi(value().c_str());
        else if (arg == "--min-cells")
            o.min_cells = std::atoi(value().c_str());
        else if (arg == "--ai") {
            const std::string v = value();
            if (v != "model" && v != "alphabeta") usage("--ai is model or alphabeta");
            o.alphabeta = v == "alphabeta";
        } else if (arg == "--exact")
            o.exact_cells = std::atoi(value().c_str());
        else if (arg == "--quiet")
            o.quiet = true;
        else
            usage(("unknown option " + arg).c_str());
    }
    return o;
}

std::vector<Board> selected_boards(const Options &o, int max_cells) {
    std::vector<Board> boards;
    for (const Layout &layout : all_layouts()) {
        if (o.family != "all" && family_name(layout.family) != o.family) continue;
        Board board = make_board(layout);
        if (board.playable_count <= max_cells && board.playable_count >= o.min_cells)
            boards.push_back(std::move(board));
    }
    return boards;
}

int exact_table(const Options &o) {
    std::printf("%-12s %5s", "layout", "cells");
    for (PublishedAi ai : o.opponents)
        std::printf("  %8s-1st %8s-2nd", ai_name(ai).c_str(), ai_name(ai).c_str());
    std::printf("\n");
    for (const Board &board : selected_boards(o, o.exact_cells)) {
        std::printf("%-12s %5d", layout_text(board.layout).c_str(), board.playable_count);
        for (PublishedAi ai : o.opponents)
            for (int first = 0; first < 2; ++first) {
                Position position(board, first);
                pz_solve_request request{};
                request.struct_size = sizeof(request);
                pluzzle::SolveControl control(&request, nullptr);
                const auto line = exact_line(position, 0, Opponent{ai, o.skill}, control);
                std::printf("  %12d", line->margin);
            }
        std::printf("\n");
        std::fflush(stdout);
    }
    return 0;
}

} // namespace

int main(int argc, char **argv) {
    const Options o = read_options(argc, argv);
    if (o.exact_cells > 0) return exact_table(o);
    const std::vector<Board> boards = selected_boards(o, o.max_cells);
    int failures = 0;
    for (PublishedAi ai : o.opponents) {
        const Opponent opponent{ai, o.skill};
        Tally total;
        std::map<std::string, Tally> by_family;
        double time_sum = 0, time_max = 0, cpu_sum = 0, cpu_max = 0;
        long our_moves = 0;
        int proved = 0, below_best = 0;
        const auto start = std::chrono::steady_clock::now();
        for (const Board &board : boards)
            for (int first = 0; first < 2; ++first) {
                Position position(board, first);
                while (!position.finished()) {
                    int cell;
                    if (position.to_move() == 1) {
                        cell = published_move(position, opponent);
                    } else {
                        const auto t0 = std::chrono::steady_clock::now();
                        const double c0 = thread_cpu_s();
                        pz_solve_request request{};
                        request.struct_size = sizeof(request);
                        pluzzle::SolveControl control(&request, nullptr);
                        if (o.alphabeta) {
                            cell = alpha_beta_move(position, o.time, control).move;
                        } else {
                            ModelMoveOptions options;
                            options.time_limit_s = o.time;
                            cell = model_move(position, opponent, options, control);
                        }
                        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                        const double c = thread_cpu_s() - c0;
                        time_sum += s, time_max = std::max(time_max, s), ++our_moves;
                        cpu_sum += c, cpu_max = std::max(cpu_max, c);
                    }
                    position.play(cell);
                }
                const int margin = position.margin();
                // Boards of at most 16 cells: compare with the proved best margin (what --exact 16 prints).
                std::string proof;
                if (board.playable_count <= kProvedCells) {
                    Position fresh(board, first);
                    pz_solve_request request{};
                    request.struct_size = sizeof(request);
                    pluzzle::SolveControl control(&request, nullptr);
                    const int best = exact_line(fresh, 0, opponent, control)->margin;
                    ++proved;
                    if (margin < best) ++below_best;
                    proof = margin < best ? "  BELOW the proved best " + std::to_string(best) : "  (proved best)";
                }
                total.add(margin);
                by_family[family_name(board.layout.family)].add(margin);
                if (margin < 0) ++failures;
                if (!o.quiet || margin <= 0)
                    std::printf("%-8s %-12s %-8s %3d : %3d  %s%s\n", ai_name(ai).c_str(),
                                layout_text(board.layout).c_str(), first == 0 ? "we-1st" : "we-2nd", position.score(0),
                                position.score(1),
                                margin > 0    ? "win"
                                : margin == 0 ? "DRAW"
                                              : "LOSS",
                                proof.c_str());
                std::fflush(stdout);
            }
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::string skill = ai == PublishedAi::adaptive ? " (skill " + std::to_string(o.skill) + ")" : "";
        std::printf("== %s vs %s%s: %zu games: %d wins, %d draws, %d losses", o.alphabeta ? "alphabeta" : "model",
                    ai_name(ai).c_str(), skill.c_str(), 2 * boards.size(), total.wins, total.draws, total.losses);
        std::printf(" | %d/%d games on <= %d cells reach the proved best margin", proved - below_best, proved,
                    kProvedCells);
        for (auto &[family, t] : by_family)
            std::printf(" | %s %d/%d/%d", family.c_str(), t.wins, t.draws, t.losses);
        const double n = our_moves ? double(our_moves) : 1.0;
        std::printf(" | per move: wall mean %.3f s max %.3f s, cpu mean %.3f s max %.3f s | %ld moves, %.0f s total\n",
                    time_sum / n, time_max, cpu_sum / n, cpu_max, our_moves, wall);
        std::fflush(stdout);
    }
    return failures ? 1 : 0;
}
