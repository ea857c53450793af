// Cube-and-conquer (ABI 1.8, issue 48): the tally's combine rules; one level's conquest over the real executors
// (threads, worker processes) with the probe plugin's scripted cubes -- crashes, hangs, early decisions -- and with
// real plugins (the template, kami, nonogram, loop) against their whole solves; and the executors' interrupt.
#include "built_plugins.hpp"
#include "test_support.hpp"

#include <pluzzle/host/sandbox/process_executor.hpp>
#include <pluzzle/host/solve/conquest.hpp>
#include <pluzzle/host/solve/cube_tally.hpp>
#include <pluzzle/host/solve/solve_item.hpp>
#include <pluzzle/host/solve/thread_executor.hpp>

#include <filesystem>
#include <fstream>

using namespace pluzzle::host;
using namespace pluzzle::test;

namespace {

WorkResult answer(pluzzle::SolveStatus status, uint32_t solutions = 0, double lower = NAN, double upper = NAN) {
    WorkResult r;
    r.status = status;
    r.solutions_found = solutions;
    if (solutions) r.solution = "answer 1";
    r.lower_bound = lower;
    r.upper_bound = upper;
    return r;
}

WorkItem probe_level(const std::string &lines, int64_t id = 1) {
    WorkItem item;
    item.level_id = id;
    item.type = "probe";
    item.text = "probe 1\nvalue 4\n" + lines;
    return item;
}

ProcessExecutor probe_workers(unsigned jobs, RunLimits limits = {}) {
    IsolateOptions options;
    options.jobs = jobs;
    options.limits = limits;
    options.grace_s = 1;
    options.plugin_paths = {probe()->path()};
    return ProcessExecutor(options);
}

} // namespace

TEST(CubeTally, CountsAddUpAndTheCapDecidesEarly) {
    CubeTally tally(PZ_COMBINE_COUNT, 3, 2, NAN);
    tally.add(0, answer(PZ_SOLVE_UNSOLVABLE));
    EXPECT_FALSE(tally.decided());
    tally.add(2, answer(PZ_SOLVE_UNIQUE, 1));
    EXPECT_FALSE(tally.decided()) << "cube 1 may hold a second solution";
    EXPECT_EQ(*tally.level_result(9).status, PZ_SOLVE_SOLVED) << "one found, uniqueness open";
    tally.add(1, answer(PZ_SOLVE_UNSOLVABLE));
    ASSERT_TRUE(tally.decided());
    const WorkResult unique = tally.level_result(9);
    EXPECT_EQ(*unique.status, PZ_SOLVE_UNIQUE);
    EXPECT_EQ(unique.level_id, 9);
    EXPECT_EQ(unique.solution, "answer 1");

    CubeTally two(PZ_COMBINE_COUNT, 3, 2, NAN);
    two.add(1, answer(PZ_SOLVE_UNIQUE, 1));
    two.add(2, answer(PZ_SOLVE_UNIQUE, 1));
    EXPECT_TRUE(two.decided()) << "two solutions in two cubes: multiple, whatever cube 0 holds";
    EXPECT_EQ(*two.level_result(1).status, PZ_SOLVE_MULTIPLE);

    // Cubes that each found their two before the others stopped: the count is capped like a whole solve's, not the
    // sum of whichever cubes happened to run (it varied from run to run before).
    CubeTally many(PZ_COMBINE_COUNT, 3, 2, NAN);
    many.add(0, answer(PZ_SOLVE_MULTIPLE, 2));
    many.add(2, answer(PZ_SOLVE_MULTIPLE, 2));
    EXPECT_EQ(many.level_result(1).solutions_found, 2u);

    CubeTally none(PZ_COMBINE_COUNT, 2, 2, NAN);
    none.add(0, answer(PZ_SOLVE_UNSOLVABLE));
    none.add(1, answer(PZ_SOLVE_LIMIT));
    EXPECT_FALSE(none.decided());
    EXPECT_EQ(*none.level_result(1).status, PZ_SOLVE_LIMIT) << "an unfinished cube proves nothing";
    none.add(1, answer(PZ_SOLVE_UNSOLVABLE)); // its retry
    EXPECT_EQ(*none.level_result(1).status, PZ_SOLVE_UNSOLVABLE);
}

TEST(CubeTally, FirstSolutionDecidesAndNoneAnywhereIsUnsolvable) {
    CubeTally tally(PZ_COMBINE_FIRST, 4, 1, NAN);
    tally.add(3, answer(PZ_SOLVE_UNSOLVABLE));
    EXPECT_FALSE(tally.decided());
    tally.add(1, answer(PZ_SOLVE_SOLVED, 1));
    EXPECT_TRUE(tally.decided());
    EXPECT_EQ(*tally.level_result(1).status, PZ_SOLVE_SOLVED);

    CubeTally none(PZ_COMBINE_FIRST, 2, 1, NAN);
    WorkResult crashed;
    crashed.status = AttemptFailure::crashed;
    none.add(0, answer(PZ_SOLVE_UNSOLVABLE));
    none.add(1, crashed);
    EXPECT_FALSE(none.decided()) << "a crashed cube proves nothing";
    EXPECT_EQ(*none.level_result(1).status, PZ_SOLVE_LIMIT);
}

TEST(CubeTally, BestTakesTheLeastBoundsAndStopsOnceTheyMeet) {
    // The split proved 10 and found a list of 14.
    CubeTally tally(PZ_COMBINE_BEST, 3, 2, 10, 14, "answer root");
    EXPECT_EQ(tally.lower(), 10);
    EXPECT_EQ(tally.upper(), 14);
    tally.add(0, answer(PZ_SOLVE_SOLVED, 1, 12, 12));
    EXPECT_EQ(tally.upper(), 12);
    EXPECT_FALSE(tally.decided());
    tally.add(1, answer(PZ_SOLVE_LIMIT, 0, 11)); // stopped: proved 11 so far
    EXPECT_EQ(tally.lower(), 10) << "cube 2 has proved nothing beyond the root's 10";
    tally.add(2, answer(PZ_SOLVE_UNSOLVABLE, 0, 12)); // nothing below 12 in it
    EXPECT_EQ(tally.lower(), 11);
    const WorkResult open = tally.level_result(1);
    EXPECT_EQ(*open.status, PZ_SOLVE_LIMIT);
    EXPECT_EQ(open.lower_bound, 11);
    EXPECT_EQ(open.upper_bound, 12);
    EXPECT_EQ(open.solution, "answer 1") << "the cheapest list found";
    tally.add(1, answer(PZ_SOLVE_UNSOLVABLE, 0, 12)); // its retry
    ASSERT_TRUE(tally.decided());
    EXPECT_EQ(*tally.level_result(1).status, PZ_SOLVE_SOLVED);

    CubeTally root_stands(PZ_COMBINE_BEST, 2, 2, 5, 7, "answer root");
    root_stands.add(0, answer(PZ_SOLVE_UNSOLVABLE, 0, 7));
    root_stands.add(1, answer(PZ_SOLVE_UNSOLVABLE, 0, 7));
    ASSERT_TRUE(root_stands.decided());
    const WorkResult r = root_stands.level_result(1);
    EXPECT_EQ(*r.status, PZ_SOLVE_SOLVED);
    EXPECT_EQ(r.solution, "answer root") << "no cube beat the split's own list: it is optimal";
    EXPECT_EQ(r.upper_bound, 7);
}

// Threads: a split of five cubes where one holds the level's only solutions; the others are slow. COUNT with the
// cap reached stops them at once.
TEST(Conquest, ThreadsStopTheOtherCubesOnceTheCountIsReached) {
    ThreadExecutor threads(probe_registry(), {}, 2);
    const WorkItem level = probe_level("split count\ncube solutions=3\ncube sleep_ms=20000\ncube sleep_ms=20000\n"
                                       "cube sleep_ms=20000\ncube none\n");
    const auto start = std::chrono::steady_clock::now();
    std::vector<ConquestProgress> seen;
    ConquestOptions options;
    options.on_progress = [&](const ConquestProgress &p) { seen.push_back(p); };
    const WorkResult r = conquer(threads, level, options);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(15)) << "the slow cubes were stopped";
    EXPECT_EQ(*r.status, PZ_SOLVE_MULTIPLE) << r.info;
    EXPECT_EQ(r.solution, "answer 4");
    EXPECT_EQ(threads.pending(), 0u);
    ASSERT_FALSE(seen.empty());
    EXPECT_EQ(seen.back().total, 5u);
    EXPECT_GE(seen.back().done, 1u);
    // The executor goes on: the next level's items run (the interrupt stopped nothing sent after it).
    const WorkResult next = conquer(threads, probe_level("split count\ncube solutions=1\ncube none\n", 2), {});
    EXPECT_EQ(*next.status, PZ_SOLVE_UNIQUE) << next.info;
}

// Every cube must answer before a count is known: one solution in all is unique; a split without cubes decided the
// level itself; a time limit leaves the level at `limit`.
TEST(Conquest, ACountNeedsEveryCubeAndATimeLimitLeavesItOpen) {
    ThreadExecutor threads(probe_registry(), {}, 2);
    const WorkResult unique =
        conquer(threads, probe_level("split count\ncube none\ncube solutions=1,sleep_ms=50\ncube none\n"), {});
    EXPECT_EQ(*unique.status, PZ_SOLVE_UNIQUE) << unique.info;
    const WorkResult whole = conquer(threads, probe_level(""), {});
    EXPECT_EQ(*whole.status, PZ_SOLVE_UNIQUE) << "no cube: the split solved it";
    ConquestOptions limited;
    limited.time_limit_s = 0.3;
    const WorkResult open = conquer(threads, probe_level("split count\ncube solutions=1\ncube sleep_ms=20000\n"), limited);
    EXPECT_EQ(*open.status, PZ_SOLVE_SOLVED) << "one solution found, the other cube unfinished: " << open.info;
    EXPECT_NE(open.info.find("\"cubes_finished\":1"), std::string::npos) << open.info;
}

// Worker processes: a cube that kills its worker is tried once more, then costs that cube only: the others' answers
// stand and the level is left open, never called unsolvable. A cube that hangs past the limit likewise.
TEST(Conquest, ACubeThatCrashesItsWorkerCostsThatCubeOnly) {
    ProcessExecutor workers = probe_workers(2);
    const WorkResult r =
        conquer(workers, probe_level("split count\ncube none\ncube crash=segv\ncube none\ncube none\n"), {});
    EXPECT_EQ(*r.status, PZ_SOLVE_LIMIT) << "a crashed cube proves nothing: " << r.info;
    EXPECT_NE(r.info.find("\"cubes_finished\":3"), std::string::npos) << r.info;
    EXPECT_EQ(workers.pending(), 0u);
    const WorkResult after = conquer(workers, probe_level("split first\ncube none\ncube solutions=1\n", 2), {});
    EXPECT_EQ(*after.status, PZ_SOLVE_SOLVED) << after.info;
}

// Worker processes: the interrupt stops the slow cubes within the grace period, and a worker that gets it late
// (after it answered) does not stop the next level's cubes (its chunks are numbered).
TEST(Conquest, WorkerProcessesStopOnInterruptAndTakeTheNextLevel) {
    ProcessExecutor workers = probe_workers(2);
    const auto start = std::chrono::steady_clock::now();
    const WorkResult first = conquer(
        workers, probe_level("split first\ncube solutions=1\ncube sleep_ms=30000\ncube sleep_ms=30000\n"), {});
    EXPECT_EQ(*first.status, PZ_SOLVE_SOLVED) << first.info;
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
    for (int round = 0; round < 5; ++round) {
        const WorkResult next =
            conquer(workers, probe_level("split count\ncube solutions=1,sleep_ms=30\ncube sleep_ms=30\n", 2 + round), {});
        EXPECT_EQ(*next.status, PZ_SOLVE_UNIQUE) << "round " << round << ": " << next.info;
    }
}

// Best: the cubes get the best cost known when they start, and the least bounds make the answer.
TEST(Conquest, BestFindsTheCheapestCubeAndProvesIt) {
    ThreadExecutor threads(probe_registry(), {}, 2);
    const WorkResult r = conquer(threads, probe_level("split best\ncube cost=9\ncube cost=7\ncube none\ncube cost=8\n"), {});
    EXPECT_EQ(*r.status, PZ_SOLVE_SOLVED) << r.info;
    EXPECT_EQ(r.upper_bound, 7);
    EXPECT_EQ(r.lower_bound, 7);
}

// Real plugins: the conquest of every bundled level of a splitting plugin gives the whole solve's status (and a
// kami level its optimum), on threads; loop's two largest levels are split into cubes (the others are decided at
// the root, the split answering as the whole solve).
TEST(Conquest, RealSplitsAgreeWithTheWholeSolveOnTheBundledLevels) {
    ThreadExecutor threads(built_plugins(), {}, 2);
    size_t compared = 0;
    for (const char *folder : {"lightsout", "kami", "nonogram", "loop"}) {
        for (const auto &entry : std::filesystem::directory_iterator(data_dir() + "/" + folder)) {
            if (entry.path().extension() == ".md") continue;
            const auto plugin = built_plugins().find(folder);
            ASSERT_TRUE(plugin);
            std::vector<ParsedLevel> levels;
            try {
                levels = plugin->parse(read_file(entry.path()), "", entry.path().string());
            } catch (const InputError &) {
                continue; // a format the extension does not name
            }
            for (size_t i = 0; i < levels.size() && i < (std::string(folder) == "nonogram" ? 1u : 3u); ++i) {
                WorkItem item;
                item.level_id = int64_t(++compared);
                item.type = folder;
                item.text = plugin->encode(levels[i].level.get());
                SolveOptions limits;
                limits.time_limit_s = 5; // a level the whole solve does not decide quickly is left out
                const SolveReport whole = plugin->solve(levels[i].level.get(), limits);
                if (!pluzzle::is_final(whole.status)) continue;
                ConquestOptions options;
                options.time_limit_s = 60;
                const WorkResult split = conquer(threads, item, options);
                ASSERT_TRUE(split.status) << entry.path() << ": " << split.error;
                EXPECT_EQ(*split.status, whole.status) << entry.path() << " #" << i << ": " << split.info;
                if (plugin->can(PZ_CAP_OPTIMAL)) {
                    EXPECT_EQ(split.upper_bound, whole.upper_bound) << entry.path();
                }
                EXPECT_TRUE(plugin->check(levels[i].level.get(), split.solution).ok) << entry.path();
            }
        }
    }
    EXPECT_GE(compared, 10u);
}

// Nonogram cubes partition the solutions: the 24 permutation pictures of a 4x4 puzzle whose every line holds one
// cell are counted exactly once across the cubes, as the whole solve counts them.
TEST(Conquest, NonogramCubesCountEverySolutionOnce) {
    const auto plugin = built_plugins().find("nonogram");
    ASSERT_TRUE(plugin);
    const auto levels = plugin->parse("width 4\nheight 4\nrows\n1\n1\n1\n1\ncolumns\n1\n1\n1\n1\n", "", "perm.non");
    ASSERT_EQ(levels.size(), 1u);
    ThreadExecutor threads(built_plugins(), {0, 0, 30}, 2);
    ConquestOptions options;
    options.max_solutions = 30;
    const WorkResult r =
        conquer(threads, level_item(1, "nonogram", plugin->encode(levels[0].level.get())), options);
    EXPECT_EQ(*r.status, PZ_SOLVE_MULTIPLE) << r.info;
    EXPECT_EQ(r.solutions_found, 24u) << r.info;
    EXPECT_NE(r.info.find("\"cubes\":"), std::string::npos) << "it was split: " << r.info;
    EXPECT_TRUE(plugin->check(levels[0].level.get(), r.solution).ok);
}
