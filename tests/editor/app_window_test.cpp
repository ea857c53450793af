// The app itself, in a real SFML window under Xvfb, driven by --script: edits reach the database, and the
// screenshots show what the plugin drew (checked by pixel), in edit, play and solution modes.
#include "editor_app_run.hpp"

#include <pluzzle/host/store/store.hpp>

#include <SFML/Graphics/Image.hpp>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/wait.h>

#ifdef PLUZZLE_EDITOR_BIN

using editor_test::EditorRun;
using editor_test::load;
using editor_test::run_editor;

namespace {

// The middle of the board area (between the library and the inspector panels): the fitted board is centred there.
sf::Color board_centre(const sf::Image &image) {
    return image.getPixel(300 + (1024 - 300 - 290) / 2, 22 + (700 - 22 - 26) / 2);
}

bool same(sf::Color a, sf::Color b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

} // namespace

TEST(EditorApp, ScriptEditsSavesSolvesAndPlaysInARealWindow) {
    editor_test::TempDir dir;
    std::ofstream(dir.file("plus.lightsout")) << "lightsout 1\nsize 3 3\n.#.\n###\n.#.\n";
    const std::string db = dir.file("levels.db");
    const EditorRun run = run_editor(dir, "open-db " + db + "\n" + "new-text lightsout " + dir.file("plus.lightsout") +
                                              "\n"
                                              "frames 2\n"
                                              "screenshot " +
                                              dir.file("lit.png") +
                                              "\n"
                                              "click 0.5 0.5\n" // the toggle tool switches the centre light off
                                              "screenshot " +
                                              dir.file("toggled.png") +
                                              "\n"
                                              "key ctrl+z\n"
                                              "screenshot " +
                                              dir.file("undone.png") +
                                              "\n"
                                              "meta name=Plus_sign author=Ada difficulty=easy\n"
                                              "key ctrl+s\n"
                                              "dump\n"
                                              "key f5\n"
                                              "wait 10\n"
                                              "solution 0\n"
                                              "frame last\n"
                                              "dump\n"
                                              "play\n"
                                              "click 0.5 0.5\n"
                                              "frames 2\n"
                                              "screenshot " +
                                              dir.file("played.png") +
                                              "\n"
                                              "dump\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << std::ifstream(dir.file("stderr.txt")).rdbuf();

    // What the database holds, read by the store as another program would.
    pluzzle::host::Store store(db);
    auto levels = store.levels();
    ASSERT_EQ(levels.size(), 1u);
    EXPECT_EQ(levels[0].name, "Plus sign");
    EXPECT_EQ(levels[0].author, "Ada");
    EXPECT_EQ(levels[0].text, "lightsout 1\nsize 3 3\n.#.\n###\n.#.\n"); // the undo was saved, not the toggle
    EXPECT_NE(levels[0].params.find("difficulty=easy"), std::string::npos);
    auto results = store.results(levels[0].id); // the editor's solve is stored like a bulk solve's
    ASSERT_EQ(results.size(), 1u);
    EXPECT_EQ(results[0].status, PZ_SOLVE_UNIQUE);
    EXPECT_EQ(results[0].plugin_id, "lightsout");

    EXPECT_NE(run.out.find("revision=3 dirty=0 undo=0 level_id=1"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("title='Plus sign \xE2\x80\x94 levels.db / "), std::string::npos) << run.out; // saved
    EXPECT_NE(run.out.find("solve=unique frames="), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("play_phase=1"), std::string::npos) << run.out; // one click solves the plus

    const sf::Image lit = load(dir.file("lit.png")), toggled = load(dir.file("toggled.png")),
                    undone = load(dir.file("undone.png")), played = load(dir.file("played.png"));
    ASSERT_EQ(lit.getSize(), sf::Vector2u(1024, 700));
    // The centre cell is drawn by the plugin: lit, then dark after the toggle, lit again after undo.
    EXPECT_FALSE(same(board_centre(lit), board_centre(toggled)));
    EXPECT_TRUE(same(board_centre(lit), board_centre(undone)));
    // In play mode the click pressed the centre: every light is off, so the centre looks like the toggled one.
    EXPECT_FALSE(same(board_centre(played), board_centre(lit)));
    // A real frame, not a blank window: many colours (widgets, text, board).
    std::set<uint32_t> colours;
    for (unsigned y = 0; y < 700; y += 3)
        for (unsigned x = 0; x < 1024; x += 3)
            colours.insert(lit.getPixel(x, y).toInteger());
    EXPECT_GT(colours.size(), 20u);
}

// A game against an AI: the person's clicks and the AI's answers (on its background thread) both reach the board.
TEST(EditorApp, PlaysCelladdAgainstAnAiInARealWindow) {
    editor_test::TempDir dir;
    const std::string answer = "wait 10\n";
    const EditorRun run = run_editor(dir, "new celladd layout=petri cells=29 opponent=medium seed=4\n"
                                          "play\n"
                                          "seat 1 medium\n"
                                          "frames 2\n"
                                          "screenshot " +
                                              dir.file("start.png") +
                                              "\n"
                                              "dump\n"
                                              "click 0.5 0.5\n" +
                                              answer + "click 0.23 0.42\n" + answer + "click 0.76 0.42\n" + answer +
                                              "frames 2\n"
                                              "screenshot " +
                                              dir.file("played.png") + "\ndump\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << std::ifstream(dir.file("stderr.txt")).rdbuf();
    EXPECT_NE(run.out.find("type=celladd"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("play_phase=0 play_moves=0 to_move=0"), std::string::npos) << run.out;
    // Three clicks of player 1, each answered by the AI as player 2: six moves, player 1 to move again.
    EXPECT_NE(run.out.find("play_phase=0 play_moves=6 to_move=0"), std::string::npos) << run.out;

    const sf::Image start = load(dir.file("start.png")), played = load(dir.file("played.png"));
    ASSERT_EQ(played.getSize(), sf::Vector2u(1024, 700));
    // The board area (between the panels) shows the placed cells: many of its pixels changed.
    size_t changed = 0;
    for (unsigned y = 30; y < 670; y += 2)
        for (unsigned x = 305; x < 730; x += 2)
            changed += !same(start.getPixel(x, y), played.getPixel(x, y));
    EXPECT_GT(changed, 1000u);
    EXPECT_FALSE(same(board_centre(start), board_centre(played))); // the first click took the centre cell
}

// New > Blank through the script: an empty Lights Out grid, one light switched on with the toggle tool, saved.
TEST(EditorApp, BlankLevelIsEditedAndSaved) {
    editor_test::TempDir dir;
    const std::string db = dir.file("levels.db");
    const EditorRun run = run_editor(dir, "open-db " + db +
                                              "\nnew lightsout blank width=3 height=3\n"
                                              "click 0.5 0.5\n"
                                              "save blanks\n"
                                              "dump\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << std::ifstream(dir.file("stderr.txt")).rdbuf();
    pluzzle::host::Store store(db);
    auto levels = store.levels();
    ASSERT_EQ(levels.size(), 1u);
    EXPECT_EQ(levels[0].text, "lightsout 1\nsize 3 3\n...\n.#.\n...\n");
    EXPECT_NE(levels[0].params.find("blank"), std::string::npos) << levels[0].params;
}

// KAMI in a real window: the editor paints a triangle with the palette's colour 2 (undoable), solves the level
// (proven optimal: one move), and in play mode the player picks colour 2 with a key and floods the big region.
TEST(EditorApp, KamiIsPaintedSolvedAndPlayedInARealWindow) {
    editor_test::TempDir dir;
    const std::string level = "kami 1\ngrid triangle\nmode free\nsize 6 2\ncolours 2\ncells\n111111\n111112\n";
    std::ofstream(dir.file("bloom.kami")) << level;
    const EditorRun run = run_editor(dir, "new-text kami " + dir.file("bloom.kami") +
                                              "\nframes 2\n"
                                              "screenshot " + dir.file("before.png") + "\n"
                                              "tool colour\nkey 2\n"
                                              "tool paint\nclick 0.5 0.5\n"
                                              "frames 2\n"
                                              "screenshot " + dir.file("painted.png") + "\n"
                                              "dump\n"
                                              "key ctrl+z\nkey ctrl+z\n"
                                              "frames 2\n"
                                              "screenshot " + dir.file("undone.png") + "\n"
                                              "dump\n"
                                              "key f5\nwait 10\n"
                                              "dump\n"
                                              "play\nkey 2\nclick 0.5 0.5\n"
                                              "frames 2\n"
                                              "dump\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << std::ifstream(dir.file("stderr.txt")).rdbuf();
    // The paint changed the triangle under the centre; undo brings the level back.
    const sf::Color before = board_centre(load(dir.file("before.png")));
    EXPECT_FALSE(same(before, board_centre(load(dir.file("painted.png")))));
    EXPECT_TRUE(same(before, board_centre(load(dir.file("undone.png")))));
    EXPECT_NE(run.out.find("dirty=1 undo=1"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("undo=0"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("solve=solved"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("play_phase=1"), std::string::npos) << run.out; // one flood finishes it
}

// Issue 16: an edit the plugin refuses is marked where it is wrong. A clue of 4 + 2 runs cannot fit a row of 5: the
// nonogram names that row's five cells (ABI 1.7) and the board outlines them in red, under the banner's words.
TEST(EditorApp, ARefusedEditIsMarkedOnTheCellsItIsAbout) {
    editor_test::TempDir dir;
    const EditorRun run = run_editor(dir, "new nonogram blank width=5 height=5\n"
                                          "frames 2\n"
                                          "screenshot " +
                                              dir.file("before.png") +
                                              "\n"
                                              "try-edit clue row 2 4 2\n"
                                              "frames 2\n"
                                              "screenshot " +
                                              dir.file("refused.png") +
                                              "\n"
                                              "dump\n"
                                              "edit paint 0,0\n"
                                              "frames 2\n"
                                              "dump\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << std::ifstream(dir.file("stderr.txt")).rdbuf();
    EXPECT_NE(run.out.find("needs 7 cells, the row has 5' marks=5"), std::string::npos) << run.out;
    // An accepted edit clears them.
    const size_t last_dump = run.out.rfind("mode=");
    ASSERT_NE(last_dump, std::string::npos) << run.out;
    EXPECT_NE(run.out.find(" marks=0", last_dump), std::string::npos) << run.out;
    const auto red = [](const sf::Image &image) {
        size_t n = 0;
        for (unsigned y = 0; y < image.getSize().y; ++y)
            for (unsigned x = 300; x < 1024 - 290; ++x) { // the board area only
                const sf::Color c = image.getPixel(x, y);
                n += c.r > 180 && c.g < 80 && c.b < 80;
            }
        return n;
    };
    EXPECT_EQ(red(load(dir.file("before.png"))), 0u);
    EXPECT_GT(red(load(dir.file("refused.png"))), 200u); // five 3-pixel outlines
}

// Issue 15: a plugin that aborts in solve, and one that hangs deaf to Esc, cost their solve and not the editor; the
// status line names the plugin and the signal. The window stays up to the end of the script (exit 0).
TEST(EditorApp, SurvivesACrashingAndAHangingPluginAndSaysWhich) {
    editor_test::TempDir dir;
    const editor_test::HangRelease hang(dir.file("release"));
    std::ofstream(dir.file("crash.txt")) << "misbehave crash\nvalue 1\n";
    std::ofstream(dir.file("hang.txt")) << "misbehave hang\nvalue 1\n" << hang.level_line();
    const EditorRun run = run_editor(dir, "new-text misbehaving " + dir.file("crash.txt") +
                                              "\n"
                                              "key f5\n"
                                              "wait 10\n"
                                              "dump\n"
                                              "new-text misbehaving " +
                                              dir.file("hang.txt") +
                                              "\n"
                                              "key f5\n"
                                              "frames 20\n"
                                              "key escape\n"
                                              "wait 10\n"
                                              "dump\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << std::ifstream(dir.file("stderr.txt")).rdbuf();
    std::istringstream lines(run.out);
    std::string crashed, cancelled;
    std::getline(lines, crashed);
    std::getline(lines, cancelled);
    // (Through the cubes, as it splits: the crash is tried once more alone, as `solve --split` does.)
    EXPECT_NE(crashed.find("message='solve failed: plugin 'misbehaving' (solve) crashed (worker killed by SIGABRT, "
                           "twice, on this level); the editor is unharmed'"),
              std::string::npos)
        << run.out;
    EXPECT_NE(cancelled.find("message='solve: cancelled"), std::string::npos) << run.out;
    EXPECT_NE(cancelled.find("type=misbehaving"), std::string::npos) << run.out;
}

// The same for a parser that dies on the file the script opens: the script's command fails with the reason (exit 1),
// the editor itself does not die (that would be 134, SIGABRT).
TEST(EditorApp, AParserThatCrashesOnAFileFailsThatCommandOnly) {
    editor_test::TempDir dir;
    std::ofstream(dir.file("bad.txt")) << "misbehave crash_parse\nvalue 1\n";
    const EditorRun run = run_editor(dir, "new-text misbehaving " + dir.file("bad.txt") + "\n");
    EXPECT_EQ(run.exit_code, 1) << run.out;
    std::ostringstream err;
    err << std::ifstream(dir.file("stderr.txt")).rdbuf();
    EXPECT_NE(err.str().find("script.txt:1: "), std::string::npos) << err.str();
    EXPECT_NE(err.str().find("plugin 'misbehaving' crashed while reading it (worker killed by SIGABRT)"),
              std::string::npos)
        << err.str();
}

// A script's `solution N` past the solutions found is refused with its line (issue 16: it did nothing, silently).
TEST(EditorApp, ASolutionIndexOutOfRangeIsRefusedWithItsLine) {
    editor_test::TempDir dir;
    std::ofstream(dir.file("plus.lightsout")) << "lightsout 1\nsize 3 3\n.#.\n###\n.#.\n";
    const EditorRun run = run_editor(dir, "new-text lightsout " + dir.file("plus.lightsout") +
                                              "\n"
                                              "key f5\n"
                                              "wait 10\n"
                                              "solution 1\n");
    EXPECT_EQ(run.exit_code, 1) << run.out;
    std::ostringstream err;
    err << std::ifstream(dir.file("stderr.txt")).rdbuf();
    EXPECT_NE(err.str().find("script.txt:4: "), std::string::npos) << err.str();
    EXPECT_NE(err.str().find("solution 1 does not exist: the last solve found 1 (numbered from 0)"), std::string::npos)
        << err.str();
}

TEST(EditorApp, BadScriptCommandFailsWithItsLine) {
    editor_test::TempDir dir;
    const EditorRun run = run_editor(dir, "new lightsout\ntool no-such-tool\n");
    EXPECT_EQ(run.exit_code, 1);
    std::ifstream err(dir.file("stderr.txt"));
    std::stringstream text;
    text << err.rdbuf();
    EXPECT_NE(text.str().find(":2: "), std::string::npos) << text.str();
    EXPECT_NE(text.str().find("no-such-tool"), std::string::npos) << text.str();
}

// Issue 16's pack view, driven by the script in a real window: sort by the measured difficulty, move a level to
// another pack, delete one, paste level text as a new level, each undone again, and the search box narrows the list.
TEST(EditorApp, PackOperationsAreUndoableAndTheSearchBoxFilters) {
    editor_test::TempDir dir;
    const std::string db = dir.file("packs.db");
    {
        pluzzle::host::Store store(db);
        const int64_t pack = store.ensure_pack("p");
        const char *rows[] = {"#..", ".#.", "..#"};
        const double estimates[] = {5, 1, 3};
        for (int i = 0; i < 3; ++i) {
            pluzzle::host::LevelRecord l;
            l.type = "lightsout";
            l.name = std::string(1, char('A' + i));
            l.text = std::string("lightsout 1\nsize 3 1\n") + rows[i] + "\n";
            const int64_t id = store.add_level(pack, l).first;
            pluzzle::host::ResultRecord r;
            r.level_id = id;
            r.plugin_id = "lightsout";
            r.plugin_version = "1";
            r.status = PZ_SOLVE_UNIQUE;
            r.difficulty = estimates[i];
            store.add_result(r);
        }
    }
    std::ofstream(dir.file("pasted.lightsout")) << "lightsout 1\nsize 2 1\n##\n";
    const EditorRun run = run_editor(dir, "open-db " + db +
                                              "\npack p\n"
                                              "library sort difficulty\n"
                                              "dump\n"
                                              "library move @A q\n"
                                              "dump\n"
                                              "library undo\n"
                                              "library undo\n"
                                              "dump\n"
                                              "filter b\n"
                                              "dump\n"
                                              "filter\n"
                                              "library delete @B\n"
                                              "dump\n"
                                              "library undo\n"
                                              "library paste-file " +
                                              dir.file("pasted.lightsout") +
                                              "\n"
                                              "dump\n"
                                              "library undo\n"
                                              "library redo\n"
                                              "frames 2\n"
                                              "dump\n"
                                              "print-pack " +
                                              dir.file("book.pdf") + " 2\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << std::ifstream(dir.file("stderr.txt")).rdbuf();
    std::vector<std::string> dumps;
    std::istringstream lines(run.out);
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("mode=", 0) == 0) { // the list's part of the line
            const size_t from = line.find(" visible="), to = line.find(" graded=");
            dumps.push_back(line.substr(from, to - from));
        }
    ASSERT_EQ(dumps.size(), 7u) << run.out;
    EXPECT_EQ(dumps[0], " visible=3 library='B,C,A' pack='p'"); // estimates 1, 3, 5
    EXPECT_EQ(dumps[1], " visible=2 library='B,C' pack='p'");
    EXPECT_EQ(dumps[2], " visible=3 library='A,B,C' pack='p'"); // the move and the sort undone
    EXPECT_EQ(dumps[3], " visible=1 library='B' pack='p'");
    EXPECT_EQ(dumps[4], " visible=2 library='A,C' pack='p'");
    EXPECT_EQ(dumps[5], " visible=4 library='A,B,C,pasted' pack='p'"); // B back in place; the paste named by its file
    EXPECT_EQ(dumps[6], dumps[5]);                               // undone and redone
    pluzzle::host::Store store(db);
    EXPECT_FALSE(store.find_pack("q")); // the move's pack went with its undo
    const auto levels = store.levels(pluzzle::host::LevelFilter("p"));
    ASSERT_EQ(levels.size(), 4u);
    EXPECT_EQ(levels[1].name, "B");
    EXPECT_EQ(store.results(levels[1].id).size(), 1u); // B's result came back with it
    EXPECT_EQ(levels[3].text, "lightsout 1\nsize 2 1\n##\n");
    // File > Print pack: the four levels two a page, then their solutions two a page, as a standard reader sees it.
    FILE *info = ::popen(("pdfinfo " + dir.file("book.pdf") + " 2>&1").c_str(), "r");
    ASSERT_TRUE(info);
    std::string text;
    char buf[512];
    while (size_t n = std::fread(buf, 1, sizeof buf, info))
        text.append(buf, n);
    ::pclose(info);
    const size_t at = text.find("Pages:");
    ASSERT_NE(at, std::string::npos) << text;
    EXPECT_EQ(std::stoi(text.substr(at + 6)), 4) << text;
}

// Issue 16: "Solve pack" runs the host's bulk solver over the pack shown in the background; the list fills with
// each stored result (status and the measured difficulty that the curve plots), and the results are in the database
// as `pluzzle db solve` stores them. (That the window keeps drawing meanwhile is tests/bench/pack_solve_frames.sh's
// measure: these five levels solve within a frame or two.)
TEST(EditorApp, SolvingAPackFillsTheListAndStoresTheResults) {
    editor_test::TempDir dir;
    const std::string db = dir.file("solve.db");
    {
        pluzzle::host::Store store(db);
        const int64_t pack = store.ensure_pack("p");
        for (const char *row : {"#...", "##..", "#.#.", ".##.", "####"}) { // 4 in a row: every pattern solvable
            pluzzle::host::LevelRecord l;
            l.type = "lightsout";
            l.name = row;
            l.text = std::string("lightsout 1\nsize 4 1\n") + row + "\n";
            store.add_level(pack, l);
        }
    }
    const EditorRun run = run_editor(dir, "open-db " + db +
                                              "\npack p\n"
                                              "frames 2\n"
                                              "screenshot " +
                                              dir.file("before.png") +
                                              "\n"
                                              "dump\n"
                                              "solve-pack 10\n"
                                              "wait-pack 120\n"
                                              "frames 2\n"
                                              "dump\n"
                                              "library sort difficulty\n"
                                              "frames 2\n"
                                              "screenshot " +
                                              dir.file("curve.png") +
                                              "\n"
                                              "dump\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << std::ifstream(dir.file("stderr.txt")).rdbuf();
    EXPECT_NE(run.out.find("graded=0"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("graded=5 timed=5"), std::string::npos) << run.out; // the Diff. and Time columns
    pluzzle::host::Store store(db);
    const auto latest = store.latest_results(pluzzle::host::LevelFilter("p"));
    ASSERT_EQ(latest.size(), 5u);
    std::vector<double> by_position;
    for (const auto &l : store.levels(pluzzle::host::LevelFilter("p"))) {
        const auto &r = latest.at(l.id);
        EXPECT_TRUE(pluzzle::host::attempt_solved(r.status)) << l.name;
        ASSERT_TRUE(r.difficulty) << l.name;
        by_position.push_back(*r.difficulty);
    }
    EXPECT_TRUE(std::is_sorted(by_position.begin(), by_position.end())); // the sort used what the solve measured
    // The difficulty curve appears under the Pack menu once levels are graded: its white plot frame (the light
    // style's FrameBg), the width of the panel and 70 pixels high, in the library panel.
    const auto white = [](const sf::Image &image) {
        size_t n = 0;
        for (unsigned y = 22; y < 400; ++y)
            for (unsigned x = 0; x < 300; ++x) {
                const sf::Color c = image.getPixel(x, y);
                n += c.r == 255 && c.g == 255 && c.b == 255;
            }
        return n;
    };
    EXPECT_GT(white(load(dir.file("curve.png"))), white(load(dir.file("before.png"))) + 10000);
}

// Issue 16's small things: F1 lists the shortcut table (the same one the keys run); leaving a level with unsaved
// changes asks first -- Cancel keeps it, Discard goes on -- and a database opened is offered again under File >
// Recent databases (kept beside the recovery folder, so a second start still has it).
TEST(EditorApp, F1ListsTheKeysUnsavedChangesAskFirstAndRecentDatabasesAreKept) {
    editor_test::TempDir dir;
    const std::string db = dir.file("recent.db");
    const EditorRun run = run_editor(dir, "open-db " + db +
                                              "\nkey f1\n"
                                              "frames 2\n"
                                              "dump\n"
                                              "key f1\n"
                                              "new lightsout blank width=3 height=3\n"
                                              "click 0.5 0.5\n"
                                              "key ctrl+n\n"
                                              "frames 2\n"
                                              "dump\n"
                                              "answer cancel\n"
                                              "key ctrl+q\n"
                                              "dump\n"
                                              "answer discard\n"
                                              "frames 5\n"
                                              "dump\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << std::ifstream(dir.file("stderr.txt")).rdbuf();
    std::vector<std::string> dumps;
    std::istringstream lines(run.out);
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("mode=", 0) == 0) dumps.push_back(line);
    // Ctrl+Q with the answer Discard quits: the last dump never comes.
    ASSERT_EQ(dumps.size(), 3u) << run.out;
    EXPECT_NE(dumps[0].find("prompt=0 help=1 help_rows="), std::string::npos) << dumps[0];
    const int help_rows = std::stoi(dumps[0].substr(dumps[0].find("help_rows=") + 10));
    EXPECT_GE(help_rows, 20); // every binding of the table, once per action, and the mouse's
    EXPECT_NE(dumps[0].find("recent=1"), std::string::npos) << dumps[0];
    EXPECT_NE(dumps[1].find("dirty=1"), std::string::npos) << dumps[1];
    EXPECT_NE(dumps[1].find("prompt=1 help=0"), std::string::npos) << dumps[1]; // Ctrl+N asked instead of opening
    EXPECT_NE(dumps[2].find("prompt=1"), std::string::npos) << dumps[2];        // Cancel, then Ctrl+Q asks again
    EXPECT_NE(dumps[2].find("dirty=1"), std::string::npos) << dumps[2];
    // The next start has the database among its recent ones.
    std::ifstream recent(dir.file("recent-databases"));
    std::string first;
    std::getline(recent, first);
    EXPECT_EQ(first, std::filesystem::absolute(db).lexically_normal().string());
}

#endif

// The keyboard cursor (ABI 1.6 cell_outline): the first arrow shows it on the first cell, the next move it, a digit
// key writes on its cell -- the Sudoku example is played from the keyboard alone -- and a click hides it again.
// The library panel is as wide as the author drags it (its right edge, with the window's own mouse events): the
// board area grows by what the panel gave up and a fitted board is refitted to fill it; a board the author zoomed
// stays as it is when the panels change, and Home fits it again.
TEST(EditorApp, DraggingThePanelEdgeWidensTheBoardAndTheFittedBoardFillsIt) {
    editor_test::TempDir dir;
    const std::string before = dir.file("before.png"), after = dir.file("after.png");
    const EditorRun run = run_editor(dir, "new nonogram blank width=60 height=75\n"
                                          "frames 3\n"
                                          "dump\n"
                                          "screenshot " +
                                              before +
                                              "\n"
                                              "mouse 301 300\n"
                                              "mouse 301 300 down\n"
                                              "mouse 250 300\n"
                                              "mouse 180 300\n"
                                              "mouse 180 300 up\n"
                                              "frames 3\n"
                                              "dump\n"
                                              "screenshot " +
                                              after +
                                              "\n"
                                              "zoom 1.5\n"
                                              "panels 300 290\n"
                                              "dump\n"
                                              "key home\n"
                                              "dump\n"
                                              "panels 5000 5000\n"
                                              "dump\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << std::ifstream(dir.file("stderr.txt")).rdbuf();
    struct Layout {
        float library = 0, inspector = 0, area_w = 0, area_h = 0, drawn_w = 0, drawn_h = 0;
        bool fitted = false;
    };
    std::vector<Layout> dumps;
    std::istringstream lines(run.out);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("mode=", 0) != 0) continue;
        Layout l;
        int fitted = 0;
        const char *p = line.c_str() + line.find("panels=");
        ASSERT_EQ(std::sscanf(p, "panels=%f,%f board_area=%fx%f fitted=%d drawn=%fx%f", &l.library, &l.inspector,
                              &l.area_w, &l.area_h, &fitted, &l.drawn_w, &l.drawn_h),
                  7)
            << line;
        l.fitted = fitted;
        dumps.push_back(l);
    }
    ASSERT_EQ(dumps.size(), 5u) << run.out;
    const Layout &start = dumps[0], &dragged = dumps[1], &zoomed = dumps[2], &home = dumps[3], &widest = dumps[4];
    EXPECT_EQ(start.library, 300);
    EXPECT_TRUE(start.fitted);
    // A fitted board fills its area's narrow side, less the margin (the width here, the height once it is wider).
    const auto fills = [](const Layout &l) { return l.drawn_w >= l.area_w - 50 || l.drawn_h >= l.area_h - 50; };
    EXPECT_TRUE(fills(start)) << start.drawn_w << "x" << start.drawn_h;
    EXPECT_NEAR(dragged.library, 180, 3);                                   // where the edge was let go
    EXPECT_NEAR(dragged.area_w, start.area_w + (300 - dragged.library), 1); // the board got what it gave up
    EXPECT_EQ(dragged.inspector, start.inspector);
    EXPECT_TRUE(dragged.fitted);
    EXPECT_TRUE(fills(dragged)) << dragged.drawn_w << "x" << dragged.drawn_h;
    EXPECT_GT(dragged.drawn_w, start.drawn_w * 1.15f); // refitted to the wider area: bigger
    EXPECT_FALSE(zoomed.fitted);
    EXPECT_NEAR(zoomed.drawn_w, dragged.drawn_w * 1.5f, 1); // not refitted behind the author's back
    EXPECT_TRUE(home.fitted);
    EXPECT_NEAR(home.drawn_w, start.drawn_w, 1);
    // No panel can squeeze the board below its minimum, whatever is asked.
    EXPECT_GE(widest.area_w, 200);
    EXPECT_GE(widest.inspector, 160);
    // The pixels agree: along a row below the library's text, the first change from the panel's colour (its edge)
    // is at 300 px before the drag and where it was let go after.
    const auto panel_edge = [](const sf::Image &image) {
        const unsigned y = 600;
        for (unsigned x = 100; x < 400; ++x)
            if (!same(image.getPixel(x, y), image.getPixel(100, y))) return int(x);
        return -1;
    };
    EXPECT_NEAR(panel_edge(load(before)), 300, 3);
    EXPECT_NEAR(panel_edge(load(after)), dragged.library, 3);
}

TEST(EditorApp, AKeyboardCursorPlaysADigitPuzzleWithoutTheMouse) {
    editor_test::TempDir dir;
    std::ofstream(dir.file("one.sudoku")) << "534678912\n6.2195348\n198342567\n859761423\n426853791\n"
                                             "713924856\n961537284\n287419635\n345286179\n";
    const EditorRun run = run_editor(dir, "new-text sudoku " + dir.file("one.sudoku") +
                                              "\nplay\n"
                                              "key right\n" // shows the cursor at 0,0
                                              "key down\nkey right\nkey right\nkey left\n"
                                              "frames 2\nscreenshot " +
                                              dir.file("cursor.png") +
                                              "\ndump\n"
                                              "key 7\n"
                                              "dump\n"
                                              "click 0.5 0.5\n"
                                              "dump\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << std::ifstream(dir.file("stderr.txt")).rdbuf();
    std::istringstream lines(run.out);
    std::vector<std::string> dumps;
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("mode=", 0) == 0) dumps.push_back(line);
    ASSERT_EQ(dumps.size(), 3u) << run.out;
    EXPECT_NE(dumps[0].find("cursor=1,1"), std::string::npos) << dumps[0];
    EXPECT_NE(dumps[0].find("state='5346789126.2195348"), std::string::npos) << "arrows are not moves\n" << dumps[0];
    EXPECT_NE(dumps[1].find("state='534678912672195348"), std::string::npos) << "7 went to the cursor's cell\n"
                                                                             << dumps[1];
    EXPECT_NE(dumps[1].find("play_phase=1"), std::string::npos) << "and solved the level\n" << dumps[1];
    EXPECT_EQ(dumps[2].find("cursor="), std::string::npos) << "a click hides the cursor\n" << dumps[2];
    // The cursor is drawn: the orange outline shows in the window.
    const sf::Image shot = load(dir.file("cursor.png"));
    size_t orange = 0;
    for (unsigned y = 0; y < shot.getSize().y; ++y)
        for (unsigned x = 0; x < shot.getSize().x; ++x) {
            const sf::Color c = shot.getPixel(x, y);
            orange += c.r > 230 && c.g > 110 && c.g < 170 && c.b < 40;
        }
    EXPECT_GT(orange, 40u);
}
