// pack_editor.hpp -- the library panel's pack operations (issue 16): sort by measured difficulty or name, move,
// delete, rename and delete packs, paste level text as new levels, each one undoable step of a LibraryHistory;
// copy a level's canonical text; and the search box's filter. The window calls these; scripts and tests too.
#pragma once
#include "level_library.hpp"
#include "library_history.hpp"

#include <string>
#include <vector>

namespace pluzzle::host {
class PluginSandbox;
}

namespace pluzzle::editor {

// Whether the row matches the search box: every word of `filter` (case-insensitive) appears in its name, type,
// author, status or difficulty label. An empty filter matches every row.
bool row_matches(const LevelRow &row, const std::string &filter);

// The order `by` ("difficulty": the latest estimate, ungraded levels last; "name": case-insensitive) of the rows,
// as level ids; ties keep their order.
std::vector<int64_t> sorted_ids(std::vector<LevelRow> rows, const std::string &by);

class PackEditor {
  public:
    PackEditor(LevelLibrary &library, const host::PluginRegistry &registry, host::PluginSandbox *sandbox)
        : library_(library), registry_(registry), sandbox_(sandbox) {}

    // Each runs one undoable step and returns what it did, for the status line. StoreError (nothing changed) when the
    // store refuses; InputError for pasted text no plugin reads.
    std::string sort(const std::string &pack, const std::string &by);
    // `ids`: every level of the pack once, in the new order (a drag in the list).
    std::string reorder(const std::string &pack, const std::vector<int64_t> &ids);
    std::string move(const std::vector<int64_t> &ids, const std::string &to_pack);
    std::string remove(const std::vector<int64_t> &ids);
    std::string rename_pack(const std::string &from, const std::string &to);
    std::string delete_pack(const std::string &name);
    // Every level in `text` (any format a plugin reads, detected as for a file named `source`: its extension, else
    // the content; read in the sandbox first).
    std::string paste(const std::string &text, const std::string &pack, const std::string &source = "pasted text");
    // The level's canonical text, for the clipboard.
    std::string text_of(int64_t level_id);

    bool can_undo() const { return history_.can_undo(); }
    bool can_redo() const { return history_.can_redo(); }
    std::string undo(); // "undid: move 2 level(s) to pack 'b'", or "" with nothing to undo
    std::string redo();
    // A level id a command was given, as the level is known now (deleted and re-added by an undo).
    int64_t now(int64_t id) const { return history_.ids().now(id); }

  private:
    std::string run(std::unique_ptr<LibraryCommand> command);

    LevelLibrary &library_;
    const host::PluginRegistry &registry_;
    host::PluginSandbox *sandbox_;
    LibraryHistory history_;
};

} // namespace pluzzle::editor
