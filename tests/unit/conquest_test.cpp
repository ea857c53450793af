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
#include <map>
#include <optional>

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

    // A step that stopped early says less than the one before it: the proven bound stays. settled() counts the
    // cubes proven above the level's bound.
    CubeTally steps(PZ_COMBINE_BEST, 2, 2, 5, 9, "answer root");
    steps.add(0, answer(PZ_SOLVE_LIMIT, 0, 7));
    EXPECT_EQ(steps.settled(), 1u);
    steps.add(0, answer(PZ_SOLVE_LIMIT, 0, 6));
    EXPECT_EQ(steps.cube_lower(0), 7);
    steps.add(1, answer(PZ_SOLVE_LIMIT, 0, 6));
    EXPECT_EQ(steps.lower(), 6);
    EXPECT_EQ(steps.settled(), 1u) << "cube 1 holds the level's bound";
    steps.add(1, answer(PZ_SOLVE_LIMIT, 0, 9));
    EXPECT_EQ(steps.lower(), 7);
    EXPECT_EQ(steps.settled(), 1u) << "cube 1 is done (9 is the best known); cube 0 now holds the bound";
    // A cube's label may name its own bound: the level's is the label of the cube that holds the level's bound.
    CubeTally labels(PZ_COMBINE_BEST, 3, 2, 12, 18, "answer root");
    EXPECT_EQ(labels.level_result(1).difficulty_label, "") << "the bound is the split's: no cube's label says it";
    for (auto [cube, bound] : {std::pair{0, 16}, {1, 15}, {2, 17}}) {
        WorkResult step = answer(PZ_SOLVE_LIMIT, 0, bound);
        step.difficulty = 10 - cube;
        step.difficulty_label = "at least " + std::to_string(bound) + " moves";
        labels.add(size_t(cube), step);
    }
    EXPECT_EQ(labels.level_result(1).difficulty_label, "at least 15 moves");
    EXPECT_EQ(labels.level_result(1).difficulty, 10) << "the number is still the hardest part's";
    // Each step's work counts: the level's nodes are every step's, not the last one's.
    CubeTally work(PZ_COMBINE_BEST, 1, 2, 5, 9, "answer root");
    for (uint64_t nodes : {100u, 1000u}) {
        WorkResult step = answer(PZ_SOLVE_LIMIT, 0, double(nodes == 100u ? 6 : 7));
        step.nodes = nodes;
        work.add(0, step);
    }
    EXPECT_EQ(work.level_result(1).nodes, 1100u);
    EXPECT_EQ(work.answer(0).nodes, 1100u) << "what is stored for the cube";

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

// Best deepens across the cubes: the split proved 2 and found 40; the cube holding 12 is found only once every cube
// is proven to cost at least 12, and the cube holding 30 is never asked past 12 (without the deepening it found its
// 30 first, and the level's bound stayed at 2 until the last cube answered).
TEST(Conquest, BestDeepensEveryCubeOneBoundAtATime) {
    ThreadExecutor threads(probe_registry(), {}, 2);
    std::map<size_t, std::vector<double>> steps; // each cube's proven bound, answer by answer
    std::vector<double> lowers;
    ConquestOptions options;
    options.on_cube = [&](size_t i, const WorkResult &r) { steps[i].push_back(r.lower_bound); };
    options.on_progress = [&](const ConquestProgress &p) { lowers.push_back(p.lower); };
    const WorkResult r =
        conquer(threads, probe_level("split best 2 40\ncube cost=30\ncube cost=12\ncube none\n"), options);
    ASSERT_EQ(*r.status, PZ_SOLVE_SOLVED) << r.info;
    EXPECT_EQ(r.upper_bound, 12);
    EXPECT_EQ(r.lower_bound, 12);
    EXPECT_EQ(r.solution, "answer 4") << "the cube's list, cheaper than the split's";
    for (size_t cube : {0u, 2u}) {
        // One bound per answer, from 3 to the optimum; past it only the step or two run beside the cube that found
        // 12 (a cube is never more than one step ahead of the level's bound).
        const std::vector<double> &got = steps[cube];
        ASSERT_GE(got.size(), 10u) << "cube " << cube;
        EXPECT_LE(got.size(), 12u) << "cube " << cube;
        for (size_t k = 0; k < got.size(); ++k) EXPECT_EQ(got[k], 3 + double(k)) << "cube " << cube << " answer " << k;
    }
    EXPECT_TRUE(std::is_sorted(lowers.begin(), lowers.end()));
    for (double b = 2; b <= 12; ++b)
        EXPECT_NE(std::find(lowers.begin(), lowers.end(), b), lowers.end()) << "the level's bound passed " << b;
}

// A proof stopped by its time limit reports the bound the deepening reached (not the split's), and a resumed one
// goes on from the bounds stored with its cubes.
TEST(Conquest, AStoppedDeepeningKeepsItsBoundAndAResumeGoesOnFromIt) {
    ThreadExecutor threads(probe_registry(), {}, 2);
    const WorkItem level = probe_level("split best 2 40\ncube cost=20,sleep_ms=200\ncube cost=20,sleep_ms=200\n");
    ConquestOptions limited;
    limited.time_limit_s = 1.5;
    std::map<size_t, WorkResult> stored;
    std::optional<KnownCubes> plan;
    limited.on_split = [&](const KnownCubes &k) { plan = k; };
    limited.on_cube = [&](size_t i, const WorkResult &r) { stored[i] = r; };
    const WorkResult open = conquer(threads, level, limited);
    ASSERT_EQ(*open.status, PZ_SOLVE_LIMIT) << open.info;
    EXPECT_GT(open.lower_bound, 2) << "the bound rose while the cubes ran: " << open.info;
    EXPECT_LT(open.lower_bound, 20);
    EXPECT_EQ(open.upper_bound, 40);
    ASSERT_TRUE(plan);
    ASSERT_EQ(stored.size(), 2u);

    KnownCubes known = *plan;
    known.answers = stored;
    const double reached = std::min(stored[0].lower_bound, stored[1].lower_bound);
    ConquestOptions resumed;
    resumed.known = known;
    std::vector<double> first_steps;
    resumed.on_cube = [&](size_t, const WorkResult &r) {
        if (first_steps.size() < 2) first_steps.push_back(r.lower_bound);
    };
    const WorkResult done = conquer(threads, level, resumed);
    ASSERT_EQ(*done.status, PZ_SOLVE_SOLVED) << done.info;
    EXPECT_EQ(done.upper_bound, 20);
    ASSERT_FALSE(first_steps.empty());
    EXPECT_GT(first_steps.front(), reached) << "the resumed cubes start above what was stored";
}

// A cube that stops for good (it crashes its worker twice) holds the level's bound where it is, but not the other
// cubes' deepening: they still reach the best list and prove what they can.
TEST(Conquest, ACrashedCubeDoesNotStopTheOthersDeepening) {
    ProcessExecutor workers = probe_workers(2);
    const WorkResult r = conquer(workers, probe_level("split best 2 40\ncube crash=segv\ncube cost=12\n"), {});
    ASSERT_EQ(*r.status, PZ_SOLVE_LIMIT) << "a crashed cube proves nothing: " << r.info;
    EXPECT_EQ(r.upper_bound, 12) << r.info;
    EXPECT_EQ(r.lower_bound, 2) << r.info;
    EXPECT_EQ(workers.pending(), 0u);
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
