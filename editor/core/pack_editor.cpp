// pack_editor.cpp -- see pack_editor.hpp.
#include "pack_editor.hpp"

#include <pluzzle/host/levels/level_source.hpp>
#include <pluzzle/host/store/sqlite.hpp>

#include <algorithm>
#include <cctype>
#include <sstream>

namespace pluzzle::editor {
namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

} // namespace

bool row_matches(const LevelRow &row, const std::string &filter) {
    const std::string haystack =
        lower(row.name + "\n" + row.type + "\n" + row.author + "\n" + row.status + "\n" + row.measured_label);
    std::istringstream words(lower(filter));
    for (std::string word; words >> word;)
        if (haystack.find(word) == std::string::npos) return false;
    return true;
}

std::vector<int64_t> sorted_ids(std::vector<LevelRow> rows, const std::string &by) {
    if (by == "name") {
        std::stable_sort(rows.begin(), rows.end(),
                         [](const LevelRow &a, const LevelRow &b) { return lower(a.name) < lower(b.name); });
    } else { // difficulty: ungraded (unsolved, or by a plugin that gives no estimate) last
        std::stable_sort(rows.begin(), rows.end(), [](const LevelRow &a, const LevelRow &b) {
            if (a.measured.has_value() != b.measured.has_value()) return a.measured.has_value();
            return a.measured && *a.measured < *b.measured;
        });
    }
    std::vector<int64_t> ids;
    for (const LevelRow &r : rows)
        ids.push_back(r.id);
    return ids;
}

// The store's busy error, as the rest of the library says it: another program holds the write lock.
template <class F> auto not_busy(const LevelLibrary &library, F &&f) {
    try {
        return f();
    } catch (const host::sql::BusyError &) {
        throw host::StoreError(library.path(), "the database is busy (another editor or a bulk solve is writing to "
                                               "it); try again in a moment");
    }
}

std::string PackEditor::run(std::unique_ptr<LibraryCommand> command) {
    const std::string name = command->name();
    not_busy(library_, [&] {
        history_.run(library_.store(), std::move(command));
        return 0;
    });
    return name;
}

std::string PackEditor::sort(const std::string &pack, const std::string &by) {
    if (by != "difficulty" && by != "name")
        throw host::InputError("sort", "cannot sort by '" + by + "' (by: difficulty, name)", 0, 0, "by");
    return run(reorder_command(pack, sorted_ids(library_.levels(pack), by), "sort by " + by));
}

std::string PackEditor::reorder(const std::string &pack, const std::vector<int64_t> &ids) {
    return run(reorder_command(pack, ids, "reorder"));
}

std::string PackEditor::move(const std::vector<int64_t> &ids, const std::string &to_pack) {
    return run(move_command(ids, to_pack));
}

std::string PackEditor::remove(const std::vector<int64_t> &ids) { return run(delete_levels_command(ids)); }

std::string PackEditor::rename_pack(const std::string &from, const std::string &to) {
    return run(rename_pack_command(from, to));
}

std::string PackEditor::delete_pack(const std::string &name) { return run(delete_pack_command(name)); }

std::string PackEditor::paste(const std::string &text, const std::string &pack, const std::string &source) {
    host::SourceOptions options;
    options.sandbox = sandbox_;
    std::vector<host::LevelRecord> records;
    const std::vector<host::SourceLevel> levels = host::load_levels_from_text(registry_, text, source, options);
    for (const host::SourceLevel &l : levels) {
        host::LevelRecord r;
        r.type = l.plugin->id();
        r.name = host::level_name_in_pack(l, levels.size());
        r.author = l.author;
        r.params = l.params;
        r.text = l.plugin->encode(l.level.get());
        records.push_back(std::move(r));
    }
    return run(add_levels_command(pack, std::move(records)));
}

std::string PackEditor::text_of(int64_t level_id) {
    const auto level = not_busy(library_, [&] { return library_.store().level(now(level_id)); });
    if (!level) throw host::StoreError(library_.path(), "no level with id " + std::to_string(level_id), "level");
    return level->text;
}

std::string PackEditor::undo() {
    const std::string name = not_busy(library_, [&] { return history_.undo(library_.store()); });
    return name.empty() ? name : "undid: " + name;
}

std::string PackEditor::redo() {
    const std::string name = not_busy(library_, [&] { return history_.redo(library_.store()); });
    return name.empty() ? name : "redid: " + name;
}

} // namespace pluzzle::editor
