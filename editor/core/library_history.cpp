// library_history.cpp -- see library_history.hpp.
#include "library_history.hpp"

#include <pluzzle/host/base/content_hash.hpp>
#include <pluzzle/host/base/errors.hpp>

#include <algorithm>
#include <set>
#include <unordered_map>

namespace pluzzle::editor {

int64_t LevelIds::now(int64_t id) const {
    // A chain: deleted and re-added more than once. Bounded, in case SQLite handed an old id out again.
    for (size_t hops = 0; hops <= current_.size(); ++hops) {
        const auto it = current_.find(id);
        if (it == current_.end()) break;
        id = it->second;
    }
    return id;
}

std::vector<int64_t> LevelIds::now(const std::vector<int64_t> &ids) const {
    std::vector<int64_t> out;
    out.reserve(ids.size());
    for (int64_t id : ids)
        out.push_back(now(id));
    return out;
}

void LevelIds::moved(int64_t from, int64_t to) {
    if (from != to) current_[from] = to;
}

namespace {

std::vector<int64_t> pack_order(host::Store &store, const std::string &pack) {
    std::vector<int64_t> ids;
    for (const host::LevelRecord &l : store.levels(host::LevelFilter(pack)))
        ids.push_back(l.id);
    return ids;
}

std::string pack_name(host::Store &store, int64_t pack_id) {
    for (const host::PackInfo &p : store.packs())
        if (p.id == pack_id) return p.name;
    return {};
}

// The pack in the order `wanted` (old ids, read through `ids`); levels it holds that `wanted` does not name (added by
// someone else meanwhile) keep their order after them.
void reorder_to(host::Store &store, const LevelIds &ids, const std::string &pack, const std::vector<int64_t> &wanted) {
    const std::vector<int64_t> current = pack_order(store, pack);
    const std::set<int64_t> present(current.begin(), current.end());
    std::vector<int64_t> order;
    std::set<int64_t> placed;
    for (int64_t id : ids.now(wanted))
        if (present.count(id) && placed.insert(id).second) order.push_back(id);
    for (int64_t id : current)
        if (!placed.count(id)) order.push_back(id);
    if (order != current) store.reorder_pack(pack, order);
}

// Levels as they were before a delete, with their results and their pack's order, to put back.
struct Snapshot {
    struct Row {
        std::string pack, pack_description;
        host::LevelRecord level;
        std::vector<host::ResultRecord> results; // newest first, as Store::results gives them
    };
    std::vector<Row> rows;
    std::map<std::string, std::vector<int64_t>> orders; // pack -> its ids in order, before

    void take(host::Store &store, const std::vector<int64_t> &level_ids) {
        rows.clear();
        orders.clear();
        std::map<int64_t, host::PackInfo> packs;
        for (const host::PackInfo &p : store.packs())
            packs[p.id] = p;
        for (int64_t id : level_ids) {
            const auto level = store.level(id);
            if (!level) throw host::StoreError(store.path(), "no level with id " + std::to_string(id), "level");
            const host::PackInfo &pack = packs.at(level->pack_id);
            rows.push_back({pack.name, pack.description, *level, store.results(id)});
            if (!orders.count(pack.name)) orders[pack.name] = pack_order(store, pack.name);
        }
    }

    // Re-adds every row (new ids, recorded in `ids`) with its results, then each pack's old order.
    void restore(host::Store &store, LevelIds &ids) const {
        std::map<std::string, std::vector<const Row *>> by_pack;
        for (const Row &r : rows)
            by_pack[r.pack].push_back(&r);
        std::vector<host::ResultRecord> results;
        for (const auto &[pack, pack_rows] : by_pack) {
            const int64_t pack_id = store.ensure_pack(pack, pack_rows.front()->pack_description);
            std::vector<host::LevelRecord> records;
            for (const Row *r : pack_rows)
                records.push_back(r->level);
            store.add_levels(pack_id, records); // one transaction; a level someone re-added meanwhile is kept
            std::unordered_map<std::string, int64_t> by_hash;
            for (const host::LevelRecord &l : store.levels(host::LevelFilter(pack)))
                by_hash[l.hash] = l.id;
            for (const Row *r : pack_rows) {
                const int64_t id = by_hash.at(host::content_hash(r->level.type, r->level.text));
                ids.moved(r->level.id, id);
                for (auto it = r->results.rbegin(); it != r->results.rend(); ++it) { // oldest first: ids keep order
                    host::ResultRecord result = *it;
                    result.level_id = id;
                    results.push_back(std::move(result));
                }
            }
        }
        store.add_results(results);
        for (const auto &[pack, order] : orders)
            reorder_to(store, ids, pack, order);
    }
};

class Reorder final : public LibraryCommand {
  public:
    Reorder(std::string pack, std::vector<int64_t> ids, std::string why)
        : pack_(std::move(pack)), ids_(std::move(ids)), why_(std::move(why)) {}
    std::string name() const override { return why_ + " (pack '" + pack_ + "')"; }
    void apply(host::Store &store, LevelIds &ids) override {
        before_ = pack_order(store, pack_);
        store.reorder_pack(pack_, ids.now(ids_));
    }
    void revert(host::Store &store, LevelIds &ids) override { reorder_to(store, ids, pack_, before_); }

  private:
    std::string pack_;
    std::vector<int64_t> ids_, before_;
    std::string why_;
};

class Move final : public LibraryCommand {
  public:
    Move(std::vector<int64_t> ids, std::string to) : ids_(std::move(ids)), to_(std::move(to)) {}
    std::string name() const override {
        return "move " + std::to_string(ids_.size()) + " level(s) to pack '" + to_ + "'";
    }
    void apply(host::Store &store, LevelIds &ids) override {
        from_.clear();
        orders_.clear();
        for (int64_t id : ids.now(ids_)) {
            const auto level = store.level(id);
            if (!level) throw host::StoreError(store.path(), "no level with id " + std::to_string(id), "level");
            const std::string pack = pack_name(store, level->pack_id);
            from_.push_back(pack);
            if (!orders_.count(pack)) orders_[pack] = pack_order(store, pack);
        }
        created_ = !store.find_pack(to_);
        store.move_levels(ids.now(ids_), to_);
    }
    void revert(host::Store &store, LevelIds &ids) override {
        std::map<std::string, std::vector<int64_t>> back;
        for (size_t i = 0; i < ids_.size(); ++i)
            back[from_[i]].push_back(ids.now(ids_[i]));
        for (const auto &[pack, level_ids] : back)
            store.move_levels(level_ids, pack);
        for (const auto &[pack, order] : orders_)
            reorder_to(store, ids, pack, order);
        if (const auto to = store.find_pack(to_); created_ && to && to->level_count == 0) store.delete_pack(to_);
    }

  private:
    std::vector<int64_t> ids_;
    std::string to_;
    std::vector<std::string> from_; // each level's pack before
    std::map<std::string, std::vector<int64_t>> orders_;
    bool created_ = false;
};

class DeleteLevels final : public LibraryCommand {
  public:
    explicit DeleteLevels(std::vector<int64_t> ids) : ids_(std::move(ids)) {}
    std::string name() const override { return "delete " + std::to_string(ids_.size()) + " level(s)"; }
    void apply(host::Store &store, LevelIds &ids) override {
        snapshot_.take(store, ids.now(ids_));
        store.delete_levels(ids.now(ids_));
    }
    void revert(host::Store &store, LevelIds &ids) override {
        // The snapshot names the levels by the ids they had when deleted; map this command's ids onto those first.
        snapshot_.restore(store, ids);
    }

  private:
    std::vector<int64_t> ids_;
    Snapshot snapshot_;
};

class RenamePack final : public LibraryCommand {
  public:
    RenamePack(std::string from, std::string to) : from_(std::move(from)), to_(std::move(to)) {}
    std::string name() const override { return "rename pack '" + from_ + "' to '" + to_ + "'"; }
    void apply(host::Store &store, LevelIds &) override { store.rename_pack(from_, to_); }
    void revert(host::Store &store, LevelIds &) override { store.rename_pack(to_, from_); }

  private:
    std::string from_, to_;
};

class DeletePack final : public LibraryCommand {
  public:
    explicit DeletePack(std::string pack) : pack_(std::move(pack)) {}
    std::string name() const override { return "delete pack '" + pack_ + "'"; }
    void apply(host::Store &store, LevelIds &) override {
        const auto info = store.find_pack(pack_);
        if (!info) throw host::StoreError(store.path(), "no pack named '" + pack_ + "'", "pack");
        description_ = info->description;
        snapshot_.take(store, pack_order(store, pack_));
        store.delete_pack(pack_);
    }
    void revert(host::Store &store, LevelIds &ids) override {
        store.ensure_pack(pack_, description_); // also when it held no level
        snapshot_.restore(store, ids);
    }

  private:
    std::string pack_, description_;
    Snapshot snapshot_;
};

class AddLevels final : public LibraryCommand {
  public:
    AddLevels(std::string pack, std::vector<host::LevelRecord> levels)
        : pack_(std::move(pack)), levels_(std::move(levels)) {}
    std::string name() const override {
        return "add " + std::to_string(levels_.size()) + " level(s) to pack '" + pack_ + "'";
    }
    void apply(host::Store &store, LevelIds &ids) override {
        created_ = !store.find_pack(pack_);
        const int64_t pack_id = store.ensure_pack(pack_);
        std::vector<int64_t> added;
        for (const host::LevelRecord &level : levels_) {
            const auto [id, inserted] = store.add_level(pack_id, level);
            if (!inserted) { // all or nothing: take back what this call added
                if (!added.empty()) store.delete_levels(added);
                if (created_) store.delete_pack(pack_);
                throw host::StoreError(store.path(),
                                       "pack '" + pack_ + "' already holds this level (id " + std::to_string(id) + ")",
                                       "level");
            }
            added.push_back(id);
        }
        if (first_ids_.empty()) first_ids_ = added;
        for (size_t i = 0; i < added.size(); ++i)
            ids.moved(first_ids_[i], added[i]); // a redo adds them again under new ids
    }
    void revert(host::Store &store, LevelIds &ids) override {
        store.delete_levels(ids.now(first_ids_));
        if (const auto pack = store.find_pack(pack_); created_ && pack && pack->level_count == 0)
            store.delete_pack(pack_);
    }

  private:
    std::string pack_;
    std::vector<host::LevelRecord> levels_;
    std::vector<int64_t> first_ids_;
    bool created_ = false;
};

} // namespace

std::unique_ptr<LibraryCommand> reorder_command(std::string pack, std::vector<int64_t> ids, std::string why) {
    return std::make_unique<Reorder>(std::move(pack), std::move(ids), std::move(why));
}
std::unique_ptr<LibraryCommand> move_command(std::vector<int64_t> ids, std::string to_pack) {
    return std::make_unique<Move>(std::move(ids), std::move(to_pack));
}
std::unique_ptr<LibraryCommand> delete_levels_command(std::vector<int64_t> ids) {
    return std::make_unique<DeleteLevels>(std::move(ids));
}
std::unique_ptr<LibraryCommand> rename_pack_command(std::string from, std::string to) {
    return std::make_unique<RenamePack>(std::move(from), std::move(to));
}
std::unique_ptr<LibraryCommand> delete_pack_command(std::string name) {
    return std::make_unique<DeletePack>(std::move(name));
}
std::unique_ptr<LibraryCommand> add_levels_command(std::string pack, std::vector<host::LevelRecord> levels) {
    return std::make_unique<AddLevels>(std::move(pack), std::move(levels));
}

void LibraryHistory::run(host::Store &store, std::unique_ptr<LibraryCommand> command) {
    command->apply(store, ids_);
    done_.push_back(std::move(command));
    undone_.clear();
}

std::string LibraryHistory::undo(host::Store &store) {
    if (done_.empty()) return {};
    done_.back()->revert(store, ids_);
    undone_.push_back(std::move(done_.back()));
    done_.pop_back();
    return undone_.back()->name();
}

std::string LibraryHistory::redo(host::Store &store) {
    if (undone_.empty()) return {};
    undone_.back()->apply(store, ids_);
    done_.push_back(std::move(undone_.back()));
    undone_.pop_back();
    return done_.back()->name();
}

} // namespace pluzzle::editor
