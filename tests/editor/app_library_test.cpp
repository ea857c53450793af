// The library in the real window (issue 49): at the editor's default size, on the bundled database as command 1
// builds it, names read whole or nearly and statuses whole (by the widths ImGui reports for the text and its
// column); and the editor's own solve fills its row at once, with a result line that says what was proven.
#include "editor_app_run.hpp"

#include <cstdlib>
#include <filesystem>
#include <regex>

#ifdef PLUZZLE_EDITOR_BIN

using editor_test::EditorRun;
using editor_test::run_editor;

namespace {

// data/levels.db as `.ci/main` builds it: one pack per data/ folder (`db import`), then `db solve` on every core.
void build_bundled_database(const std::string &db) {
    namespace fs = std::filesystem;
    const std::string cli = PLUZZLE_CLI;
    for (const auto &folder : fs::directory_iterator(std::string(PLUZZLE_SOURCE_DIR) + "/data")) {
        if (!folder.is_directory()) continue;
        std::vector<std::string> files;
        for (const auto &f : fs::recursive_directory_iterator(folder.path()))
            if (f.is_regular_file() && f.path().extension() != ".md") files.push_back(f.path().string());
        std::sort(files.begin(), files.end());
        std::string cmd = cli + " db import -q " + db;
        for (const std::string &f : files) cmd += " '" + f + "'";
        cmd += " --pack " + folder.path().filename().string();
        ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    }
    const std::string solve = cli + " db solve -q " + db + " --jobs 0 --timeout 30 >/dev/null";
    ASSERT_EQ(std::system(solve.c_str()), 0) << solve;
}

// A number the dump prints after `key=` (the first such line).
double dumped(const std::string &out, const std::string &key) {
    std::smatch m;
    if (!std::regex_search(out, m, std::regex(" " + key + "=([0-9.]+)"))) return -1;
    return std::stod(m[1].str());
}

} // namespace

TEST(EditorApp, TheLibraryReadsWholeAtTheDefaultSize) {
    editor_test::TempDir dir;
    const std::string db = dir.file("levels.db");
    build_bundled_database(db);
    const std::string script = "open-db " + db + "\nframes 3\nscreenshot " + dir.file("library.png") + "\ndump\n";
    const EditorRun run = run_editor(dir, script, ""); // the editor's own default size
    ASSERT_EQ(run.exit_code, 0) << run.out << std::ifstream(dir.file("stderr.txt")).rdbuf();
    EXPECT_EQ(dumped(run.out, "visible"), 104) << run.out; // every bundled level listed
    EXPECT_EQ(dumped(run.out, "names_cut"), 0) << run.out;
    EXPECT_EQ(dumped(run.out, "statuses_cut"), 0) << run.out;
    EXPECT_GE(dumped(run.out, "name_least_shown"), 1) << run.out;
    const sf::Image shot = editor_test::load(dir.file("library.png"));
    EXPECT_EQ(shot.getSize(), sf::Vector2u(1280, 800)); // it was the default size

    // A 1200x760 window: nearly -- at most a few names lose their last letters, no status any.
    const EditorRun smaller = run_editor(dir, script, "1200x760");
    ASSERT_EQ(smaller.exit_code, 0) << smaller.out;
    EXPECT_LE(dumped(smaller.out, "names_cut"), 5) << smaller.out;
    EXPECT_GE(dumped(smaller.out, "name_least_shown"), 0.8) << smaller.out;
    EXPECT_EQ(dumped(smaller.out, "statuses_cut"), 0) << smaller.out;
}

TEST(EditorApp, TheEditorsSolveFillsItsLibraryRowAtOnce) {
    editor_test::TempDir dir;
    const std::string db = dir.file("levels.db");
    std::ofstream(dir.file("two.non")) << "width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n";
    const std::string script = "open-db " + db + "\nnew-text kami " + PLUZZLE_SOURCE_DIR +
                               "/data/kami/hand-bands.kami\nsave kami\npack *\nframes 2\ndump\nkey f5\nwait 60\n"
                               "dump\nnew-text nonogram " + dir.file("two.non") + "\nsave nonogram\nkey f5\nwait 60\n"
                               "dump\n";
    const EditorRun run = run_editor(dir, script, "");
    ASSERT_EQ(run.exit_code, 0) << run.out << std::ifstream(dir.file("stderr.txt")).rdbuf();
    EXPECT_NE(run.out.find("row_status=- row_timed=0 row_graded=0"), std::string::npos) << run.out; // before
    EXPECT_NE(run.out.find("result='optimal: 4 moves (proven)' row_status=solved row_timed=1 row_graded=1"),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("result='2+ solutions' row_status=multiple row_timed=1 row_graded=1"), std::string::npos)
        << run.out;
}

#endif
