// Background solving (progress, cancel, abandoning a plugin that ignores cancel), solutions as steps, and play
// mode including a game against a plugin's AI. Every test ends with as many threads as it started with: a job's
// thread, even an abandoned one, must not outlive the test.
#include "editor_test_support.hpp"

#include <play_session.hpp>
#include <solution_steps.hpp>
#include <solve_job.hpp>

#include <chrono>
#include <thread>

using namespace pluzzle::editor;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {
pluzzle::host::LevelPtr level_of(const std::string &type, const std::string &text) {
    return editor_test::plugin(type)->parse(text, "", "test")[0].level;
}
} // namespace

TEST(SolveJob, SolvesInTheBackground) {
    const editor_test::NoThreadLeftBehind no_leak;
    auto lo = editor_test::plugin("lightsout");
    SolveJob job(lo, level_of("lightsout", "lightsout 1\nsize 3 3\n.#.\n###\n.#.\n"), {}, 4);
    ASSERT_TRUE(job.wait(10s));
    auto report = job.report();
    ASSERT_TRUE(report) << job.error();
    EXPECT_EQ(report->status, PZ_SOLVE_UNIQUE);
    EXPECT_EQ(job.revision(), 4u);
    ASSERT_EQ(report->solutions.size(), 1u);
}

TEST(SolveJob, CancelStopsASlowSolvePromptly) {
    const editor_test::NoThreadLeftBehind no_leak;
    auto probe = editor_test::plugin("probe");
    SolveJob job(probe, level_of("probe", "probe 1\nvalue 3\nsleep_ms 60000\n"), {});
    std::this_thread::sleep_for(50ms);
    EXPECT_FALSE(job.finished()); // still thinking, and this thread is free
    EXPECT_GT(job.progress().elapsed_s, 0.0);
    const auto start = Clock::now();
    job.cancel();
    ASSERT_TRUE(job.wait(5s));
    EXPECT_LT(Clock::now() - start, 2s);
    ASSERT_TRUE(job.report());
    EXPECT_EQ(job.report()->status, PZ_SOLVE_CANCELLED);
}

TEST(SolveJob, PluginErrorIsReportedNotThrown) {
    const editor_test::NoThreadLeftBehind no_leak;
    auto probe = editor_test::plugin("probe");
    SolveJob job(probe, level_of("probe", "probe 1\nvalue 3\nthrow solve\n"), {});
    ASSERT_TRUE(job.wait(5s));
    EXPECT_FALSE(job.report());
    EXPECT_NE(job.error().find("probe throws in solve"), std::string::npos) << job.error();
}

// In process (PLUZZLE_IN_PROCESS=1, for a debugger) a plugin that ignores its cancel flag cannot be stopped: the job
// lets go of its thread rather than freeze the editor.
TEST(SolveJob, InProcessAbandoningAPluginThatIgnoresCancelDoesNotHang) {
    const editor_test::ScopedEnv in_process("PLUZZLE_IN_PROCESS", "1");
    auto bad = editor_test::plugin("misbehaving");
    editor_test::TempDir dir;
    const editor_test::NoThreadLeftBehind no_leak; // checked last, after the release below
    const editor_test::HangRelease hang(dir.file("release"));
    const auto start = Clock::now();
    {
        SolveJob job(bad, level_of("misbehaving", "misbehave hang\nvalue 1\n" + hang.level_line()), {});
        std::this_thread::sleep_for(20ms);
        EXPECT_EQ(editor_test::thread_count(), no_leak.before() + 1);
    } // destructor: cancel, short grace, detach
    EXPECT_LT(Clock::now() - start, 5s);
    // The plugin is still inside solve on the detached thread, so this was the detach path and not a join...
    EXPECT_EQ(editor_test::thread_count(), no_leak.before() + 1);
    // ...and once the plugin lets go, that thread ends: nothing keeps running after the test.
    hang.release();
}

// In the sandbox (the default) the same plugin is stopped for real: its worker is killed half a second after the
// cancel, and the job's thread ends with it (issue 15: "Esc leaves a non-polling solve running").
TEST(SolveJob, CancelStopsAPluginThatIgnoresItByKillingItsWorker) {
    auto bad = editor_test::plugin("misbehaving");
    editor_test::TempDir dir;
    const editor_test::NoThreadLeftBehind no_leak;
    const editor_test::HangRelease hang(dir.file("release")); // never released before the job ends
    SolveJob job(bad, level_of("misbehaving", "misbehave hang\nvalue 1\n" + hang.level_line()), {});
    std::this_thread::sleep_for(100ms);
    EXPECT_FALSE(job.finished());
    const auto start = Clock::now();
    job.cancel();
    ASSERT_TRUE(job.wait(3s));
    EXPECT_LT(Clock::now() - start, 2s);
    ASSERT_TRUE(job.report()) << job.error();
    EXPECT_EQ(job.report()->status, PZ_SOLVE_CANCELLED);
}

// A plugin that aborts while solving ends its worker, not the editor; the job says which plugin and how.
TEST(SolveJob, APluginThatCrashesIsReportedAndTheEditorLivesOn) {
    const editor_test::NoThreadLeftBehind no_leak;
    auto bad = editor_test::plugin("misbehaving");
    SolveJob job(bad, level_of("misbehaving", "misbehave crash\nvalue 1\n"), {});
    ASSERT_TRUE(job.wait(10s));
    EXPECT_FALSE(job.report());
    EXPECT_NE(job.error().find("plugin 'misbehaving' (solve) crashed (worker killed by SIGABRT)"), std::string::npos)
        << job.error();
    EXPECT_NE(job.error().find("the editor is unharmed"), std::string::npos) << job.error();
    // And the next job solves as usual.
    SolveJob next(editor_test::plugin("lightsout"), level_of("lightsout", "lightsout 1\nsize 3 3\n.#.\n###\n.#.\n"),
                  {});
    ASSERT_TRUE(next.wait(10s));
    ASSERT_TRUE(next.report()) << next.error();
    EXPECT_EQ(next.report()->status, PZ_SOLVE_UNIQUE);
}

TEST(SolutionSteps, MoveListSolutionsStepFromStartToSolved) {
    const editor_test::NoThreadLeftBehind no_leak;
    auto lo = editor_test::plugin("lightsout");
    auto level = level_of("lightsout", "lightsout 1\nsize 3 3\n#..\n.#.\n..#\n");
    const auto report = lo->solve(level.get(), {});
    ASSERT_FALSE(report.solutions.empty());
    SolutionSteps steps(lo, level, report.solutions[0]);
    ASSERT_GE(steps.frames(), 3u); // start, some presses, the solution
    EXPECT_EQ(lo->status(steps.frame(0).get()).phase, PZ_PLAY_ONGOING);
    EXPECT_EQ(lo->status(steps.frame(steps.frames() - 1).get()).phase, PZ_PLAY_SOLVED);
    for (size_t i = 1; i + 1 < steps.frames(); ++i)
        EXPECT_EQ(lo->status(steps.frame(i).get()).phase, PZ_PLAY_ONGOING);
}

TEST(SolutionSteps, OtherSolutionsShowStartAndEnd) {
    const editor_test::NoThreadLeftBehind no_leak;
    auto nonogram = editor_test::plugin("nonogram");
    auto level = nonogram->generate({{"width", "5"}, {"height", "5"}}, 11, {});
    const auto report = nonogram->solve(level.get(), {});
    ASSERT_FALSE(report.solutions.empty());
    SolutionSteps steps(nonogram, level, report.solutions[0]);
    ASSERT_GE(steps.frames(), 2u);
    EXPECT_NE(nonogram->status(steps.frame(steps.frames() - 1).get()).phase, PZ_PLAY_ONGOING);
    EXPECT_THROW(SolutionSteps(nonogram, level, "not a solution"), pluzzle::host::InputError);
}

// A solution that is a picture, not a move list: the plugin's single-player AI (nonogram's hint) walks from the
// start to it, one logical step per frame, each frame closer to the solution.
TEST(SolutionSteps, PicturesStepThroughThePuzzlesOwnAi) {
    const editor_test::NoThreadLeftBehind no_leak;
    auto nonogram = editor_test::plugin("nonogram");
    auto level = nonogram->generate({{"width", "8"}, {"height", "8"}}, 3, {});
    const auto report = nonogram->solve(level.get(), {});
    ASSERT_EQ(report.status, PZ_SOLVE_UNIQUE);
    SolutionSteps steps(nonogram, level, report.solutions[0]);
    ASSERT_GT(steps.frames(), 3u);
    EXPECT_EQ(nonogram->status(steps.frame(0).get()).phase, PZ_PLAY_ONGOING);
    for (size_t i = 1; i + 1 < steps.frames(); ++i) {
        EXPECT_EQ(nonogram->status(steps.frame(i).get()).phase, PZ_PLAY_ONGOING) << i;
        EXPECT_NE(nonogram->encode_state(steps.frame(i).get()), nonogram->encode_state(steps.frame(i - 1).get()));
    }
    const auto &last = steps.frame(steps.frames() - 1);
    EXPECT_EQ(nonogram->status(last.get()).phase, PZ_PLAY_SOLVED);
    EXPECT_EQ(nonogram->encode_state(last.get()),
              nonogram->encode_state(nonogram->decode_state(level, report.solutions[0], "solution").get()));
}

TEST(PlaySession, ClicksPlayMovesWithUndo) {
    const editor_test::NoThreadLeftBehind no_leak;
    auto lo = editor_test::plugin("lightsout");
    PlaySession play(lo, level_of("lightsout", "lightsout 1\nsize 3 3\n.#.\n###\n.#.\n"));
    EXPECT_EQ(play.status().phase, PZ_PLAY_ONGOING);
    EXPECT_TRUE(play.press(editor_test::lo_x(1), editor_test::lo_y(1), 0));
    play.release(editor_test::lo_x(1), editor_test::lo_y(1));
    EXPECT_EQ(play.status().phase, PZ_PLAY_SOLVED);
    EXPECT_FALSE(play.press(editor_test::lo_x(0), editor_test::lo_y(0), 0)); // finished: no more moves
    EXPECT_TRUE(play.undo());
    EXPECT_EQ(play.status().phase, PZ_PLAY_ONGOING);
    EXPECT_TRUE(play.key(' ', 0, Cell{1, 1})); // keyboard cursor on the centre
    EXPECT_EQ(play.status().phase, PZ_PLAY_SOLVED);
}

// The last move is kept for the board's animation (the app draws plugin frames from it for 0.15 s).
TEST(PlaySession, KeepsTheLastMoveForItsAnimationUntilUndo) {
    auto loop = editor_test::plugin("loop");
    PlaySession play(loop, level_of("loop", "loop 1\nrules loop\ngrid square\nsize 2 1\ntiles\n18\n")); // unsolved
    EXPECT_FALSE(play.last_move());
    const auto before = play.state();
    ASSERT_TRUE(play.press(30, 30, 0)); // tile (0, 0)
    ASSERT_TRUE(play.last_move());
    EXPECT_EQ(play.last_move()->move, "r 0,0");
    EXPECT_EQ(play.last_move()->before, before);
    EXPECT_LE(play.last_move()->at, std::chrono::steady_clock::now());
    EXPECT_TRUE(loop->can_animate());
    EXPECT_FALSE(loop->render_move(play.last_move()->before.get(), play.last_move()->move, 0.5f).items.empty());
    EXPECT_TRUE(play.undo());
    EXPECT_FALSE(play.last_move()) << "an undone move is not animated";
}

TEST(PlaySession, PersonAgainstAnAiTakesTurns) {
    const editor_test::NoThreadLeftBehind no_leak;
    auto probe = editor_test::plugin("probe");
    PlaySession play(probe, level_of("probe", "probe 1\nvalue 0\ngame 10\n"));
    ASSERT_EQ(play.status().players, 2u);
    EXPECT_THROW(play.set_seat(1, "grandmaster"), pluzzle::host::InputError);
    play.set_seat(1, "greedy");
    EXPECT_FALSE(play.ai_to_move());
    ASSERT_TRUE(play.play("take 1")) << play.problem();
    EXPECT_TRUE(play.ai_to_move());
    const auto start = Clock::now();
    while (play.status().to_move == 1 && Clock::now() - start < 5s) {
        play.poll_ai();
        std::this_thread::sleep_for(1ms);
    }
    EXPECT_EQ(play.status().to_move, 0u);
    EXPECT_EQ(play.status().moves, 2u);
    // greedy leaves a multiple of four: 10 - 1 = 9 -> takes 1 -> 8
    EXPECT_EQ(probe->encode_state(play.state().get()), "takes 1 1");
}
