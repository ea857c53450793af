// `pluzzle db print DB --pack P -o book.pdf`: a pack as a printable booklet (booklet.hpp) -- each level drawn by
// its plugin, numbered and captioned, one or several to an A4 page, the solutions at the back (a stored final
// solution, else one solved now). Every drawing and solve runs in the plugin sandbox like `render` and `solve`.
#include <CLI/CLI.hpp>

#include "cli_checks.hpp"
#include "cli_context.hpp"
#include "db_open.hpp"
#include "sandboxed_call.hpp"
#include <pluzzle/host/booklet.hpp>
#include <pluzzle/host/cairo_writer.hpp>
#include <pluzzle/host/text_file.hpp>

#include <algorithm>

namespace pluzzle::cli {

namespace {

struct PrintArgs {
    std::string db, pack, output, title;
    unsigned per_page = 1;
    bool no_solutions = false;
    double timeout_s = 10;
};

// The level (with `state` on it, when given) as its plugin draws it.
host::DisplayList draw(Context &ctx, const host::Plugin &plugin, const std::string &text, const std::string &source,
                       const std::string *state) {
    if (ctx.sandboxed())
        return host::drawing_of(
            sandboxed_answer(ctx, host::render_call(plugin, text, state, source, "display_list", 1), plugin));
    const host::LevelPtr level = plugin.parse(text, plugin.formats().at(0).name, source).at(0).level;
    const host::StatePtr s = state ? plugin.decode_state(level, *state, source) : nullptr;
    return plugin.render(level.get(), s.get());
}

// A stored final solution from this plugin, else one found now within the timeout; empty when there is none.
std::string solution_of(Context &ctx, host::Store &store, const host::Plugin &plugin, const host::LevelRecord &level,
                        const std::string &source, double timeout_s) {
    for (const host::ResultRecord &r : store.results(level.id))
        if (r.plugin_id == plugin.id() && host::attempt_solved(r.status) && !r.solution.empty()) return r.solution;
    if (!plugin.can(PZ_CAP_SOLVE)) return {};
    host::SolveOptions options;
    options.time_limit_s = timeout_s;
    options.max_solutions = 1;
    options.cancel = &ctx.cancel;
    host::SolveReport report;
    if (ctx.sandboxed()) {
        const host::SandboxOutcome out =
            ctx.sandbox()->call(host::solve_call(plugin, level.text, source, options), plugin.id(),
                                {host::sandbox_deadline(timeout_s)}, &ctx.cancel);
        if (!out.answered()) throw host::PluginError(source + ": " + out.reason);
        report = host::solve_report_of(*out.answer);
    } else {
        const host::LevelPtr parsed = plugin.parse(level.text, plugin.formats().at(0).name, source).at(0).level;
        report = plugin.solve(parsed.get(), options);
    }
    return report.solutions.empty() ? std::string() : report.solutions[0];
}

int run(Context &ctx, const PrintArgs &args) {
    if (host::drawing_format(args.output) != "pdf")
        throw host::InputError(args.output, "a booklet is a PDF: name the output *.pdf", 0, 0, "output");
    if (std::find(std::begin(host::kBookletPerPage), std::end(host::kBookletPerPage), args.per_page) ==
        std::end(host::kBookletPerPage))
        throw host::InputError("--per-page",
                               std::to_string(args.per_page) + " puzzles a page is not a layout: 1, 2, 4, 6, 9 or 12",
                               0, 0, "per-page");
    ctx.sandbox(); // the worker starts while the plugins load
    host::Store store = open_for_reading(args.db);
    const auto packs = store.packs();
    if (std::none_of(packs.begin(), packs.end(), [&](const host::PackInfo &p) { return p.name == args.pack; })) {
        std::string names;
        for (const auto &p : packs)
            names += (names.empty() ? "" : ", ") + p.name;
        throw host::InputError(args.db, "no pack '" + args.pack + "' (packs: " + (names.empty() ? "none" : names) + ")",
                               0, 0, "pack");
    }
    const std::vector<host::LevelRecord> levels = store.levels(host::LevelFilter(args.pack));
    std::vector<host::BookletPuzzle> puzzles;
    size_t solutions = 0;
    for (const host::LevelRecord &level : levels) {
        const std::string source = args.db + " level " + std::to_string(level.id);
        const auto plugin = ctx.registry().find(level.type);
        if (!plugin)
            throw host::InputError(
                source, "type '" + level.type + "' has no installed plugin (installed: " + ctx.registry().ids() + ")",
                0, 0, "type");
        if (!host::level_text_intact(level))
            throw host::InputError(source, "its text does not match its hash: the database is damaged (see `pluzzle "
                                           "db check`)");
        host::BookletPuzzle p;
        p.caption = level.name;
        p.puzzle = draw(ctx, *plugin, level.text, source, nullptr);
        if (!args.no_solutions && plugin->can(PZ_CAP_PLAY)) {
            const std::string solution = solution_of(ctx, store, *plugin, level, source, args.timeout_s);
            if (!solution.empty()) {
                p.solution = draw(ctx, *plugin, level.text, source, &solution);
                ++solutions;
            }
        }
        puzzles.push_back(std::move(p));
    }
    host::BookletLayout layout;
    layout.per_page = args.per_page;
    layout.title = args.title.empty() ? args.pack : args.title;
    layout.solutions = !args.no_solutions;
    const std::vector<host::DisplayList> pages = host::booklet_pages(puzzles, layout);
    host::write_text_file(args.output, host::pdf_document(pages, 1));
    if (ctx.json) {
        host::JsonLine j;
        j.add("file", args.db).add("pack", args.pack).add("output", args.output);
        j.add("levels", uint64_t(puzzles.size()))
            .add("solutions", uint64_t(solutions))
            .add("pages", uint64_t(pages.size()));
        ctx.emit(j);
    } else if (!ctx.quiet) {
        std::cout << "wrote " << args.output << ": " << puzzles.size() << " level(s), " << solutions << " solution(s), "
                  << pages.size() << " page(s)\n";
    }
    return kExitOk;
}

} // namespace

void add_db_print_command(CLI::App &db, Context &ctx) {
    auto args = std::make_shared<PrintArgs>();
    CLI::App *print = db.add_subcommand(
        "print", "A pack as a printable PDF booklet: numbered puzzles, one or several to an A4 page, solutions at the "
                 "back (stored ones, else solved now)");
    print->add_option("db", args->db, "Database file")->required();
    print->add_option("--pack", args->pack, "The pack to print")->required();
    print->add_option("-o,--output", args->output, "The booklet (.pdf)")->required();
    print->add_option("--per-page", args->per_page, "Puzzles a page: 1, 2, 4, 6, 9 or 12")->capture_default_str();
    print->add_option("--title", args->title, "The head of every page (default: the pack's name)");
    print->add_flag("--no-solutions", args->no_solutions, "Leave out the solution pages");
    print->add_option("--timeout", args->timeout_s, "Seconds to solve a level that has no stored solution")
        ->check(kSeconds)
        ->capture_default_str();
    print->callback([&ctx, args] { ctx.exit_code = run(ctx, *args); });
}

} // namespace pluzzle::cli
