// cli_context.hpp -- what every `pluzzle` subcommand shares: output mode, the plugin registry (loaded on first
// use), the cancel flag set by Ctrl-C, and the documented exit codes.
#pragma once
#include <pluzzle/host/base/json_line.hpp>
#include <pluzzle/host/levels/level_source.hpp>
#include <pluzzle/host/plugin/plugin_registry.hpp>
#include <pluzzle/host/sandbox/plugin_calls.hpp>
#include <pluzzle/host/sandbox/plugin_sandbox.hpp>
#include <pluzzle/host/base/settings.hpp>

#include <atomic>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace pluzzle::cli {

// Documented in README.md and `pluzzle --help`.
enum ExitCode : int {
    kExitOk = 0,       // success
    kExitFailed = 1,   // some level failed, is unsolved, or a solution is wrong
    kExitUsage = 2,    // bad command line
    kExitBadInput = 3  // unreadable or malformed input: level file, database, pack, parameters, unknown type
};

struct Context {
    bool json = false;
    bool quiet = false;
    std::vector<std::string> plugin_paths; // --plugin-path, searched after PLUZZLE_PLUGIN_PATH
    std::string settings_path = host::default_settings_path(); // --settings
    std::atomic<bool> cancel{false};
    int exit_code = kExitOk;
    bool in_process = false; // --in-process (or PLUZZLE_IN_PROCESS=1): plugin calls in this process, unguarded

    bool sandboxed() const { return !in_process && !host::in_process_requested(); }

    // The worker that reads files before this process does (type detection, plugin_sandbox.hpp), or null when
    // sandboxing is off. Started on first use: call it before registry(), so the worker starts while the CLI
    // loads its own plugins.
    host::PluginSandbox *sandbox() {
        if (!sandboxed()) return nullptr;
        if (!sandbox_) {
            sandbox_ = std::make_unique<host::PluginSandbox>();
            sandbox_->start();
        }
        return sandbox_.get();
    }

    // Where a command's plugin calls run (plugin_calls.hpp): in the sandbox unless --in-process, stopped by Ctrl-C.
    host::CallSite call_site() { return {sandbox(), &cancel, {}}; }

    // How a command reads level files: --type, --format, and the sandbox.
    host::SourceOptions source_options(const std::string &type, const std::string &format) {
        host::SourceOptions options{type, format};
        options.sandbox = sandbox();
        return options;
    }

    // The user's settings file, read on first use (a malformed one is bad input naming the file).
    const host::Settings &settings() {
        if (!settings_) settings_ = host::load_settings(settings_path);
        return *settings_;
    }

    host::PluginRegistry &registry() {
        if (!registry_) {
            std::vector<std::string> extra = plugin_paths;
            for (auto &p : settings().plugin_paths) extra.push_back(p);
            registry_.emplace();
            registry_->load_folders(host::PluginRegistry::default_search_path(extra));
            // Skipped plugins are reported, never fatal.
            for (auto &p : registry_->problems())
                std::cerr << "pluzzle: warning: skipped plugin " << p.path << ": " << p.reason << "\n";
        }
        return *registry_;
    }
    bool registry_loaded() const { return registry_.has_value(); }

    void emit(host::JsonLine &line) { std::cout << line.str() << "\n" << std::flush; }

private:
    std::optional<host::Settings> settings_;
    std::optional<host::PluginRegistry> registry_;
    std::unique_ptr<host::PluginSandbox> sandbox_;
};

// Each adds its subcommand to `app`; the callback stores its exit code in ctx.exit_code.
void add_plugins_command(CLI::App &app, Context &ctx);
void add_solve_command(CLI::App &app, Context &ctx);
void add_check_command(CLI::App &app, Context &ctx);
void add_render_command(CLI::App &app, Context &ctx);
void add_generate_command(CLI::App &app, Context &ctx);
void add_import_image_command(CLI::App &app, Context &ctx);
void add_db_command(CLI::App &app, Context &ctx);
void add_db_profiles_command(CLI::App &db, Context &ctx);     // under `db`, from add_db_command
void add_db_maintenance_commands(CLI::App &db, Context &ctx); // `db check`, `db backup`; likewise
void add_db_print_command(CLI::App &db, Context &ctx);        // `db print`: a pack as a PDF booklet; likewise
void add_db_manage_commands(CLI::App &db, Context &ctx);      // `db rename|delete|move|sort`; likewise
void add_bench_command(CLI::App &app, Context &ctx);
void add_selftest_command(CLI::App &app, Context &ctx);

// Parses the "k=v" items of an option (`flag`, e.g. "--param": what a bad item's error names).
std::vector<std::pair<std::string, std::string>> parse_key_values(const std::vector<std::string> &items,
                                                                  const std::string &flag);

} // namespace pluzzle::cli
