// `pluzzle selftest PLUGIN.so [LEVEL FILES...]`: the contract checks our in-tree tests run on our own plugins, for an
// author's plugin, in seconds: it loads (descriptor and ABI rules), and every level of the given files -- or, with
// no files, levels from its generator or a blank level -- goes through plugin_exercise.hpp (exact round trip,
// render, solve within limits with its solutions checked, play and edit moves with state round trips), then a
// mutation pass of damaged copies of each file: each must be refused with a reason or survive the same
// exercise. Each file runs in a forked child, so a crash or a hang (abi.h rule 5) is reported with what was
// running, and the input that caused it, instead of ending the test. pluzzle-fuzz is the deep version.
#include <CLI/CLI.hpp>

#include "cli_checks.hpp"
#include "cli_context.hpp"

#include <pluzzle/host/selftest/forked_call.hpp>
#include <pluzzle/host/selftest/plugin_exercise.hpp>
#include <pluzzle/host/base/text_file.hpp>

#include <chrono>
#include <iomanip>
#include <sstream>

namespace pluzzle::cli {

namespace {

struct SelftestArgs {
    std::string plugin;
    std::vector<std::string> files;
    double seconds = 10;
    double hang_s = 10; // beyond a file's share of `seconds`: a hang (every solve is limited to 0.25 s)
    uint64_t seed = 1;
};

struct Subject {
    std::string name, text;
};

std::string tally_text(const host::ExerciseTally &t) {
    std::ostringstream s;
    s << t.texts << ' ' << t.refused_texts << ' ' << t.levels << ' ' << t.solved << ' ' << t.solve_refused << ' '
      << t.moves << ' ' << t.edits << ' ' << t.splits_compared;
    return s.str();
}
host::ExerciseTally tally_from(const std::string &text) {
    host::ExerciseTally t;
    std::istringstream s(text);
    s >> t.texts >> t.refused_texts >> t.levels >> t.solved >> t.solve_refused >> t.moves >> t.edits >>
        t.splits_compared;
    return t;
}

// The levels to start from: the files given, else what the plugin can make on its own.
std::vector<Subject> subjects_of(const host::Plugin &plugin, const SelftestArgs &args) {
    std::vector<Subject> out;
    for (const std::string &f : args.files)
        out.push_back({f, host::read_text_file(f)});
    if (!out.empty()) return out;
    host::SolveOptions limits;
    limits.time_limit_s = 2;
    if (plugin.can(PZ_CAP_GENERATE))
        for (uint64_t seed = args.seed; seed < args.seed + 3; ++seed) {
            try {
                out.push_back({"generated (seed " + std::to_string(seed) + ")",
                               plugin.encode(plugin.generate({}, seed, limits).get())});
            } catch (const host::InputError &) { // the defaults may need more than 2 s: a blank level will do
            }
        }
    if (plugin.can_blank()) out.push_back({"blank level", plugin.encode(plugin.blank({}).get())});
    return out;
}

// The input the child was on when it crashed or hung: the same draws as the child made, replayed.
std::string input_at(const std::string &step, const Subject &subject, uint64_t seed) {
    const size_t at = step.find("mutation ");
    if (at == std::string::npos) return subject.text;
    const long index = std::stol(step.substr(at + 9));
    Rng rng(seed);
    host::random_moves(rng, 24);
    std::string text = subject.text;
    for (long i = 0; i <= index; ++i)
        text = host::mutate_text(subject.text, rng);
    return text;
}

std::string shown(std::string text) {
    if (text.size() > 600) text = text.substr(0, 600) + "... (" + std::to_string(text.size()) + " bytes)";
    return text;
}

// The author's own levels, as given, are solved with more nodes than the fuzzer's tiny limit: a real level is
// worth solving through, so its solutions get checked. The time limit stays (a pack of many hard levels must not
// look like a hang); the damaged copies keep the tiny limits: there are thousands, most refused or trivial.
host::SolveOptions as_given_solve_limits() {
    host::SolveOptions o = host::tiny_solve_limits();
    o.node_limit = 20000;
    return o;
}

int run(Context &ctx, const SelftestArgs &args) {
    const auto started = std::chrono::steady_clock::now();
    host::PluginRegistry registry;
    std::cout << "selftest " << args.plugin << "\n";
    if (!registry.load_file(args.plugin)) {
        std::cout << "  load        FAIL  " << registry.problems().back().reason << "\n";
        return kExitFailed;
    }
    const host::Plugin &plugin = *registry.plugins().front();
    std::cout << "  load        ok    " << plugin.id() << " " << plugin.version() << " (ABI " << plugin.abi()
              << "), capabilities " << host::capability_list(plugin.capabilities()) << "\n";

    const std::vector<Subject> subjects = subjects_of(plugin, args);
    if (subjects.empty()) {
        std::cerr << "pluzzle: error: " << args.plugin
                  << ": give level files (the plugin has no generator and no blank level to start from)\n";
        return kExitBadInput;
    }
    const double share = args.seconds / double(subjects.size()); // the mutation pass's time, per subject
    const double hang_limit = args.hang_s;
    host::ExerciseTally total;
    int findings = 0;
    for (size_t i = 0; i < subjects.size() && !ctx.cancel; ++i) {
        const Subject &subject = subjects[i];
        const uint64_t seed = args.seed * 1000003u + i;
        const host::ForkedOutcome out = host::run_forked(
            [&](host::ChildChannel &channel) {
                Rng rng(seed);
                const auto moves = host::random_moves(rng, 24);
                host::ExerciseTally tally;
                try {
                    channel.step(subject.name + ": as given");
                    host::exercise_text(plugin, subject.text, moves, as_given_solve_limits(), tally);
                    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(share);
                    for (long m = 0; std::chrono::steady_clock::now() < until; ++m) {
                        const std::string damaged = host::mutate_text(subject.text, rng);
                        channel.step(subject.name + ": mutation " + std::to_string(m));
                        host::exercise_text(plugin, damaged, moves, host::tiny_solve_limits(), tally);
                    }
                    channel.answer("ok " + tally_text(tally));
                } catch (const host::ContractViolation &e) {
                    channel.answer(std::string("violation ") + e.what());
                }
            },
            share + hang_limit);
        std::string problem;
        if (out.timed_out)
            problem = "no answer within " + std::to_string(int(share + hang_limit)) + " s (a hang?)";
        else if (!out.answered)
            problem = "the plugin crashed: " + out.exit.text();
        else if (out.answer.rfind("violation ", 0) == 0)
            problem = out.answer.substr(10);
        if (problem.empty()) {
            const host::ExerciseTally t = tally_from(out.answer.substr(3));
            total.add(t);
            std::cout << "  " << subject.name << ": ok, " << t.texts << " texts (" << t.refused_texts
                      << " refused with a reason), " << t.levels << " levels exercised\n";
            continue;
        }
        ++findings;
        std::cout << "  " << subject.name << ": FAIL while " << out.last_step << ": " << problem << "\n"
                  << "    input:\n"
                  << shown(input_at(out.last_step, subject, seed)) << "\n";
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::cout << "  totals      " << total.levels << " levels: " << total.solved << " solved within limits ("
              << total.solve_refused << " refused), " << total.moves << " moves, " << total.edits << " edits";
    if (total.splits_compared) std::cout << ", " << total.splits_compared << " split(s) whose cubes agree with the whole";
    std::cout << "\n";
    std::cout << (findings ? "FAIL" : "PASS") << ": " << findings << " finding(s) in " << std::fixed
              << std::setprecision(1) << seconds << " s\n";
    return findings ? kExitFailed : kExitOk;
}

} // namespace

void add_selftest_command(CLI::App &app, Context &ctx) {
    auto args = std::make_shared<SelftestArgs>();
    CLI::App *cmd = app.add_subcommand(
        "selftest", "Check a plugin against the SDK's contract in seconds (exit 0 pass, 1 a finding, 3 bad input)");
    cmd->add_option("plugin", args->plugin, "The plugin library (.so) to test")->required();
    cmd->add_option("files", args->files, "Level files to start from (default: generated or blank levels)");
    cmd->add_option("--seconds", args->seconds, "Time for the mutation pass, shared by the files")
        ->check(CLI::Range(0.0, 3600.0));
    cmd->add_option("--hang-after", args->hang_s, "Seconds past a file's share that count as a hang")
        ->check(CLI::Range(0.1, 3600.0));
    cmd->add_option("--seed", args->seed, "Seed of the moves and mutations (a finding names its mutation)");
    cmd->callback([&ctx, args] { ctx.exit_code = run(ctx, *args); });
}

} // namespace pluzzle::cli
