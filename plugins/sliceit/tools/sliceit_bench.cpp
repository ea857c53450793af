// sliceit_bench -- per-level figures `pluzzle bench` cannot show: CPU seconds of one solve, the structure that
// worked, and the largest area deviation of the answer (confirmed by the rules). One thread, one line per level.
//   sliceit_bench [--timeout S] FILE...
#include "formats.hpp"
#include "solver.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

double cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

} // namespace

int main(int argc, char **argv) {
    double timeout = 30;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--timeout" && i + 1 < argc)
            timeout = std::stod(argv[++i]);
        else
            files.push_back(arg);
    }
    std::printf("%-34s %-8s %9s %10s %7s %s\n", "level", "status", "cpu (s)", "deviation", "starts", "structure");
    std::vector<double> times;
    int failures = 0;
    for (const std::string &file : files) {
        std::ifstream in(file);
        std::stringstream text;
        text << in.rdbuf();
        const std::string label = file.substr(file.find_last_of('/') + 1);
        try {
            const auto levels = sliceit::parse_levels(text.str());
            const sliceit::Level &level = levels.at(0).level;
            pz_solve_request request{};
            request.struct_size = sizeof request;
            request.time_limit_s = timeout;
            pluzzle::SolveControl control(&request, nullptr);
            const double t0 = cpu_seconds();
            const sliceit::SolveReport report = sliceit::solve_level(level, control);
            const double cpu = cpu_seconds() - t0;
            times.push_back(cpu);
            const bool solved = report.status == PZ_SOLVE_SOLVED;
            failures += !solved;
            std::printf("%-34.34s %-8s %9.4f %10.6f %7llu %s\n", label.c_str(), solved ? "solved" : "limit", cpu,
                        solved ? report.verdict.largest_deviation : -1.0, (unsigned long long)report.starts,
                        report.structure.c_str());
        } catch (const std::exception &e) {
            ++failures;
            std::printf("%-34.34s error    %s\n", label.c_str(), e.what());
        }
        std::fflush(stdout);
    }
    if (!times.empty()) {
        std::sort(times.begin(), times.end());
        std::printf("levels %zu, unsolved %d, median %.4f s, max %.4f s\n", times.size(), failures,
                    times[times.size() / 2], times.back());
    }
    return failures ? 1 : 0;
}
