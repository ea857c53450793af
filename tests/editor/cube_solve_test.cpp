// The editor's solve through the cubes (issue 48) and what it tells and stores about a solve (issue 49): a level
// still undecided after split_after_s is conquered by worker processes on every core, with its progress in cubes and
// bounds and the whole solve's answer; a fast level is never split; Esc still stops it; the result line says what
// the solver proved; and the library's row gets the result as `db solve` stores it. Real plugins (kami from
// data/kami, nonogram), real worker processes, real SQLite files.
#include "editor_test_support.hpp"

#include <editor_session.hpp>
#include <result_line.hpp>
#include <solve_job.hpp>

#include <pluzzle/host/store/store.hpp>

#include <fstream>
#include <sstream>

using namespace pluzzle::editor;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

std::string data_file(const std::string &name) {
    std::ifstream in(std::string(PLUZZLE_SOURCE_DIR) + "/data/" + name);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

pluzzle::host::LevelPtr level_of(const std::string &type, const std::string &text) {
    return editor_test::plugin(type)->parse(text, "", "test")[0].level;
}

// The hardest bundled kami level: its split decides it (no cube runs).
const char *const kHardKami = "kami/tri-free-10x29-dense.kami";

// Random blotchy 16x10 boards (tests/bench/kami_free_proofs.py, seed 2026). Board 5: 9 moves, proven in about a
// second, its root bound 8 (so its split sends cubes: 260).
const char *const kCubeWorthyKami = "kami 1\ngrid square\nmode free\nsize 16 10\ncolours 5\ncells\n"
                                     "1355112224443221\n1542513343411222\n4255533322514222\n1444112312244335\n"
                                     "1314312445234233\n3332442112222223\n3223111115425443\n5442233533554423\n"
                                     "2155534444444121\n4133114113144153\n";
// Board 129: 72 regions, [10, 11] after a minute on one core -- time enough to cancel it, on any machine.
const char *const kSlowKami = "kami 1\ngrid square\nmode free\nsize 16 10\ncolours 6\ncells\n"
                              "5652266115225522\n5461122663633322\n6411145663413425\n6614511146611111\n"
                              "2225525161665146\n2226652221233146\n6234255521155331\n4552351551143311\n"
                              "5313645512662534\n3332642252663333\n";

bool has_stat(const pluzzle::host::SolveReport &r, const std::string &key) {
    for (const auto &[k, v] : r.stats)
        if (k == key) return true;
    return false;
}

} // namespace

TEST(CubeSolve, AnUndecidedLevelIsConqueredAsCubesWithTheWholeSolvesAnswer) {
    const editor_test::NoThreadLeftBehind no_leak;
    auto kami = editor_test::plugin("kami");
    const auto level = level_of("kami", kCubeWorthyKami);
    const pluzzle::host::SolveReport whole = kami->solve(level.get(), {});
    ASSERT_EQ(whole.status, PZ_SOLVE_SOLVED);
    ASSERT_EQ(whole.lower_bound, whole.upper_bound); // proven optimal

    // Split at once: whether the whole solve ends within a tenth of a second depends on the machine (it did on a fast
    // one: 356k nodes), and the test is of the cubes' path, not of the clock.
    SolveJob job(kami, level, {}, 0, 0.0);
    size_t most_cubes = 0;
    std::string progress_text;
    const auto start = Clock::now();
    while (!job.finished() && Clock::now() - start < 120s) { // generous: CI's other core may be busy
        const SolveProgress p = job.progress();
        if (p.cubes_total > most_cubes) most_cubes = p.cubes_total;
        if (p.cubes_total > 0 && progress_text.empty()) progress_text = p.message;
        std::this_thread::sleep_for(2ms);
    }
    ASSERT_TRUE(job.finished());
    const auto report = job.report();
    ASSERT_TRUE(report) << job.error();
    EXPECT_GT(most_cubes, 1u) << "the progress never counted cubes";
    EXPECT_EQ(progress_text.rfind("cubes ", 0), 0u) << progress_text;
    EXPECT_NE(progress_text.find(", bounds ["), std::string::npos) << progress_text;
    EXPECT_EQ(report->status, whole.status);
    EXPECT_EQ(report->upper_bound, whole.upper_bound);
    EXPECT_EQ(report->lower_bound, whole.lower_bound);
    ASSERT_FALSE(report->solutions.empty());
    EXPECT_TRUE(has_stat(*report, "cubes")) << "not solved through the cubes";
    EXPECT_NE(job.info().find("\"cubes\":"), std::string::npos) << job.info();
    EXPECT_EQ(result_words(*report), "optimal: 9 moves (proven)");
}

TEST(CubeSolve, AFastLevelIsNeverSplit) {
    const editor_test::NoThreadLeftBehind no_leak;
    SolveJob job(editor_test::plugin("kami"), level_of("kami", data_file("kami/hand-bands.kami")), {}, 0, 1.0);
    ASSERT_TRUE(job.wait(60s));
    ASSERT_TRUE(job.report()) << job.error();
    EXPECT_EQ(job.report()->status, PZ_SOLVE_SOLVED);
    EXPECT_FALSE(has_stat(*job.report(), "cubes"));
    EXPECT_EQ(job.progress().cubes_total, 0u);
}

TEST(CubeSolve, CancelStopsTheCubesPromptly) {
    const editor_test::NoThreadLeftBehind no_leak;
    // Split at once, no time limit: only the cancel ends it early. (The generated board the other tests use is
    // conquered in a tenth of a second now that a thread's cubes share what they prove: too soon to cancel.)
    SolveJob job(editor_test::plugin("kami"), level_of("kami", kSlowKami), {}, 0, 0.0);
    const auto until = Clock::now() + 30s;
    while (job.progress().cubes_total == 0 && !job.finished() && Clock::now() < until)
        std::this_thread::sleep_for(2ms);
    ASSERT_FALSE(job.finished()) << "solved before it could be cancelled";
    const auto start = Clock::now();
    job.cancel();
    ASSERT_TRUE(job.wait(10s));
    EXPECT_LT(Clock::now() - start, 3s);
    ASSERT_TRUE(job.report()) << job.error();
    EXPECT_EQ(job.report()->status, PZ_SOLVE_CANCELLED);
}

// What the result line says, from real solves: an optimiser's bounds, a proven optimum, a counter's count.
TEST(ResultLine, SaysWhatTheSolverProved) {
    auto kami = editor_test::plugin("kami");
    const auto hard = level_of("kami", kCubeWorthyKami);
    pluzzle::host::SolveOptions stopped;
    stopped.node_limit = 200000; // before the proof: a solution of 9 found, 8 proven a lower bound
    const auto bounded = kami->solve(hard.get(), stopped);
    ASSERT_EQ(bounded.status, PZ_SOLVE_LIMIT);
    EXPECT_EQ(result_words(bounded), "stopped at the limit: 9 moves; at least 8");
    EXPECT_EQ(result_words(kami->solve(hard.get(), {})), "optimal: 9 moves (proven)");

    auto nonogram = editor_test::plugin("nonogram");
    const auto one = level_of("nonogram", "width 2\nheight 2\n\nrows\n2\n1\n\ncolumns\n2\n1\n");
    const auto two = level_of("nonogram", "width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n");
    EXPECT_EQ(result_words(nonogram->solve(one.get(), {})), "unique");
    EXPECT_EQ(result_words(nonogram->solve(two.get(), {})), "2+ solutions");
    pluzzle::host::SolveReport timed = nonogram->solve(one.get(), {});
    timed.time_ms = 825;
    EXPECT_EQ(result_line(timed), "unique, 825 ms");
}

// The editor's own solve of a saved level is stored as `db solve` stores it: status, time, difficulty, solution,
// the cubes' info; the session counts it so the window lists the row again at once.
TEST(EditorSolve, StoresItsResultLikeABulkSolve) {
    editor_test::TempDir dir;
    const std::string db = dir.file("levels.db");
    SessionOptions options;
    options.recovery_folder = dir.file("recovery");
    options.split_after_s = 0.1;
    EditorSession session(editor_test::registry(), options);
    session.open_database(db);
    session.new_level_from_text("kami", data_file(kHardKami));
    session.save("kami");
    const int64_t id = session.document().origin().level_id;
    session.start_solve();
    ASSERT_TRUE(session.wait_idle(std::chrono::milliseconds(120s)));
    ASSERT_TRUE(session.last_report()) << session.message();
    EXPECT_EQ(session.results_stored(), 1u);
    EXPECT_EQ(session.message().rfind("solve: optimal: 7 moves (proven), ", 0), 0u) << session.message();

    pluzzle::host::Store store(db);
    const auto results = store.results(id);
    ASSERT_EQ(results.size(), 1u);
    EXPECT_EQ(results[0].status, PZ_SOLVE_SOLVED);
    EXPECT_EQ(results[0].plugin_id, "kami");
    EXPECT_GT(results[0].time_ms, 0);
    ASSERT_TRUE(results[0].difficulty);
    EXPECT_FALSE(results[0].solution.empty());
    EXPECT_NE(results[0].info.find("\"upper_bound\":7"), std::string::npos) << results[0].info;
    // And the library's row reads it back: what the Status, Time and Diff. columns show.
    bool listed = false;
    for (const LevelRow &row : session.library()->levels("kami")) {
        if (row.id != id) continue;
        listed = true;
        EXPECT_EQ(row.status, "solved");
        EXPECT_TRUE(row.time_ms);
        EXPECT_TRUE(row.measured);
    }
    EXPECT_TRUE(listed);
}

// Through the cubes the plugin runs only in worker processes: a crash is that solve's clear error (tried once more
// alone, as `solve --split` tries a level), and Esc stops a plugin that never polls by killing its worker.
TEST(CubeSolve, ACrashingPluginIsNamedAndAHangingOneIsStopped) {
    const editor_test::NoThreadLeftBehind no_leak;
    auto bad = editor_test::plugin("misbehaving");
    ASSERT_TRUE(bad->can_split());
    SolveJob crash(bad, level_of("misbehaving", "misbehave crash\nvalue 1\n"), {}, 0, 0.5);
    ASSERT_TRUE(crash.wait(30s));
    EXPECT_FALSE(crash.report());
    EXPECT_EQ(crash.error(), "plugin 'misbehaving' (solve) crashed (worker killed by SIGABRT, twice, on this level); "
                             "the editor is unharmed");

    editor_test::TempDir dir;
    const editor_test::HangRelease hang(dir.file("release")); // never released before the job ends
    SolveJob job(bad, level_of("misbehaving", "misbehave hang\nvalue 1\n" + hang.level_line()), {}, 0, 0.0);
    std::this_thread::sleep_for(300ms); // into the cubes (the split itself answers at once)
    EXPECT_FALSE(job.finished());
    const auto start = Clock::now();
    job.cancel();
    ASSERT_TRUE(job.wait(10s));
    EXPECT_LT(Clock::now() - start, 3s);
    ASSERT_TRUE(job.report()) << job.error();
    EXPECT_EQ(job.report()->status, PZ_SOLVE_CANCELLED);
}
