// `pluzzle selftest`: the real CLI on real plugins -- the Sudoku example passes on its sample levels; the probe
// plugin's crashing, hanging and foreign-exception levels are each reported as a finding naming what ran and the
// input, and the run goes on to the next file.
#include "test_support.hpp"

using namespace pluzzle::test;

namespace {

std::string sudoku_plugin() { return std::string(PLUZZLE_PLUGIN_DIR) + "/pluzzle_sudoku.so"; }
std::string probe_plugin() { return probe_dir("good") + "/pluzzle_probe.so"; }

} // namespace

TEST(CliSelftest, TheSudokuExamplePassesOnItsSamplesAndOnLevelsItMakesItself) {
    const std::string samples = std::string(PLUZZLE_SOURCE_DIR) + "/sdk/examples/sudoku/data";
    RunResult r = run(cli() + " selftest " + quote(sudoku_plugin()) + " " + quote(samples + "/pack.sudoku") + " " +
                          quote(samples + "/lines.sdm") + " --seconds 2",
                      true);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("load        ok    sudoku"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("pack.sudoku: ok"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("PASS: 0 finding(s)"), std::string::npos) << r.out;

    RunResult own = run(cli() + " selftest " + quote(sudoku_plugin()) + " --seconds 1", true);
    EXPECT_EQ(own.exit_code, 0) << own.out;
    EXPECT_NE(own.out.find("generated (seed 1): ok"), std::string::npos) << own.out;
    EXPECT_NE(own.out.find("blank level: ok"), std::string::npos) << own.out;
}

TEST(CliSelftest, CrashesHangsAndForeignExceptionsAreFindingsWithTheirInput) {
    TempDir dir;
    write_file(dir / "good.probe", "probe 1\nvalue 3\n");
    write_file(dir / "segv.probe", "probe 1\ncrash segv\n");
    write_file(dir / "hang.probe", "probe 1\nhang_ms 600000\n");
    write_file(dir / "foreign.probe", "probe 1\nthrow parse\n");
    RunResult r = run(cli() + " selftest " + quote(probe_plugin()) + " " + quote(dir / "segv.probe") + " " +
                          quote(dir / "hang.probe") + " " + quote(dir / "foreign.probe") + " " +
                          quote(dir / "good.probe") + " --seconds 1 --hang-after 2",
                      true);
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("segv.probe: FAIL while " + (dir / "segv.probe") +
                         ": as given: the plugin crashed: killed by SIGSEGV"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("crash segv"), std::string::npos) << "the input that crashed it is shown\n" << r.out;
    EXPECT_NE(r.out.find("hang.probe: FAIL"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("no answer within"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("foreign.probe: FAIL"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("not a pluzzle::Error"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("good.probe: ok"), std::string::npos) << "the run goes on after findings\n" << r.out;
    EXPECT_NE(r.out.find("FAIL: 3 finding(s)"), std::string::npos) << r.out;
}

TEST(CliSelftest, ABlankSolutionPageIsAFinding) {
    TempDir dir;
    write_file(dir / "blank.probe", "probe 1\nvalue 3\nthrow render_solution\n");
    write_file(dir / "good.probe", "probe 1\nvalue 3\n");
    RunResult r =
        run(cli() + " selftest " + quote(probe_plugin()) + " " + quote(dir / "good.probe") + " --seconds 1", true);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    r = run(cli() + " selftest " + quote(probe_plugin()) + " " + quote(dir / "blank.probe") + " --seconds 1", true);
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("render_solution draws nothing"), std::string::npos) << r.out;
}

// An optimiser's cubes are asked for cheaper than an aim below the best known (the host deepens across them): a cube
// that then says "none" though it holds a cheaper solution is a finding; one that keeps to the rule passes.
TEST(CliSelftest, AnOptimisersCubeThatSaysNoneBelowAnAimItBeatsIsAFinding) {
    TempDir dir;
    write_file(dir / "good.probe", "probe 1\nvalue 3\nsplit best 2 40\ncube cost=30\ncube cost=2\ncube none\n");
    write_file(dir / "lies.probe", "probe 1\nvalue 3\nsplit best 2 40\ncube cost=30\ncube cost=2,aim_lies=1\n");
    RunResult r =
        run(cli() + " selftest " + quote(probe_plugin()) + " " + quote(dir / "good.probe") + " --seconds 1", true);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("split(s) whose cubes agree"), std::string::npos) << r.out;
    r = run(cli() + " selftest " + quote(probe_plugin()) + " " + quote(dir / "lies.probe") + " --seconds 1", true);
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("asked for cheaper than 3"), std::string::npos) << r.out;
}

TEST(CliSelftest, APluginThatDoesNotLoadFailsWithTheLoadersReason) {
    RunResult r = run(cli() + " selftest " + quote(probe_dir("bad") + "/pluzzle_probe_throwing.so"), true);
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("load        FAIL"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("probe refuses to initialise"), std::string::npos) << "the plugin's own message\n" << r.out;
}
