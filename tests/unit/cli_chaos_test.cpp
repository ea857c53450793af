// The chaos test of issue 47: `db solve --resume` runs started and killed (SIGKILL) at random moments on one
// database, some overlapping, over a pack with one level whose plugin really crashes; then a last run. Nothing may
// be lost or doubled, no healthy level may be stored as crashed, and the database must check clean. Bounded to a
// few seconds; the seed is printed, so a failure can be replayed (PLUZZLE_CHAOS_SEED).
#include "probe_levels.hpp"
#include "test_support.hpp"
#include <pluzzle/host/store/store.hpp>

#include <csignal>
#include <cstdlib>
#include <random>
#include <thread>

using namespace pluzzle::test;

namespace {

using Clock = std::chrono::steady_clock;

struct Started {
    pid_t pid;
    Clock::time_point kill_at;
};

} // namespace

TEST(CliChaos, RunsKilledAtRandomMomentsLoseNothingAndConvictOnlyTheRealCrash) {
    const char *fixed = std::getenv("PLUZZLE_CHAOS_SEED");
    const unsigned seed = fixed ? unsigned(std::strtoul(fixed, nullptr, 10)) : std::random_device{}();
    SCOPED_TRACE("PLUZZLE_CHAOS_SEED=" + std::to_string(seed));
    std::mt19937 rng(seed);
    TempDir dir;
    std::vector<std::pair<std::string, std::string>> levels;
    for (int i = 0; i < 50; ++i) {
        char name[16];
        std::snprintf(name, sizeof name, "l%02d", i);
        levels.push_back({name, "value " + std::to_string(i) + "\nsleep_ms " + std::to_string(10 + rng() % 50) + "\n"});
    }
    levels.push_back({"z_segv", "value 99\ncrash segv\n"});
    const std::string db = import_levels(dir, levels);
    const std::string solve = cli(probe_dir("good")) + " -q db solve " + quote(db) + " --threads -j 2 --resume";

    // Six runs, each started 0-400 ms after the one before and killed 100-1200 ms after its start unless it ended.
    std::vector<Started> runs;
    auto next_start = Clock::now();
    for (int k = 0; k < 6 || !runs.empty();) {
        const auto now = Clock::now();
        if (k < 6 && now >= next_start) {
            const pid_t pid = start_shell(solve + " >/dev/null 2>&1");
            ASSERT_GT(pid, 0);
            runs.push_back({pid, now + std::chrono::milliseconds(100 + rng() % 1100)});
            next_start = now + std::chrono::milliseconds(rng() % 400);
            ++k;
        }
        for (size_t i = 0; i < runs.size();) {
            int status = 0;
            if (::waitpid(runs[i].pid, &status, WNOHANG) == runs[i].pid) {
                runs.erase(runs.begin() + long(i));
            } else if (Clock::now() >= runs[i].kill_at) {
                ::kill(runs[i].pid, SIGKILL);
                ::waitpid(runs[i].pid, &status, 0);
                runs.erase(runs.begin() + long(i));
            } else {
                ++i;
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    // The last run goes on until the pack is done: the crashing level may end it twice more (a run in this process
    // dies with it) before a run convicts it from its note -- or, where no note can be written (under ASan, whose
    // own SIGSEGV handler ends the process first), up to four times, until it has died alone in three runs.
    RunResult last;
    // (ASan's death exits 1, like a run with unsolved levels: the marks left tell a crash from an end.)
    for (int attempt = 0; attempt < 8; ++attempt) {
        last = run(solve);
        if ((last.exit_code == 0 || last.exit_code == 1) && pluzzle::host::Store(db).in_flight({}).empty()) break;
    }
    // 1 when this run convicted the crashing level; 0 when an earlier run had (a crashed level is then skipped).
    ASSERT_TRUE(last.exit_code == 0 || last.exit_code == 1) << last.exit_code << "\n" << last.out;

    pluzzle::host::Store store(db);
    for (const auto &l : store.levels()) {
        std::vector<std::string> statuses;
        for (const auto &r : store.results(l.id)) statuses.push_back(pluzzle::host::attempt_status_text(r.status));
        if (l.name == "z_segv") {
            EXPECT_EQ(statuses, std::vector<std::string>{"crashed"}) << "the real crash, convicted once";
            continue;
        }
        ASSERT_EQ(statuses, std::vector<std::string>{"unique"}) << l.name << ": one final result, no false crash";
        const auto result = store.results(l.id).front();
        EXPECT_EQ(result.solution, "answer " + std::to_string(std::stoi(l.name.substr(1)))) << l.name;
    }
    EXPECT_TRUE(store.in_flight({}).empty()) << "the last run ended cleanly: no marks";
    const RunResult check = run(cli(probe_dir("good")) + " db check " + quote(db));
    EXPECT_EQ(check.exit_code, 0) << check.out;
}
