// The bulk dispatcher (bulk_solve.cpp) against a real database file and the real probe plugin, with executors that
// answer as a worker pool may: out of order, with host failures, cancelled solves -- and the thread pool itself.
// Every stored row must belong to the level it answers, printed must mean stored, and nothing is lost.
#include "test_support.hpp"
#include <pluzzle/host/bulk_solve.hpp>
#include <pluzzle/host/thread_executor.hpp>

#include <algorithm>
#include <map>

using namespace pluzzle::host;
using namespace pluzzle::test;

namespace {

const PluginRegistry &probe_registry() {
    static PluginRegistry reg = [] {
        PluginRegistry r;
        r.load_file(probe_dir("good") + "/pluzzle_probe.so");
        return r;
    }();
    return reg;
}

// Answers the items it is given in reverse order, a few at a time; levels whose value is in `crash` come back
// crashed, and (after cancel) running ones come back cancelled.
class ScriptedExecutor : public Executor {
  public:
    std::vector<int> crash;
    unsigned slots() const override { return 3; }
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
        }
        return out;
    }
    size_t pending() const override { return queue_.size(); }
    void cancel() override { cancelled_ = true; }

  private:
    std::vector<WorkItem> queue_;
    bool cancelled_ = false;
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
    BulkOptions options;
    options.cancel = &cancel;
    size_t seen = 0;
    options.on_item = [&](const BulkItem &) {
        if (++seen == 4) cancel = true;
    };
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
