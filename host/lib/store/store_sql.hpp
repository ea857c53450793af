// store_sql.hpp -- SQL pieces shared by the store's source files.
#pragma once
#include <pluzzle/host/store/sqlite.hpp>
#include <pluzzle/host/store/store.hpp>

#include <string>

// Current UTC time as ISO-8601 with milliseconds, computed by SQLite (a constant piece of SQL, not a value).
#define PLUZZLE_SQL_NOW "strftime('%Y-%m-%dT%H:%M:%fZ','now')"

namespace pluzzle::host {

// The columns read_level reads. A store kept at an older schema (tests build them) reads the column schema 7 added
// as its default.
inline std::string level_columns(int schema) {
    return std::string("l.id, l.pack_id, l.position, l.type, l.name, l.author, l.params, l.text, l.hash, "
                       "l.created_at, l.updated_at, ") +
           (schema >= 7 ? "l.revision" : "1");
}

inline LevelRecord read_level(const sql::Statement &st) {
    LevelRecord l;
    l.id = st.int64(0);
    l.pack_id = st.int64(1);
    l.position = st.int64(2);
    l.type = st.text(3);
    l.name = st.text(4);
    l.author = st.text(5);
    l.params = st.text(6);
    l.text = st.text(7);
    l.hash = st.text(8);
    l.created_at = st.text(9);
    l.updated_at = st.text(10);
    l.revision = st.int64(11);
    return l;
}

} // namespace pluzzle::host
