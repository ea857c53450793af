// `pluzzle db solve --isolate` with real worker processes (build/bin/pluzzle-worker) and the probe plugin's
// misbehaving levels: a segfault, an abort, an exit, a hang and a memory hog each cost one level (crashed or
// timeout, the reason in info), a worker killed from outside costs nothing, and the answers equal the threads'.
#include "probe_levels.hpp"
#include "test_support.hpp"
#include <pluzzle/host/store/store.hpp>

#include <csignal>
#include <fstream>
#include <map>
#include <thread>
#include <unistd.h>

using namespace pluzzle::test;

namespace {

// The process ids of the children of `pid`.
std::vector<pid_t> children_of(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
    std::vector<pid_t> out;
    for (pid_t child; in >> child;)
        out.push_back(child);
    return out;
}

} // namespace

TEST(CliIsolate, CrashingAndHangingLevelsAmongGoodOnesCostOneLevelEach) {
    TempDir dir;
    const std::string db = import_levels(dir, {{"a_good", "value 1\n"},
                                               {"b_segv", "value 2\ncrash segv\n"},
                                               {"c_good", "value 3\n"},
                                               {"d_abort", "value 4\ncrash abort\n"},
                                               {"e_good", "value 5\n"},
                                               {"f_hang", "value 6\nhang_ms 60000\n"},
                                               {"g_print", "value 7\nprint\n"},
                                               {"h_exit", "value 8\ncrash exit\n"},
                                               {"i_hog", "value 9\nhog_mb 2048\n"},
                                               {"j_good", "value 10\n"}});
    // Generous limits where the verdict does not depend on them: the clock starts when a level is sent, and a worker
    // that replaces a crashed one can take seconds to start under ASan on a loaded machine (the hog was once
    // reported as a timeout with 1 s + 0.5 s). Only f_hang needs the timeout; the hog fails its one big allocation
    // against the memory limit at once.
    const std::string solve = cli(probe_dir("good")) + " --json db solve " + quote(db) +
                              " --isolate -j 2 --timeout 3 --grace 1 --memory-limit 256";
    const RunResult r = run(solve);
    EXPECT_EQ(r.exit_code, 1) << r.out; // some levels are not solved
    const auto rows = results_by_name(db);
    ASSERT_EQ(rows.size(), 10u) << r.out;
    for (const char *good : {"a_good", "c_good", "e_good", "g_print", "j_good"})
        EXPECT_EQ(rows.at(good).status, "unique") << good; // a plugin printing to stdout does not break the frames
    EXPECT_EQ(rows.at("b_segv").status, "crashed");
    EXPECT_NE(rows.at("b_segv").info.find("SIGSEGV"), std::string::npos) << rows.at("b_segv").info;
    EXPECT_EQ(rows.at("d_abort").status, "crashed");
    EXPECT_NE(rows.at("d_abort").info.find("SIGABRT"), std::string::npos) << rows.at("d_abort").info;
    EXPECT_EQ(rows.at("h_exit").status, "crashed");
    EXPECT_NE(rows.at("h_exit").info.find("\"exit_code\":7"), std::string::npos) << rows.at("h_exit").info;
    EXPECT_EQ(rows.at("f_hang").status, "timeout");
    EXPECT_NE(rows.at("f_hang").info.find("worker killed"), std::string::npos) << rows.at("f_hang").info;
    EXPECT_EQ(rows.at("i_hog").status, "crashed");
#ifndef __SANITIZE_ADDRESS__ // ASan's allocator answers a heap over RLIMIT_DATA with a null, not std::bad_alloc
    EXPECT_NE(rows.at("i_hog").info.find("out of memory"), std::string::npos) << rows.at("i_hog").info;
#endif
    // The summary counts them; --resume tries exactly the failures again (they are not final).
    const auto lines = json_lines(r.out);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(member(lines.back(), "unsolved"), "5");
    const RunResult resumed = run(solve + " --resume");
    const auto again = json_lines(resumed.out);
    ASSERT_FALSE(again.empty());
    EXPECT_EQ(member(again.back(), "skipped"), "5");
    EXPECT_EQ(member(again.back(), "attempted"), "5");
}

// The same levels give the same stored answers (status, solution, nodes, info) on threads and in worker processes:
// a bundled plugin's pack and the probe's.
// A stored level whose parser now crashes (db import reads every file in the sandbox, so such text only gets in
// when a plugin changed after the import): the worker dies while reading it, and that is the level's `crashed`.
TEST(CliIsolate, AStoredLevelWhoseParserCrashesIsThatLevelsCrash) {
    TempDir dir;
    const std::string db = import_levels(dir, {{"a_good", "value 1\n"}});
    {
        pluzzle::host::Store store(db);
        store.add_levels(store.ensure_pack("p"),
                         {pluzzle::host::LevelRecord{0, 0, 0, "probe", "b_parse", "", "", "probe 1\ncrash_in parse\n",
                                                     "", "", ""}});
    }
    const RunResult r = run(cli(probe_dir("good")) + " --json db solve " + quote(db) + " --isolate -j 2");
    EXPECT_EQ(r.exit_code, 1) << r.out;
    const auto rows = results_by_name(db);
    ASSERT_EQ(rows.size(), 2u) << r.out;
    EXPECT_EQ(rows.at("a_good").status, "unique");
    EXPECT_EQ(rows.at("b_parse").status, "crashed");
    EXPECT_NE(rows.at("b_parse").info.find("SIGSEGV"), std::string::npos) << rows.at("b_parse").info;
}

TEST(CliIsolate, ResultsAreThoseOfThreads) {
    TempDir dir;
    const std::string env = cli(probe_dir("good"));
    const std::string pack = data_dir() + "/lightsout/classic.lightsout";
    std::string probes;
    for (int i = 0; i < 12; ++i)
        probes += "probe 1\nvalue " + std::to_string(i) + "\nwork 1\n";
    write_file(dir / "work.probe", probes);
    std::map<std::string, Row> answers[2];
    const char *modes[2] = {"--threads", "--isolate"};
    for (int m = 0; m < 2; ++m) {
        const std::string db = dir / (std::string("db") + std::to_string(m) + ".db");
        ASSERT_EQ(run(env + " -q db import " + quote(db) + " " + quote(pack) + " --pack a").exit_code, 0);
        ASSERT_EQ(run(env + " -q db import " + quote(db) + " " + quote(dir / "work.probe") + " --pack b").exit_code, 0);
        const RunResult r = run(env + " -q db solve " + quote(db) + " -j 2 " + modes[m]);
        EXPECT_EQ(r.exit_code, 0) << r.out;
        answers[m] = results_by_name(db);
    }
    ASSERT_GT(answers[0].size(), 12u);
    ASSERT_EQ(answers[0].size(), answers[1].size());
    for (const auto &[name, row] : answers[0]) {
        const Row &other = answers[1].at(name);
        EXPECT_EQ(row.status, other.status) << name;
        EXPECT_EQ(row.solution, other.solution) << name;
        EXPECT_EQ(row.nodes, other.nodes) << name;
        EXPECT_EQ(row.info, other.info) << name;
    }
}

// A worker SIGKILLed from outside in the middle of a level: the level goes once more to a fresh worker, so every
// level ends solved, each stored once.
TEST(CliIsolate, AWorkerKilledMidRunLosesNothing) {
    TempDir dir;
    std::vector<std::pair<std::string, std::string>> levels;
    for (int i = 0; i < 24; ++i)
        levels.push_back({"l" + std::to_string(100 + i), "value " + std::to_string(i) + "\nsleep_ms 100\n"});
    const std::string db = import_levels(dir, levels);
    const pid_t pid = start_shell(cli(probe_dir("good")) + " db solve " + quote(db) + " --isolate -j 2 >/dev/null 2>" +
                                  quote(dir / "stderr.txt"));
    ASSERT_GE(pid, 0);
    // `env` execs pluzzle, so the child's pid is the dispatcher's: its children are the workers.
    std::vector<pid_t> workers;
    for (int i = 0; i < 400 && (workers = children_of(pid)).size() < 2; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    ASSERT_FALSE(workers.empty());
    std::this_thread::sleep_for(std::chrono::milliseconds(350)); // a few levels in
    kill(workers[0], SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << read_file(dir / "stderr.txt");
    pluzzle::host::Store store(db);
    for (const auto &l : store.levels()) {
        const auto results = store.results(l.id);
        ASSERT_EQ(results.size(), 1u) << l.name;
        EXPECT_EQ(results[0].status, PZ_SOLVE_UNIQUE) << l.name;
    }
    EXPECT_NE(read_file(dir / "stderr.txt").find("killed by SIGKILL; trying it once more"), std::string::npos)
        << read_file(dir / "stderr.txt");
}

// Without --isolate or --threads, a plugin that is not bundled runs in worker processes (and says so); a pack of
// bundled plugins runs on threads.
TEST(CliIsolate, WorkerProcessesAreTheDefaultForPluginsNotBundled) {
    TempDir dir;
    const std::string db = import_levels(dir, {{"segv", "value 1\ncrash segv\n"}, {"good", "value 2\n"}});
    const RunResult r = run(cli(probe_dir("good")) + " db solve " + quote(db) + " -j 1", true);
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("solving in worker processes: plugin 'probe' is not bundled"), std::string::npos) << r.out;
    const auto rows = results_by_name(db);
    EXPECT_EQ(rows.at("segv").status, "crashed");
    EXPECT_EQ(rows.at("good").status, "unique");

    const std::string ours = dir / "ours.db";
    ASSERT_EQ(run(cli() + " -q db import " + quote(ours) + " " + quote(data_dir() + "/lightsout/classic.lightsout") +
                  " --pack a")
                  .exit_code,
              0);
    const RunResult threads = run(cli() + " db solve " + quote(ours) + " -j 1", true);
    EXPECT_EQ(threads.out.find("worker processes"), std::string::npos) << threads.out;
    EXPECT_EQ(run(cli() + " db solve " + quote(ours) + " --isolate --threads").exit_code, 2); // one or the other
}

// The same crashing level on threads (--threads): the plugin takes the process with it -- which is why worker
// processes are the default for plugins that are not ours -- but every result printed before was stored. (Results
// a thread finished in the last moments before, not yet stored by the dispatcher, go with it, unprinted.)
TEST(CliIsolate, OnThreadsACrashEndsTheRunButKeepsWhatWasPrinted) {
    TempDir dir;
    std::vector<std::pair<std::string, std::string>> levels;
    for (int i = 0; i < 6; ++i)
        levels.push_back({"a" + std::to_string(i), "value " + std::to_string(i) + "\n"});
    levels.push_back({"y_slow", "value 8\nsleep_ms 300\n"}); // the six are stored while this one is solved
    levels.push_back({"z_segv", "value 9\ncrash segv\n"});
    const std::string db = import_levels(dir, levels);
    const RunResult r = run(cli(probe_dir("good")) + " --json db solve " + quote(db) + " --threads -j 1");
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.exit_code, 1) << "the run should have died, not finished";
    const auto rows = results_by_name(db);
    size_t printed = 0;
    for (const auto &line : json_lines(r.out)) {
        if (!line.HasMember("status")) continue;
        ++printed;
        EXPECT_EQ(rows.at(member(line, "name")).status, member(line, "status")); // printed, therefore stored
    }
    EXPECT_GE(printed, 6u); // (y_slow's result may be lost with the process: it was not printed then)
    EXPECT_EQ(rows.count("z_segv"), 0u);
}

// On threads, a crash ends the run, but not the next ones: each level is marked in flight before its solve starts
// (schema 6). The next run solves the levels the dead run left marked one at a time, first -- the good ones get
// their results, the crashing one dies alone -- and the run after that records it as `crashed` and solves the rest;
// from then on it is skipped in process, and --isolate can try it safely.
TEST(CliIsolate, OnThreadsACrashingLevelEndsAtMostTwoRunsThenIsRecordedAsCrashed) {
    TempDir dir;
    const std::string db = import_levels(dir, {{"a_good", "value 1\nsleep_ms 30\n"},
                                               {"b_segv", "value 2\ncrash segv\nsleep_ms 20\n"},
                                               {"c_good", "value 3\nsleep_ms 30\n"},
                                               {"d_good", "value 4\nsleep_ms 30\n"}});
    const std::string solve = cli(probe_dir("good")) + " --json db solve " + quote(db) + " --threads -j 2";
    auto marks = [&] { return pluzzle::host::Store(db).in_flight({}).size(); };

    const RunResult first = run(solve);
    EXPECT_NE(first.exit_code, 0);
    EXPECT_NE(first.exit_code, 1) << "the first run dies with the plugin";
    EXPECT_GE(marks(), 1u) << "and leaves its levels marked";

    const RunResult second = run(solve);
    EXPECT_NE(second.exit_code, 0);
    EXPECT_NE(second.exit_code, 1) << "the second solves the marked levels one at a time and dies at the culprit";
    {
        pluzzle::host::Store store(db);
        std::vector<std::string> alone;
        for (const auto &[mark, level] : store.in_flight({}))
            if (mark.alone) alone.push_back(level.name);
        EXPECT_EQ(alone, std::vector<std::string>{"b_segv"})
            << "the culprit died alone; levels not reached stay marked";
    }

    const RunResult third = run(solve);
    EXPECT_EQ(third.exit_code, 1) << third.out; // a crashed level is not solved
    const auto rows = results_by_name(db);
    ASSERT_EQ(rows.count("b_segv"), 1u);
    EXPECT_EQ(rows.at("b_segv").status, "crashed");
    EXPECT_NE(rows.at("b_segv").info.find("the process solving it died"), std::string::npos) << rows.at("b_segv").info;
    for (const char *good : {"a_good", "c_good", "d_good"})
        EXPECT_EQ(rows.at(good).status, "unique") << good;
    EXPECT_EQ(marks(), 0u) << "a run that ends cleanly leaves no marks";

    // From now on the crash is skipped in process, with --resume or without.
    for (const std::string &extra : {std::string(""), std::string(" --resume")}) {
        const RunResult again = run(solve + extra);
        EXPECT_EQ(again.exit_code, 0) << again.out;
        for (const auto &line : json_lines(again.out)) {
            if (line.HasMember("name")) {
                EXPECT_NE(member(line, "name"), "b_segv") << again.out;
            }
        }
    }
    // Worker processes contain it: --isolate tries it and records how it ended.
    const RunResult isolated = run(cli(probe_dir("good")) + " --json db solve " + quote(db) + " --isolate --resume");
    EXPECT_EQ(isolated.exit_code, 1) << isolated.out;
    EXPECT_NE(results_by_name(db).at("b_segv").info.find("SIGSEGV"), std::string::npos);
}

// A broken installation -- no worker executable, or one that is no pluzzle-worker (it exits at once, or writes
// something that is no frame) -- stops the run with a message naming the executable, before anything is stored.
TEST(CliIsolate, AWorkerThatCannotStartStopsTheRunAndSaysWhich) {
    TempDir dir;
    const std::string db = import_levels(dir, {{"good", "value 1\n"}});
    const std::string missing = dir / "no-such-worker";
    for (const std::string &worker : {missing, std::string("/bin/true"), std::string("/usr/bin/yes")}) {
        const RunResult r = run("PLUZZLE_WORKER=" + quote(worker) + " " + cli(probe_dir("good")) + " db solve " +
                                    quote(db) + " --isolate -j 1",
                                true);
        EXPECT_NE(r.exit_code, 0) << worker;
        EXPECT_NE(r.out.find("'" + worker + "'"), std::string::npos) << r.out;
        EXPECT_TRUE(results_by_name(db).empty()) << worker;
    }
    EXPECT_NE(run("PLUZZLE_WORKER=/bin/true " + cli(probe_dir("good")) + " db solve " + quote(db) + " --isolate", true)
                  .out.find("3 times in a row"),
              std::string::npos);
}

// Options that mean nothing together are usage errors, not silently ignored.
TEST(CliIsolate, OptionsThatMeanNothingTogetherAreUsageErrors) {
    TempDir dir;
    const std::string db = import_levels(dir, {{"good", "value 1\n"}});
    const std::string solve = cli(probe_dir("good")) + " db solve " + quote(db);
    EXPECT_EQ(run(solve + " --threads --grace 1").exit_code, 2);         // nothing to kill on threads
    EXPECT_EQ(run(solve + " --threads --memory-limit 64").exit_code, 2); // nor a heap of its own
    EXPECT_EQ(run(solve + " --heartbeat-timeout 3").exit_code, 2);       // only ranks send heartbeats
    EXPECT_EQ(run(solve + " --isolate --grace -1").exit_code, 2);
    EXPECT_TRUE(results_by_name(db).empty());
}
