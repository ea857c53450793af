// `pluzzle generate TYPE --seed N --count K (-o FILE | --db DB --pack NAME)`: new levels from a generator.
#include <CLI/CLI.hpp>

#include "cli_checks.hpp"
#include "cli_context.hpp"
#include <pluzzle/host/levels/level_source.hpp>
#include <pluzzle/host/levels/pack_file.hpp>
#include <pluzzle/host/store/store.hpp>

#include <filesystem>

namespace pluzzle::cli {

namespace {

struct GenerateArgs {
    std::string type, output, db, pack;
    std::vector<std::string> params;
    uint64_t seed = 1;
    unsigned count = 1;
    double timeout_s = 0;
    bool to_db = false; // --db given (even as "", which is then refused as a path)
};

std::string params_text(const std::vector<std::pair<std::string, std::string>> &kv) {
    std::string s;
    for (auto &[k, v] : kv) s += (s.empty() ? "" : " ") + k + "=" + v;
    return s;
}

int run(Context &ctx, const GenerateArgs &args) {
    // Checked before generating anything (that can take long).
    if (args.to_db) {
        host::check_database_path(args.db, host::DatabaseUse::Create);
    } else if (args.count > 1 && std::filesystem::path(args.output).extension() != ".json") {
        throw host::InputError(args.output, "several levels are written as a pack file: name it *.json", 0, 0,
                               "output");
    }
    host::PluginRegistry &reg = ctx.registry();
    auto plugin = reg.find(args.type);
    if (!plugin) throw host::InputError(args.type, "unknown puzzle type (installed: " + reg.ids() + ")", 0, 0, "type");
    if (!plugin->can(PZ_CAP_GENERATE)) throw host::InputError(args.type, "this puzzle type has no generator", 0, 0, "type");
    const auto params = parse_key_values(args.params, "--param");
    const std::string ptext = params_text(params);

    host::PackFile pack;
    pack.name = args.pack.empty() ? args.type + "-generated" : args.pack;
    for (unsigned i = 0; i < args.count; ++i) {
        const uint64_t seed = args.seed + i; // consecutive seeds: level i is reproducible alone
        host::SolveOptions so;
        so.time_limit_s = args.timeout_s;
        so.cancel = &ctx.cancel;
        host::LevelPtr level = plugin->generate(params, seed, so);
        std::string name = args.type + " seed " + std::to_string(seed);
        pack.levels.push_back({plugin->id(), name, "", ptext + (ptext.empty() ? "" : " ") + "seed=" + std::to_string(seed),
                               plugin->encode(level.get())});
    }

    size_t added = pack.levels.size();
    if (args.to_db) {
        host::Store store(args.db);
        std::vector<host::LevelRecord> records;
        for (auto &l : pack.levels) {
            host::LevelRecord r;
            r.type = l.type;
            r.name = l.name;
            r.params = l.params;
            r.text = l.text;
            records.push_back(std::move(r));
        }
        added = store.add_levels(store.ensure_pack(pack.name), std::move(records));
    } else if (args.count == 1 && std::filesystem::path(args.output).extension() != ".json") {
        host::write_text_file(args.output, pack.levels[0].text);
    } else {
        host::write_pack_file(args.output, pack);
    }
    if (ctx.json) {
        host::JsonLine j;
        j.add("type", plugin->id()).add("generated", uint64_t(pack.levels.size())).add("added", uint64_t(added));
        j.add("output", args.db.empty() ? args.output : args.db);
        ctx.emit(j);
    } else if (!ctx.quiet) {
        std::cout << "generated " << pack.levels.size() << " " << plugin->id() << " level(s) -> "
                  << (args.db.empty() ? args.output : args.db + " pack " + pack.name + " (" + std::to_string(added) + " new)")
                  << "\n";
    }
    return kExitOk;
}

} // namespace

void add_generate_command(CLI::App &app, Context &ctx) {
    auto args = std::make_shared<GenerateArgs>();
    CLI::App *cmd = app.add_subcommand("generate", "Generate levels with a plugin's generator");
    cmd->add_option("type", args->type, "Puzzle type (plugin id)")->required();
    cmd->add_option("--param", args->params, "Generator parameter key=value (repeatable; see `pluzzle plugins`)");
    cmd->add_option("--seed", args->seed, "First seed; level i uses seed+i")->check(kNotNegative);
    cmd->add_option("--count", args->count, "How many levels")->check(kNotNegative & CLI::Range(1u, 1000000u));
    cmd->add_option("--timeout", args->timeout_s, "Seconds per level (0 = none)")->check(kSeconds);
    auto *out = cmd->add_option("-o,--output", args->output,
                                "File to write: canonical text for one level, else a pack .json");
    auto *db = cmd->add_option("--db", args->db, "Level database to add the levels to (created if missing)");
    auto *pack = cmd->add_option("--pack", args->pack, "Pack name in the database (default TYPE-generated)");
    out->excludes(db);
    pack->needs(db);
    cmd->callback([&ctx, args, out, db] {
        args->to_db = db->count() > 0;
        if (!out->count() && !args->to_db) throw CLI::RequiredError("-o,--output or --db");
        ctx.exit_code = run(ctx, *args);
    });
}

} // namespace pluzzle::cli
