// The real `pluzzle` binary against hostile surroundings: read-only databases, odd database paths, files that
// are not level text, bad numbers, signals, and the progress line.
#include <pluzzle/host/store/sqlite.hpp>
#include <pluzzle/host/store/store.hpp>
#include "test_support.hpp"

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <optional>
#include <sstream>
#include <tuple>
#include <thread>
#include <vector>

using namespace pluzzle::test;

namespace {

const char *kLevel = "lightsout 1\nname corner\nsize 3 3\n##.\n#..\n...\n";

// A database of the bundled classic pack, closed (so its -wal/-shm files are gone).
std::string make_database(const TempDir &dir, const std::string &name = "levels.db") {
    const std::string db = dir / name;
    RunResult r = run(cli() + " db import " + quote(db) + " " + quote(data_dir() + "/lightsout/classic.lightsout") +
                          " --pack classic",
                      true);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    return db;
}

size_t stored_results(const std::string &db) {
    pluzzle::host::StoreOptions options;
    options.mode = pluzzle::host::StoreMode::ReadOnly;
    pluzzle::host::Store store(db, options);
    size_t n = 0;
    for (auto &l : store.levels())
        n += store.results(l.id).size();
    return n;
}

// The database's -shm side file cannot be created, even by root: its name is a dangling symlink into a folder
// that does not exist (what a read-only folder does to an ordinary user).
void block_side_files(const std::string &db) {
    fs::remove(db + "-shm");
    fs::remove(db + "-wal");
    fs::create_symlink(fs::path(db).parent_path() / "no-such-folder" / "shm", db + "-shm");
}

} // namespace

// ---- read-only databases ---------------------------------------------------------------------------------------

TEST(CliRobustness, ListAndExportReadADatabaseWhoseSideFilesCannotBeCreated) {
    TempDir dir;
    const std::string db = make_database(dir);
    block_side_files(db);
    const std::string before = read_file(db);

    RunResult list = run(cli() + " --json db list " + quote(db), true);
    ASSERT_EQ(list.exit_code, 0) << list.out;
    auto lines = json_lines(list.out);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(member(lines[0], "pack"), "classic");
    EXPECT_EQ(run(cli() + " db list " + quote(db) + " --pack classic").exit_code, 0);

    RunResult exp = run(cli() + " db export " + quote(db) + " --pack classic -o " + quote(dir / "out.json"), true);
    ASSERT_EQ(exp.exit_code, 0) << exp.out;
    EXPECT_TRUE(contains(read_file(dir / "out.json"), "\"pluzzle-pack\""));
    EXPECT_EQ(read_file(db), before);

    // A bulk solve cannot store its results: it says so before solving anything.
    RunResult solve = run(cli() + " --json db solve " + quote(db), true);
    EXPECT_EQ(solve.exit_code, 3) << solve.out;
    EXPECT_TRUE(contains(solve.out, "database is read-only")) << solve.out;
    EXPECT_TRUE(contains(solve.out, db)) << solve.out;
    EXPECT_FALSE(contains(solve.out, "\"status\"")) << solve.out;
    EXPECT_EQ(stored_results(db), 0u);
}

// The real case: a user who may not write the database nor its folder.
TEST(CliRobustness, ReadOnlyFileAndFolderOfAnotherUser) {
    TempDir dir, out;
    const std::string db = make_database(dir);
    std::string as_user; // prefix that runs a command as a user who cannot write `dir`
    if (::geteuid() == 0) {
        if (run("command -v runuser && id nobody").exit_code != 0) GTEST_SKIP() << "needs runuser and user nobody";
        if (run("runuser -u nobody -- test -x " + quote(PLUZZLE_CLI) + " -a -r " + quote(db)).exit_code != 0)
            GTEST_SKIP() << "user nobody cannot reach the build or the temporary folder";
        as_user = "runuser -u nobody -- ";
    }
    fs::permissions(db, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    fs::permissions(dir.path(), fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                    fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
    fs::permissions(out.path(), fs::perms::all); // the export goes here

    RunResult list = run(as_user + cli() + " --json db list " + quote(db) + " --pack classic", true);
    EXPECT_EQ(list.exit_code, 0) << list.out;
    EXPECT_GE(json_lines(list.out).size(), 3u) << list.out;
    RunResult exp =
        run(as_user + cli() + " db export " + quote(db) + " --pack classic -o " + quote(out / "p.json"), true);
    EXPECT_EQ(exp.exit_code, 0) << exp.out;
    EXPECT_TRUE(fs::exists(out / "p.json"));

    RunResult solve = run(as_user + cli() + " db solve " + quote(db), true);
    EXPECT_EQ(solve.exit_code, 3) << solve.out;
    EXPECT_TRUE(contains(solve.out, "database is read-only")) << solve.out;
    EXPECT_TRUE(contains(solve.out, db)) << solve.out;
    fs::permissions(dir.path(), fs::perms::owner_all, fs::perm_options::add); // so TempDir can remove it
    EXPECT_EQ(stored_results(db), 0u);
}

// ---- database paths --------------------------------------------------------------------------------------------

TEST(CliRobustness, DatabasePathsThatAreNotFilesAreBadInput) {
    TempDir dir;
    write_file(dir / "one.lightsout", kLevel);
    const std::vector<std::string> commands = {
        "db list %", "db export % --pack p -o " + quote(dir / "x.json"), "db solve %",
        "db import % " + quote(dir / "one.lightsout") + " --pack p", "generate lightsout --db %"};
    const std::vector<std::string> paths = {"", ":memory:", "file:" + dir / "x.db", "file:x.db?mode=memory"};
    for (const std::string &path : paths) {
        for (const std::string &command : commands) {
            std::string line = command;
            line.replace(line.find('%'), 1, quote(path));
            RunResult r = run(cli() + " " + line, true);
            EXPECT_EQ(r.exit_code, 3) << line << "\n" << r.out;
            EXPECT_TRUE(contains(r.out, "not a database file path")) << line << "\n" << r.out;
        }
    }
    EXPECT_FALSE(fs::exists(dir / "x.db"));
}

TEST(CliRobustness, MissingEmptyAndFolderlessDatabases) {
    TempDir dir;
    const std::string missing = dir / "missing.db";
    for (const std::string command : {"db list ", "db solve ", "db export "}) {
        const std::string tail = command == "db export " ? " --pack p -o " + quote(dir / "x.json") : "";
        RunResult r = run(cli() + " " + command + quote(missing) + tail, true);
        EXPECT_EQ(r.exit_code, 3) << command << r.out;
        EXPECT_TRUE(contains(r.out, missing + ": no such database")) << command << r.out;

        write_file(dir / "empty.db", "");
        RunResult e = run(cli() + " " + command + quote(dir / "empty.db") + tail, true);
        EXPECT_EQ(e.exit_code, 3) << command << e.out;
        EXPECT_TRUE(contains(e.out, "not a pluzzle database (empty file)")) << command << e.out;
        EXPECT_EQ(fs::file_size(dir / "empty.db"), 0u) << "a reading command turned it into a database";
    }
    EXPECT_FALSE(fs::exists(missing));

    write_file(dir / "one.lightsout", kLevel);
    const std::string folderless = dir / "no-folder/levels.db";
    RunResult imp =
        run(cli() + " db import " + quote(folderless) + " " + quote(dir / "one.lightsout") + " --pack p", true);
    EXPECT_EQ(imp.exit_code, 3) << imp.out;
    EXPECT_TRUE(contains(imp.out, folderless)) << imp.out;
    EXPECT_TRUE(contains(imp.out, "folder does not exist")) << imp.out;
}

// ---- input files -----------------------------------------------------------------------------------------------

TEST(CliRobustness, SpecialFilesAreRefusedAtOnce) {
    TempDir dir;
    ASSERT_EQ(::mkfifo((dir / "fifo.lightsout").c_str(), 0600), 0);
    for (const std::string &file : std::vector<std::string>{"/dev/zero", dir / "fifo.lightsout"}) {
        // `timeout` turns a hang into exit code 124.
        RunResult r = run("timeout 20 " + cli() + " solve " + quote(file), true);
        EXPECT_EQ(r.exit_code, 3) << file << "\n" << r.out;
        EXPECT_TRUE(contains(r.out, file + ": not a regular file")) << r.out;
    }
    write_file(dir / "nul.lightsout", std::string("lightsout 1\nsize 2 1\n#\0\n", 24));
    RunResult nul = run(cli() + " solve " + quote(dir / "nul.lightsout"), true);
    EXPECT_EQ(nul.exit_code, 3) << nul.out;
    EXPECT_TRUE(contains(nul.out, "contains a NUL byte at line 3, column 2")) << nul.out;
    write_file(dir / "bom.lightsout", std::string("\xEF\xBB\xBF") + kLevel);
    EXPECT_EQ(run(cli() + " solve " + quote(dir / "bom.lightsout")).exit_code, 0);
}

// ---- packs -----------------------------------------------------------------------------------------------------

TEST(CliRobustness, ImportingAPackFileKeepsItsDescription) {
    TempDir dir;
    write_file(dir / "pack.json", R"({"format": "pluzzle-pack", "version": 1, "name": "mine",
        "description": "Hand-picked corners", "levels": [{"type": "lightsout", "text": "lightsout 1\nsize 2 1\n#.\n"}]})");
    const std::string db = dir / "levels.db";
    ASSERT_EQ(run(cli() + " db import " + quote(db) + " " + quote(dir / "pack.json") + " --pack mine").exit_code, 0);
    auto lines = json_lines(run(cli() + " --json db list " + quote(db)).out);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(member(lines[0], "description"), "Hand-picked corners");
    ASSERT_EQ(run(cli() + " db export " + quote(db) + " --pack mine -o " + quote(dir / "out.json")).exit_code, 0);
    EXPECT_TRUE(contains(read_file(dir / "out.json"), "Hand-picked corners"));
}

// ---- arguments -------------------------------------------------------------------------------------------------

TEST(CliRobustness, NumbersOutOfRangeAreUsageErrors) {
    TempDir dir;
    const std::string db = make_database(dir);
    for (const char *bad : {"--node-limit -5", "--node-limit 1.5", "--timeout nan", "--timeout inf", "--timeout -1",
                            "--jobs 1000", "--jobs -1"}) {
        RunResult r = run(cli() + " db solve " + quote(db) + " " + bad, true);
        EXPECT_EQ(r.exit_code, 2) << bad << "\n" << r.out;
    }
    for (const char *bad : {"--seed -1", "--count -3", "--count 0", "--timeout nan", "--timeout -inf"}) {
        RunResult r = run(cli() + " generate lightsout " + bad + " -o " + quote(dir / "g.json"), true);
        EXPECT_EQ(r.exit_code, 2) << bad << "\n" << r.out;
    }
    EXPECT_EQ(stored_results(db), 0u);
    EXPECT_EQ(run(cli() + " db solve " + quote(db) + " --node-limit 100000 --timeout 30 --jobs 2").exit_code, 0);
}

TEST(CliRobustness, SeveralGeneratedLevelsNeedAPackFileName) {
    TempDir dir;
    RunResult r = run(cli() + " generate lightsout --count 3 -o " + quote(dir / "three.lightsout"), true);
    EXPECT_EQ(r.exit_code, 3) << r.out;
    EXPECT_TRUE(contains(r.out, "several levels are written as a pack file: name it *.json")) << r.out;
    EXPECT_FALSE(fs::exists(dir / "three.lightsout"));
    EXPECT_EQ(run(cli() + " generate lightsout --count 1 -o " + quote(dir / "one.lightsout")).exit_code, 0);
}

TEST(CliRobustness, DbSolveWithAnUnknownTypeIsBadInput) {
    TempDir dir;
    const std::string db = make_database(dir);
    RunResult r = run(cli() + " db solve " + quote(db) + " --type nosuchtype", true);
    EXPECT_EQ(r.exit_code, 3) << r.out;
    EXPECT_TRUE(contains(r.out, "nosuchtype")) << r.out;
    EXPECT_TRUE(contains(r.out, "lightsout")) << "the installed types are listed: " << r.out;
}

TEST(CliRobustness, GlobalFlagsMayFollowTheSubcommand) {
    TempDir dir;
    write_file(dir / "one.lightsout", kLevel);
    RunResult r = run(cli() + " solve " + quote(dir / "one.lightsout") + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 1u) << r.out;
    EXPECT_EQ(member(lines[0], "status"), "unique");
    const std::string db = make_database(dir);
    RunResult list = run(cli() + " db list " + quote(db) + " --json");
    ASSERT_EQ(list.exit_code, 0) << list.out;
    EXPECT_EQ(member(json_lines(list.out).at(0), "pack"), "classic");
}

// ---- signals -----------------------------------------------------------------------------------------------------

namespace {

// True once process `pid` catches signal `sig` (its handler is installed), per /proc/PID/status.
bool catches(pid_t pid, int sig) {
    std::istringstream status(read_file("/proc/" + std::to_string(pid) + "/status"));
    for (std::string line; std::getline(status, line);)
        if (line.rfind("SigCgt:", 0) == 0) return (std::stoull(line.substr(7), nullptr, 16) >> (sig - 1)) & 1;
    return false;
}

} // namespace

// The first SIGINT or SIGTERM asks for a clean stop; a second one of either kind ends the process even while it
// is stuck (here: waiting for a database lock that another connection holds).
TEST(CliRobustness, ASecondSignalOfEitherKindEndsTheProcess) {
    TempDir dir;
    const std::string db = make_database(dir);
    for (auto [first, second] : {std::pair{SIGINT, SIGTERM}, std::pair{SIGTERM, SIGINT}}) {
        pluzzle::host::sql::Database lock(db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX);
        lock.exec("BEGIN IMMEDIATE");
        const pid_t pid = start_shell(cli() + " -q db solve " + quote(db) + " >/dev/null 2>&1");
        ASSERT_GE(pid, 0);
        bool ready = false;
        for (int i = 0; i < 500 && !(ready = catches(pid, SIGINT) && catches(pid, SIGTERM)); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        ASSERT_TRUE(ready) << "pluzzle never installed its handlers";
        ::kill(pid, first);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        int status = 0;
        ASSERT_EQ(::waitpid(pid, &status, WNOHANG), 0) << "the first signal ended it: it should stop cleanly";
        ::kill(pid, second);
        auto ended = wait_for(pid, std::chrono::seconds(5));
        ASSERT_TRUE(ended.has_value()) << "the second signal (" << second << ") did not end it";
        EXPECT_TRUE(WIFSIGNALED(*ended) && WTERMSIG(*ended) == second) << "status " << *ended;
        lock.exec("ROLLBACK");
    }
}

// ---- the progress line -------------------------------------------------------------------------------------------

TEST(CliRobustness, ProgressLineIsRateLimitedAndEndsWithTheFinalState) {
    if (run("command -v script").exit_code != 0) GTEST_SKIP() << "needs script(1) for a terminal";
    TempDir dir;
    constexpr int kLevels = 300;
    std::string text;
    for (int i = 0; i < kLevels; ++i)
        text += "probe 1\nvalue " + std::to_string(i) + "\n";
    write_file(dir / "many.probe", text);
    const std::string db = dir / "levels.db";
    const std::string env = cli(probe_dir("good"));
    ASSERT_EQ(run(env + " db import " + quote(db) + " " + quote(dir / "many.probe") + " --pack many").exit_code, 0);
    // The progress line is only drawn on a terminal: script(1) gives the command one.
    write_file(dir / "run.sh", env + " db solve " + quote(db) + " -j 2\n");
    const auto start = std::chrono::steady_clock::now();
    RunResult r = run("script -qec " + quote("sh " + quote(dir / "run.sh")) + " /dev/null");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(r.exit_code, 0) << r.out;
    size_t lines = 0;
    for (size_t at = 0; (at = r.out.find(" levels  ", at)) != std::string::npos; ++at)
        ++lines;
    EXPECT_GE(lines, 1u);
    EXPECT_LE(lines, size_t(seconds * 10) + 3) << "in " << seconds << " s:\n" << r.out;
    EXPECT_TRUE(contains(r.out, std::to_string(kLevels) + "/" + std::to_string(kLevels) + " levels")) << r.out;
}

TEST(CliRobustness, AForeignExceptionInAParserStillNamesTheFileAndIsBadInput) {
    TempDir dir;
    write_file(dir / "x.probe", "probe 1\nthrow parse\n");
    RunResult r = run(cli() + " --plugin-path " + quote(probe_dir("good")) + " solve " + quote(dir / "x.probe"), true);
    EXPECT_EQ(r.exit_code, 3) << r.out;
    EXPECT_NE(r.out.find("x.probe: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("probe throws in parse"), std::string::npos) << r.out;
}

TEST(CliRobustness, AFileExtensionTellsThePluginWhichFormatItIs) {
    // A short row in a .sdm file: Sudoku's content sniffing would read it as its canonical 9x9 format; the
    // extension names the one-line format, so the error is in that format's terms.
    TempDir dir;
    write_file(dir / "one.sdm", "# one level\n123\n");
    RunResult r = run(cli() + " solve " + quote(dir / "one.sdm"), true);
    EXPECT_EQ(r.exit_code, 3) << r.out;
    EXPECT_NE(r.out.find("one.sdm:2:4: row 1 has 3 cells, expected 81"), std::string::npos) << r.out;
    write_file(dir / "one.sudoku", "# one level\n123\n");
    r = run(cli() + " solve " + quote(dir / "one.sudoku"), true);
    EXPECT_NE(r.out.find("one.sudoku:2:4: row 1 has 3 cells, expected 9"), std::string::npos) << r.out;
}

// A plugin that never polls its control ignores Ctrl-C: the first interrupt still ends the run, a few seconds later
// and saying why, instead of waiting for the second (issue 15). In process (--in-process): the sandboxed run kills
// the worker instead (CliSandbox.TheFirstCtrlCStopsADeafPluginWithinASecond).
TEST(CliRobustness, TheFirstCtrlCEndsARunWhosePluginDoesNotStop) {
    TempDir dir;
    write_file(dir / "hang.probe", "probe 1\nhang_ms 600000\n");
    const pid_t pid = start_shell(cli(probe_dir("good")) + " --in-process solve " + quote(dir / "hang.probe") + " 2>" +
                                  quote(dir / "err.txt"));
    ASSERT_GT(pid, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    ::kill(pid, SIGINT);
    const auto interrupted = std::chrono::steady_clock::now();
    const std::optional<int> ended = wait_for(pid, std::chrono::seconds(15)); // else killed: nothing left running
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - interrupted).count();
    ASSERT_TRUE(ended.has_value()) << "the run ignored the interrupt";
    const int status = *ended;
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 130);
    EXPECT_LT(seconds, 10);
    EXPECT_NE(read_file(dir / "err.txt").find("did not stop within 5 s of the interrupt"), std::string::npos);
}

// Ctrl-C during `pluzzle bench` stops the running solve through its control (here a nonogram search that the
// solver option beliefs=0 keeps from ever ending) and starts no further level: the run ends at once, prints
// what it measured, and gives no signature for a partial set -- not the 5 s "plugin does not poll" fallback.
TEST(CliRobustness, CtrlCStopsABenchAtOnceAndGivesNoSignature) {
    TempDir dir;
    const std::string faase = data_dir() + "/nonogram/faase.non", knotty = data_dir() + "/nonogram/knotty.non";
    const pid_t pid = start_shell(cli() + " bench " + quote(faase) + " " + quote(knotty) + " --option beliefs=0 >" +
                                  quote(dir / "out.txt") + " 2>" + quote(dir / "err.txt"));
    ASSERT_GT(pid, 0);
    bool ready = false;
    for (int i = 0; i < 500 && !(ready = catches(pid, SIGINT)); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_TRUE(ready);
    std::this_thread::sleep_for(std::chrono::milliseconds(500)); // well into faase's search
    ::kill(pid, SIGINT);
    const std::optional<int> ended = wait_for(pid, std::chrono::seconds(15));
    ASSERT_TRUE(ended.has_value()) << "the bench ignored the interrupt";
    // The 5 s fallback would have exited 130 and said "did not stop" (checked below).
    EXPECT_TRUE(WIFEXITED(*ended) && WEXITSTATUS(*ended) == 1) << *ended;
    const std::string out = read_file(dir / "out.txt"), err = read_file(dir / "err.txt");
    EXPECT_EQ(err.find("did not stop"), std::string::npos) << err;
    EXPECT_EQ(out.find("knotty"), std::string::npos) << "no level starts after the interrupt: " << out;
    // On a busy machine the interrupt may come before faase's solve starts; when it came during it, faase is listed
    // as cancelled.
    const bool during = out.find("faase.non#1") != std::string::npos;
    if (during) { EXPECT_NE(out.find("cancelled"), std::string::npos) << out; }
    EXPECT_NE(out.find(std::string("signature none (interrupted: ") + (during ? "1" : "0") + " of 2 levels measured)"),
              std::string::npos)
        << out;
}

// A key=value item that is not one, or names no solver option, is named with the option it was given to (a baseline
// option's error once said --param or --option).
TEST(CliRobustness, AMalformedKeyValueNamesItsOwnOption) {
    TempDir dir;
    write_file(dir / "one.lightsout", kLevel);
    const std::string level = quote(dir / "one.lightsout");
    const std::string no_pair = "expected key=value, got 'nokey'";
    const std::string no_option = "type 'lightsout' has no solver option 'a'";
    const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
        {"bench " + level + " --baseline-option nokey", "--baseline-option", no_pair},
        {"bench " + level + " --baseline-option a=b", "--baseline-option", no_option},
        {"bench " + level + " --option nokey", "--option", no_pair},
        {"bench " + level + " --option a=b", "--option", no_option},
        {"solve " + level + " --option nokey", "--option", no_pair},
        {"generate lightsout --param nokey -o " + quote(dir / "new.lightsout"), "--param", no_pair}};
    for (const auto &[line, flag, error] : cases) {
        const RunResult r = run(cli() + " " + line, true);
        EXPECT_EQ(r.exit_code, 3) << line << "\n" << r.out;
        EXPECT_TRUE(contains(r.out, "error: " + flag + ": ")) << line << "\n" << r.out;
        EXPECT_TRUE(contains(r.out, error)) << line << "\n" << r.out;
    }
}
