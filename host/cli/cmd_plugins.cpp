// `pluzzle plugins`: what is installed, and what was found but skipped (path + reason).
#include <CLI/CLI.hpp>

#include "cli_context.hpp"
#include <pluzzle/host/plugin/plugin_trust.hpp>

#include <memory>

#include <iomanip>

namespace pluzzle::cli {

namespace {

std::string format_list(const host::Plugin &p) {
    std::string out;
    for (auto &f : p.formats()) {
        out += (out.empty() ? "" : ", ") + f.name;
        if (!f.extensions.empty()) out += " (" + f.extensions + ")";
    }
    return out;
}

// The files and folders found but not loaded, each with its reason.
void print_skipped(Context &ctx, const host::PluginRegistry &reg) {
    for (auto &problem : reg.problems()) {
        if (ctx.json) {
            host::JsonLine j;
            j.add("skipped", problem.path).add("reason", problem.reason);
            ctx.emit(j);
        } else {
            std::cout << "skipped " << problem.path << "\n    " << problem.reason << "\n";
        }
    }
}

// --verify: what exactly would run -- each loaded plugin's file, who owns it, its mode and its SHA-256 (compare it
// with the one its author published), and the files and folders refused with the reason.
int run_verify(Context &ctx) {
    host::PluginRegistry &reg = ctx.registry();
    for (auto &p : reg.plugins()) {
        const host::FileOwnership own = host::plugin_file_ownership(p->path());
        const std::string sha = host::sha256_file_hex(p->path());
        const std::string mode = host::mode_text(own.mode);
        if (ctx.json) {
            host::JsonLine j;
            j.add("id", p->id()).add("version", p->version()).add("path", p->path()).add("owner", own.owner);
            j.add("group", own.group).add("mode", mode).add("sha256", sha);
            ctx.emit(j);
        } else {
            std::cout << p->id() << " " << p->version() << "  " << p->path() << "\n    owner " << own.owner << ":"
                      << own.group << "  mode " << mode << "  sha256 " << sha << "\n";
        }
    }
    print_skipped(ctx, reg);
    return kExitOk;
}

int run(Context &ctx) {
    host::PluginRegistry &reg = ctx.registry();
    for (auto &p : reg.plugins()) {
        if (ctx.json) {
            std::vector<std::string> formats, params, tools, ais, profiles;
            for (auto &f : p->formats()) formats.push_back(f.name);
            for (auto &x : p->params()) params.push_back(x.name);
            for (auto &t : p->tools()) tools.push_back(t.id);
            for (auto &a : p->ais()) {
                ais.push_back(a.id);
                if (auto profile = p->ai_profile(a.id))
                    profiles.push_back(a.id + ":" + profile->name + "=" + profile->default_value);
            }
            host::JsonLine j;
            j.add("id", p->id()).add("name", p->name()).add("version", p->version()).add("abi", p->abi());
            j.add("path", p->path()).add("capabilities", host::capability_list(p->capabilities()));
            j.add("formats", formats).add("params", params).add("tools", tools).add("ais", ais);
            j.add("ai_profiles", profiles); // "adaptive:skill=50": kept per player (`pluzzle db profiles`)
            ctx.emit(j);
        } else {
            std::cout << p->id() << "  " << p->name() << " " << p->version() << "  (ABI " << p->abi() << ")\n"
                      << "    path:         " << p->path() << "\n"
                      << "    capabilities: " << host::capability_list(p->capabilities()) << "\n"
                      << "    formats:      " << format_list(*p) << "\n";
            if (!p->params().empty()) {
                std::cout << "    generator:   ";
                for (auto &x : p->params()) std::cout << " " << x.name << "=" << x.default_value;
                std::cout << "\n";
            }
            if (!p->ais().empty()) {
                std::cout << "    AIs:         ";
                for (auto &a : p->ais()) {
                    std::cout << " " << a.id;
                    if (auto profile = p->ai_profile(a.id)) // kept per player in the database
                        std::cout << " (" << profile->name << " per player, default " << profile->default_value << ")";
                }
                std::cout << "\n";
            }
        }
    }
    print_skipped(ctx, reg);
    if (reg.plugins().empty() && !ctx.json) std::cout << "no plugins found\n";
    return kExitOk;
}

} // namespace

void add_plugins_command(CLI::App &app, Context &ctx) {
    CLI::App *cmd = app.add_subcommand("plugins", "List installed puzzle plugins and any that were skipped");
    auto verify = std::make_shared<bool>(false);
    cmd->add_flag("--verify", *verify, "Show each plugin's file: path, owner, mode and SHA-256");
    cmd->callback([&ctx, verify] { ctx.exit_code = *verify ? run_verify(ctx) : run(ctx); });
}

} // namespace pluzzle::cli
