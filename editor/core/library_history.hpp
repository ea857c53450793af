// library_history.hpp -- the library's pack operations as undoable commands over the store (issue 16), as Tiled
// keeps one: reorder, sort, move to another pack, delete levels, rename and delete packs, paste a level. Each command
// records what it needs to put things back (the old order; the deleted rows with their results) when it runs.
//
// Re-adding a deleted level gives it a new id, so the history keeps a map from the ids commands were given to the
// ids the levels have now, and every command reads its ids through it: undoing a delete, then undoing the move
// before it, moves the re-added level.
#pragma once
#include <pluzzle/host/store/store.hpp>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace pluzzle::editor {

// Old id -> current id, for levels deleted and re-added by an undo.
class LevelIds {
  public:
    int64_t now(int64_t id) const;
    std::vector<int64_t> now(const std::vector<int64_t> &ids) const;
    void moved(int64_t from, int64_t to);

  private:
    std::map<int64_t, int64_t> current_;
};

class LibraryCommand {
  public:
    virtual ~LibraryCommand() = default;
    // For the status line and the Edit menu: "move 3 level(s) to pack 'b'".
    virtual std::string name() const = 0;
    // Does (and redoes) the command; throws StoreError and changes nothing when the store refuses.
    virtual void apply(host::Store &store, LevelIds &ids) = 0;
    // Puts back what apply changed.
    virtual void revert(host::Store &store, LevelIds &ids) = 0;
};

// New positions 1..n in the order of `ids` (every level of the pack, once).
std::unique_ptr<LibraryCommand> reorder_command(std::string pack, std::vector<int64_t> ids, std::string why);
// To the end of `to_pack` (created when missing, and removed again by the undo).
std::unique_ptr<LibraryCommand> move_command(std::vector<int64_t> ids, std::string to_pack);
// With their results; the undo re-adds them where they were.
std::unique_ptr<LibraryCommand> delete_levels_command(std::vector<int64_t> ids);
std::unique_ptr<LibraryCommand> rename_pack_command(std::string from, std::string to);
std::unique_ptr<LibraryCommand> delete_pack_command(std::string name);
// New levels at the end of `pack` (created when missing), e.g. pasted text; all or none.
std::unique_ptr<LibraryCommand> add_levels_command(std::string pack, std::vector<host::LevelRecord> levels);

class LibraryHistory {
  public:
    // Runs the command and keeps it for undo (dropping what could be redone). The store's refusal propagates and
    // nothing is kept.
    void run(host::Store &store, std::unique_ptr<LibraryCommand> command);
    bool can_undo() const { return !done_.empty(); }
    bool can_redo() const { return !undone_.empty(); }
    // Each returns the command's name ("" when there was nothing to do).
    std::string undo(host::Store &store);
    std::string redo(host::Store &store);
    const LevelIds &ids() const { return ids_; }

  private:
    std::vector<std::unique_ptr<LibraryCommand>> done_, undone_;
    LevelIds ids_;
};

} // namespace pluzzle::editor
