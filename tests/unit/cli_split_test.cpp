// `pluzzle solve --split` (issue 48) as a user runs it: the real binary splits a hard level into cubes that every
// job solves, in worker processes (the default) and in threads (--in-process), with the whole solve's answer; a
// cube that kills its worker costs that cube, never the answer's correctness; a fast level is never split.
#include "test_support.hpp"

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
