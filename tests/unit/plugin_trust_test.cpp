// Plugin trust: a plugin file or folder that another user could replace is refused with the reason and the fix
// (like ssh with a private key of loose permissions), and `plugins --verify` shows what exactly would run. Real
// files, real modes and owners (the owner cases need root, as CI runs), real dlopen through the registry.
#include "test_support.hpp"
#include <pluzzle/host/plugin/plugin_registry.hpp>
#include <pluzzle/host/plugin/plugin_trust.hpp>

#include <sys/stat.h>
#include <unistd.h>

using namespace pluzzle::host;
using namespace pluzzle::test;

namespace {

// A folder holding a copy of the probe plugin, modes as given.
std::string plugin_copy(const TempDir &dir, mode_t folder_mode, mode_t file_mode) {
    const std::string folder = dir / "plugins", file = folder + "/pluzzle_probe.so";
    fs::create_directory(folder);
    ::chmod(folder.c_str(), 0755);
    // A new file each time (a new inode): rewriting a library already loaded would change the mapped code under it.
    fs::remove(file);
    fs::copy_file(probe_dir("good") + "/pluzzle_probe.so", file);
    EXPECT_EQ(::chmod(file.c_str(), file_mode), 0);
    EXPECT_EQ(::chmod(folder.c_str(), folder_mode), 0);
    return folder;
}

// The one problem the registry reported, or "" when the plugin loaded.
std::string load_problem(const std::string &folder) {
    PluginRegistry reg;
    reg.load_folders({folder});
    if (reg.problems().empty()) {
        EXPECT_TRUE(reg.find("probe")) << "neither loaded nor refused";
        return "";
    }
    EXPECT_EQ(reg.problems().size(), 1u);
    EXPECT_FALSE(reg.find("probe"));
    return reg.problems()[0].path + " | " + reg.problems()[0].reason;
}

} // namespace

TEST(PluginTrust, AFolderOrFileOthersCanWriteIsRefusedWithTheFix) {
    TempDir dir;
    EXPECT_EQ(load_problem(plugin_copy(dir, 0755, 0755)), "");
    EXPECT_EQ(load_problem(plugin_copy(dir, 0700, 0644)), "");

    const std::string folder = plugin_copy(dir, 0777, 0755);
    std::string problem = load_problem(folder);
    EXPECT_NE(problem.find("refused plugin folder " + folder), std::string::npos) << problem;
    EXPECT_NE(problem.find("mode 0777"), std::string::npos) << problem;
    EXPECT_NE(problem.find("fix: chmod o-w " + folder), std::string::npos) << problem;

    plugin_copy(dir, 0755, 0666);
    problem = load_problem(folder);
    EXPECT_NE(problem.find("refused plugin " + folder + "/pluzzle_probe.so"), std::string::npos) << problem;
    EXPECT_NE(problem.find("fix: chmod o-w " + folder + "/pluzzle_probe.so"), std::string::npos) << problem;

    // The CLI says the same, and goes on without the plugin.
    RunResult r = run(cli(folder) + " plugins", true);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("chmod o-w " + folder + "/pluzzle_probe.so"), std::string::npos) << r.out;
}

TEST(PluginTrust, AnotherUsersFileOrAGroupWritableOneIsRefused) {
    if (::geteuid() != 0) GTEST_SKIP() << "needs root to give files to another user";
    TempDir dir;
    const std::string folder = plugin_copy(dir, 0755, 0755), file = folder + "/pluzzle_probe.so";
    ASSERT_EQ(::chown(file.c_str(), 4242, 0), 0); // a user who is neither us nor root
    std::string problem = load_problem(folder);
    EXPECT_NE(problem.find("owned by user '4242'"), std::string::npos) << problem;
    EXPECT_NE(problem.find("fix: chown root " + file), std::string::npos) << problem;

    ASSERT_EQ(::chown(file.c_str(), 0, 4243), 0); // root's file, in a group of others, writable by that group
    ASSERT_EQ(::chmod(file.c_str(), 0775), 0);
    problem = load_problem(folder);
    EXPECT_NE(problem.find("group '4243' can replace it"), std::string::npos) << problem;
    EXPECT_NE(problem.find("fix: chmod g-w " + file), std::string::npos) << problem;

    ASSERT_EQ(::chmod(file.c_str(), 0755), 0); // the same group, read-only: fine
    EXPECT_EQ(load_problem(folder), "");
}

// --verify prints what would run; its SHA-256 is the one coreutils computes for the same file.
TEST(PluginTrust, VerifyPrintsPathOwnerModeAndSha256) {
    TempDir dir;
    const std::string folder = plugin_copy(dir, 0755, 0750), file = folder + "/pluzzle_probe.so";
    RunResult r = run(cli(folder) + " --json plugins --verify");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    bool found = false;
    for (auto &line : json_lines(r.out)) {
        if (!line.HasMember("id") || member(line, "path") != file) continue;
        found = true;
        EXPECT_EQ(member(line, "owner"), "root");
        EXPECT_EQ(member(line, "mode"), "0750");
        RunResult sum = run("sha256sum " + quote(file));
        EXPECT_EQ(member(line, "sha256"), sum.out.substr(0, 64));
    }
    EXPECT_TRUE(found) << r.out;
}
