// ABI 1.7 end to end: every bundled plugin's difficulty estimate lies on the common scale, the nonogram's band
// follows the reasoning its solver reports, the host refuses an estimate off the scale, and the estimate crosses the
// sandbox's pipe unchanged.
#include "built_plugins.hpp"
#include "test_support.hpp"

#include <pluzzle/host/sandbox/plugin_sandbox.hpp>
#include <pluzzle/host/sandbox/sandbox_ops.hpp>
#include <pluzzle/host/base/text_file.hpp>

#include <cmath>

using namespace pluzzle;
using namespace pluzzle::test;

namespace {

std::string stat(const host::SolveReport &r, const std::string &key) {
    for (const auto &[k, v] : r.stats)
        if (k == key) return v;
    return {};
}

// The levels of every file in data/<plugin> the plugin reads by extension.
std::vector<std::pair<std::string, host::LevelPtr>> bundled_levels(const host::Plugin &plugin) {
    std::vector<std::pair<std::string, host::LevelPtr>> out;
    const std::string folder = data_dir() + "/" + plugin.id();
    if (!fs::is_directory(folder)) return out;
    for (const auto &entry : fs::directory_iterator(folder)) {
        const std::string ext = entry.path().extension().string();
        if (ext.size() < 2 || !plugin.has_extension(ext.substr(1))) continue;
        const std::string path = entry.path().string();
        for (auto &l : plugin.parse(host::read_text_file(path), plugin.format_for_extension(ext.substr(1)), path))
            out.emplace_back(entry.path().filename().string(), std::move(l.level));
    }
    return out;
}

} // namespace

TEST(Difficulty, EveryBundledPluginEstimatesOnTheScaleWithALabel) {
    size_t plugins = 0;
    for (const auto &plugin : built_plugins().plugins()) {
        if (!plugin->can(PZ_CAP_SOLVE)) continue;
        auto levels = bundled_levels(*plugin);
        if (levels.empty()) continue; // the Sudoku example lives under sdk/examples and gives no estimate
        ++plugins;
        size_t graded = 0;
        for (const auto &[file, level] : levels) {
            if (graded == 4) break; // a few of each keep the test short; the bulk test grades whole packs
            host::SolveOptions options;
            options.node_limit = 200000;
            options.time_limit_s = 10;
            const host::SolveReport r = plugin->solve(level.get(), options);
            if (r.status == PZ_SOLVE_CANCELLED) continue;
            ASSERT_FALSE(std::isnan(r.difficulty)) << plugin->id() << " " << file;
            EXPECT_GE(r.difficulty, PZ_DIFFICULTY_MIN) << plugin->id() << " " << file;
            EXPECT_LE(r.difficulty, PZ_DIFFICULTY_MAX) << plugin->id() << " " << file;
            EXPECT_FALSE(r.difficulty_label.empty()) << plugin->id() << " " << file;
            ++graded;
        }
        EXPECT_GT(graded, 0u) << plugin->id();
    }
    EXPECT_GE(plugins, 6u); // nonogram, sliceit, celladd, loop, kami, lightsout
}

// The band is the kind of reasoning the solver needed, read from its own statistics: line logic alone below 4,
// probing in [4, 6), branching from 6 up; and within a band more work never scores lower.
TEST(Difficulty, NonogramBandsFollowTheSolversReasoning) {
    const auto plugin = built_plugins().find("nonogram");
    ASSERT_TRUE(plugin);
    std::map<std::string, int> bands;
    for (const auto &[file, level] : bundled_levels(*plugin)) {
        if (file == "faase.non" || file == "knotty.non" || file == "generated.nonogram") continue; // minutes each
        const host::SolveReport r = plugin->solve(level.get(), {});
        ASSERT_EQ(r.status, PZ_SOLVE_UNIQUE) << file;
        const bool branched = std::stoull(stat(r, "branches")) + std::stoull(stat(r, "conflicts")) > 0;
        const bool probed = std::stoull(stat(r, "probes")) > 0;
        if (branched) {
            EXPECT_EQ(r.difficulty_label, "branching") << file;
            EXPECT_GE(r.difficulty, PZ_DIFFICULTY_HARD) << file;
        } else if (probed) {
            EXPECT_EQ(r.difficulty_label, "probing") << file;
            EXPECT_GE(r.difficulty, PZ_DIFFICULTY_MEDIUM) << file;
            EXPECT_LT(r.difficulty, PZ_DIFFICULTY_HARD) << file;
        } else {
            EXPECT_EQ(r.difficulty_label, "line logic") << file;
            EXPECT_LT(r.difficulty, PZ_DIFFICULTY_MEDIUM) << file;
        }
        ++bands[r.difficulty_label];
    }
    // The bundled survey puzzles span all three kinds (#6574 needs branching, #1 line logic alone).
    EXPECT_EQ(bands.size(), 3u);
}

TEST(Difficulty, TheHostRefusesAnEstimateOffTheScaleAndKeepsOneOnIt) {
    const auto p = probe();
    ASSERT_TRUE(p);
    const auto solve = [&](const std::string &text) {
        auto level = p->parse(text, "", "t").at(0).level;
        return p->solve(level.get(), {});
    };
    const host::SolveReport on = solve("probe 1\nvalue 3\ndifficulty 7\n");
    EXPECT_EQ(on.difficulty, 7.0);
    EXPECT_EQ(on.difficulty_label, "probe 7");
    const host::SolveReport none = solve("probe 1\nvalue 3\n");
    EXPECT_TRUE(std::isnan(none.difficulty));
    EXPECT_EQ(none.difficulty_label, "");
    for (const char *bad : {"11", "-1"}) {
        try {
            solve(std::string("probe 1\nvalue 3\ndifficulty ") + bad + "\n");
            FAIL() << "difficulty " << bad << " was accepted";
        } catch (const host::PluginError &e) {
            EXPECT_NE(std::string(e.what()).find("outside 0..10"), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("plugin 'probe'"), std::string::npos) << e.what();
        }
    }
}

TEST(Difficulty, TheEstimateCrossesTheSandboxUnchanged) {
    host::PluginSandbox sandbox;
    const auto plugin = built_plugins().find("nonogram");
    ASSERT_TRUE(plugin);
    const std::string path = data_dir() + "/nonogram/webpbn-00065.non";
    auto level = plugin->parse(host::read_text_file(path), "", path).at(0).level;
    const std::string text = plugin->encode(level.get());
    const host::SolveReport here = plugin->solve(level.get(), {});
    const host::SandboxOutcome out = sandbox.call(host::solve_call(*plugin, host::text_level(text, "t"), {}), plugin->id());
    ASSERT_TRUE(out.answered()) << out.reason;
    const host::SolveReport there = host::solve_report_of(*out.answer);
    EXPECT_EQ(there.difficulty, here.difficulty); // the shortest exact text of a double round-trips
    EXPECT_EQ(there.difficulty_label, here.difficulty_label);
    // No estimate stays no estimate (NaN), not 0.
    const auto p = probe();
    const host::SandboxOutcome none = sandbox.call(host::solve_call(*p, host::text_level("probe 1\nvalue 2\n", "t"), {}), "probe");
    ASSERT_TRUE(none.answered()) << none.reason;
    EXPECT_TRUE(std::isnan(host::solve_report_of(*none.answer).difficulty));
}
