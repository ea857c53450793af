// pluzzle-editor: the level editor and player for every installed plugin, on the SQLite level database.
//   pluzzle-editor [DATABASE] [--script FILE] [--plugin-path DIR]... [--size WxH] [--recovery-dir DIR]
#include "editor_app.hpp"

#include <pluzzle/host/plugin/plugin_registry.hpp>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

using namespace pluzzle;

namespace {
void usage() {
    std::cout << "usage: pluzzle-editor [DATABASE] [--script FILE] [--plugin-path DIR]... [--size WxH] "
                 "[--recovery-dir DIR]\n"
                 "Shortcuts: Ctrl+N new, Ctrl+O open database, Ctrl+S save, Ctrl+Z/Ctrl+Y undo/redo, Ctrl+I/E "
                 "import/export pack, F2 edit, F3 play, F4 solution, F5 solve, Esc cancel, Home fit, +/- zoom, "
                 "middle-drag pan, wheel zoom, tool letters.\n";
}
} // namespace

int main(int argc, char **argv) {
    editor::app::AppOptions options;
    std::vector<std::string> plugin_paths;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::cerr << "pluzzle-editor: " << a << " needs a value\n";
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--help" || a == "-h") {
            usage();
            return 0;
        } else if (a == "--script") {
            options.script = value();
        } else if (a == "--plugin-path") {
            plugin_paths.push_back(value());
        } else if (a == "--recovery-dir") {
            options.session.recovery_folder = value();
        } else if (a == "--size") {
            const std::string v = value();
            if (std::sscanf(v.c_str(), "%ux%u", &options.width, &options.height) != 2) {
                std::cerr << "pluzzle-editor: --size wants WxH, e.g. 1280x800\n";
                return 2;
            }
        } else if (!a.empty() && a[0] == '-') {
            std::cerr << "pluzzle-editor: unknown option " << a << "\n";
            usage();
            return 2;
        } else {
            options.database = a;
        }
    }
    try {
        auto registry = std::make_shared<host::PluginRegistry>();
        registry->load_folders(host::PluginRegistry::default_search_path(plugin_paths));
        for (auto &p : registry->problems())
            std::cerr << "pluzzle-editor: skipped " << p.path << ": " << p.reason << "\n";
        editor::app::EditorApp app(registry, options);
        const int code = app.run();
        // A plugin solve that ignores cancellation may still run on a detached thread: do not wait for it.
        std::cout.flush();
        std::_Exit(code);
    } catch (const std::exception &e) {
        std::cerr << "pluzzle-editor: " << e.what() << "\n";
        return 3;
    }
}
