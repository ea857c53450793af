// The third-party story, for real: install the SDK into a temporary prefix, copy the template plugin out of
// the source tree, build it there against the installed CMake package, and load it into the host.
#include <pluzzle/host/plugin_registry.hpp>
#include "test_support.hpp"

using namespace pluzzle::host;
using namespace pluzzle::test;

TEST(OutOfTreePlugin, BuildsAgainstTheInstalledSdkAndLoads) {
    TempDir tmp;
    const std::string prefix = tmp / "prefix";
    const std::string cmake = quote(PLUZZLE_CMAKE_COMMAND);

    RunResult install = run(cmake + " --install " + quote(PLUZZLE_BINARY_DIR) + " --prefix " + quote(prefix), true);
    ASSERT_EQ(install.exit_code, 0) << install.out;
    ASSERT_TRUE(fs::exists(prefix + "/include/pluzzle/abi.h"));
    ASSERT_TRUE(fs::exists(prefix + "/lib/cmake/PluzzleSDK/PluzzleSDKConfig.cmake") ||
                fs::exists(prefix + "/lib/x86_64-linux-gnu/cmake/PluzzleSDK/PluzzleSDKConfig.cmake"));

    // A stranger starts from the installed template, not from our source tree.
    const std::string src = tmp / "my_puzzle";
    fs::copy(prefix + "/share/pluzzle/template", src, fs::copy_options::recursive);
    const std::string build = tmp / "build";
    RunResult configure = run(cmake + " -S " + quote(src) + " -B " + quote(build) + " -DCMAKE_BUILD_TYPE=Release" +
                                  " -DCMAKE_CXX_COMPILER=" + quote(PLUZZLE_CXX_COMPILER) +
                                  " -DCMAKE_PREFIX_PATH=" + quote(prefix),
                              true);
    ASSERT_EQ(configure.exit_code, 0) << configure.out;
    RunResult compile = run(cmake + " --build " + quote(build) + " -j2", true);
    ASSERT_EQ(compile.exit_code, 0) << compile.out;

    std::string built;
    for (auto &e : fs::recursive_directory_iterator(build))
        if (e.path().extension() == ".so") built = e.path().string();
    ASSERT_FALSE(built.empty()) << "no plugin library in " << build;

    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(built)) << (reg.problems().empty() ? "" : reg.problems()[0].reason);
    auto plugin = reg.plugins().at(0);
    EXPECT_EQ(plugin->abi(), std::to_string(PZ_ABI_MAJOR) + "." + std::to_string(PZ_ABI_MINOR));
    // The installed pluzzle finds the installed plugins on its own (relative to itself, not the build tree)...
    const std::string installed = quote(prefix + "/bin/pluzzle");
    RunResult listed = run("env HOME=/nonexistent XDG_CONFIG_HOME=/nonexistent PLUZZLE_PLUGIN_PATH= " + installed +
                           " --json plugins");
    ASSERT_EQ(listed.exit_code, 0) << listed.out;
    EXPECT_NE(listed.out.find("\"path\":\"" + fs::weakly_canonical(prefix).string()), std::string::npos) << listed.out;
    EXPECT_EQ(listed.out.find(PLUZZLE_BINARY_DIR), std::string::npos) << "an installed host must not use the build tree";
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
