// host::PluginSandbox with the real pluzzle-worker (build/bin) and the probe plugin's misbehaving levels: answers
// equal the same calls in process, a crash or a hang costs one call and the next gets a fresh worker, a cancel the
// plugin ignores is enforced, and a parse error keeps its place across the process boundary (issue 15).
#include "built_plugins.hpp"
#include "test_support.hpp"

#include <pluzzle/host/sandbox/plugin_sandbox.hpp>
#include <pluzzle/host/sandbox/sandbox_ops.hpp>
#include <pluzzle/host/render/svg_writer.hpp>
#include <pluzzle/host/base/text_file.hpp>

#include <chrono>
#include <cmath>
#include <csignal>
#include <thread>

using namespace pluzzle;
using namespace pluzzle::test;
using host::SandboxOutcome;

namespace {

using Clock = std::chrono::steady_clock;

host::SolveReport solve_in(host::PluginSandbox &sandbox, const host::Plugin &plugin, const std::string &text,
                           const host::SolveOptions &options = {}) {
    const SandboxOutcome out = sandbox.call(host::solve_call(plugin, host::text_level(text, "t"), options), plugin.id());
    EXPECT_TRUE(out.answered()) << out.reason;
    return out.answered() ? host::solve_report_of(*out.answer) : host::SolveReport{};
}

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

} // namespace

TEST(PluginSandbox, SolvesGiveWhatTheSamePluginGivesInProcess) {
    host::PluginSandbox sandbox;
    // Every bundled plugin on its first sample level: status, solutions, nodes and bounds cross the pipe intact.
    size_t compared = 0;
    for (const auto &plugin : built_plugins().plugins()) {
        if (!plugin->can(PZ_CAP_SOLVE)) continue;
        const std::string folder = data_dir() + "/" + plugin->id();
        std::string text;
        if (!fs::is_directory(folder)) continue; // the Sudoku example lives under sdk/examples
        for (const auto &entry : fs::directory_iterator(folder)) {
            const std::string ext = entry.path().extension().string();
            if (ext.size() > 1 && plugin->has_extension(ext.substr(1)) &&
                plugin->format_for_extension(ext.substr(1)) == plugin->formats()[0].name) {
                auto levels = plugin->parse(host::read_text_file(entry.path().string()), "", entry.path().string());
                text = plugin->encode(levels.at(0).level.get());
                break;
            }
        }
        if (text.empty()) continue;
        host::SolveOptions options;
        options.node_limit = 20000; // deterministic: the same nodes in both places
        const auto level = plugin->parse(text, plugin->formats()[0].name, "t").at(0).level;
        const host::SolveReport here = plugin->solve(level.get(), options);
        const host::SolveReport there = solve_in(sandbox, *plugin, text, options);
        EXPECT_EQ(there.status, here.status) << plugin->id();
        EXPECT_EQ(there.solutions, here.solutions) << plugin->id();
        EXPECT_EQ(there.nodes, here.nodes) << plugin->id();
        EXPECT_EQ(std::isnan(there.lower_bound), std::isnan(here.lower_bound)) << plugin->id();
        if (!std::isnan(here.lower_bound)) {
            EXPECT_EQ(there.lower_bound, here.lower_bound) << plugin->id();
        }
        EXPECT_EQ(there.stats.size(), here.stats.size()) << plugin->id();
        ++compared;
    }
    EXPECT_GE(compared, 4u);
    EXPECT_EQ(sandbox.workers_started(), 1u); // one worker served every plugin
}

TEST(PluginSandbox, ACrashCostsOneCallAndTheNextGetsAFreshWorker) {
    host::PluginSandbox sandbox;
    EXPECT_EQ(solve_in(sandbox, *probe(), "probe 1\nvalue 3\n").solutions, std::vector<std::string>{"answer 3"});
    for (const char *how : {"segv", "abort", "exit"}) {
        const SandboxOutcome out =
            sandbox.call(host::solve_call(*probe(), host::text_level(std::string("probe 1\ncrash ") + how + "\n", "t"), {}), "probe");
        EXPECT_FALSE(out.answered());
        EXPECT_EQ(out.failure, SandboxOutcome::Failure::crashed);
        EXPECT_NE(out.reason.find("plugin 'probe' (solve) crashed"), std::string::npos) << out.reason;
        if (std::string(how) == "segv") {
            EXPECT_EQ(out.exit.signal, SIGSEGV);
            EXPECT_NE(out.reason.find("killed by SIGSEGV"), std::string::npos) << out.reason;
        } else if (std::string(how) == "exit") {
            EXPECT_NE(out.reason.find("exited with status 7"), std::string::npos) << out.reason;
        }
        // The caller goes on with a fresh worker.
        EXPECT_EQ(solve_in(sandbox, *probe(), "probe 1\nvalue 4\n").solutions, std::vector<std::string>{"answer 4"});
    }
    EXPECT_EQ(sandbox.workers_started(), 4u);
}

TEST(PluginSandbox, AHangIsKilledAtTheDeadline) {
    host::PluginSandbox sandbox;
    const auto start = Clock::now();
    const SandboxOutcome out =
        sandbox.call(host::solve_call(*probe(), host::text_level("probe 1\nhang_ms 600000\n", "t"), {}), "probe", {0.3});
    EXPECT_LT(seconds_since(start), 5);
    EXPECT_EQ(out.failure, SandboxOutcome::Failure::timeout);
    EXPECT_EQ(out.exit.signal, SIGKILL);
    EXPECT_NE(out.reason.find("did not answer within 0.3 s; worker killed"), std::string::npos) << out.reason;
    EXPECT_EQ(host::sandbox_deadline(10), 13);
    EXPECT_EQ(host::sandbox_deadline(0), 0);
}

TEST(PluginSandbox, ACancelReachesAPoliteSolveAndIsEnforcedOnADeafOne) {
    host::PluginSandbox sandbox;
    std::atomic<bool> cancel{false};
    // A warm worker (its HELLO read): a cancel now reaches the plugin as SIGUSR1.
    EXPECT_EQ(solve_in(sandbox, *probe(), "probe 1\nvalue 2\n").status, PZ_SOLVE_UNIQUE);
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        cancel = true;
    });
    SandboxOutcome out =
        sandbox.call(host::solve_call(*probe(), host::text_level("probe 1\nsleep_ms 600000\n", "t"), {}), "probe", {}, &cancel);
    canceller.join();
    ASSERT_TRUE(out.answered()) << out.reason; // the plugin polls: it answers "cancelled" itself
    EXPECT_EQ(host::solve_report_of(*out.answer).status, PZ_SOLVE_CANCELLED);

    // The worker's cancel flag is per call: the next solve runs to its end.
    cancel = false;
    EXPECT_EQ(solve_in(sandbox, *probe(), "probe 1\nvalue 2\nsleep_ms 50\n").status, PZ_SOLVE_UNIQUE);
    EXPECT_EQ(sandbox.workers_started(), 1u);

    cancel = true; // a plugin deaf to it is killed after the grace
    const auto start = Clock::now();
    out = sandbox.call(host::solve_call(*probe(), host::text_level("probe 1\nhang_ms 600000\n", "t"), {}), "probe", {0, 0.2}, &cancel);
    EXPECT_LT(seconds_since(start), 5);
    EXPECT_EQ(out.failure, SandboxOutcome::Failure::cancelled);
    EXPECT_NE(out.reason.find("ignored the cancel"), std::string::npos) << out.reason;

    // Cancelled before a fresh worker has even said HELLO: the call never started, and nothing is signalled early.
    out = sandbox.call(host::solve_call(*probe(), host::text_level("probe 1\nvalue 1\n", "t"), {}), "probe", {}, &cancel);
    EXPECT_EQ(out.failure, SandboxOutcome::Failure::cancelled);
    EXPECT_NE(out.reason.find("cancelled before it started"), std::string::npos) << out.reason;
}

TEST(PluginSandbox, ErrorsComeBackAsThePluginRaisedThemWithTheirPlace) {
    host::PluginSandbox sandbox;
    SandboxOutcome out = sandbox.call(host::parse_call(*probe(), "probe 1\nvalue x\n", "", "f.probe"), "probe");
    ASSERT_TRUE(out.answered());
    try {
        host::rethrow_failure(*out.answer);
        FAIL() << "a bad value must come back as an error";
    } catch (const host::InputError &e) {
        std::string in_process;
        try {
            probe()->parse("probe 1\nvalue x\n", "", "f.probe");
        } catch (const host::InputError &here) {
            in_process = here.what();
            EXPECT_EQ(e.line(), here.line());
            EXPECT_EQ(e.column(), here.column());
            EXPECT_EQ(e.field(), here.field());
        }
        EXPECT_EQ(std::string(e.what()), in_process);
        EXPECT_EQ(e.file(), "f.probe");
        EXPECT_EQ(e.line(), 2);
        EXPECT_EQ(e.field(), "value");
    }
    out = sandbox.call(host::parse_call(*probe(), "probe 1\nthrow parse\n", "", "f.probe"), "probe");
    ASSERT_TRUE(out.answered());
    EXPECT_THROW(host::rethrow_failure(*out.answer), host::ForeignParseError);
    out = sandbox.call(host::solve_call(*probe(), host::text_level("probe 1\nthrow solve\n", "t"), {}), "probe");
    ASSERT_TRUE(out.answered());
    EXPECT_THROW(host::solve_report_of(*out.answer), host::PluginError);
    out = sandbox.call(host::parse_call(*probe(), "probe 1\nvalue 1\nprobe 1\n", "", "f.probe"), "probe");
    ASSERT_TRUE(out.answered());
    EXPECT_EQ(host::wire::field_or(out.answer->fields, "levels"), "2");
    EXPECT_EQ(sandbox.workers_started(), 1u);
}

TEST(PluginSandbox, RenderCheckAndAiMoveAnswerLikeThePlugin) {
    host::PluginSandbox sandbox;
    const std::string level = "probe 1\nvalue 5\n";
    const std::string state = "answer 5";
    SandboxOutcome out = sandbox.call(host::render_call(*probe(), host::text_level(level), &state, "s", "svg", 2), "probe");
    ASSERT_TRUE(out.answered()) << out.reason;
    host::rethrow_failure(*out.answer);
    const auto parsed = probe()->parse(level, "", "t").at(0).level;
    const auto decoded = probe()->decode_state(parsed, state, "s");
    EXPECT_EQ(host::wire::field_or(out.answer->fields, "document"),
              host::svg_document(probe()->render(parsed.get(), decoded.get()), 2));
    out = sandbox.call(host::check_call(*probe(), host::text_level(level), "answer 4"), "probe");
    ASSERT_TRUE(out.answered());
    const host::CheckReport wrong = host::check_report_of(*out.answer);
    EXPECT_FALSE(wrong.ok);
    EXPECT_EQ(wrong.message, probe()->check(parsed.get(), "answer 4").message);
    out = sandbox.call(host::ai_move_call(*probe(), host::text_level("probe 1\ngame 7\n"), "takes 1", "greedy", 1), "probe");
    ASSERT_TRUE(out.answered());
    EXPECT_EQ(host::wire::field_or(out.answer->fields, "move"), "take 2"); // 6 left: leave a multiple of four
    out = sandbox.call(host::render_call(*probe(), host::text_level("probe 1\ncrash_in render\n"), nullptr, "", "png", 1), "probe");
    EXPECT_EQ(out.failure, SandboxOutcome::Failure::crashed);
    EXPECT_EQ(out.exit.signal, SIGSEGV);
}
