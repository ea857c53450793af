// `pluzzle db solve --mpi` under the real mpirun (Open MPI, localhost, oversubscribed): the same answers as
// threads, a crashing plugin level recorded in place, ranks with other plugins refused, and a rank killed mid-run
// -- Open MPI then ends the job, --resume finishes it; with --enable-recovery rank 0 reassigns its levels itself.
#include "test_support.hpp"
#include <pluzzle/host/store/sqlite.hpp>
#include <pluzzle/host/store/store.hpp>
#include <sqlite3.h>

#include <csignal>
#include <dirent.h>
#include <fstream>
#include <map>
#include <set>
#include <thread>
#include <unistd.h>

using namespace pluzzle::test;

#ifndef PLUZZLE_HAVE_MPI
TEST(CliMpi, WithoutMpiTheCliSaysHowToGetIt) {
    TempDir dir;
    const std::string db = dir / "x.db";
    ASSERT_EQ(run(cli() + " -q db import " + quote(db) + " " + quote(data_dir() + "/lightsout/classic.lightsout") +
                  " --pack a")
                  .exit_code,
              0);
    const RunResult r = run(cli() + " db solve " + quote(db) + " --mpi", true);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find("openmpi-bin"), std::string::npos) << r.out;
}
#else
namespace {

#ifdef __SANITIZE_ADDRESS__
// Under the asan preset: Open MPI's components leak at MPI_Finalize and are unloaded with their symbols, so no
// suppression can name them; the ranks keep every other check.
constexpr const char *kNoLeakCheckInRanks = "ASAN_OPTIONS=\"$ASAN_OPTIONS:detect_leaks=0\" ";
#else
constexpr const char *kNoLeakCheckInRanks = "";
#endif

// mpirun as root, quiet and deterministic on one machine; a job that hangs is ended after two minutes (mpirun
// passes the TERM on to its ranks) so that the test fails instead of waiting for ctest's timeout.
std::string mpirun(const std::string &extra = "") {
    return "env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1 " +
           std::string(kNoLeakCheckInRanks) + "timeout 120 " + quote(PLUZZLE_MPIRUN) +
           " --oversubscribe --bind-to none " + extra;
}
// The CLI as mpirun starts it (mpirun passes the environment on).
std::string the_cli() { return quote(PLUZZLE_CLI); }
std::string env(const std::string &plugins) {
    return "env HOME=/nonexistent XDG_CONFIG_HOME=/nonexistent PLUZZLE_PLUGIN_PATH=" + quote(plugins) + " ";
}

// level name -> (status, solution) of its newest result; the count of results in all
std::map<std::string, std::pair<std::string, std::string>> answers(const std::string &db, size_t *rows = nullptr) {
    pluzzle::host::Store store(db);
    std::map<std::string, std::pair<std::string, std::string>> out;
    if (rows) *rows = 0;
    for (const auto &l : store.levels()) {
        const auto results = store.results(l.id);
        if (rows) *rows += results.size();
        if (!results.empty())
            out[l.name] = {pluzzle::host::attempt_status_text(results.front().status), results.front().solution};
    }
    return out;
}

std::string import(const TempDir &dir, const std::string &name, const std::vector<std::string> &files) {
    const std::string db = dir / name;
    for (const auto &f : files)
        EXPECT_EQ(run(cli(probe_dir("good")) + " -q db import " + quote(db) + " " + quote(f) + " --pack p").exit_code,
                  0);
    return db;
}

// A pack of 40 probe levels of 0.1 s each: long enough to kill a rank in the middle.
std::string slow_pack(const TempDir &dir) {
    std::string probes;
    for (int i = 0; i < 40; ++i)
        probes += "probe 1\nvalue " + std::to_string(i) + "\nsleep_ms 250\n\n"; // 2.5 s on 2 ranks of 2 threads
    write_file(dir / "slow.probe", probes);
    return import(dir, "levels.db", {dir / "slow.probe"});
}

// Waits (up to a minute: ranks busy-wait in MPI calls, so on a loaded 2-core machine the start can take long) until
// the database holds n results; true when it does.
bool wait_for_results(const std::string &db, size_t n) {
    size_t rows = 0;
    for (int i = 0; i < 2400 && (answers(db, &rows), rows) < n; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    return rows >= n;
}

// Every process of this test's job (its command line names `db`, a file of this test's own folder) whose
// environment says it is this MPI rank -- never a rank of another test's job that ctest runs beside it.
std::vector<pid_t> processes_of_rank(int rank, const std::string &db) {
    const auto read = [](const std::string &path) {
        std::ifstream in(path);
        return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    };
    std::vector<pid_t> out;
    DIR *proc = opendir("/proc");
    for (dirent *e; proc && (e = readdir(proc));) {
        const pid_t pid = pid_t(std::atoi(e->d_name));
        if (pid <= 0) continue;
        const std::string environ = read("/proc/" + std::string(e->d_name) + "/environ");
        if (environ.find(std::string("OMPI_COMM_WORLD_RANK=") + std::to_string(rank) + '\0') != std::string::npos &&
            environ.find("PLUZZLE_PLUGIN_PATH=") != std::string::npos &&
            read("/proc/" + std::string(e->d_name) + "/cmdline").find(db) != std::string::npos)
            out.push_back(pid);
    }
    if (proc) closedir(proc);
    return out;
}

} // namespace

TEST(CliMpi, ResultsAreThoseOfThreads) {
    TempDir dir;
    std::string probes;
    for (int i = 0; i < 30; ++i)
        probes += "probe 1\nvalue " + std::to_string(i) + "\nwork 1\n";
    write_file(dir / "work.probe", probes);
    const std::vector<std::string> files{data_dir() + "/lightsout/classic.lightsout", dir / "work.probe"};
    const std::string threads = import(dir, "threads.db", files), ranks = import(dir, "ranks.db", files);
    ASSERT_EQ(run(cli(probe_dir("good")) + " -q db solve " + quote(threads) + " --threads -j 2").exit_code, 0);
    const RunResult r = run(mpirun("-np 3 ") + env(probe_dir("good")) + the_cli() + " --json db solve " + quote(ranks) +
                            " --mpi --threads");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    size_t rows = 0;
    const auto a = answers(threads), b = answers(ranks, &rows);
    EXPECT_EQ(rows, a.size()); // one result per level
    ASSERT_EQ(a.size(), 37u);
    EXPECT_EQ(a, b);
    const auto lines = json_lines(r.out);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(member(lines.back(), "attempted"), "37");
}

TEST(CliMpi, ACrashingPluginLevelIsRecordedAndTheRunGoesOn) {
    TempDir dir;
    write_file(dir / "mixed.probe", "probe 1\nvalue 1\n\nprobe 1\nvalue 2\ncrash segv\n\nprobe 1\nvalue 3\n");
    const std::string db = import(dir, "levels.db", {dir / "mixed.probe"});
    const RunResult r =
        run(mpirun("-np 3 ") + env(probe_dir("good")) + the_cli() + " --json db solve " + quote(db) + " --mpi");
    EXPECT_EQ(r.exit_code, 1) << r.out; // one level unsolved: rank 0 exits 1, and mpirun with it
    std::map<std::string, int> statuses;
    for (const auto &[name, answer] : answers(db))
        ++statuses[answer.first];
    EXPECT_EQ(statuses["unique"], 2);
    EXPECT_EQ(statuses["crashed"], 1); // the probe is no bundled plugin: its ranks solve in worker processes
}

TEST(CliMpi, RanksWithOtherPluginsAreRefused) {
    TempDir dir;
    const std::string db = import(dir, "levels.db", {data_dir() + "/lightsout/classic.lightsout"});
    const RunResult r =
        run(mpirun("-np 1 ") + env(probe_dir("good")) + the_cli() + " db solve " + quote(db) + " --mpi : -np 2 " +
                env(probe_dir("v2")) + the_cli() + " db solve " + quote(db) + " --mpi",
            true);
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.out.find("rank 1 on "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("plugin 'probe' 2.0.0, rank 0 has 1.0.0"), std::string::npos) << r.out;
    size_t rows = 0;
    answers(db, &rows);
    EXPECT_EQ(rows, 0u); // nothing solved, nothing stored
}

// Open MPI's default: a rank that dies ends the job. What was stored stays; --resume solves the rest, each level
// once.
TEST(CliMpi, ARankKilledMidRunThenResumeLosesNothing) {
    TempDir dir;
    const std::string db = slow_pack(dir);
    const pid_t pid = start_shell(mpirun("-np 3 ") + env(probe_dir("good")) + the_cli() + " -q db solve " + quote(db) +
                                  " --mpi --threads >/dev/null 2>&1");
    ASSERT_GE(pid, 0);
    EXPECT_TRUE(wait_for_results(db, 6)) << "no results within a minute";
    const std::vector<pid_t> rank2 = processes_of_rank(2, db);
    ASSERT_FALSE(rank2.empty());
    for (pid_t p : rank2)
        kill(p, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    EXPECT_FALSE(WIFEXITED(status) && WEXITSTATUS(status) == 0); // the job was ended
    size_t stored = 0;
    answers(db, &stored);
    ASSERT_LT(stored, 40u) << "the run finished before a rank could be killed";

    const RunResult resumed = run(mpirun("-np 3 ") + env(probe_dir("good")) + the_cli() + " --json db solve " +
                                  quote(db) + " --mpi --threads --resume");
    EXPECT_EQ(resumed.exit_code, 0) << resumed.out;
    const auto lines = json_lines(resumed.out);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(member(lines.back(), "skipped"), std::to_string(stored));
    size_t rows_after = 0;
    const auto all = answers(db, &rows_after);
    EXPECT_EQ(rows_after, 40u); // one result per level
    for (const auto &[name, answer] : all)
        EXPECT_EQ(answer.first, "unique") << name;
}

// Issue 47: an `--mpi` job is one run like any other -- rank 0 claims for every rank, so a job and a `db solve`
// started beside it on the same database split the pack (each level solved once) and leave no marks or runs.
TEST(CliMpi, AJobAndAThreadRunBesideItShareThePack) {
    TempDir dir;
    std::string probes;
    for (int i = 0; i < 60; ++i)
        probes += "probe 1\nvalue " + std::to_string(i) + "\nsleep_ms 250\n\n"; // 15 s alone on one thread
    write_file(dir / "slow.probe", probes);
    const std::string db = import(dir, "levels.db", {dir / "slow.probe"});
    const std::string run_out = dir / "run.txt", job_out = dir / "job.txt", job_err = dir / "job-err.txt";
    const pid_t alone = start_shell(cli(probe_dir("good")) + " --json db solve " + quote(db) + " --threads -j 1 >" +
                                    quote(run_out) + " 2>" + quote(run_out + ".err"));
    ASSERT_GT(alone, 0);
    for (int i = 0; i < 2000 && pluzzle::host::Store(db).runs().empty(); ++i) // the run is at work
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const pid_t job = start_shell(mpirun("-np 3 ") + env(probe_dir("good")) + the_cli() + " --json db solve " +
                                  quote(db) + " --mpi --threads >" + quote(job_out) + " 2>" + quote(job_err));
    ASSERT_GT(job, 0);
    // While both work: the runs recorded are one per process that claims -- the job's rank 0 and the run -- never
    // one per rank.
    std::set<std::string> kinds;
    size_t most_runs = 0;
    int job_status = -1, alone_status = -1;
    for (int i = 0; i < 2400 && (job_status == -1 || alone_status == -1); ++i) {
        if (job_status == -1 && ::waitpid(job, &job_status, WNOHANG) != job) job_status = -1;
        if (alone_status == -1 && ::waitpid(alone, &alone_status, WNOHANG) != alone) alone_status = -1;
        const auto runs = pluzzle::host::Store(db).runs();
        most_runs = std::max(most_runs, runs.size());
        for (const auto &r : runs) kinds.insert(r.kind);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_NE(job_status, -1) << "the job did not end within two minutes";
    ASSERT_NE(alone_status, -1) << "the run did not end within two minutes";
    const std::string said = read_file(run_out) + read_file(run_out + ".err") + "\n--- job:\n" + read_file(job_out) + read_file(job_err);
    EXPECT_TRUE(WIFEXITED(job_status) && WEXITSTATUS(job_status) == 0) << said;
    EXPECT_TRUE(WIFEXITED(alone_status) && WEXITSTATUS(alone_status) == 0) << said;
    EXPECT_EQ(kinds, (std::set<std::string>{"db solve", "db solve --mpi"})) << said;
    EXPECT_EQ(most_runs, 2u) << said;
    const auto solved = [](const std::string &out) {
        size_t n = 0;
        for (const auto &line : json_lines(out))
            n += line.HasMember("status") && member(line, "status") == "unique";
        return n;
    };
    const size_t by_run = solved(read_file(run_out)), by_job = solved(read_file(job_out));
    EXPECT_GE(by_run, 1u) << said;
    EXPECT_GE(by_job, 3u) << "the job took part\n" << said;
    EXPECT_EQ(by_run + by_job, 60u) << said;
    size_t rows = 0;
    for (const auto &[name, answer] : answers(db, &rows))
        EXPECT_EQ(answer.first, "unique") << name;
    EXPECT_EQ(rows, 60u) << "each level solved once\n" << said;
    pluzzle::host::Store store(db);
    EXPECT_TRUE(store.in_flight({}).empty());
    EXPECT_TRUE(store.runs().empty());
}

// Issue 48: `--mpi --split` -- the hard level's cubes go to the ranks like levels; once a cube's two solutions
// decide it, the rank still on a 20 s cube is interrupted (the INTERRUPT frame) and the job ends at once.
TEST(CliMpi, ASplitLevelsCubesRunOnTheRanksAndADecidedLevelInterruptsTheRest) {
    TempDir dir;
    write_file(dir / "l.probe", "probe 1\nvalue 1\n\nprobe 1\nvalue 2\nsleep_ms 20000\nsplit count\ncube none\n"
                                "cube solutions=2,sleep_ms=200\ncube sleep_ms=20000\ncube none\ncube none\n");
    const std::string db = import(dir, "levels.db", {dir / "l.probe"});
    const auto start = std::chrono::steady_clock::now();
    const RunResult r = run(mpirun("-np 3 ") + env(probe_dir("good")) + the_cli() + " --json db solve " + quote(db) +
                            " --mpi --threads --split --split-after 0.3");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(15)) << "the 20 s cube was interrupted";
    size_t rows = 0;
    const auto all = answers(db, &rows);
    EXPECT_EQ(rows, 2u);
    EXPECT_EQ(all.at("l #1").first, "unique");
    EXPECT_EQ(all.at("l #2").first, "multiple") << r.out;
    pluzzle::host::sql::Database raw(db, SQLITE_OPEN_READONLY);
    auto cubes = raw.prepare("SELECT count(*) FROM cubes");
    ASSERT_TRUE(cubes.step());
    EXPECT_EQ(cubes.int64(0), 0) << "a final answer: its cubes are forgotten";
}

// With mpirun --enable-recovery the job survives a rank's death: rank 0 notices the silence and hands that rank's
// levels to the others in the same run.
TEST(CliMpi, ARankKilledUnderRecoveryHasItsLevelsReassigned) {
    TempDir dir;
    const std::string db = slow_pack(dir);
    const std::string out = dir / "out.txt", err = dir / "err.txt";
    const pid_t pid = start_shell(mpirun("--enable-recovery -np 3 ") + env(probe_dir("good")) + the_cli() +
                                  " --json db solve " + quote(db) + " --mpi --threads --heartbeat-timeout 2 >" +
                                  quote(out) + " 2>" + quote(err));
    ASSERT_GE(pid, 0);
    // Killed only once the run is under way: a rank lost during the start-up handshake (the plugin comparison, a
    // collective) is not what this tests, and with --enable-recovery that collective would wait for it forever.
    const bool started = wait_for_results(db, 6);
    for (int rank : started ? std::vector<int>{2} : std::vector<int>{0, 1, 2})
        for (pid_t p : processes_of_rank(rank, db))
            kill(p, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0); // (mpirun's own status is 0 in this mode whatever happens: read the summary)
    ASSERT_TRUE(started) << "no results within a minute: " << read_file(err) << read_file(out);
    EXPECT_FALSE(WIFEXITED(status) && WEXITSTATUS(status) == 124) << "the job hung (ended by timeout)";
    const auto lines = json_lines(read_file(out));
    ASSERT_FALSE(lines.empty()) << read_file(err);
    EXPECT_EQ(member(lines.back(), "attempted"), "40") << read_file(err);
    EXPECT_EQ(member(lines.back(), "unsolved"), "0");
    EXPECT_NE(read_file(err).find("rank 2 (host"), std::string::npos) << read_file(err);
    size_t stored = 0;
    for (const auto &[name, answer] : answers(db, &stored))
        EXPECT_EQ(answer.first, "unique") << name;
    EXPECT_EQ(stored, 40u);
}

// A rank that dies after MPI_Init, before its HELLO (a node lost while it loads its plugins): under recovery it is
// reported lost at the start and the others solve everything; the job ends (no fence waits for the dead rank).
TEST(CliMpi, ARankLostAtTheStartUnderRecoveryLeavesItsShareToTheOthers) {
    TempDir dir;
    std::string probes;
    for (int i = 0; i < 12; ++i)
        probes += "probe 1\nvalue " + std::to_string(i) + "\n\n";
    write_file(dir / "quick.probe", probes);
    const std::string db = import(dir, "levels.db", {dir / "quick.probe"});
    const RunResult r = run("{ " + mpirun("--enable-recovery -np 2 ") + env(probe_dir("good")) + the_cli() +
                            " --json db solve " + quote(db) + " --mpi --threads --heartbeat-timeout 2 : -np 1 " +
                            quote(PLUZZLE_RANK_THAT_DIES) + " 2>" + quote(dir / "err.txt") + "; }");
    const std::string err = read_file(dir / "err.txt");
    EXPECT_NE(r.exit_code, 124) << "the job hung (ended by timeout): " << err;
    EXPECT_NE(err.find("rank 2 (host unknown) lost: no HELLO"), std::string::npos) << err;
    const auto lines = json_lines(r.out);
    ASSERT_FALSE(lines.empty()) << r.out << err;
    EXPECT_EQ(member(lines.back(), "attempted"), "12") << err;
    EXPECT_EQ(member(lines.back(), "unsolved"), "0");
    size_t stored = 0;
    for (const auto &[name, answer] : answers(db, &stored))
        EXPECT_EQ(answer.first, "unique") << name;
    EXPECT_EQ(stored, 12u);
}

// Without recovery a rank that never says hello ends the start with an error that says so, before anything is
// solved (Open MPI may end the job first when it sees the death: either way nothing is stored and the exit fails).
TEST(CliMpi, ARankLostAtTheStartWithoutRecoveryFailsTheStart) {
    TempDir dir;
    const std::string db = import(dir, "levels.db", {data_dir() + "/lightsout/classic.lightsout"});
    const RunResult r = run(mpirun("-np 2 ") + env(probe_dir("good")) + the_cli() + " db solve " + quote(db) +
                                " --mpi --threads : -np 1 " + quote(PLUZZLE_RANK_THAT_DIES),
                            true);
    EXPECT_NE(r.exit_code, 0) << r.out;
    EXPECT_NE(r.exit_code, 124) << "the job hung (ended by timeout): " << r.out;
    size_t rows = 0;
    answers(db, &rows);
    EXPECT_EQ(rows, 0u);
}
#endif
