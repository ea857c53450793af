// `pluzzle solve --split` (issue 48) as a user runs it: the real binary splits a hard level into cubes that every
// job solves, in worker processes (the default) and in threads (--in-process), with the whole solve's answer; a
// cube that kills its worker costs that cube, never the answer's correctness; a fast level is never split.
#include "test_support.hpp"

#include <pluzzle/host/jobs/split_bench.hpp>
#include <pluzzle/host/store/sqlite.hpp>
#include <pluzzle/host/store/store.hpp>

#include <csignal>
#include <sqlite3.h>
#include <thread>

using namespace pluzzle::test;

namespace {

// The one JSON result line of a `--json solve` of one level.
std::map<std::string, std::string> result_of(const RunResult &r) {
    std::map<std::string, std::string> out;
    for (const auto &line : json_lines(r.out))
        if (line.HasMember("status"))
            for (const char *key : {"status", "lower_bound", "upper_bound", "solution", "nodes"})
                out[key] = member(line, key);
    return out;
}

} // namespace

// A kami level whose proof needs search: split at once, its cubes give the whole solve's optimum and a list that
// checks, whether the cubes run in worker processes or in threads.
TEST(CliSplit, AKamiProofSplitIntoCubesGivesTheWholeSolvesOptimum) {
    const std::string level = data_dir() + "/kami/tri-free-10x29.kami";
    const RunResult whole = run(cli() + " --json solve " + quote(level) + " -j 1");
    ASSERT_EQ(whole.exit_code, 0) << whole.out;
    const auto expected = result_of(whole);
    ASSERT_EQ(expected.at("status"), "solved");
    for (const std::string mode : {"", "--in-process "}) {
        TempDir dir;
        const RunResult split =
            run(cli() + " --json " + mode + "solve " + quote(level) + " --split --split-after 0 -j 2", true);
        ASSERT_EQ(split.exit_code, 0) << mode << split.out;
        const auto got = result_of(split);
        EXPECT_EQ(got.at("status"), "solved") << mode;
        EXPECT_EQ(got.at("upper_bound"), expected.at("upper_bound")) << mode;
        EXPECT_EQ(got.at("lower_bound"), expected.at("upper_bound")) << mode << ": proven";
        write_file(dir / "solution.txt", got.at("solution"));
        const RunResult check = run(cli() + " check " + quote(level) + " --solution " + quote(dir / "solution.txt"), true);
        EXPECT_EQ(check.exit_code, 0) << check.out;
    }
}

// A level that solves within --split-after is never split: the same nodes as the plain solve.
TEST(CliSplit, AFastLevelIsSolvedWholeAndNeverSplit) {
    const std::string level = data_dir() + "/kami/tri-free-04x08.kami";
    const auto plain = result_of(run(cli() + " --json --in-process solve " + quote(level) + " -j 1"));
    const auto split = result_of(run(cli() + " --json --in-process solve " + quote(level) + " --split -j 2"));
    ASSERT_FALSE(plain.empty());
    EXPECT_EQ(split, plain);
}

// A loop level split at once (COUNT): the cubes' answer is the whole solve's, at the default cap and at
// --max-solutions 3, whether the cubes run in worker processes or in threads; its solutions check.
TEST(CliSplit, ALoopLevelSplitIntoCubesGivesTheWholeSolvesAnswer) {
    const std::string level = data_dir() + "/loop/square-loop-50x40.loop";
    for (const std::string cap : {"2", "3"}) {
        const RunResult whole = run(cli() + " --json solve " + quote(level) + " -j 1 --max-solutions " + cap);
        ASSERT_EQ(whole.exit_code, 0) << whole.out;
        ASSERT_EQ(result_of(whole).at("status"), "multiple");
        for (const std::string mode : {"", "--in-process "}) {
            const RunResult split = run(cli() + " --json " + mode + "solve " + quote(level) +
                                            " --split --split-after 0 -j 2 --max-solutions " + cap,
                                        true);
            ASSERT_EQ(split.exit_code, 0) << mode << split.out;
            EXPECT_EQ(result_of(split).at("status"), "multiple") << mode << "cap " << cap;
            EXPECT_NE(split.out.find("\"cubes\":"), std::string::npos) << "it was split: " << split.out;
            TempDir dir;
            write_file(dir / "solution.txt", result_of(split).at("solution"));
            EXPECT_EQ(run(cli() + " check " + quote(level) + " --solution " + quote(dir / "solution.txt"), true).exit_code,
                      0);
        }
    }
}

// Worker processes: a cube that crashes its worker (twice: it is tried once more) leaves the level open -- `limit`,
// exit 1 -- while the other cubes' answers stand; a cube that hangs is stopped by the level's time limit.
TEST(CliSplit, ACubeThatCrashesItsWorkerLeavesTheLevelOpenNeverWrong) {
    TempDir dir;
    write_file(dir / "crash.probe", "probe 1\nvalue 3\nsleep_ms 5000\nsplit count\ncube none\ncube crash=segv\n"
                                    "cube none\n");
    const RunResult r =
        run(cli(probe_dir("good")) + " --json solve " + quote(dir / "crash.probe") + " --split --split-after 0.2 -j 2");
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_EQ(result_of(r)["status"], "limit") << r.out;

    write_file(dir / "hang.probe", "probe 1\nvalue 3\nsleep_ms 5000\nsplit count\ncube solutions=1\ncube hang_ms=60000\n");
    const auto start = std::chrono::steady_clock::now();
    const RunResult hung = run(cli(probe_dir("good")) + " --json solve " + quote(dir / "hang.probe") +
                               " --split --split-after 0.2 --timeout 3 -j 2");
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(40)) << "the hung cube was stopped";
    EXPECT_EQ(result_of(hung)["status"], "solved") << "one solution found, uniqueness unproven: " << hung.out;
}

// Options a split cannot honour yet are refused before anything runs.
TEST(CliSplit, SolverOptionsWithSplitAreRefused) {
    const RunResult r = run(cli() + " solve " + quote(data_dir() + "/kami/tri-free-04x08.kami") +
                                " --split --option optimal=false",
                            true);
    EXPECT_EQ(r.exit_code, 3) << r.out;
    EXPECT_NE(r.out.find("--split"), std::string::npos) << r.out;
}

namespace {

// cube index -> (status, solved_at) of the stored split of the only level (status "" when not answered yet).
std::map<int, std::pair<std::string, std::string>> stored_cubes(const std::string &db) {
    pluzzle::host::sql::Database raw(db, SQLITE_OPEN_READONLY);
    auto st = raw.prepare("SELECT idx, COALESCE(status, ''), COALESCE(solved_at, '') FROM cubes ORDER BY idx");
    std::map<int, std::pair<std::string, std::string>> out;
    while (st.step()) out[int(st.int64(0))] = {st.text(1), st.text(2)};
    return out;
}

size_t answered(const std::map<int, std::pair<std::string, std::string>> &cubes) {
    size_t n = 0;
    for (const auto &[index, cube] : cubes) n += !cube.first.empty();
    return n;
}

} // namespace

// `db solve --split`: the easy level is solved whole, the hard one conquered with cubes once the others are done; its
// result is stored like any other and its cubes are forgotten once the answer is final.
TEST(CliSplit, DbSolveConquersTheHardLevelAfterTheEasyOnesAndForgetsItsCubes) {
    TempDir dir;
    write_file(dir / "levels.probe", "probe 1\nvalue 1\n\nprobe 1\nvalue 2\nsleep_ms 20000\nsplit count\n"
                                     "cube none\ncube solutions=1,sleep_ms=100\ncube none\ncube none\n");
    const std::string db = dir / "levels.db";
    ASSERT_EQ(run(cli(probe_dir("good")) + " -q db import " + quote(db) + " " + quote(dir / "levels.probe") +
                  " --pack p")
                  .exit_code,
              0);
    const RunResult r = run(cli(probe_dir("good")) + " --json db solve " + quote(db) + " --split --split-after 0.3 -j 2");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    std::vector<std::string> statuses;
    for (const auto &line : json_lines(r.out))
        if (line.HasMember("status")) statuses.push_back(member(line, "name") + ": " + member(line, "status"));
    EXPECT_EQ(statuses, (std::vector<std::string>{"levels #1: unique", "levels #2: unique"}))
        << "the easy one first, then the conquered one";
    EXPECT_TRUE(stored_cubes(db).empty()) << "a final answer: its cubes are not kept";
    pluzzle::host::Store store(db);
    for (const auto &l : store.levels()) EXPECT_EQ(store.results(l.id).size(), 1u);
}

// An optimiser's proof through db solve: stopped by its time limit it reports (in --json) and stores the bound the
// cubes' deepening reached, above the split's; resumed, it goes on from there to the optimum.
TEST(CliSplit, DbSolveOfAnOptimiserReportsTheBoundItsCubesReachedAndResumesFromIt) {
    TempDir dir;
    write_file(dir / "best.probe", "probe 1\nvalue 5\nsleep_ms 60000\nsplit best 2 40\n"
                                   "cube cost=20,sleep_ms=200\ncube cost=20,sleep_ms=200\n");
    const std::string db = dir / "best.db";
    ASSERT_EQ(run(cli(probe_dir("good")) + " -q db import " + quote(db) + " " + quote(dir / "best.probe") + " --pack p")
                  .exit_code,
              0);
    const std::string solve = cli(probe_dir("good")) + " --json db solve " + quote(db) + " --split --split-after 0 -j 2";
    const auto bounds_of = [](const RunResult &r) {
        std::vector<std::pair<std::string, std::pair<double, double>>> out;
        for (const auto &line : json_lines(r.out))
            if (line.HasMember("status") && line.HasMember("lower_bound") && line["lower_bound"].IsNumber())
                out.push_back({member(line, "status"),
                               {line["lower_bound"].GetDouble(),
                                line["upper_bound"].IsNumber() ? line["upper_bound"].GetDouble() : NAN}});
        return out;
    };
    const RunResult stopped = run(solve + " --timeout 2");
    const auto first = bounds_of(stopped);
    ASSERT_EQ(first.size(), 1u) << stopped.out;
    EXPECT_EQ(first[0].first, "limit") << stopped.out;
    EXPECT_GT(first[0].second.first, 2) << "the bound rose above the split's: " << stopped.out;
    EXPECT_EQ(first[0].second.second, 40) << stopped.out;
    const RunResult done = run(solve + " --resume");
    const auto last = bounds_of(done);
    ASSERT_EQ(last.size(), 1u) << done.out;
    EXPECT_EQ(last[0].first, "solved") << done.out;
    EXPECT_EQ(last[0].second, std::make_pair(20.0, 20.0)) << done.out;
}

// A long proof killed (SIGKILL) after some cubes answered: --resume keeps those answers and solves only the others.
TEST(CliSplit, DbSolveResumeGoesOnFromTheCubesThatFinished) {
    TempDir dir;
    std::string level = "probe 1\nvalue 5\nsleep_ms 60000\nsplit count\n";
    for (int i = 0; i < 8; ++i) level += "cube sleep_ms=700\n";
    write_file(dir / "hard.probe", level);
    const std::string db = dir / "hard.db";
    ASSERT_EQ(run(cli(probe_dir("good")) + " -q db import " + quote(db) + " " + quote(dir / "hard.probe") + " --pack p")
                  .exit_code,
              0);
    const std::string solve = cli(probe_dir("good")) + " -q db solve " + quote(db) + " --split --split-after 0 -j 1";
    const pid_t first = start_shell(solve + " >/dev/null 2>&1");
    ASSERT_GT(first, 0);
    std::map<int, std::pair<std::string, std::string>> before;
    for (int i = 0; i < 3000 && answered(before = stored_cubes(db)) < 2; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ::kill(first, SIGKILL);
    ASSERT_TRUE(wait_for(first, std::chrono::seconds(10)).has_value());
    before = stored_cubes(db);
    ASSERT_EQ(before.size(), 8u);
    const size_t kept = answered(before);
    ASSERT_GE(kept, 2u);
    ASSERT_LT(kept, 8u) << "the run finished before it could be killed";

    // Resumed with too little time to finish: the answers of before stay as they were, more are added.
    const RunResult part = run(solve + " --resume --timeout 1.2", true);
    const auto middle = stored_cubes(db);
    for (const auto &[index, cube] : before)
        if (!cube.first.empty()) {
            EXPECT_EQ(middle.at(index), cube) << "cube " << index << " was solved again";
        }
    EXPECT_GT(answered(middle), kept) << part.out;
    EXPECT_LT(answered(middle), 8u) << part.out;

    const RunResult last = run(cli(probe_dir("good")) + " --json db solve " + quote(db) +
                               " --split --split-after 0 -j 1 --resume");
    EXPECT_EQ(last.exit_code, 1) << "no solution in any cube: unsolvable counts as unsolved\n" << last.out;
    pluzzle::host::Store store(db);
    const auto levels = store.levels();
    ASSERT_EQ(levels.size(), 1u);
    const auto results = store.results(levels[0].id);
    ASSERT_FALSE(results.empty());
    EXPECT_EQ(pluzzle::host::attempt_status_text(results.front().status), std::string("unsolvable")) << last.out;
    EXPECT_TRUE(stored_cubes(db).empty());
}

// A stored split whose combine rule was damaged is not used: the level is split again and solved right.
TEST(CliSplit, ADamagedStoredSplitIsMadeAgain) {
    TempDir dir;
    write_file(dir / "hard.probe", "probe 1\nvalue 5\nsleep_ms 60000\nsplit count\n"
                                   "cube solutions=1,sleep_ms=3000\ncube none\n");
    const std::string db = dir / "hard.db";
    ASSERT_EQ(run(cli(probe_dir("good")) + " -q db import " + quote(db) + " " + quote(dir / "hard.probe") + " --pack p")
                  .exit_code,
              0);
    const std::string solve = cli(probe_dir("good")) + " -q db solve " + quote(db) + " --split --split-after 0 -j 1";
    run(solve + " --timeout 0.5"); // the slow cube is not done: the split stays
    ASSERT_EQ(stored_cubes(db).size(), 2u);
    {
        pluzzle::host::sql::Database raw(db, SQLITE_OPEN_READWRITE);
        raw.exec("UPDATE cube_splits SET combine = 7");
    }
    const RunResult r = run(solve + " --resume", true);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    pluzzle::host::Store store(db);
    const auto results = store.results(store.levels()[0].id);
    ASSERT_FALSE(results.empty());
    EXPECT_EQ(pluzzle::host::attempt_status_text(results.front().status), std::string("unique")) << r.out;
    EXPECT_TRUE(stored_cubes(db).empty());
}

// `pluzzle bench --split`: each level whole on one thread and split on two, in the same run; the answers agree and
// the signature (of the answers, not the nodes) is the same from one run to the next.
TEST(CliSplit, BenchSplitComparesTheWholeSolveWithTheCubesAndSignsTheAnswers) {
    const std::string levels = quote(data_dir() + "/kami/tri-free-10x29.kami") + " " +
                               quote(data_dir() + "/nonogram/faase.non");
    std::string signature;
    for (int round = 0; round < 2; ++round) {
        const RunResult r = run(cli() + " --json bench --split -j 2 " + levels, true);
        ASSERT_EQ(r.exit_code, 0) << r.out;
        size_t measured = 0;
        for (const auto &line : json_lines(r.out)) {
            if (line.HasMember("whole_status")) {
                ++measured;
                EXPECT_EQ(member(line, "whole_status"), member(line, "split_status")) << member(line, "file");
                EXPECT_NE(member(line, "whole_status"), "limit");
                EXPECT_EQ(member(line, "agree"), "true");
                EXPECT_GT(std::stod(member(line, "split_wall_s")), 0.0);
            } else if (line.HasMember("signature")) {
                ASSERT_EQ(member(line, "signature").size(), 16u);
                if (round == 1) {
                    EXPECT_EQ(member(line, "signature"), signature) << "the answers' signature moved";
                }
                signature = member(line, "signature");
            }
        }
        EXPECT_EQ(measured, 2u) << r.out;
    }
    const RunResult refused = run(cli() + " bench --split --option walk_gate=false " + levels, true);
    EXPECT_NE(refused.exit_code, 0);
    EXPECT_NE(refused.out.find("--split"), std::string::npos) << refused.out;
    // A plugin without cubes is named with its file, not measured as an "error" that agrees with nothing.
    const std::string sliceit = data_dir() + "/sliceit/concave-01-l-shape.sliceit";
    const RunResult no_split = run(cli() + " bench --split " + quote(sliceit), true);
    EXPECT_NE(no_split.exit_code, 0);
    EXPECT_NE(no_split.out.find("concave-01-l-shape.sliceit"), std::string::npos) << no_split.out;
    EXPECT_NE(no_split.out.find("does not split"), std::string::npos) << no_split.out;
}

// Two answers agree when decided alike, or when an undecided one's bounds still hold the other's optimum.
TEST(CliSplit, SplitBenchAnswersAgreeOnlyWhenTheyCouldBothBeRight) {
    using pluzzle::host::WorkResult;
    const auto best = [](pluzzle::SolveStatus s, double lo, double hi) {
        WorkResult r;
        r.status = s, r.lower_bound = lo, r.upper_bound = hi, r.solutions_found = 1;
        return r;
    };
    EXPECT_TRUE(answers_agree(best(PZ_SOLVE_SOLVED, 7, 7), best(PZ_SOLVE_SOLVED, 7, 7)));
    EXPECT_FALSE(answers_agree(best(PZ_SOLVE_SOLVED, 7, 7), best(PZ_SOLVE_SOLVED, 8, 8)));
    EXPECT_TRUE(answers_agree(best(PZ_SOLVE_SOLVED, 7, 7), best(PZ_SOLVE_LIMIT, 6, 9)));
    EXPECT_FALSE(answers_agree(best(PZ_SOLVE_LIMIT, 8, 9), best(PZ_SOLVE_SOLVED, 7, 7)));
    WorkResult unique, multiple;
    unique.status = PZ_SOLVE_UNIQUE, unique.solutions_found = 1;
    multiple.status = PZ_SOLVE_MULTIPLE, multiple.solutions_found = 2;
    EXPECT_FALSE(answers_agree(unique, multiple));
    WorkResult failed; // no status: an error or a crash
    EXPECT_FALSE(answers_agree(unique, failed));
    EXPECT_TRUE(answers_agree(multiple, multiple));
}
