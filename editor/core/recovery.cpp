#include "recovery.hpp"

#include <pluzzle/host/levels/pack_file.hpp>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <unistd.h>

namespace pluzzle::editor {
namespace fs = std::filesystem;
namespace {

constexpr const char *kPrefix = "editor-";

// The origin as "key=value" lines in the pack description.
std::string origin_text(const LevelOrigin &o, long pid) {
    return "database=" + o.database + "\npack=" + o.pack + "\nlevel_id=" + std::to_string(o.level_id) +
           "\nrevision=" + std::to_string(o.revision) + "\npid=" + std::to_string(pid) + "\n";
}

std::string line_value(const std::string &text, const std::string &key) {
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line))
        if (line.rfind(key + "=", 0) == 0) return line.substr(key.size() + 1);
    return {};
}

bool process_alive(long pid) { return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM); }

} // namespace

std::string RecoveryStore::default_folder() {
    if (const char *state = std::getenv("XDG_STATE_HOME"); state && *state)
        return (fs::path(state) / "pluzzle" / "recovery").string();
    const char *home = std::getenv("HOME");
    return (fs::path(home && *home ? home : "/tmp") / ".local" / "state" / "pluzzle" / "recovery").string();
}

RecoveryStore::RecoveryStore(std::string folder, long pid) : folder_(std::move(folder)), pid_(pid ? pid : ::getpid()) {
    fs::create_directories(folder_);
    file_ = (fs::path(folder_) / (kPrefix + std::to_string(pid_) + ".json")).string();
}

void RecoveryStore::save(const Document &doc) {
    host::PackFile pack;
    pack.name = "recovered " + doc.plugin().id() + " level";
    pack.description = origin_text(doc.origin(), pid_);
    pack.levels.push_back({doc.plugin().id(), doc.meta().name, doc.meta().author,
                           "difficulty=" + doc.meta().difficulty + "\n" + doc.params(), doc.text()});
    host::write_pack_file(file_, pack); // tmp + fsync + rename
}

void RecoveryStore::clear() { discard(file_); }

void RecoveryStore::discard(const std::string &file) {
    std::error_code ec;
    fs::remove(file, ec);
}

RecoveredLevel RecoveryStore::read(const std::string &file) {
    const host::PackFile pack = host::read_pack_file(file);
    if (pack.levels.size() != 1) throw host::InputError(file, "a recovery file holds exactly one level");
    const host::PackFileLevel &l = pack.levels.front();
    RecoveredLevel r;
    r.file = file;
    r.type = l.type;
    r.text = l.text;
    const size_t newline = l.params.find('\n');
    const std::string first = l.params.substr(0, newline);
    r.meta = LevelMeta{l.name, l.author, first.rfind("difficulty=", 0) == 0 ? first.substr(11) : ""};
    r.params = newline == std::string::npos ? "" : l.params.substr(newline + 1);
    r.origin.database = line_value(pack.description, "database");
    r.origin.pack = line_value(pack.description, "pack");
    const std::string id = line_value(pack.description, "level_id");
    r.origin.level_id = id.empty() ? 0 : std::stoll(id);
    const std::string revision = line_value(pack.description, "revision");
    r.origin.revision = revision.empty() ? 0 : std::stoll(revision); // 0: an older editor's file, never matches
    return r;
}

std::vector<RecoveredLevel> RecoveryStore::orphans() const {
    std::vector<RecoveredLevel> out;
    std::error_code ec;
    for (auto &entry : fs::directory_iterator(folder_, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(kPrefix, 0) != 0 || entry.path().extension() != ".json") continue;
        const long pid = std::atol(name.c_str() + std::string(kPrefix).size());
        if (pid == pid_ || process_alive(pid)) continue; // another editor is still working on it
        try {
            out.push_back(read(entry.path().string()));
        } catch (const std::exception &) {
            // a torn or foreign file: the atomic write makes this unlikely; leave it for a person to look at
        }
    }
    return out;
}

Document RecoveryStore::restore(const RecoveredLevel &level, const host::PluginRegistry &registry) {
    auto plugin = registry.find(level.type);
    if (!plugin) throw host::InputError(level.file, "no installed plugin for type '" + level.type + "'");
    auto parsed = plugin->parse_one(level.text, level.file); // written by Document::text (canonical)
    // The origin is kept so saving updates the original row (still guarded against conflicting changes); the
    // document counts as unsaved because its text differs from what the database holds.
    Document doc(plugin, std::move(parsed), level.meta);
    if (level.origin.level_id != 0) doc.adopt_origin(level.origin);
    doc.set_params(level.params);
    return doc;
}

} // namespace pluzzle::editor
