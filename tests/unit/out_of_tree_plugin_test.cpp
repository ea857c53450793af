// The third-party story, for real: install the SDK into a temporary prefix, copy the template plugin out of
// the source tree, build it there against the installed CMake package, and load it into the host.
#include "test_support.hpp"
#include <pluzzle/host/plugin/plugin_registry.hpp>

using namespace pluzzle::host;
using namespace pluzzle::test;

namespace {

// What a stranger does: install this build into `prefix` (`cmake --install`).
::testing::AssertionResult install_sdk(const std::string &prefix) {
    const RunResult r = run(
        quote(PLUZZLE_CMAKE_COMMAND) + " --install " + quote(PLUZZLE_BINARY_DIR) + " --prefix " + quote(prefix), true);
    if (r.exit_code != 0) return ::testing::AssertionFailure() << r.out;
    return ::testing::AssertionSuccess();
}

// Then: copy `<prefix>/share/pluzzle/<what>` to `src`, configure and build it in `build` against the installed SDK.
// The plugin library built; "" (and the log in `log`) when a step failed.
std::string build_installed_copy(const std::string &prefix, const std::string &what, const std::string &src,
                                 const std::string &build, const std::string &flags, std::string &log) {
    const std::string cmake = quote(PLUZZLE_CMAKE_COMMAND);
    fs::copy(prefix + "/share/pluzzle/" + what, src, fs::copy_options::recursive);
    for (const std::string &step :
         {cmake + " -S " + quote(src) + " -B " + quote(build) + " -DCMAKE_CXX_COMPILER=" + quote(PLUZZLE_CXX_COMPILER) +
              " -DCMAKE_PREFIX_PATH=" + quote(prefix) + " " + flags,
          cmake + " --build " + quote(build) + " -j2"}) {
        const RunResult r = run(step, true);
        log += r.out;
        if (r.exit_code != 0) return "";
    }
    for (auto &e : fs::recursive_directory_iterator(build))
        if (e.path().extension() == ".so") return e.path().string();
    log += "no plugin library in " + build;
    return "";
}

} // namespace

TEST(OutOfTreePlugin, BuildsAgainstTheInstalledSdkAndLoads) {
    TempDir tmp;
    const std::string prefix = tmp / "prefix";
    ASSERT_TRUE(install_sdk(prefix));
    ASSERT_TRUE(fs::exists(prefix + "/include/pluzzle/abi.h"));
    ASSERT_TRUE(fs::exists(prefix + "/lib/cmake/PluzzleSDK/PluzzleSDKConfig.cmake") ||
                fs::exists(prefix + "/lib/x86_64-linux-gnu/cmake/PluzzleSDK/PluzzleSDKConfig.cmake"));
    // The licence an author reads beside the template (issue 16): MIT, plugins under any licence.
    EXPECT_NE(read_file(prefix + "/share/pluzzle/LICENSE").find("MIT License"), std::string::npos);

    // A stranger starts from the installed template, not from our source tree.
    std::string log;
    const std::string built =
        build_installed_copy(prefix, "template", tmp / "my_puzzle", tmp / "build", "-DCMAKE_BUILD_TYPE=Release", log);
    ASSERT_FALSE(built.empty()) << log;

    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(built)) << (reg.problems().empty() ? "" : reg.problems()[0].reason);
    auto plugin = reg.plugins().at(0);
    EXPECT_EQ(plugin->abi(), std::to_string(PZ_ABI_MAJOR) + "." + std::to_string(PZ_ABI_MINOR));
    // The installed pluzzle finds the installed plugins on its own (relative to itself, not the build tree)...
    const std::string installed = quote(prefix + "/bin/pluzzle");
    RunResult listed =
        run("env HOME=/nonexistent XDG_CONFIG_HOME=/nonexistent PLUZZLE_PLUGIN_PATH= " + installed + " --json plugins");
    ASSERT_EQ(listed.exit_code, 0) << listed.out;
    EXPECT_NE(listed.out.find("\"path\":\"" + fs::weakly_canonical(prefix).string()), std::string::npos) << listed.out;
    EXPECT_EQ(listed.out.find(PLUZZLE_BINARY_DIR), std::string::npos)
        << "an installed host must not use the build tree";
    // ...and the stranger's plugin through PLUZZLE_PLUGIN_PATH, where it meets the installed twin of its id.
    RunResult third = run("env HOME=/nonexistent XDG_CONFIG_HOME=/nonexistent PLUZZLE_PLUGIN_PATH=" +
                          quote(fs::path(built).parent_path().string()) + " " + installed + " --json plugins");
    EXPECT_NE(third.out.find("\"path\":\"" + fs::weakly_canonical(built).string()), std::string::npos) << third.out;

    // And it really works through the host: solve a bundled level with it.
    auto levels = plugin->parse(read_file(data_dir() + "/lightsout/classic.lightsout"), "", "classic.lightsout");
    ASSERT_FALSE(levels.empty());
    const SolveReport r = plugin->solve(levels[0].level.get(), {});
    EXPECT_TRUE(r.status == PZ_SOLVE_UNIQUE || r.status == PZ_SOLVE_MULTIPLE || r.status == PZ_SOLVE_UNSOLVABLE);
}

// The second subject: the Sudoku example (a TypedPuzzle), copied from the installed examples, built against the
// installed SDK, checked with the installed `pluzzle selftest`, and solving a classic level through the host.
TEST(OutOfTreePlugin, TheSudokuExampleBuildsFromTheInstalledCopyAndPassesTheSelftest) {
    TempDir tmp;
    const std::string prefix = tmp / "prefix";
    ASSERT_TRUE(install_sdk(prefix));
    const std::string src = tmp / "sudoku";
    std::string log;
    const std::string built = build_installed_copy(prefix, "examples/sudoku", src, tmp / "build",
                                                   "-DCMAKE_CXX_FLAGS='-Wall -Wextra -Werror'", log);
    ASSERT_FALSE(built.empty()) << log;

    RunResult selftest = run(quote(prefix + "/bin/pluzzle") + " selftest " + quote(built) + " " +
                                 quote(src + "/data/pack.sudoku") + " --seconds 2",
                             true);
    EXPECT_EQ(selftest.exit_code, 0) << selftest.out;
    EXPECT_NE(selftest.out.find("PASS"), std::string::npos) << selftest.out;

    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(built)) << (reg.problems().empty() ? "" : reg.problems()[0].reason);
    auto plugin = reg.plugins().at(0);
    // A 17-clue level (the fewest any uniquely solvable Sudoku has), in the one-line format of the big collections.
    auto levels = plugin->parse("000000010400000000020000000000050407008000300001090000300400200050100000000806000",
                                "line", "seventeen.sdm");
    ASSERT_EQ(levels.size(), 1u);
    const SolveReport r = plugin->solve(levels[0].level.get(), {});
    EXPECT_EQ(r.status, PZ_SOLVE_UNIQUE);
    ASSERT_EQ(r.solutions.size(), 1u);
    EXPECT_TRUE(plugin->check(levels[0].level.get(), r.solutions[0] + "\n").ok) << "a solution file ends in a newline";
    const std::string filled = r.solutions[0];
    EXPECT_EQ(filled.find('.'), std::string::npos);
}

// The example's promise, kept: under 300 lines an author writes, and its README shows the count as it is.
TEST(OutOfTreePlugin, TheSudokuExampleStaysUnder300LinesAsItsReadmeSays) {
    const fs::path dir = fs::path(PLUZZLE_SOURCE_DIR) / "sdk/examples/sudoku";
    size_t total = 0;
    std::string listing;
    for (const char *name : {"CMakeLists.txt", "sudoku.hpp", "sudoku_rules.cpp", "sudoku_plugin.cpp"}) {
        const std::string text = read_file((dir / name).string());
        const size_t lines = size_t(std::count(text.begin(), text.end(), '\n'));
        total += lines;
        char row[64];
        std::snprintf(row, sizeof row, "%5zu %s\n", lines, name);
        listing += row;
    }
    EXPECT_LT(total, 300u);
    char last[64];
    std::snprintf(last, sizeof last, "%5zu total\n", total);
    listing += last;
    const std::string readme = read_file((dir / "README.md").string());
    EXPECT_NE(readme.find(listing), std::string::npos) << "README.md should show:\n" << listing;
}

// README.md's plugin-author commands, verbatim (the first sh block of "## Writing a plugin"), in a scratch home and
// folder whose `build` is this build: the path a new author follows must work as written.
TEST(OutOfTreePlugin, TheReadmesPluginAuthorCommandsWorkVerbatim) {
    const std::string readme = read_file(std::string(PLUZZLE_SOURCE_DIR) + "/README.md");
    const size_t section = readme.find("## Writing a plugin");
    ASSERT_NE(section, std::string::npos);
    const size_t begin = readme.find("```sh\n", section);
    ASSERT_NE(begin, std::string::npos);
    const size_t end = readme.find("```", begin + 6);
    const std::string commands = readme.substr(begin + 6, end - begin - 6);
    ASSERT_NE(commands.find("cmake --install build"), std::string::npos) << commands;

    TempDir tmp;
    fs::create_directories(tmp / "home");
    fs::create_directories(tmp / "work");
    fs::create_directory_symlink(PLUZZLE_BINARY_DIR, tmp / "work/build");
    write_file(tmp / "steps.sh", "set -e\n" + commands);
    const RunResult r = run("cd " + quote(tmp / "work") + " && env -u PLUZZLE_PLUGIN_PATH HOME=" + quote(tmp / "home") +
                                " XDG_CONFIG_HOME=" + quote(tmp / "home/.config") +
                                " CMAKE_BUILD_PARALLEL_LEVEL=2 bash " + quote(tmp / "steps.sh"),
                            true);
    ASSERT_EQ(r.exit_code, 0) << commands << "\n" << r.out;
    // The author's copy of the template is the lightsout plugin the installed pluzzle now lists.
    EXPECT_NE(r.out.find(tmp / "work/my_puzzle/build/pluzzle_lightsout.so"), std::string::npos) << r.out;
}
