// store_runs_test.cpp -- runs on one database file (schema 8, issue 47): a run names its process, its marks name
// it, and a run counts as gone only when its process has ended (same host) or its lease ran out (another host).
// Real database files, real processes.
#include <gtest/gtest.h>

#include "test_support.hpp"

#include <pluzzle/host/base/process_identity.hpp>
#include <pluzzle/host/jobs/crash_note.hpp>
#include <pluzzle/host/store/sqlite.hpp>
#include <pluzzle/host/store/store.hpp>
#include <sqlite3.h>

#include <csignal>
#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using namespace pluzzle::host;
using pluzzle::test::TempDir;

LevelRecord level_of(const std::string &text) {
    LevelRecord l;
    l.type = "sokoban";
    l.text = text;
    return l;
}

ResultRecord result_for(int64_t level_id) {
    ResultRecord r;
    r.level_id = level_id;
    r.plugin_id = "sokoban";
    r.plugin_version = "1";
    r.status = PZ_SOLVE_UNIQUE;
    return r;
}

TEST(ProcessIdentity, NamesThisProcessAndSeesAReapedChildGone) {
    const ProcessIdentity &me = this_process();
    EXPECT_FALSE(me.host.empty());
    EXPECT_EQ(me.boot_id.size(), 36u) << me.boot_id; // a UUID
    EXPECT_EQ(me.pid, int64_t(getpid()));
    EXPECT_GT(me.start_ticks, 0u);
    EXPECT_TRUE(still_running_here(me));
    ProcessIdentity reused = me; // the same pid with another start time: a later process, not this one
    reused.start_ticks += 1;
    EXPECT_FALSE(still_running_here(reused));
    ProcessIdentity elsewhere = me;
    elsewhere.host += "-other";
    EXPECT_FALSE(on_this_host(elsewhere));
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) _exit(0);
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    EXPECT_FALSE(process_start_ticks(child).has_value()) << "a reaped child has no /proc entry";
}

TEST(StoreRuns, ARunIsRecordedLivesWhileItsProcessRunsAndEndsCleanly) {
    TempDir dir;
    Store store(dir / "runs.db");
    const int64_t run = store.begin_run("db solve", 60);
    ASSERT_GT(run, 0);
    const std::vector<RunRecord> runs = Store(dir / "runs.db").runs(); // another connection sees it
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].id, run);
    EXPECT_EQ(runs[0].kind, "db solve");
    EXPECT_EQ(runs[0].process.pid, this_process().pid);
    EXPECT_GT(runs[0].lease_until, unix_now() + 50);
    EXPECT_FALSE(run_gone(runs[0], unix_now()));
    store.end_run(run);
    EXPECT_TRUE(store.runs().empty());
    const std::optional<RunRecord> ended = store.run(run);
    ASSERT_TRUE(ended.has_value());
    EXPECT_FALSE(ended->ended_at.empty());
    EXPECT_TRUE(run_gone(*ended, unix_now()));
}

// The table keeps a week of ended runs (overlapping runs read them), not every run there ever was.
TEST(StoreRuns, RunsThatEndedAWeekAgoAreDroppedWhenARunBegins) {
    TempDir dir;
    int64_t old_run = 0, recent_run = 0;
    {
        Store store(dir / "runs.db");
        old_run = store.begin_run("db solve", 60);
        store.end_run(old_run);
        recent_run = store.begin_run("db solve", 60);
        store.end_run(recent_run);
    }
    {
        sql::Database raw(dir / "runs.db", SQLITE_OPEN_READWRITE);
        raw.exec("UPDATE runs SET ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-8 days') WHERE id = " +
                 std::to_string(old_run));
        raw.exec("UPDATE runs SET ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-6 days') WHERE id = " +
                 std::to_string(recent_run));
    }
    Store store(dir / "runs.db");
    EXPECT_TRUE(store.run(old_run).has_value()); // nothing is dropped by opening or reading
    store.begin_run("db solve", 60);
    EXPECT_FALSE(store.run(old_run).has_value());
    EXPECT_TRUE(store.run(recent_run).has_value());
}

// A run's row that no process wrote (edited, or damaged) is named by `db check`; it counts as gone.
TEST(StoreRuns, CheckNamesARunRowNoProcessCouldHaveWritten) {
    TempDir dir;
    {
        Store store(dir / "runs.db");
        store.end_run(store.begin_run("db solve", 60)); // an ended run: not looked at
        store.begin_run("db solve", 60);                 // a sound one: not named
        EXPECT_TRUE(store.check().empty());
    }
    {
        sql::Database raw(dir / "runs.db", SQLITE_OPEN_READWRITE);
        raw.exec("INSERT INTO runs(id, host, boot_id, pid, start_ticks, kind, started_at, lease_until) "
                 "VALUES (7, '', 'b', -5, 'x', 'db solve', 'never', 'soon')");
    }
    Store store(dir / "runs.db");
    const std::vector<std::string> problems = store.check();
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].rfind("run 7 ('db solve'): its host, its pid, its process's start time, its lease, its start "
                                "not valid",
                                0),
              0u)
        << problems[0];
    const std::optional<RunRecord> damaged = store.run(7);
    ASSERT_TRUE(damaged.has_value());
    EXPECT_TRUE(run_gone(*damaged, unix_now()));
}

TEST(StoreRuns, ARunOnAnotherHostIsGoneOnlyWhenItsLeaseRunsOut) {
    RunRecord other;
    other.process = this_process();
    other.process.host = "elsewhere.example";
    other.lease_until = 1000;
    EXPECT_FALSE(run_gone(other, 999));
    EXPECT_TRUE(run_gone(other, 1001));
    RunRecord here_but_dead;
    here_but_dead.process = this_process();
    here_but_dead.process.start_ticks += 7; // pid reused by another process
    here_but_dead.lease_until = 1e12;      // a lease does not keep a dead process on this host alive
    EXPECT_TRUE(run_gone(here_but_dead, unix_now()));
}

TEST(StoreRuns, MarksNameTheirRunAndAResultClearsOnlyItsOwnRunsMarkOrAnOwnerlessOne) {
    TempDir dir;
    Store a(dir / "runs.db"), b(dir / "runs.db");
    const int64_t pack = a.ensure_pack("p");
    a.add_levels(pack, {level_of("one"), level_of("two"), level_of("three")});
    const auto levels = a.levels();
    const int64_t run_a = a.begin_run("db solve", 60), run_b = b.begin_run("db solve", 60);
    ASSERT_NE(run_a, run_b);
    a.mark_in_flight({{levels[0].id, "sokoban", "1", false}, {levels[1].id, "sokoban", "1", false}});
    const auto marks = b.in_flight({});
    ASSERT_EQ(marks.size(), 2u);
    EXPECT_EQ(marks[0].first.run_id, run_a);
    EXPECT_EQ(marks[1].first.run_id, run_a);
    b.add_results({result_for(levels[0].id)}); // run b stores a result for a level run a holds
    EXPECT_EQ(b.in_flight({}).size(), 2u) << "another live run's mark stays";
    a.add_results({result_for(levels[0].id)});
    EXPECT_EQ(b.in_flight({}).size(), 1u) << "the owner's own result clears it";
    a.end_run(run_a);
    EXPECT_TRUE(b.in_flight({}).empty()) << "a clean end drops the run's marks";
}

TEST(StoreRuns, MarksFromBeforeSchema8HaveNoOwner) {
    TempDir dir;
    {
        Store old(dir / "runs.db", 7);
        old.add_levels(old.ensure_pack("p"), {level_of("one")});
        old.mark_in_flight({{old.levels()[0].id, "sokoban", "1", true}});
    }
    Store store(dir / "runs.db");
    EXPECT_EQ(store.schema_version(), Store::kSchemaVersion); // migrated
    const auto marks = store.in_flight({});
    ASSERT_EQ(marks.size(), 1u);
    EXPECT_EQ(marks[0].first.run_id, 0);
    EXPECT_TRUE(marks[0].first.alone);
    store.add_results({result_for(marks[0].first.level_id)});
    EXPECT_TRUE(store.in_flight({}).empty()) << "an ownerless mark is cleared by any result";
}

// How a child process that armed a note ends, and whether the note is there afterwards.
bool note_after(const std::string &path, void (*end)()) {
    const pid_t child = fork();
    if (child == 0) {
        {
            CrashNote note(path);
            end();
        }
        _exit(0); // the clean end: the note was disarmed
    }
    int status = 0;
    waitpid(child, &status, 0);
    const bool there = CrashNote::exists(path);
    CrashNote::remove(path);
    return there;
}

TEST(CrashNote, ACrashOrAnExitLeavesTheNoteAKillOrACleanEndDoesNot) {
    TempDir dir;
    const std::string path = CrashNote::path_for(dir / "x.db", 3);
    EXPECT_EQ(path, dir / "x.db-crashed-run-3");
    EXPECT_TRUE(note_after(path, [] { ::raise(SIGSEGV); }));
    EXPECT_TRUE(note_after(path, [] { std::abort(); }));
    EXPECT_TRUE(note_after(path, [] { std::exit(7); })); // a plugin calling exit()
    EXPECT_FALSE(note_after(path, [] { ::raise(SIGKILL); }));
    EXPECT_FALSE(note_after(path, [] {}));
}

} // namespace
