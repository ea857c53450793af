// pluzzle -- the command-line host: list plugins, solve/check/render/generate levels, manage level databases.
#include <CLI/CLI.hpp>

#include "cli_context.hpp"
#include <pluzzle/host/base/errors.hpp>

#include <csignal>
#include <unistd.h>

namespace {

pluzzle::cli::Context *g_context = nullptr;

void set_action(void (*handler)(int)) {
    struct sigaction action {};
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

// After the first Ctrl-C, how long the solves get to stop: a plugin that never polls its control would otherwise
// keep the run (and the user) waiting; worker processes are stopped well within it (their grace is 2 s + 10%).
constexpr unsigned kStopGraceSeconds = 5;

// Still running that long after Ctrl-C: a solve ignores its cancel flag. Said, then ended (write and _exit are
// async-signal-safe); what was stored or printed stays.
extern "C" void on_stop_overdue(int) {
    static const char message[] = "\npluzzle: a solve did not stop within 5 s of the interrupt (its plugin does not "
                                  "poll its control): ending now\n";
    ssize_t ignored = ::write(STDERR_FILENO, message, sizeof message - 1);
    (void)ignored;
    _exit(130);
}

// First Ctrl-C or SIGTERM: cancel running solves cleanly (results so far are kept), and end anyway after
// kStopGraceSeconds. Both signals get their default action back, so a second one of either kind ends the process
// at once (sigaction and alarm are async-signal-safe).
extern "C" void on_interrupt(int) {
    if (g_context) g_context->cancel.store(true);
    set_action(SIG_DFL);
    struct sigaction overdue {};
    overdue.sa_handler = on_stop_overdue;
    sigemptyset(&overdue.sa_mask);
    sigaction(SIGALRM, &overdue, nullptr);
    alarm(kStopGraceSeconds);
}

const char *kExitCodes = "Exit codes: 0 success; 1 some level failed or is unsolved; 2 usage error; "
                         "3 bad input (unreadable/malformed file, database, parameters, unknown type).";

} // namespace

namespace pluzzle::cli {

std::vector<std::pair<std::string, std::string>> parse_key_values(const std::vector<std::string> &items,
                                                                  const std::string &flag) {
    std::vector<std::pair<std::string, std::string>> out;
    for (auto &item : items) {
        const auto eq = item.find('=');
        if (eq == std::string::npos || eq == 0)
            throw host::InputError(flag, "expected key=value, got '" + item + "'", 0, 0, flag.substr(2));
        out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
    }
    return out;
}

} // namespace pluzzle::cli

int main(int argc, char **argv) {
    using namespace pluzzle;
    cli::Context ctx;
    g_context = &ctx;
    set_action(on_interrupt);

    CLI::App app{"pluzzle -- puzzle engine: plugins, solving, level databases", "pluzzle"};
    app.footer(kExitCodes);
    app.set_version_flag("--version", std::string("pluzzle ") + PLUZZLE_VERSION_STRING);
    app.add_flag("--json", ctx.json, "One JSON object per line on stdout, for scripts");
    app.add_flag("-q,--quiet", ctx.quiet, "No progress line");
    app.add_option("--plugin-path", ctx.plugin_paths, "Extra plugin folder (repeatable)");
    app.add_flag("--in-process", ctx.in_process,
                 "Call plugins in this process instead of a sandboxed worker (for a debugger; a crashing plugin then "
                 "ends the command; also PLUZZLE_IN_PROCESS=1)");
    app.add_option("--settings", ctx.settings_path, "Settings file (JSON: plugin_paths, jobs, timeout_s, author)")
        ->capture_default_str();
    app.require_subcommand(1);
    // Global flags may also follow the subcommand (`pluzzle solve f --json`); inherited by every subcommand.
    app.fallthrough();

    cli::add_plugins_command(app, ctx);
    cli::add_solve_command(app, ctx);
    cli::add_check_command(app, ctx);
    cli::add_render_command(app, ctx);
    cli::add_generate_command(app, ctx);
    cli::add_import_image_command(app, ctx);
    cli::add_db_command(app, ctx);
    cli::add_bench_command(app, ctx);
    cli::add_selftest_command(app, ctx);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError &e) {
        const int code = app.exit(e); // prints help, version or the usage error
        return code == 0 ? cli::kExitOk : cli::kExitUsage;
    } catch (const host::InputError &e) {
        if (ctx.json) {
            host::JsonLine j;
            j.add("error", e.what()).add("file", e.file()).add("line", e.line()).add("column", e.column());
            if (!e.field().empty()) j.add("field", e.field());
            ctx.emit(j);
        }
        std::cerr << "pluzzle: error: " << e.what() << "\n";
        return cli::kExitBadInput;
    } catch (const std::exception &e) {
        if (ctx.json) {
            host::JsonLine j;
            j.add("error", e.what());
            ctx.emit(j);
        }
        std::cerr << "pluzzle: error: " << e.what() << "\n";
        return cli::kExitFailed;
    }
    return ctx.exit_code;
}
