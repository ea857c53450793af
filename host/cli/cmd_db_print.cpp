// `pluzzle db print DB --pack P -o book.pdf`: a pack as a printable booklet (booklet.hpp) -- each level drawn by
// its plugin, numbered and captioned, one or several to an A4 page, the solutions at the back (a stored final
// solution, else one solved now). Every drawing and solve runs in the plugin sandbox like `render` and `solve`.
#include <CLI/CLI.hpp>

#include "cli_checks.hpp"
#include "cli_context.hpp"
#include "common_options.hpp"
#include "db_open.hpp"
#include <pluzzle/host/render/cairo_writer.hpp>
#include <pluzzle/host/jobs/pack_booklet.hpp>
#include <pluzzle/host/base/text_file.hpp>

#include <algorithm>

namespace pluzzle::cli {

namespace {

struct PrintArgs {
    std::string db, pack, output, title;
    unsigned per_page = 1;
    bool no_solutions = false;
    double timeout_s = 10;
};

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
    host::PackBookletOptions options;
    options.layout.per_page = args.per_page;
    options.layout.title = args.title;
    options.layout.solutions = !args.no_solutions;
    options.timeout_s = args.timeout_s;
    options.site = ctx.call_site();
    const host::PackBooklet booklet = host::pack_booklet(store, ctx.registry(), args.pack, options);
    const std::vector<host::DisplayList> &pages = booklet.pages;
    const size_t solutions = booklet.solutions;
    host::write_text_file(args.output, host::pdf_document(pages, 1));
    if (ctx.json) {
        host::JsonLine j;
        j.add("file", args.db).add("pack", args.pack).add("output", args.output);
        j.add("levels", uint64_t(booklet.levels))
            .add("solutions", uint64_t(solutions))
            .add("pages", uint64_t(pages.size()));
        ctx.emit(j);
    } else if (!ctx.quiet) {
        std::cout << "wrote " << args.output << ": " << booklet.levels << " level(s), " << solutions << " solution(s), "
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
    add_database_argument(*print, args->db);
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
