#include <pluzzle/host/plugin/plugin_registry.hpp>

#include "plugin/elf_check.hpp"

#include <pluzzle/host/base/install_paths.hpp>
#include <pluzzle/host/plugin/plugin_trust.hpp>
#include <pluzzle/host/base/utf8.hpp>

#include <boost/dll/shared_library.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

namespace fs = std::filesystem;

namespace pluzzle::host {

namespace {

// Libraries are never unloaded (objects made by plugin code must outlive every handle, ABI rule 8), so they
// live in a process-wide list that is deliberately never destroyed.
std::vector<boost::dll::shared_library> &loaded_libraries() {
    static auto *libraries = new std::vector<boost::dll::shared_library>();
    return *libraries;
}

void add_if_folder(std::vector<std::string> &out, const std::string &path) {
    std::error_code ec;
    if (path.empty() || !fs::is_directory(path, ec)) return;
    const std::string canonical = fs::weakly_canonical(path, ec).string();
    if (std::find(out.begin(), out.end(), canonical) == out.end()) out.push_back(canonical);
}

// Boost.DLL appends the errno text of its own last call (": Bad file descriptor") to dlerror()'s message,
// which only misleads: keep dlerror()'s part.
std::string loader_message(std::string what) {
    for (const char *noise : {": Bad file descriptor", ": Success"}) {
        const std::string n(noise);
        if (what.size() > n.size() && what.compare(what.size() - n.size(), n.size(), n) == 0) what.resize(what.size() - n.size());
    }
    return what;
}

// ABI 1.5's error channel: the plugin's own reason for returning no table, as ": <reason>" ("" without one).
std::string entry_error(const boost::dll::shared_library &lib) {
    try {
        if (!lib.has(PZ_ENTRY_ERROR_SYMBOL)) return "";
        const char *reason = lib.get<const char *()>(PZ_ENTRY_ERROR_SYMBOL)();
        if (!reason || !*reason) return "";
        std::string text(reason, strnlen(reason, 1000)); // a runaway string is cut, not read past its end forever
        return ": " + repair_utf8(text);
    } catch (const std::exception &) {
        return "";
    }
}

} // namespace

std::vector<std::string> PluginRegistry::default_search_path(const std::vector<std::string> &extra) {
    std::vector<std::string> out;
    const fs::path exe_dir = executable_folder();
    const bool in_build = running_from_build_tree();
    if (in_build) add_if_folder(out, PLUZZLE_BUILD_PLUGIN_DIR);
    if (const char *env = std::getenv("PLUZZLE_PLUGIN_PATH")) {
        std::stringstream parts(env);
        std::string item;
        while (std::getline(parts, item, ':')) add_if_folder(out, item);
    }
    for (auto &e : extra) add_if_folder(out, e);
    // The install prefix's folder, found from the executable so a relocated install still finds its plugins;
    // the configured prefix too, for a binary copied elsewhere.
    if (!in_build && !exe_dir.empty()) add_if_folder(out, (exe_dir / PLUZZLE_BIN_TO_PLUGIN_DIR).string());
    add_if_folder(out, PLUZZLE_INSTALL_PLUGIN_DIR);
    if (const char *home = std::getenv("HOME")) add_if_folder(out, std::string(home) + "/.local/share/pluzzle/plugins");
    return out;
}

void PluginRegistry::load_folders(const std::vector<std::string> &folders) {
    for (auto &folder : folders) {
        // Anyone who can write the folder can add a library to it, which would then be loaded as a plugin.
        if (FileOwnership folder_trust = plugin_file_ownership(folder); !folder_trust.problem.empty()) {
            reject(folder, folder_trust.problem);
            continue;
        }
        std::vector<std::string> files;
        std::error_code ec;
        for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
            if (it->path().extension() == ".so") files.push_back(it->path().string()); // load_file checks the kind
        if (ec) problems_.push_back({folder, "cannot list folder: " + ec.message()});
        std::sort(files.begin(), files.end());
        for (auto &f : files) {
            load_file(f);
        }
    }
}

bool PluginRegistry::reject(const std::string &path, const std::string &reason) {
    problems_.push_back({path, reason});
    return false;
}

bool PluginRegistry::load_file(const std::string &path) {
    namespace dll = boost::dll;
    // A FIFO would block dlopen forever and a truncated file would crash it: look before loading.
    if (std::string why = elf_problem(path); !why.empty()) return reject(path, "not a loadable shared library: " + why);
    if (FileOwnership trust = plugin_file_ownership(path); !trust.problem.empty()) return reject(path, trust.problem);
    dll::shared_library lib;
    try {
        // rtld_now: a library with unresolved symbols fails here, with a message, not later inside a call.
        lib.load(path, dll::load_mode::rtld_now | dll::load_mode::rtld_local);
    } catch (const std::exception &e) {
        return reject(path, std::string("not a loadable shared library: ") + loader_message(e.what()));
    }
    // Kept loaded even if rejected below: its static initialisers have run and may have left state behind.
    const dll::shared_library &kept = loaded_libraries().emplace_back(std::move(lib));
    // ABI 1.3 plugins export a plain C function; 1.0-1.2 ones a Boost.DLL alias (a variable holding its address).
    pz_entry_fn entry = nullptr;
    try {
        if (kept.has(PZ_ENTRY_SYMBOL))
            entry = &kept.get<const pz_plugin *(uint32_t, uint32_t)>(PZ_ENTRY_SYMBOL);
        else if (kept.has(PZ_LEGACY_ALIAS_SYMBOL))
            entry = &kept.get_alias<const pz_plugin *(uint32_t, uint32_t)>(PZ_LEGACY_ALIAS_SYMBOL);
    } catch (const std::exception &e) {
        return reject(path, std::string("cannot read its entry point: ") + e.what());
    }
    if (!entry)
        return reject(path, std::string("not a pluzzle plugin: it lacks the entry function '") + PZ_ENTRY_SYMBOL +
                                "' (and the alias '" + PZ_LEGACY_ALIAS_SYMBOL + "' of ABI 1.0-1.2)");
    const pz_plugin *table = entry(PZ_ABI_MAJOR, PZ_ABI_MINOR);
    if (!table) return reject(path, "its entry point returned no plugin table" + entry_error(kept));
    if (std::string why = check_plugin_table(table); !why.empty()) return reject(path, why);
    if (auto existing = find(table->id))
        return reject(path, "duplicate plugin id '" + std::string(table->id) + "' (already loaded from " +
                                existing->path() + ")");
    plugins_.push_back(std::make_shared<const Plugin>(table, path));
    return true;
}

std::shared_ptr<const Plugin> PluginRegistry::find(const std::string &id) const {
    for (auto &p : plugins_)
        if (p->id() == id) return p;
    return nullptr;
}

std::string PluginRegistry::ids() const {
    std::string out;
    for (auto &p : plugins_) out += (out.empty() ? "" : ", ") + p->id();
    return out.empty() ? "none" : out;
}

} // namespace pluzzle::host
