// `pluzzle render FILE [--solution FILE] -o out.svg`: draw a level (and a solution) without any display.
#include <CLI/CLI.hpp>

#include "cli_checks.hpp"
#include "common_options.hpp"
#include "level_choice.hpp"
#include <pluzzle/host/render/cairo_writer.hpp>
#include <pluzzle/host/sandbox/plugin_calls.hpp>

namespace pluzzle::cli {

namespace {

struct RenderArgs {
    std::string file, solution, output, type, format;
    size_t index = 1;
    float scale = 1;
};

int run(Context &ctx, const RenderArgs &args) {
    const std::string format = host::drawing_format(args.output); // before any work: a wrong name fails at once
    host::SourceLevel l = choose_level(ctx, args.file, ctx.source_options(args.type, args.format), args.index);
    std::string state_text;
    if (!args.solution.empty()) {
        if (!l.plugin->can(PZ_CAP_PLAY))
            throw host::InputError(args.solution, "type '" + l.plugin->id() + "' cannot draw a solution (no play state)");
        state_text = host::read_text_file(args.solution);
    }
    // Sandboxed, the state is read and the drawing made in the worker: a crash there is the plugin's.
    const std::string *state = args.solution.empty() ? nullptr : &state_text;
    // A solution is drawn for a reader to follow (ABI 1.9: the moves on the level, for the plugins that draw them).
    host::write_text_file(args.output,
                          host::render_level(*l.plugin, host::level_arg(l, "level"), state, args.solution, format,
                                             args.scale, ctx.call_site(), host::StateDrawing::solution));
    if (ctx.json) {
        host::JsonLine j;
        j.add("file", l.file).add("index", uint64_t(l.index)).add("type", l.plugin->id()).add("output", args.output);
        ctx.emit(j);
    } else if (!ctx.quiet) {
        std::cout << "wrote " << args.output << "\n";
    }
    return kExitOk;
}

} // namespace

void add_render_command(CLI::App &app, Context &ctx) {
    auto args = std::make_shared<RenderArgs>();
    CLI::App *cmd = app.add_subcommand("render", "Render a level (optionally with a solution) to SVG, PNG or PDF (by the output's extension)");
    cmd->add_option("file", args->file, "Level file")->required();
    cmd->add_option("--solution", args->solution, "Solution (or play-state) file, drawn for a reader to follow: the moves on the level where "
                                              "its plugin draws them (ABI 1.9), else the finished board");
    cmd->add_option("-o,--output", args->output, "File to write: .svg, .png or .pdf")->required();
    add_level_index_option(*cmd, args->index);
    cmd->add_option("--scale", args->scale, "Pixels (PDF: points) per plugin unit")->check(kScale);
    add_level_type_options(*cmd, args->type, args->format);
    cmd->callback([&ctx, args] { ctx.exit_code = run(ctx, *args); });
}

} // namespace pluzzle::cli
