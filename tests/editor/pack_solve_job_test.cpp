// The library's "Solve pack" beside a `pluzzle db solve` on the same database (issue 47): the editor's run is one
// run like the CLI's -- it claims what it hands its worker processes, skips what the other run holds, and the two
// split the pack with one result per level and nothing left behind.
#include "editor_test_support.hpp"

#include <pack_solve_job.hpp>
#include <pluzzle/host/store/store.hpp>

#include <csignal>
#include <set>
#include <sys/wait.h>

using namespace std::chrono_literals;

namespace {

std::string quote(const std::string &s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string read_all(const std::string &path) {
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// How many of a `--json db solve`'s level lines say the level was solved.
size_t solved_lines(const std::string &out) {
    size_t n = 0;
    for (size_t at = 0; (at = out.find("\"status\":\"unique\"", at)) != std::string::npos; ++at) ++n;
    return n;
}

} // namespace

TEST(PackSolveJob, SharesThePackWithACommandLineRunBesideIt) {
    editor_test::TempDir dir;
    const std::string db = dir.file("shared.db");
    constexpr int kLevels = 40;
    {
        pluzzle::host::Store store(db);
        const int64_t pack = store.ensure_pack("p");
        for (int i = 0; i < kLevels; ++i) { // 10 s alone on one thread: both runs are at work together
            pluzzle::host::LevelRecord l;
            l.type = "probe";
            l.name = "l" + std::to_string(100 + i);
            l.text = "probe 1\nvalue " + std::to_string(i) + "\nsleep_ms 250\n";
            store.add_level(pack, l);
        }
    }
    const std::string out = dir.file("cli.txt");
    const pid_t cli = fork();
    ASSERT_GE(cli, 0);
    if (cli == 0) {
        const std::string command = "exec env HOME=/nonexistent XDG_CONFIG_HOME=/nonexistent PLUZZLE_PLUGIN_PATH=" +
                                    quote(PLUZZLE_PROBE_PLUGIN_DIR) + " " + quote(PLUZZLE_CLI) + " --json db solve " +
                                    quote(db) + " --threads -j 1 >" + quote(out) + " 2>" + quote(out + ".err");
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char *>(nullptr));
        _exit(127);
    }
    for (int i = 0; i < 2000 && pluzzle::host::Store(db).runs().empty(); ++i) // the CLI's run is at work
        std::this_thread::sleep_for(5ms);

    std::set<std::string> kinds;
    size_t from_editor = 0;
    {
        pluzzle::editor::PackSolveJob job(db, "p", editor_test::registry(), 30);
        for (int i = 0; i < 2400 && job.running(); ++i) {
            for (const auto &r : pluzzle::host::Store(db).runs()) kinds.insert(r.kind);
            from_editor += job.take_results().size();
            std::this_thread::sleep_for(50ms);
        }
        ASSERT_FALSE(job.running()) << "the pack solve did not end within two minutes";
        from_editor += job.take_results().size();
        EXPECT_EQ(job.error(), "");
    }
    int status = 0;
    for (int i = 0; i < 1200 && ::waitpid(cli, &status, WNOHANG) != cli; ++i) std::this_thread::sleep_for(50ms);
    if (::kill(cli, 0) == 0) { // still running after a minute: end it, and fail
        ::kill(cli, SIGKILL);
        ::waitpid(cli, &status, 0);
        FAIL() << "the command-line run did not end";
    }
    const std::string said = read_all(out) + read_all(out + ".err");
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << said;
    EXPECT_EQ(kinds, (std::set<std::string>{"db solve", "editor pack solve"})) << said;
    const size_t from_cli = solved_lines(read_all(out));
    EXPECT_GE(from_editor, 3u) << "the editor's run took part\n" << said;
    EXPECT_GE(from_cli, 1u) << said;
    EXPECT_EQ(from_editor + from_cli, size_t(kLevels)) << said;
    pluzzle::host::Store store(db);
    const auto levels = store.levels(pluzzle::host::LevelFilter("p"));
    ASSERT_EQ(levels.size(), size_t(kLevels));
    for (const auto &l : levels) {
        const auto results = store.results(l.id);
        ASSERT_EQ(results.size(), 1u) << l.name << ": solved once, by one run\n" << said;
        EXPECT_TRUE(pluzzle::host::attempt_solved(results.front().status)) << l.name;
    }
    EXPECT_TRUE(store.in_flight({}).empty());
    EXPECT_TRUE(store.runs().empty());
}
