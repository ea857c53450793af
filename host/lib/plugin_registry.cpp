#include "plugin_registry.hpp"

#include "ai_profiles.hpp"
#include "elf_check.hpp"

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

bool valid_id(const char *id) {
    if (!id || !*id || std::strlen(id) > 40) return false;
    for (const char *c = id; *c; ++c)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_' || *c == '-')) return false;
    return true;
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

} // namespace

std::string check_plugin_table(const pz_plugin *t, uint32_t host_major) {
    if (!t) return "its entry point returned no plugin table";
    if (t->abi_major != host_major)
        return "built for plugin ABI " + std::to_string(t->abi_major) + "." + std::to_string(t->abi_minor) +
               ", but this pluzzle supports ABI " + std::to_string(host_major) + ".x";
    if (t->struct_size < PZ_PLUGIN_SIZE_1_0)
        return "plugin table is " + std::to_string(t->struct_size) + " bytes, smaller than ABI 1.0 requires (" +
               std::to_string(PZ_PLUGIN_SIZE_1_0) + ")";
    if (!valid_id(t->id)) return "invalid plugin id (must be 1-40 characters of [a-z0-9_-])";
    if (!t->name || !*t->name) return "plugin '" + std::string(t->id) + "' has no name";
    if (!t->version || !*t->version) return "plugin '" + std::string(t->id) + "' has no version";
    if (!t->formats || t->format_count == 0) return "plugin '" + std::string(t->id) + "' declares no format";
    struct Need {
        bool needed;
        bool present;
        const char *what;
    };
    const uint64_t caps = t->capabilities;
    const Need needs[] = {
        {true, t->parse && t->encode && t->level_free && t->validate && t->render,
         "parse, encode, level_free, validate and render"},
        {(caps & PZ_CAP_SOLVE) != 0, t->solve != nullptr, "solve (capability 'solve')"},
        {(caps & PZ_CAP_GENERATE) != 0, t->generate != nullptr, "generate (capability 'generate')"},
        {(caps & PZ_CAP_PLAY) != 0,
         t->state_new && t->state_decode && t->state_encode && t->state_free && t->state_status && t->interpret &&
             t->execute,
         "the play functions (capability 'play')"},
        {(caps & PZ_CAP_EDIT) != 0, t->edit_interpret && t->edit_execute, "the edit functions (capability 'edit')"},
        {(caps & PZ_CAP_GAME) != 0, PZ_HAS(t, ai_move), "ai_move of ABI 1.1 (capability 'game')"},
        {(caps & PZ_CAP_BLANK) != 0, PZ_HAS(t, blank_level), "blank_level of ABI 1.2 (capability 'blank')"},
    };
    for (auto &n : needs)
        if (n.needed && !n.present) return "plugin '" + std::string(t->id) + "' lacks " + n.what;
    // Every string of the descriptors must be there (NUL-terminated, may be empty): the host prints them all.
    const std::string who = "plugin '" + std::string(t->id) + "' ";
    if (!t->description) return who + "has no description string";
    for (uint32_t i = 0; i < t->format_count; ++i) {
        const pz_format &f = t->formats[i];
        if (!f.name || !*f.name || !f.extensions || !f.description) return who + "has a format with a missing name or string";
    }
    if (t->param_count && !t->params) return who + "declares parameters but no table";
    for (uint32_t i = 0; i < t->param_count; ++i) {
        const pz_param_desc &d = t->params[i];
        if (!d.name || !*d.name || !d.default_value || !d.choices || !d.help)
            return who + "has parameter " + std::to_string(i + 1) + " with a missing name or string";
    }
    if (t->tool_count && !t->tools) return who + "declares tools but no table";
    for (uint32_t i = 0; i < t->tool_count; ++i) {
        const pz_tool_desc &d = t->tools[i];
        if (!d.id || !*d.id || !d.name || !d.shortcut || !d.help)
            return who + "has tool " + std::to_string(i + 1) + " with a missing id or string";
    }
    if (PZ_HAS(t, ais) || (t->struct_size >= offsetof(pz_plugin, ai_count) + sizeof t->ai_count && t->ai_count)) {
        if (t->ai_count && !t->ais) return who + "declares AIs but no table";
        for (uint32_t i = 0; i < t->ai_count; ++i) {
            const pz_ai_desc &d = t->ais[i];
            if (!d.id || !*d.id || !d.name || !d.help) return who + "has AI " + std::to_string(i + 1) + " with a missing id or string";
        }
    }
    if (t->struct_size >= offsetof(pz_plugin, solver_option_count) + sizeof t->solver_option_count) {
        if (t->solver_option_count && !t->solver_options) return who + "declares solver options but no table";
        for (uint32_t i = 0; i < t->solver_option_count; ++i) {
            const pz_param_desc &d = t->solver_options[i];
            if (!d.name || !*d.name || !d.default_value || !d.choices || !d.help)
                return who + "has solver option " + std::to_string(i + 1) + " with a missing name or string";
        }
    }
    if (t->struct_size >= offsetof(pz_plugin, ai_profile_count) + sizeof t->ai_profile_count && t->ai_profile_count) {
        if (!t->ai_profiles) return who + "declares AI profiles but no table";
        if (!PZ_HAS(t, ai_profile_update)) return who + "declares AI profiles but lacks ai_profile_update (ABI 1.2)";
        for (uint32_t i = 0; i < t->ai_profile_count; ++i) {
            const pz_ai_profile &d = t->ai_profiles[i];
            const std::string which = who + "has AI profile " + std::to_string(i + 1);
            if (!d.ai || !d.name || !*d.name || !d.default_value || !d.help) return which + " with a missing string";
            bool known = false;
            for (uint32_t k = 0; k < t->ai_count && PZ_HAS(t, ais); ++k)
                known = known || std::strcmp(d.ai, t->ais[k].id) == 0;
            if (!known) return which + " for an unknown AI '" + d.ai + "'";
            for (uint32_t k = 0; k < i; ++k)
                if (std::strcmp(d.ai, t->ai_profiles[k].ai) == 0) return which + ": AI '" + d.ai + "' has two profiles";
            if (std::string why = profile_value_problem(d.default_value); !why.empty())
                return which + ": bad default value: " + why;
        }
    }
    return {};
}

namespace {

// The folder of the running executable (build/bin or <prefix>/bin).
fs::path executable_folder() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
}

// True when `exe_dir` lies inside this build tree (then the build's plugin folder is the one to use).
bool inside_build_tree(const fs::path &exe_dir) {
    std::error_code ec;
    const fs::path build = fs::weakly_canonical(fs::path(PLUZZLE_BUILD_PLUGIN_DIR) / ".." / ".." / "..", ec);
    const fs::path dir = fs::weakly_canonical(exe_dir, ec);
    const std::string b = build.string(), d = dir.string();
    return !b.empty() && d.compare(0, b.size(), b) == 0 && (d.size() == b.size() || d[b.size()] == '/');
}

} // namespace

std::vector<std::string> PluginRegistry::default_search_path(const std::vector<std::string> &extra) {
    std::vector<std::string> out;
    const fs::path exe_dir = executable_folder();
    const bool in_build = inside_build_tree(exe_dir);
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
        std::vector<std::string> files;
        std::error_code ec;
        for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
            if (it->path().extension() == ".so") files.push_back(it->path().string()); // load_file checks the kind
        if (ec) problems_.push_back({folder, "cannot list folder: " + ec.message()});
        std::sort(files.begin(), files.end());
        for (auto &f : files) load_file(f);
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
    dll::shared_library lib;
    try {
        // rtld_now: a library with unresolved symbols fails here, with a message, not later inside a call.
        lib.load(path, dll::load_mode::rtld_now | dll::load_mode::rtld_local);
    } catch (const std::exception &e) {
        return reject(path, std::string("not a loadable shared library: ") + loader_message(e.what()));
    }
    // Kept loaded even if rejected below: its static initialisers have run and may have left state behind.
    const dll::shared_library &kept = loaded_libraries().emplace_back(std::move(lib));
    if (!kept.has(PZ_ENTRY_SYMBOL))
        return reject(path, std::string("not a pluzzle plugin: it lacks the symbol '") + PZ_ENTRY_SYMBOL + "'");
    const pz_plugin *table = nullptr;
    try {
        auto &entry = kept.get_alias<const pz_plugin *(uint32_t, uint32_t)>(PZ_ENTRY_SYMBOL);
        table = entry(PZ_ABI_MAJOR, PZ_ABI_MINOR);
    } catch (const std::exception &e) {
        return reject(path, std::string("cannot read its entry point: ") + e.what());
    }
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
