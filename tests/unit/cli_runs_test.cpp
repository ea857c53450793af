// Several `pluzzle db solve` runs on one database at once (issue 47), as real processes: they share the pack's work
// (a level is solved by one run), and a live run's in-flight marks are never taken for a crash's evidence.
#include "probe_levels.hpp"
#include "test_support.hpp"
#include <pluzzle/host/store/store.hpp>

#include <csignal>
#include <thread>

using namespace pluzzle::test;

namespace {

// `count` levels that each take `ms` milliseconds to solve (the probe plugin sleeps, polling its control).
std::vector<std::pair<std::string, std::string>> slow_levels(int count, int ms) {
    std::vector<std::pair<std::string, std::string>> levels;
    for (int i = 0; i < count; ++i) {
        char name[16];
        std::snprintf(name, sizeof name, "l%03d", i);
        levels.push_back({name, "value " + std::to_string(i) + "\nsleep_ms " + std::to_string(ms) + "\n"});
    }
    return levels;
}

// Every level's results, by level name: how many and their statuses.
std::map<std::string, std::vector<std::string>> all_results(const std::string &db) {
    pluzzle::host::Store store(db);
    std::map<std::string, std::vector<std::string>> out;
    for (const auto &l : store.levels())
        for (const auto &r : store.results(l.id)) out[l.name].push_back(pluzzle::host::attempt_status_text(r.status));
    return out;
}

// Runs on one database, in their own threads of this process (in-process runs: the ones that mark levels in
// flight as evidence of crashes), each started once the ones before it are at work (registered, and `gap` later):
// on a loaded machine a run that started after the others had ended would rightly solve the pack again.
std::vector<RunResult> overlapping_runs(const std::string &db, int runs, std::chrono::milliseconds gap) {
    const std::string solve = cli(probe_dir("good")) + " --json db solve " + quote(db) + " --threads -j 1";
    std::vector<RunResult> out(static_cast<size_t>(runs));
    std::vector<std::thread> threads;
    for (int i = 0; i < runs; ++i) {
        if (i) { // the run before has recorded itself (run ids count from 1), whether it still works or not
            for (int wait = 0; wait < 2000 && !pluzzle::host::Store(db).run(i).has_value(); ++wait)
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            std::this_thread::sleep_for(gap);
        }
        threads.emplace_back([&, i] { out[size_t(i)] = run(solve); });
    }
    for (std::thread &t : threads) t.join();
    return out;
}

std::string outputs(const std::vector<RunResult> &runs) {
    std::string all;
    for (const RunResult &r : runs) all += r.out.substr(r.out.size() > 400 ? r.out.size() - 400 : 0) + "\n---\n";
    return all;
}

size_t solved_by(const RunResult &r) {
    size_t n = 0;
    for (const auto &line : json_lines(r.out))
        if (line.HasMember("status") && member(line, "status") == "unique") ++n;
    return n;
}

} // namespace

// Two runs a moment apart split the pack: each level gets one result, from one of them, and both did a share.
TEST(CliRuns, TwoRunsOnOneDatabaseShareThePack) {
    TempDir dir;
    const std::string db = import_levels(dir, slow_levels(60, 60));
    const std::vector<RunResult> runs = overlapping_runs(db, 2, std::chrono::milliseconds(200));
    for (const RunResult &r : runs) EXPECT_EQ(r.exit_code, 0) << r.out;
    const auto results = all_results(db);
    ASSERT_EQ(results.size(), 60u);
    for (const auto &[name, statuses] : results)
        EXPECT_EQ(statuses, std::vector<std::string>{"unique"}) << name << ": solved once, by one run\n" << outputs(runs);
    EXPECT_GE(solved_by(runs[0]), 3u) << outputs(runs);
    EXPECT_GE(solved_by(runs[1]), 3u) << "the second run took part\n" << outputs(runs);
    EXPECT_EQ(solved_by(runs[0]) + solved_by(runs[1]), 60u) << outputs(runs);
    EXPECT_TRUE(pluzzle::host::Store(db).in_flight({}).empty()) << "both ended cleanly: no marks left";
    EXPECT_TRUE(pluzzle::host::Store(db).runs().empty());
}

// The experiment, bounded: four overlapping runs. Before runs had owners, a run took the
// others' live marks for a dead run's and stored healthy levels as crashed.
TEST(CliRuns, FourOverlappingRunsStoreNoFalseCrashAndOneResultPerLevel) {
    TempDir dir;
    // 8 s of work: under ASan a run takes half a second to start, and all four must overlap (a run that starts
    // after the others have ended rightly solves the pack again).
    const std::string db = import_levels(dir, slow_levels(80, 100));
    const std::vector<RunResult> runs = overlapping_runs(db, 4, std::chrono::milliseconds(100));
    size_t total = 0;
    for (const RunResult &r : runs) {
        EXPECT_EQ(r.exit_code, 0) << r.out;
        total += solved_by(r);
    }
    EXPECT_EQ(total, 80u) << "each level solved by exactly one run\n" << outputs(runs);
    const auto results = all_results(db);
    ASSERT_EQ(results.size(), 80u);
    for (const auto &[name, statuses] : results)
        EXPECT_EQ(statuses, std::vector<std::string>{"unique"}) << name << "\n" << outputs(runs);
}

namespace {

// Starts an in-process run of `db`, waits until it has a level in flight, and kills it (SIGKILL: no handler runs,
// so it leaves no crash note, as a user's kill or the OOM killer would not).
void kill_a_run_while_it_solves(const std::string &db) {
    const pid_t pid =
        start_shell(cli(probe_dir("good")) + " -q db solve " + quote(db) + " --threads -j 1 >/dev/null 2>&1");
    ASSERT_GT(pid, 0);
    bool solving = false;
    for (int i = 0; i < 1000 && !solving; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        pluzzle::host::Store store(db);
        for (const auto &[mark, level] : store.in_flight({}))
            if (const auto run = store.run(mark.run_id); run && run->process.pid == pid) solving = true;
    }
    ASSERT_TRUE(solving) << "the run never marked its level";
    ::kill(pid, SIGKILL);
    ASSERT_TRUE(wait_for(pid, std::chrono::seconds(10)).has_value());
}

} // namespace

// A run killed from outside is no crash: the level it was solving -- even alone, while the next run settled it --
// is solved again, not stored as crashed. Only a third such death while it was alone convicts it (a level that
// takes every run down, as an OOM kill would, must not stop all runs for ever).
TEST(CliRuns, KilledRunsConvictNothingUntilTheSameLevelDiesAloneThreeTimes) {
    TempDir dir;
    const std::string db = import_levels(dir, {{"slow", "value 1\nsleep_ms 1500\n"}});
    kill_a_run_while_it_solves(db); // in the stream: beside nothing, but not "alone"
    kill_a_run_while_it_solves(db); // settling it alone: one death without a note
    kill_a_run_while_it_solves(db); // two
    {
        const RunResult r = run(cli(probe_dir("good")) + " --json db solve " + quote(db) + " --threads -j 1");
        EXPECT_EQ(r.exit_code, 0) << r.out;
        EXPECT_EQ(results_by_name(db).at("slow").status, "unique");
    }
    TempDir dir2;
    const std::string db2 = import_levels(dir2, {{"slow2", "value 2\nsleep_ms 1500\n"}});
    for (int i = 0; i < 4; ++i) kill_a_run_while_it_solves(db2);
    const RunResult r = run(cli(probe_dir("good")) + " --json db solve " + quote(db2) + " --threads -j 1");
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_EQ(results_by_name(db2).at("slow2").status, "crashed") << "alone in three runs that died";
}
