#include "level_library.hpp"

#include <pluzzle/host/levels/level_source.hpp>

#include <pluzzle/host/base/content_hash.hpp>
#include <pluzzle/host/levels/pack_file.hpp>

#include <sqlite3.h>

#include <cmath>
#include <sstream>

namespace pluzzle::editor {
namespace {

host::StoreOptions editor_store_options(int busy_timeout_ms) {
    host::StoreOptions o;
    o.busy_timeout_ms = busy_timeout_ms;
    o.write_retry_ms = busy_timeout_ms;
    return o;
}

std::string value_of(const host::KeyValues &kv, const std::string &key) {
    for (auto &[k, v] : kv)
        if (k == key) return v;
    return {};
}

// A clear message for the one failure two programs sharing a file run into.
[[noreturn]] void rethrow_busy(const std::string &path, const std::string &doing) {
    throw host::StoreError(path, doing + ": the database is busy (another editor or a bulk solve is writing to "
                                         "it); try again in a moment");
}

} // namespace

std::string params_difficulty(const std::string &params) {
    std::istringstream words(params);
    std::string w;
    while (words >> w)
        if (w.rfind("difficulty=", 0) == 0) return w.substr(11);
    return {};
}

std::string params_with_difficulty(const std::string &params, const std::string &difficulty) {
    std::istringstream words(params);
    std::string w, out;
    while (words >> w)
        if (w.rfind("difficulty=", 0) != 0) out += (out.empty() ? "" : " ") + w;
    std::string word;
    for (char c : difficulty)
        word += std::isspace(static_cast<unsigned char>(c)) ? '-' : c; // one word
    if (!word.empty()) out += (out.empty() ? "" : " ") + std::string("difficulty=") + word;
    return out;
}

LevelLibrary::LevelLibrary(const std::string &path, std::shared_ptr<const host::PluginRegistry> registry,
                           int busy_timeout_ms)
    : path_(path), registry_(std::move(registry)), store_(
                                                       [&]() -> const std::string & {
                                                           host::check_database_path(path, host::DatabaseUse::Create);
                                                           return path;
                                                       }(),
                                                       editor_store_options(busy_timeout_ms)) {}

std::vector<host::PackInfo> LevelLibrary::packs() { return store_.packs(); }

std::vector<LevelRow> LevelLibrary::levels(const std::string &pack) {
    host::LevelFilter filter;
    filter.pack = pack;
    auto records = store_.levels(filter);
    auto results = store_.latest_results(filter);
    std::unordered_map<int64_t, std::string> pack_names;
    for (auto &p : store_.packs())
        pack_names[p.id] = p.name;
    std::vector<LevelRow> rows;
    for (auto &r : records) {
        LevelRow row;
        row.id = r.id;
        row.position = r.position;
        row.pack = pack_names[r.pack_id];
        row.type = r.type;
        row.name = r.name;
        row.author = r.author;
        row.difficulty = params_difficulty(r.params);
        if (auto it = results.find(r.id); it != results.end()) {
            row.status = host::attempt_status_text(it->second.status);
            row.measured = it->second.difficulty;
            row.time_ms = it->second.time_ms;
            row.measured_label = it->second.difficulty_label;
        }
        if (!host::level_text_intact(r)) {
            row.status = host::attempt_status_text(host::AttemptFailure::corrupt); // whatever was stored before
            row.size = "?";
        } else if (auto plugin = registry_->find(r.type)) {
            try { // a listing shows what it can: one unreadable level must not hide the others
                const auto level = plugin->parse_one(r.text, "level " + std::to_string(r.id));
                const host::KeyValues meta = plugin->describe(level.get());
                row.size = value_of(meta, "size");
                row.par = value_of(meta, "par");
            } catch (const std::exception &) {
                row.size = "?";
            }
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

Document LevelLibrary::open(int64_t level_id) {
    const std::optional<host::LevelRecord> r = store_.level(level_id);
    if (!r) throw host::StoreError(path_, "no level " + std::to_string(level_id));
    auto plugin = registry_->find(r->type);
    if (!plugin)
        throw host::InputError(path_, "level " + std::to_string(level_id) + " is of type '" + r->type +
                                          "', which no installed plugin reads (installed: " + registry_->ids() + ")");
    // A damaged row may still parse -- as another puzzle; editing it would save that puzzle under the old name.
    if (!host::level_text_intact(*r))
        throw host::StoreError(path_, "level " + std::to_string(level_id) +
                                          ": its stored text does not match its hash (the database is damaged; see "
                                          "`pluzzle db check`)");
    auto parsed = host::guarded_parse(*plugin, r->text, "", path_ + " level " + std::to_string(level_id), sandbox_);
    std::string pack;
    for (auto &p : store_.packs())
        if (p.id == r->pack_id) pack = p.name;
    LevelOrigin origin{path_, pack, r->id, r->revision};
    Document doc(plugin, std::move(parsed.front().level), LevelMeta{r->name, r->author, params_difficulty(r->params)},
                 origin);
    doc.set_params(r->params);
    return doc;
}

void LevelLibrary::save(Document &doc, const std::string &pack) {
    const std::string text = doc.text();
    const std::string type = doc.plugin().id();
    const LevelMeta &meta = doc.meta();
    const std::string params = params_with_difficulty(doc.params(), meta.difficulty);
    const bool update = doc.origin().level_id != 0 && doc.origin().database == path_;
    try {
        if (!update) {
            host::LevelRecord record;
            record.type = type;
            record.name = meta.name;
            record.author = meta.author;
            record.params = params;
            record.text = text;
            const int64_t pack_id = store_.ensure_pack(pack.empty() ? "editor" : pack);
            auto [id, inserted] = store_.add_level(pack_id, record);
            if (!inserted)
                throw host::StoreError(path_,
                                       "pack '" + pack + "' already holds this level (id " + std::to_string(id) + ")");
            doc.set_params(params);
            doc.mark_saved(LevelOrigin{path_, pack.empty() ? "editor" : pack, id, 1});
            return;
        }
        LevelOrigin origin = doc.origin();
        try {
            origin.revision = store_.update_level_if(origin.level_id, origin.revision,
                                                     host::LevelContent{text, meta.name, meta.author, params});
        } catch (const host::LevelConflict &e) {
            throw SaveConflict(path_, e.reason());
        }
        doc.set_params(params);
        doc.mark_saved(origin);
    } catch (const host::sql::BusyError &) {
        rethrow_busy(path_, "saving");
    }
}

void LevelLibrary::record_result(int64_t level_id, const host::Plugin &plugin, const host::SolveReport &report,
                                 const std::string &info) {
    host::ResultRecord r;
    r.level_id = level_id;
    r.plugin_id = plugin.id();
    r.plugin_version = plugin.version();
    r.status = report.status;
    r.solution = report.solutions.empty() ? "" : report.solutions.front();
    r.time_ms = report.time_ms;
    r.nodes = report.nodes;
    r.info = info;
    if (!std::isnan(report.difficulty)) r.difficulty = report.difficulty;
    r.difficulty_label = report.difficulty_label;
    try {
        store_.add_result(r);
    } catch (const host::sql::BusyError &) {
        rethrow_busy(path_, "storing the solve result");
    }
}

ImportReport LevelLibrary::import_pack_file(const std::string &file, const std::string &pack_name) {
    const host::PackFile pack = host::read_pack_file(file);
    ImportReport report;
    std::vector<host::LevelRecord> records;
    for (size_t i = 0; i < pack.levels.size(); ++i) {
        const host::PackFileLevel &l = pack.levels[i];
        const std::string where = "levels[" + std::to_string(i) + "]";
        auto plugin = registry_->find(l.type);
        if (!plugin) {
            report.skipped.push_back(where + ": no plugin for type '" + l.type + "'");
            continue;
        }
        try {
            host::guarded_parse(*plugin, l.text, "", file, sandbox_); // only valid levels enter the database
        } catch (const host::InputError &e) {
            report.skipped.push_back(where + ": " + e.what());
            continue;
        }
        records.push_back(host::LevelRecord{0, 0, 0, l.type, l.name, l.author, l.params, l.text, "", "", ""});
    }
    try {
        const int64_t pack_id = store_.ensure_pack(pack_name.empty() ? pack.name : pack_name, pack.description);
        report.added = store_.add_levels(pack_id, std::move(records));
        report.duplicates = pack.levels.size() - report.skipped.size() - report.added;
    } catch (const host::sql::BusyError &) {
        rethrow_busy(path_, "importing");
    }
    return report;
}

void LevelLibrary::export_pack_file(const std::string &pack, const std::string &file) {
    const std::optional<host::PackInfo> info = store_.find_pack(pack);
    if (!info) throw host::StoreError(path_, "no pack named '" + pack + "'");
    host::PackFile out;
    out.name = info->name;
    out.description = info->description;
    host::LevelFilter filter;
    filter.pack = pack;
    for (auto &r : store_.levels(filter)) {
        if (!host::level_text_intact(r)) // never export another puzzle under this level's name
            throw host::StoreError(path_, "level " + std::to_string(r.id) + " ('" + r.name +
                                              "') is damaged: its text does not match its hash (see `pluzzle db "
                                              "check`; `pluzzle db export` leaves damaged levels out)");
        out.levels.push_back({r.type, r.name, r.author, r.params, r.text});
    }
    host::write_pack_file(file, out);
}

} // namespace pluzzle::editor
