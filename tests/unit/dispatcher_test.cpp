// The bulk dispatcher (bulk_solve.cpp) against a real database file and the real probe plugin, with executors that
// answer as a worker pool may: out of order, with host failures, cancelled solves -- and the thread pool itself.
// Every stored row must belong to the level it answers, printed must mean stored, and nothing is lost.
#include "built_plugins.hpp"
#include "test_support.hpp"
#include <pluzzle/host/jobs/bulk_solve.hpp>
#include <pluzzle/host/store/sqlite.hpp>

#include <pluzzle/host/solve/thread_executor.hpp>
#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <set>
#include <thread>

using namespace pluzzle::host;
using namespace pluzzle::test;

namespace {

// Answers the items it is given in reverse order, a few at a time; levels whose value is in `crash` come back
// crashed, and (after cancel) running ones come back cancelled.
class ScriptedExecutor : public Executor {
  public:
    std::vector<int> crash;
    // Raises this flag once it has answered `cancel_after` levels (the user's Ctrl-C in the middle of a run).
    std::atomic<bool> *cancel_flag = nullptr;
    size_t cancel_after = 0;
    unsigned slots() const override { return 3; }
    bool contains_crashes() const override { return true; } // it answers as worker processes do: "crashed"
    void submit(WorkItem item) override {
        if (!cancelled_) queue_.push_back(std::move(item));
    }
    std::vector<WorkResult> collect(std::chrono::milliseconds) override {
        std::vector<WorkResult> out;
        for (int k = 0; k < 2 && !queue_.empty(); ++k) {
            WorkItem item = std::move(queue_.back());
            queue_.pop_back();
            WorkResult r;
            r.level_id = item.level_id;
            const int value = std::stoi(item.text.substr(item.text.find("value ") + 6));
            if (cancelled_) {
                r.status = PZ_SOLVE_CANCELLED;
            } else if (std::count(crash.begin(), crash.end(), value)) {
                r.status = AttemptFailure::crashed;
                r.info = R"({"reason":"worker killed by SIGSEGV"})";
                r.error = "worker killed by SIGSEGV";
            } else {
                r.status = PZ_SOLVE_UNIQUE;
                r.solution = std::to_string(value);
            }
            out.push_back(r);
            if (cancel_flag && ++answered_ == cancel_after) *cancel_flag = true;
        }
        return out;
    }
    size_t pending() const override { return queue_.size(); }
    void cancel() override { cancelled_ = true; }
    std::vector<ItemKey> interrupt() override { return {}; } // levels only: nothing interrupts them

  private:
    std::vector<WorkItem> queue_;
    bool cancelled_ = false;
    size_t answered_ = 0;
};

// Answers one level at a time, in order, each `gap` after the previous one, and records when each answer left.
class PacedExecutor : public Executor {
  public:
    using Clock = std::chrono::steady_clock;
    explicit PacedExecutor(std::chrono::milliseconds gap) : gap_(gap) {}
    unsigned slots() const override { return 1; }
    void submit(WorkItem item) override { queue_.push_back(std::move(item)); }
    std::vector<WorkResult> collect(std::chrono::milliseconds wait) override {
        const auto due = last_ + gap_;
        if (Clock::now() < due) { // nothing ready within `wait`: the dispatcher sees an empty answer
            std::this_thread::sleep_until(std::min(due, Clock::now() + wait));
            if (Clock::now() < due) return {};
        }
        WorkResult r;
        r.level_id = queue_.front().level_id;
        r.status = PZ_SOLVE_UNIQUE;
        queue_.erase(queue_.begin());
        last_ = Clock::now();
        sent_at[r.level_id] = last_;
        return {r};
    }
    size_t pending() const override { return queue_.size(); }
    void cancel() override { queue_.clear(); }
    std::vector<ItemKey> interrupt() override { return {}; }
    std::map<int64_t, Clock::time_point> sent_at;

  private:
    std::chrono::milliseconds gap_;
    std::vector<WorkItem> queue_;
    Clock::time_point last_ = Clock::now();
};

// What a second connection (another process reading the file) sees: results stored, and PRAGMA data_version, which
// changes with every commit made by another connection.
struct Observer {
    explicit Observer(const std::string &path) : db(path, SQLITE_OPEN_READONLY) {}
    int64_t results() {
        auto st = db.prepare("SELECT count(*) FROM results");
        st.step();
        return st.int64(0);
    }
    int64_t data_version() {
        auto st = db.prepare("PRAGMA data_version");
        st.step();
        return st.int64(0);
    }
    sql::Database db;
};

class DispatcherTest : public ::testing::Test {
  protected:
    void SetUp() override {
        Store store(path_);
        const int64_t pack = store.ensure_pack("p");
        std::vector<LevelRecord> levels;
        for (int v = 1; v <= 20; ++v) {
            LevelRecord l;
            l.type = "probe";
            l.text = "probe 1\nvalue " + std::to_string(v) + "\n";
            levels.push_back(l);
        }
        store.add_levels(pack, levels);
    }
    // level id -> (status, solution) of its newest result
    std::map<int64_t, std::pair<std::string, std::string>> stored() {
        Store store(path_);
        std::map<int64_t, std::pair<std::string, std::string>> out;
        for (const auto &l : store.levels()) {
            const auto results = store.results(l.id);
            if (!results.empty()) out[l.id] = {attempt_status_text(results.front().status), results.front().solution};
        }
        return out;
    }
    TempDir temp_;
    std::string path_ = temp_ / "levels.db";
};

} // namespace

TEST_F(DispatcherTest, ResultsArrivingOutOfOrderAreStoredForTheirOwnLevels) {
    ScriptedExecutor executor;
    executor.crash = {5, 17};
    BulkOptions options;
    std::vector<BulkItem> printed;
    options.on_item = [&](const BulkItem &item) { printed.push_back(item); };
    Store store(path_);
    const BulkReport report = bulk_solve(store, probe_registry(), options, executor);
    EXPECT_EQ(report.total, 20u);
    EXPECT_EQ(report.attempted, 20u);
    EXPECT_EQ(report.unsolved, 2u);
    EXPECT_EQ((report.table.at({"probe", "crashed"}).count), 2u);
    const auto rows = stored();
    ASSERT_EQ(rows.size(), 20u);
    for (const auto &l : store.levels()) {
        const std::string value = l.text.substr(l.text.find("value ") + 6, l.text.size() - l.text.find("value ") - 7);
        const auto &[status, solution] = rows.at(l.id);
        if (value == "5" || value == "17") {
            EXPECT_EQ(status, "crashed");
            EXPECT_NE(store.results(l.id).front().info.find("SIGSEGV"), std::string::npos);
        } else {
            EXPECT_EQ(status, "unique") << value;
            EXPECT_EQ(solution, value); // the answer to this level, not to another
        }
    }
    ASSERT_EQ(printed.size(), 20u); // printed means stored, with the stored status
    for (const BulkItem &item : printed)
        EXPECT_EQ(item.status, rows.at(item.level_id).first);
    // --resume retries the crashed levels only: they are not final
    ScriptedExecutor again;
    options.resume = true;
    printed.clear();
    const BulkReport resumed = bulk_solve(store, probe_registry(), options, again);
    EXPECT_EQ(resumed.skipped, 18u);
    EXPECT_EQ(resumed.attempted, 2u);
    EXPECT_EQ(resumed.unsolved, 0u);
}

TEST_F(DispatcherTest, ACancelledRunStoresWhatFinishedAndNothingCancelled) {
    ScriptedExecutor executor;
    std::atomic<bool> cancel{false};
    executor.cancel_flag = &cancel;
    executor.cancel_after = 4;
    BulkOptions options;
    options.cancel = &cancel;
    Store store(path_);
    const BulkReport report = bulk_solve(store, probe_registry(), options, executor);
    EXPECT_TRUE(report.cancelled);
    const auto rows = stored();
    EXPECT_EQ(rows.size(), report.attempted);
    EXPECT_GE(rows.size(), 4u);
    EXPECT_LT(rows.size(), 20u);
    for (const auto &[id, row] : rows)
        EXPECT_EQ(row.first, "unique"); // no cancelled row
}

// The thread pool through the same loop: the same answers as the scripted pool's, with a real solve per level.
TEST_F(DispatcherTest, TheThreadPoolSolvesEveryLevelOnce) {
    ThreadExecutor threads(probe_registry(), {}, 2);
    EXPECT_EQ(threads.slots(), 2u);
    BulkOptions options;
    Store store(path_);
    const BulkReport report = bulk_solve(store, probe_registry(), options, threads);
    EXPECT_EQ(report.attempted, 20u);
    EXPECT_EQ(report.unsolved, 0u);
    for (const auto &l : store.levels())
        EXPECT_EQ(store.results(l.id).size(), 1u);
    EXPECT_EQ(threads.pending(), 0u);
}

// Results arriving close together share one commit; each is committed within the window after it arrived, and a
// result with nothing behind it is committed at once -- before it is reported, as always.
TEST_F(DispatcherTest, ResultsAreCommittedInWindowsAndReportedOnlyOnceCommitted) {
    using Clock = PacedExecutor::Clock;
    PacedExecutor executor(std::chrono::milliseconds(10));
    BulkOptions options;
    options.commit_window = std::chrono::milliseconds(40);
    Observer observer(path_);
    std::set<int64_t> versions;
    size_t reported = 0;
    Clock::duration longest_wait{};
    options.on_item = [&](const BulkItem &item) {
        ++reported;
        EXPECT_GE(observer.results(), int64_t(reported)) << "reported before it was committed";
        versions.insert(observer.data_version());
        longest_wait = std::max(longest_wait, Clock::now() - executor.sent_at.at(item.level_id));
    };
    Store store(path_);
    bulk_solve(store, probe_registry(), options, executor);
    EXPECT_EQ(reported, 20u);
    // 20 results, 10 ms apart (200 ms in all): a handful of commits, not one per result nor one at the end.
    EXPECT_GE(versions.size(), 3u);
    EXPECT_LE(versions.size(), 10u);
    EXPECT_LT(longest_wait, std::chrono::milliseconds(40 + 80)); // the window, a poll of the executor, and slack
}

TEST_F(DispatcherTest, ALoneResultIsCommittedWithoutWaitingForTheWindow) {
    using Clock = PacedExecutor::Clock;
    PacedExecutor executor(std::chrono::milliseconds(150)); // a slow pack
    BulkOptions options;
    options.commit_window = std::chrono::seconds(10);
    std::atomic<bool> cancel{false};
    options.cancel = &cancel;
    Observer observer(path_);
    Clock::duration longest_wait{};
    size_t reported = 0;
    options.on_item = [&](const BulkItem &item) {
        EXPECT_GE(observer.results(), int64_t(++reported));
        longest_wait = std::max(longest_wait, Clock::now() - executor.sent_at.at(item.level_id));
        if (reported == 3) cancel = true;
    };
    Store store(path_);
    bulk_solve(store, probe_registry(), options, executor);
    EXPECT_EQ(reported, 3u);
    EXPECT_LT(longest_wait, std::chrono::milliseconds(100)); // committed when no further result was ready
}
