// store_packs.cpp -- renaming, deleting, moving and reordering packs and levels (store.hpp, issue 16). Each is one
// write transaction; levels' positions are renumbered 1..n in every pack touched, in their old order.
#include <pluzzle/host/store/store.hpp>

#include "store/store_sql.hpp"

#include <algorithm>
#include <set>

namespace pluzzle::host {
namespace {

int64_t pack_id_of(sql::Database &db, const std::string &name) {
    auto st = db.prepare("SELECT id FROM packs WHERE name = ?1", "finding pack '" + name + "'");
    st.bind(1, name);
    if (!st.step()) throw StoreError(db.path(), "no pack named '" + name + "'", "pack");
    return st.int64(0);
}

// The pack of each level, refusing an unknown id or one named twice.
std::set<int64_t> packs_of(sql::Database &db, const std::vector<int64_t> &ids) {
    std::set<int64_t> packs, seen;
    auto st = db.prepare("SELECT pack_id FROM levels WHERE id = ?1", "finding levels");
    for (int64_t id : ids) {
        if (!seen.insert(id).second)
            throw StoreError(db.path(), "level " + std::to_string(id) + " is named twice", "level");
        st.reset();
        st.bind(1, id);
        if (!st.step()) throw StoreError(db.path(), "no level with id " + std::to_string(id), "level");
        packs.insert(st.int64(0));
    }
    return packs;
}

void renumber(sql::Database &db, int64_t pack_id) {
    auto st = db.prepare("UPDATE levels SET position = r.n FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY position, id) "
                         "AS n FROM levels WHERE pack_id = ?1) AS r WHERE levels.id = r.id",
                         "renumbering a pack's levels");
    st.bind(1, pack_id);
    st.step();
}

} // namespace

void Store::rename_pack(const std::string &from, const std::string &to) {
    if (to.empty()) throw StoreError(path(), "a pack needs a name", "pack");
    sql::Transaction tx(db_);
    const int64_t id = pack_id_of(db_, from);
    if (from == to) return;
    auto taken = db_.prepare("SELECT 1 FROM packs WHERE name = ?1", "checking pack names");
    taken.bind(1, to);
    if (taken.step()) throw StoreError(path(), "a pack named '" + to + "' already exists", "pack");
    auto st = db_.prepare("UPDATE packs SET name = ?1 WHERE id = ?2", "renaming pack '" + from + "'");
    st.bind(1, to).bind(2, id);
    st.step();
    tx.commit();
}

size_t Store::delete_pack(const std::string &name) {
    sql::Transaction tx(db_);
    const int64_t id = pack_id_of(db_, name);
    // The foreign keys cascade (levels, then their results and in-flight marks) where they are enforced; deleting
    // explicitly makes it so on any connection.
    auto results = db_.prepare("DELETE FROM results WHERE level_id IN (SELECT id FROM levels WHERE pack_id = ?1)",
                               "deleting pack '" + name + "'");
    results.bind(1, id);
    results.step();
    auto marks = db_.prepare("DELETE FROM in_flight WHERE level_id IN (SELECT id FROM levels WHERE pack_id = ?1)",
                             "deleting pack '" + name + "'");
    marks.bind(1, id);
    marks.step();
    auto levels = db_.prepare("DELETE FROM levels WHERE pack_id = ?1", "deleting pack '" + name + "'");
    levels.bind(1, id);
    levels.step();
    const auto deleted = size_t(db_.changes());
    auto pack = db_.prepare("DELETE FROM packs WHERE id = ?1", "deleting pack '" + name + "'");
    pack.bind(1, id);
    pack.step();
    tx.commit();
    return deleted;
}

size_t Store::delete_levels(const std::vector<int64_t> &ids) {
    sql::Transaction tx(db_);
    const std::set<int64_t> packs = packs_of(db_, ids);
    for (const char *table : {"results", "in_flight"}) {
        auto st = db_.prepare(std::string("DELETE FROM ") + table + " WHERE level_id = ?1", "deleting levels");
        for (int64_t id : ids) {
            st.reset();
            st.bind(1, id);
            st.step();
        }
    }
    auto st = db_.prepare("DELETE FROM levels WHERE id = ?1", "deleting levels");
    for (int64_t id : ids) {
        st.reset();
        st.bind(1, id);
        st.step();
    }
    for (int64_t pack : packs)
        renumber(db_, pack);
    tx.commit();
    return ids.size();
}

void Store::move_levels(const std::vector<int64_t> &ids, const std::string &to_pack) {
    sql::Transaction tx(db_);
    const std::set<int64_t> from = packs_of(db_, ids);
    auto find = db_.prepare("SELECT id FROM packs WHERE name = ?1", "finding pack '" + to_pack + "'");
    find.bind(1, to_pack);
    int64_t to = 0;
    if (find.step()) {
        to = find.int64(0);
    } else {
        if (to_pack.empty()) throw StoreError(path(), "a pack needs a name", "pack");
        auto add = db_.prepare("INSERT INTO packs(name, created_at) VALUES(?1, " PLUZZLE_SQL_NOW ")",
                               "creating pack '" + to_pack + "'");
        add.bind(1, to_pack);
        add.step();
        to = db_.last_insert_rowid();
    }
    auto last = db_.prepare("SELECT COALESCE(MAX(position), 0) FROM levels WHERE pack_id = ?1", "moving levels");
    last.bind(1, to);
    last.step();
    int64_t position = last.int64(0);
    auto clash = db_.prepare("SELECT o.id FROM levels l JOIN levels o ON o.pack_id = ?2 AND o.hash = l.hash AND "
                             "o.id <> l.id WHERE l.id = ?1",
                             "moving levels");
    auto move = db_.prepare("UPDATE levels SET pack_id = ?2, position = ?3 WHERE id = ?1", "moving levels");
    for (int64_t id : ids) {
        clash.reset();
        clash.bind(1, id).bind(2, to);
        if (clash.step())
            throw StoreError(path(),
                             "level " + std::to_string(id) + ": pack '" + to_pack +
                                 "' already holds the same level (id " + std::to_string(clash.int64(0)) + ")",
                             "level");
        move.reset();
        move.bind(1, id).bind(2, to).bind(3, ++position);
        move.step();
    }
    for (int64_t pack : from)
        renumber(db_, pack);
    tx.commit();
}

void Store::reorder_pack(const std::string &pack, const std::vector<int64_t> &ids) {
    sql::Transaction tx(db_);
    const int64_t id = pack_id_of(db_, pack);
    auto members = db_.prepare("SELECT id FROM levels WHERE pack_id = ?1", "reading pack '" + pack + "'");
    members.bind(1, id);
    std::set<int64_t> in_pack;
    while (members.step())
        in_pack.insert(members.int64(0));
    const std::set<int64_t> given(ids.begin(), ids.end());
    if (given.size() != ids.size() || given != in_pack)
        throw StoreError(path(),
                         "a new order of pack '" + pack + "' must name each of its " + std::to_string(in_pack.size()) +
                             " level(s) once",
                         "level");
    auto st = db_.prepare("UPDATE levels SET position = ?2 WHERE id = ?1", "reordering pack '" + pack + "'");
    int64_t position = 0;
    for (int64_t level : ids) {
        st.reset();
        st.bind(1, level).bind(2, ++position);
        st.step();
    }
    tx.commit();
}

} // namespace pluzzle::host
