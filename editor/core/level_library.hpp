// level_library.hpp -- the editor's view of a level database: browse packs and levels, open a level as a
// Document, save it back (with name, author and difficulty), import and export pack files.
//
// Two editors, or an editor and a bulk solve, may share the file (the store's WAL mode). The editor waits only
// briefly for a lock, so the window never freezes behind another writer, and saving a level that someone else
// changed since it was opened is refused (compare-and-swap on the row) instead of silently overwriting it.
#pragma once
#include "document.hpp"

#include <pluzzle/host/plugin/plugin_registry.hpp>
#include <pluzzle/host/store/sqlite.hpp>
#include <pluzzle/host/store/store.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pluzzle::editor {

// The level changed in the database since this editor read it.
class SaveConflict : public host::StoreError {
  public:
    using StoreError::StoreError;
};

struct LevelRow {
    int64_t id = 0, position = 0;
    std::string pack, type, name, author, difficulty; // difficulty: the author's word (in params)
    std::optional<double> measured;                   // the latest solve's estimate (ABI 1.7), 0..10
    std::optional<double> time_ms;                    // the latest solve's time
    std::string measured_label;
    std::string size;   // from the plugin's describe(), "" when the type is not installed
    std::string status; // latest solve result ("" never solved)
    std::string par;    // describe()'s "par", else the proven optimum of an optimising solve
};

struct ImportReport {
    size_t added = 0, duplicates = 0;
    std::vector<std::string> skipped; // "levels[3]: no plugin for type 'x'"
};

// Difficulty lives in the level's params text as "difficulty=<word>" (the schema has no column for it).
std::string params_difficulty(const std::string &params);
std::string params_with_difficulty(const std::string &params, const std::string &difficulty);

class LevelLibrary {
  public:
    // Opens (creating if missing) the database. busy_timeout_ms bounds how long one call may wait for another
    // program's lock before failing with a "busy" StoreError.
    LevelLibrary(const std::string &path, std::shared_ptr<const host::PluginRegistry> registry,
                 int busy_timeout_ms = 3000);

    const std::string &path() const { return path_; }
    std::vector<host::PackInfo> packs();
    std::vector<LevelRow> levels(const std::string &pack = {});

    // Throws InputError when the level's type is not installed or its text no longer parses (or its parser crashes
    // in the sandbox, when one is set).
    Document open(int64_t level_id);
    // Where open() and import_pack_file() read level text first (the session's; null: in process). The listing
    // reads in process: every row was read by its plugin when it was stored, and a round trip per row would slow
    // every refresh of a large pack.
    void set_sandbox(host::PluginSandbox *sandbox) { sandbox_ = sandbox; }
    // Saves as a new level at the end of `pack` (created if missing) when the document has no origin in this
    // database, else updates its row. SaveConflict if the row changed since it was read; StoreError when the pack
    // already holds the same level or the database stays busy.
    void save(Document &doc, const std::string &pack);

    // Stores a solve result for a saved level, as `pluzzle db solve` would (Store::add_result: the listing's status,
    // time and difficulty columns). `info`: the solver's stats and cube counts, as the bulk solve stores them.
    void record_result(int64_t level_id, const host::Plugin &plugin, const host::SolveReport &report,
                       const std::string &info = {});

    ImportReport import_pack_file(const std::string &file, const std::string &pack_name = {});

    // The store itself, for play mode's player profiles (the same short lock waits as everything here).
    host::Store &store() { return store_; }
    void export_pack_file(const std::string &pack, const std::string &file);

  private:
    std::string path_;
    std::shared_ptr<const host::PluginRegistry> registry_;
    host::PluginSandbox *sandbox_ = nullptr;
    host::Store store_;
};

} // namespace pluzzle::editor
