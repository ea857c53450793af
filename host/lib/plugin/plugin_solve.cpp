// plugin_solve.cpp -- Plugin's solving calls: solve(), and the cube-and-conquer pair split() and solve_cube() (ABI
// 1.8). All three run through call_solver(), so a cube's answer is read and checked exactly as a level's.
#include <pluzzle/host/plugin/plugin.hpp>

#include "plugin_calls_detail.hpp"
#include <pluzzle/host/base/utf8.hpp>

#include <chrono>

namespace pluzzle::host {

using namespace plugin_detail;

void Plugin::read_difficulty(const pz_solve_result &result, SolveReport &report) const {
    const double d = result.difficulty;
    if (!std::isnan(d) && !(d >= PZ_DIFFICULTY_MIN && d <= PZ_DIFFICULTY_MAX))
        throw PluginError("plugin '" + id() + "' reported difficulty " + std::to_string(d) + ", outside " +
                          std::to_string(int(PZ_DIFFICULTY_MIN)) + ".." + std::to_string(int(PZ_DIFFICULTY_MAX)));
    const size_t n = strnlen(result.difficulty_label, sizeof result.difficulty_label);
    if (n == sizeof result.difficulty_label)
        throw PluginError("plugin '" + id() + "' reported a difficulty label without its terminating NUL");
    std::string label(result.difficulty_label, n);
    if (first_invalid_utf8(label) != std::string::npos)
        throw PluginError("plugin '" + id() + "' reported a difficulty label that is not UTF-8");
    report.difficulty = d;
    report.difficulty_label = std::move(label);
}

SolveReport Plugin::call_solver(const char *what, const SolveOptions &options, const SolverCall &call) const {
    RequestContext ctx{&options, {}};
    ParamArray params(options.params);
    pz_solve_request request = make_request(options, ctx, params);
    SolveReport report;
    KeyValueCollector stats;
    pz_solve_result result{};
    result.struct_size = sizeof result;
    result.status = PZ_SOLVE_LIMIT;
    result.lower_bound = result.upper_bound = NAN;
    result.difficulty = NAN; // a plugin of ABI 1.6 or older leaves it: no estimate
    result.stats = stats.sink();
    struct Found {
        SolveReport *report;
        Trap trap;
    } found{&report, {}};
    pz_solution_sink solutions{&found, [](void *c, const char *text, size_t n) {
                                   auto *f = static_cast<Found *>(c);
                                   f->trap.run([&] { f->report->solutions.emplace_back(text, n); });
                               }};
    pz_error err = blank_error();
    const auto start = std::chrono::steady_clock::now();
    const pz_code code = call(&request, &result, &solutions, &err);
    report.time_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    found.trap.rethrow();
    stats.trap.rethrow();
    ctx.trap.rethrow();
    if (code != PZ_OK) fail(code, err, what);
    if (result.status < PZ_SOLVE_SOLVED || result.status > PZ_SOLVE_CANCELLED)
        throw PluginError("plugin '" + id() + "' returned unknown solve status " + std::to_string(int(result.status)));
    report.status = static_cast<pz_solve_status>(result.status);
    if (counts_as_solved(report.status) && report.solutions.empty())
        throw PluginError("plugin '" + id() + "' reported '" + solve_status_text(report.status) +
                          "' without a solution");
    report.nodes = result.nodes;
    report.lower_bound = result.lower_bound;
    report.upper_bound = result.upper_bound;
    report.stats = std::move(stats.values);
    read_difficulty(result, report);
    return report;
}

SolveReport Plugin::solve(const pz_level *level, const SolveOptions &options) const {
    if (!can(PZ_CAP_SOLVE) || !table_->solve) throw PluginError("plugin '" + id() + "' cannot solve");
    const auto fn = table_->solve;
    return call_solver("solve", options, [&](const pz_solve_request *request, pz_solve_result *result,
                                             const pz_solution_sink *solutions, pz_error *err) {
        return fn(level, request, result, solutions, err);
    });
}

bool Plugin::can_split() const {
    return can(PZ_CAP_SPLIT) && PZ_HAS(table_, split) && PZ_HAS(table_, solve_cube);
}

SplitReport Plugin::split(const pz_level *level, const SolveOptions &options, uint32_t want) const {
    if (!can_split()) throw PluginError("plugin '" + id() + "' does not split levels (ABI " + abi() + ")");
    struct Cubes {
        std::vector<std::string> texts;
        Trap trap;
    } cubes;
    const pz_cube_sink sink{&cubes, [](void *c, const char *text, size_t n) {
                                auto *self = static_cast<Cubes *>(c);
                                self->trap.run([&] { self->texts.emplace_back(text, n); });
                            }};
    int32_t combine = -1;
    SplitReport out;
    const auto fn = table_->split;
    out.outcome = call_solver("split", options, [&](const pz_solve_request *request, pz_solve_result *result,
                                                    const pz_solution_sink *solutions, pz_error *err) {
        return fn(level, request, want, &sink, &combine, result, solutions, err);
    });
    cubes.trap.rethrow();
    if (combine != PZ_COMBINE_FIRST && combine != PZ_COMBINE_COUNT && combine != PZ_COMBINE_BEST)
        throw PluginError("plugin '" + id() + "' split a level with unknown combine rule " + std::to_string(combine));
    out.combine = pz_combine(combine);
    out.cubes = std::move(cubes.texts);
    for (const std::string &c : out.cubes)
        if (first_invalid_utf8(c) != std::string::npos || c.find('\0') != std::string::npos)
            throw PluginError("plugin '" + id() + "' made a cube whose text is not UTF-8 without NUL bytes");
    // Cubes mean work remains (rule 13); a split that sent none must have decided the level.
    if (!out.cubes.empty() && out.outcome.status != PZ_SOLVE_LIMIT)
        throw PluginError("plugin '" + id() + "' split a level into cubes but called it '" +
                          solve_status_text(out.outcome.status) + "'");
    return out;
}

SolveReport Plugin::solve_cube(const pz_level *level, std::string_view cube, const SolveOptions &options) const {
    if (!can_split()) throw PluginError("plugin '" + id() + "' does not split levels (ABI " + abi() + ")");
    const auto fn = table_->solve_cube;
    return call_solver("solve_cube", options, [&](const pz_solve_request *request, pz_solve_result *result,
                                                  const pz_solution_sink *solutions, pz_error *err) {
        return fn(level, cube.data(), cube.size(), request, result, solutions, err);
    });
}

} // namespace pluzzle::host
