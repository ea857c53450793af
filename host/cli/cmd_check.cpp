// `pluzzle check FILE --solution FILE`: is this a solution of that level?
#include <CLI/CLI.hpp>

#include "common_options.hpp"
#include "level_choice.hpp"
#include <pluzzle/host/sandbox/plugin_calls.hpp>

namespace pluzzle::cli {

namespace {

struct CheckArgs {
    std::string file, solution, type, format;
    size_t index = 1;
};

int run(Context &ctx, const CheckArgs &args) {
    host::SourceLevel l = choose_level(ctx, args.file, ctx.source_options(args.type, args.format), args.index);
    const std::string solution = host::read_text_file(args.solution);
    const host::CheckReport r = host::check_level(*l.plugin, host::level_arg(l, "level"), solution, ctx.call_site());
    if (ctx.json) {
        host::JsonLine j;
        j.add("file", l.file).add("index", uint64_t(l.index)).add("type", l.plugin->id());
        j.add("solution_file", args.solution).add("correct", r.ok).add("message", r.message);
        ctx.emit(j);
    } else {
        std::cout << args.solution << ": " << (r.ok ? "correct" : "wrong: " + r.message) << "\n";
    }
    return r.ok ? kExitOk : kExitFailed;
}

} // namespace

void add_check_command(CLI::App &app, Context &ctx) {
    auto args = std::make_shared<CheckArgs>();
    CLI::App *cmd = app.add_subcommand("check", "Check a solution (exit 0 correct, 1 wrong)");
    cmd->add_option("file", args->file, "Level file")->required();
    cmd->add_option("--solution", args->solution, "Solution file (the text `solve` prints)")->required();
    add_level_index_option(*cmd, args->index);
    add_level_type_options(*cmd, args->type, args->format);
    cmd->callback([&ctx, args] { ctx.exit_code = run(ctx, *args); });
}

} // namespace pluzzle::cli
