// Autosave and recovery: a plugin crashing the whole process in solve loses no edits; a hang does not freeze.
#include "editor_test_support.hpp"

#include <editor_session.hpp>
#include <script.hpp>
#include <window_title.hpp>

#include <sys/wait.h>

#include <filesystem>

#include <chrono>

using namespace pluzzle::editor;
using namespace std::chrono_literals;

TEST(Recovery, CrashInsidePluginSolveKeepsUnsavedEdits) {
    editor_test::TempDir dir;
    const std::string folder = dir.file("recovery");
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) { // the editor that will crash: in process, as a plugin author debugging it runs it
        ::setenv("PLUZZLE_IN_PROCESS", "1", 1);
        SessionOptions options;
        options.recovery_folder = folder;
        options.autosave_delay_s = 3600; // only the autosave before the solve can save the edits
        EditorSession session(editor_test::registry(), options);
        session.new_level_from_text("misbehaving", "misbehave crash\nvalue 1\n");
        session.edit().type_edit("inc");
        session.edit().type_edit("inc");
        session.document().set_meta({"Unsaved work", "Ada", ""});
        session.start_solve();
        session.wait_idle(10s);
        ::_exit(0); // not reached: the plugin aborts
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the plugin was expected to crash the editor";

    RecoveryStore store(folder);
    auto orphans = store.orphans();
    ASSERT_EQ(orphans.size(), 1u);
    EXPECT_EQ(orphans[0].type, "misbehaving");
    EXPECT_EQ(orphans[0].meta.name, "Unsaved work");
    Document doc = RecoveryStore::restore(orphans[0], *editor_test::registry());
    EXPECT_EQ(doc.text(), "misbehave crash\nvalue 3\n");
    EXPECT_TRUE(doc.dirty());
    RecoveryStore::discard(orphans[0].file);
    EXPECT_TRUE(store.orphans().empty());
}

// By default the solve runs in the sandbox worker: the same crash ends the worker, and the session says so and goes on.
TEST(EditorSession, ACrashingSolveEndsItsWorkerNotTheEditor) {
    editor_test::TempDir dir;
    SessionOptions options;
    options.recovery_folder = dir.file("recovery");
    EditorSession session(editor_test::registry(), options);
    session.new_level_from_text("misbehaving", "misbehave crash\nvalue 1\n");
    session.start_solve();
    ASSERT_TRUE(session.wait_idle(10s));
    EXPECT_NE(session.message().find("solve failed: plugin 'misbehaving' (solve) crashed (worker killed by SIGABRT"),
              std::string::npos)
        << session.message();
    EXPECT_TRUE(session.edit().type_edit("inc")); // still editing
    EXPECT_EQ(session.document().text(), "misbehave crash\nvalue 2\n");
}

// Opening text whose parser dies: the worker reads it first, so the open fails with the reason and the session keeps
// the document it had.
TEST(EditorSession, AParserThatCrashesOnOpenIsAnErrorNotTheEnd) {
    editor_test::TempDir dir;
    SessionOptions options;
    options.recovery_folder = dir.file("recovery");
    EditorSession session(editor_test::registry(), options);
    session.new_level_from_text("misbehaving", "misbehave none\nvalue 4\n");
    try {
        session.new_level_from_text("misbehaving", "misbehave crash_parse\nvalue 1\n");
        FAIL() << "the crashing parse must be an error";
    } catch (const pluzzle::host::InputError &e) {
        EXPECT_NE(std::string(e.what()).find("plugin 'misbehaving' crashed while reading it (worker killed by SIGABRT)"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_EQ(session.document().text(), "misbehave none\nvalue 4\n");
}

// The window's title says which level, where it is kept, and `*` while there are unsaved changes (issue 16).
TEST(EditorSession, TheWindowTitleNamesTheLevelItsDatabaseAndUnsavedChanges) {
    editor_test::TempDir dir;
    SessionOptions options;
    options.recovery_folder = dir.file("rec");
    EditorSession session(editor_test::registry(), options);
    const std::string dash = " \xE2\x80\x94 ";
    EXPECT_EQ(window_title(session), "Pluzzle editor");
    session.open_database(dir.file("levels.db"));
    EXPECT_EQ(window_title(session), "levels.db" + dash + "Pluzzle editor");
    session.new_level_from_text("lightsout", "lightsout 1\nsize 3 3\n.#.\n###\n.#.\n");
    EXPECT_EQ(window_title(session), "*untitled lightsout" + dash + "not saved" + dash + "Pluzzle editor");
    session.document().set_meta({"Plus sign", "Ada", ""});
    session.save("starter");
    EXPECT_EQ(window_title(session), "Plus sign" + dash + "levels.db / starter" + dash + "Pluzzle editor");
    session.edit().type_edit("t 1,1");
    EXPECT_EQ(window_title(session), "*Plus sign" + dash + "levels.db / starter" + dash + "Pluzzle editor");
}

TEST(Recovery, RecoveredLevelStillUpdatesItsDatabaseRow) {
    editor_test::TempDir dir;
    SessionOptions options;
    options.recovery_folder = dir.file("rec");
    long fake_pid = 0;
    {
        EditorSession session(editor_test::registry(), options);
        session.open_database(dir.file("db.sqlite"));
        session.new_level_from_text("lightsout", "lightsout 1\nsize 3 3\n...\n...\n...\n");
        session.save("p");
        session.edit().type_edit("t 1,1");
        session.autosave();
        // Pretend the file belongs to an editor that died: rename it to a pid that cannot be running.
        fake_pid = 999999999;
        std::filesystem::rename(session.recovery().file(),
                                dir.file("rec/editor-" + std::to_string(fake_pid) + ".json"));
    }
    EditorSession later(editor_test::registry(), options);
    later.open_database(dir.file("db.sqlite"));
    auto orphans = later.recovery().orphans();
    ASSERT_EQ(orphans.size(), 1u);
    later.set_document(RecoveryStore::restore(orphans[0], later.registry()));
    EXPECT_TRUE(later.document().dirty());
    later.save();
    auto rows = later.library()->levels();
    ASSERT_EQ(rows.size(), 1u); // updated, not duplicated
    EXPECT_EQ(later.library()->open(rows[0].id).text(), "lightsout 1\nsize 3 3\n...\n.#.\n...\n");
}

TEST(EditorSession, HangingSolveLeavesTheEditorResponsive) {
    editor_test::TempDir dir;
    const editor_test::NoThreadLeftBehind no_leak; // checked last, after the release below
    const editor_test::HangRelease hang(dir.file("release"));
    SessionOptions options;
    options.recovery_folder = dir.file("rec");
    const auto start = std::chrono::steady_clock::now();
    {
        EditorSession session(editor_test::registry(), options);
        session.new_level_from_text("misbehaving", "misbehave hang\nvalue 1\n" + hang.level_line());
        session.start_solve();
        for (int i = 0; i < 10; ++i)
            session.poll();                           // the UI loop keeps going
        EXPECT_TRUE(session.edit().type_edit("inc")); // and editing works meanwhile
        session.cancel_solve();
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, 6s);
    // The session let go of the hanging solve; releasing the plugin ends that thread before the test ends.
    hang.release();
}

TEST(EditorSession, ContinuousValidationReportsSeveralSolutions) {
    editor_test::TempDir dir;
    SessionOptions options;
    options.recovery_folder = dir.file("rec");
    EditorSession session(editor_test::registry(), options);
    // A single light in a 4x4 corner cannot be switched off...
    session.new_level_from_text("lightsout", "lightsout 1\nsize 4 4\n#...\n....\n....\n....\n");
    ASSERT_TRUE(session.wait_idle(10s));
    EXPECT_EQ(session.problem(), "no solution");
    // ...but one corner press is, in 16 ways (4x4 Lights Out has nullity 4).
    session.new_level_from_text("lightsout", "lightsout 1\nsize 4 4\n##..\n#...\n....\n....\n");
    ASSERT_TRUE(session.wait_idle(10s));
    EXPECT_EQ(session.problem(), "more than one solution");
    // A 3x3 level is always unique: editing into one clears the problem.
    session.new_level_from_text("lightsout", "lightsout 1\nsize 3 3\n#..\n...\n...\n");
    ASSERT_TRUE(session.wait_idle(10s));
    EXPECT_EQ(session.problem(), "");
    session.edit().type_edit("t 9,9");
    EXPECT_FALSE(session.problem().empty()); // a refused edit is a problem too
}

TEST(EditorSession, SolveThenStepThroughAndPlay) {
    editor_test::TempDir dir;
    SessionOptions options;
    options.recovery_folder = dir.file("rec");
    EditorSession session(editor_test::registry(), options);
    session.new_level_from_text("lightsout", "lightsout 1\nsize 3 3\n.#.\n###\n.#.\n");
    session.start_solve();
    ASSERT_TRUE(session.wait_idle(10s));
    ASSERT_TRUE(session.last_report());
    EXPECT_EQ(session.last_report()->status, PZ_SOLVE_UNIQUE);
    EXPECT_THROW(session.show_solution(1), pluzzle::host::InputError); // one solution: index 1 is no solution
    EXPECT_NE(session.mode(), Mode::Solution);
    session.show_solution(0);
    EXPECT_EQ(session.mode(), Mode::Solution);
    ASSERT_NE(session.board_state(), nullptr);
    EXPECT_GT(session.solution()->frames(), 1u);
    EXPECT_EQ(session.solution_frame(), session.solution()->frames() - 1); // opens on the solved picture
    session.set_solution_frame(0);
    EXPECT_EQ(session.solution_frame(), 0u);
    session.set_solution_frame(1000);
    EXPECT_EQ(session.solution_frame(), session.solution()->frames() - 1);
    // An edit leaves solution mode: the solution belonged to the old level.
    session.enter_edit();
    session.edit().type_edit("t 0,0");
    EXPECT_EQ(session.solution(), nullptr);
    session.enter_play();
    EXPECT_EQ(session.mode(), Mode::Play);
    EXPECT_TRUE(session.key(' ', 0, Cell{0, 0}));
    EXPECT_TRUE(session.undo());
    EXPECT_TRUE(session.document().can_undo()); // play undo did not touch the level's history
}

TEST(EditorSession, AutosaveFollowsEditsAndSavingClearsIt) {
    editor_test::TempDir dir;
    SessionOptions options;
    options.recovery_folder = dir.file("rec");
    options.autosave_delay_s = 0;
    EditorSession session(editor_test::registry(), options);
    session.open_database(dir.file("db.sqlite"));
    session.new_level_from_text("lightsout", "lightsout 1\nsize 3 3\n...\n...\n...\n");
    session.edit().type_edit("t 2,2");
    session.poll();
    ASSERT_TRUE(std::filesystem::exists(session.recovery().file()));
    EXPECT_EQ(RecoveryStore::read(session.recovery().file()).text, session.document().text());
    session.wait_idle(10s);
    session.save("p");
    EXPECT_FALSE(std::filesystem::exists(session.recovery().file()));
}

TEST(Script, ParsesCommandsAndRejectsMistakesWithTheLine) {
    auto cmds = parse_script("# comment\nnew lightsout width=3 height=3\n\nclick 0.5 0.5\nscreenshot a.png # x\n", "s");
    ASSERT_EQ(cmds.size(), 3u);
    EXPECT_EQ(cmds[0].name, "new");
    EXPECT_EQ(cmds[0].args.size(), 3u);
    EXPECT_EQ(cmds[1].line, 4);
    EXPECT_EQ(cmds[2].args[0], "a.png");
    try {
        parse_script("new lightsout\nclik 1 2\n", "s.txt");
        FAIL();
    } catch (const pluzzle::host::InputError &e) {
        EXPECT_EQ(e.line(), 2);
        EXPECT_NE(e.reason().find("clik"), std::string::npos);
    }
    EXPECT_THROW(parse_script("click 1\n", "s"), pluzzle::host::InputError);
}
