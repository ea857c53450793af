// Several `pluzzle db solve` runs on one database at once (issue 47), as real processes: they share the pack's work
// (a level is solved by one run), and a live run's in-flight marks are never taken for a crash's evidence.
#include "probe_levels.hpp"
#include "test_support.hpp"
#include <pluzzle/host/store/store.hpp>

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

// Runs started `gap` apart on one database, in this process's threads (in-process runs: the ones that mark levels
// in flight as evidence of crashes); returns their outputs once all have ended.
std::vector<RunResult> overlapping_runs(const std::string &db, int runs, std::chrono::milliseconds gap) {
    const std::string solve = cli(probe_dir("good")) + " --json db solve " + quote(db) + " --threads -j 1";
    std::vector<RunResult> out(static_cast<size_t>(runs));
    std::vector<std::thread> threads;
    for (int i = 0; i < runs; ++i) {
        if (i) std::this_thread::sleep_for(gap);
        threads.emplace_back([&, i] { out[size_t(i)] = run(solve); });
    }
    for (std::thread &t : threads) t.join();
    return out;
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
    const std::string db = import_levels(dir, slow_levels(40, 40));
    const std::vector<RunResult> runs = overlapping_runs(db, 2, std::chrono::milliseconds(300));
    for (const RunResult &r : runs) EXPECT_EQ(r.exit_code, 0) << r.out;
    const auto results = all_results(db);
    ASSERT_EQ(results.size(), 40u);
    for (const auto &[name, statuses] : results)
        EXPECT_EQ(statuses, std::vector<std::string>{"unique"}) << name << ": solved once, by one run";
    EXPECT_GE(solved_by(runs[0]), 5u);
    EXPECT_GE(solved_by(runs[1]), 5u) << "the second run took part";
    EXPECT_EQ(solved_by(runs[0]) + solved_by(runs[1]), 40u);
    EXPECT_TRUE(pluzzle::host::Store(db).in_flight({}).empty()) << "both ended cleanly: no marks left";
    EXPECT_TRUE(pluzzle::host::Store(db).runs().empty());
}

// The experiment, bounded: four runs two tenths of a second apart. Before runs had owners, a run took the
// others' live marks for a dead run's and stored healthy levels as crashed.
TEST(CliRuns, FourOverlappingRunsStoreNoFalseCrashAndOneResultPerLevel) {
    TempDir dir;
    const std::string db = import_levels(dir, slow_levels(60, 25));
    const std::vector<RunResult> runs = overlapping_runs(db, 4, std::chrono::milliseconds(200));
    size_t total = 0;
    for (const RunResult &r : runs) {
        EXPECT_EQ(r.exit_code, 0) << r.out;
        total += solved_by(r);
    }
    EXPECT_EQ(total, 60u) << "each level solved by exactly one run";
    const auto results = all_results(db);
    ASSERT_EQ(results.size(), 60u);
    for (const auto &[name, statuses] : results) EXPECT_EQ(statuses, std::vector<std::string>{"unique"}) << name;
}
