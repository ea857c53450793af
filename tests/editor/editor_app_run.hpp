// editor_app_run.hpp -- runs pluzzle-editor --script in a real window under Xvfb for the EditorApp tests, and reads
// the screenshots it took.
#pragma once
#include "editor_test_support.hpp"

#include <SFML/Graphics/Image.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <sys/wait.h>

#ifdef PLUZZLE_EDITOR_BIN
namespace editor_test {

struct EditorRun {
    int exit_code = -1;
    std::string out;
};

// The editor's own exit status is written to a file by the shell inside xvfb-run: xvfb-run itself answers 5 instead
// when removing its temporary folder races with the X server's exit (seen on CI with scripts that end at once), and
// that must not read as the editor's status. `size`: the window's (--size), "" for the editor's own default.
inline EditorRun run_editor(const editor_test::TempDir &dir, const std::string &script,
                            const std::string &size = "1024x700") {
    std::ofstream(dir.file("script.txt")) << script;
    const std::string editor = std::string(PLUZZLE_EDITOR_BIN) + (size.empty() ? "" : " --size " + size) +
                               " --plugin-path " +
                               PLUZZLE_EDITOR_TEST_PLUGIN_DIR + " --recovery-dir " + dir.file("recovery") +
                               " --script " + dir.file("script.txt") + " 2>" + dir.file("stderr.txt");
    const std::string cmd = std::string(PLUZZLE_XVFB_RUN) + " -a -s '-screen 0 1280x800x24' sh -c '" + editor +
                            "; echo $? >" + dir.file("exit_code.txt") + "'";
    EditorRun run;
    FILE *pipe = ::popen(cmd.c_str(), "r");
    if (!pipe) return run;
    char buf[4096];
    while (size_t n = std::fread(buf, 1, sizeof buf, pipe))
        run.out.append(buf, n);
    const int status = ::pclose(pipe);
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream code(dir.file("exit_code.txt"));
    int editor_status = -1;
    if (code >> editor_status) run.exit_code = editor_status; // the editor's, whatever xvfb-run's cleanup said
    return run;
}

inline sf::Image load(const std::string &path) {
    sf::Image image;
    EXPECT_TRUE(image.loadFromFile(path)) << path;
    return image;
}

} // namespace editor_test
#endif
