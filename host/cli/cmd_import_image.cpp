// `pluzzle import-image TYPE PICTURE [--param k=v ...] -o LEVEL`: a level read from a picture of a board (a PNG or
// JPEG screenshot) by the plugin, written in its canonical format.
#include <CLI/CLI.hpp>

#include "cli_checks.hpp"
#include "cli_context.hpp"
#include <pluzzle/host/base/text_file.hpp>

namespace pluzzle::cli {

namespace {

struct ImportImageArgs {
    std::string type, picture, output;
    std::vector<std::string> params;
};

int run(Context &ctx, const ImportImageArgs &args) {
    host::PluginRegistry &reg = ctx.registry();
    auto plugin = reg.find(args.type);
    if (!plugin) throw host::InputError(args.type, "unknown puzzle type (installed: " + reg.ids() + ")", 0, 0, "type");
    const std::string bytes = host::read_text_file(args.picture); // any bytes: the plugin decodes the picture
    host::LevelPtr level = plugin->import_image(bytes, parse_key_values(args.params, "--param"), args.picture);
    host::write_text_file(args.output, plugin->encode(level.get()));
    if (ctx.json) {
        host::JsonLine j;
        j.add("picture", args.picture).add("type", plugin->id()).add("output", args.output);
        for (auto &[k, v] : plugin->describe(level.get())) j.add(k, v);
        ctx.emit(j);
    } else if (!ctx.quiet) {
        std::cout << "read a " << plugin->id() << " level from " << args.picture << " -> " << args.output << "\n";
    }
    return kExitOk;
}

} // namespace

void add_import_image_command(CLI::App &app, Context &ctx) {
    auto args = std::make_shared<ImportImageArgs>();
    CLI::App *cmd = app.add_subcommand("import-image", "Read a level from a picture of a board (PNG or JPEG)");
    cmd->add_option("type", args->type, "Puzzle type (plugin id), e.g. loop")->required();
    cmd->add_option("picture", args->picture, "PNG or JPEG file")->required();
    cmd->add_option("-o,--output", args->output, "Level file to write (the plugin's canonical format)")->required();
    cmd->add_option("--param", args->params, "What the picture cannot show, as the generator's k=v (e.g. rules=net)");
    cmd->callback([&ctx, args] { ctx.exit_code = run(ctx, *args); });
}

} // namespace pluzzle::cli
