// sqlite.hpp -- a thin RAII wrapper over the sqlite3 C API. Every SQLite failure (including "file is not a
// database" and "database disk image is malformed") becomes a StoreError naming the database file.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include <pluzzle/host/base/errors.hpp>

struct sqlite3;
struct sqlite3_stmt;

namespace pluzzle::host::sql {

class Database;

// SQLITE_BUSY: another connection held the lock for longer than the busy timeout (callers may retry).
class BusyError : public StoreError {
public:
    using StoreError::StoreError;
};

// A "file:" URI for `path` (percent-encoded, so no character of the path is taken as URI syntax) with `query`
// appended ("mode=ro"), for opening with SQLITE_OPEN_URI.
std::string file_uri(const std::string &path, const std::string &query);

// One prepared statement (it must not outlive its Database). Values are only ever bound, never pasted into the
// SQL text.
class Statement {
public:
    Statement(Statement &&other) noexcept;
    Statement &operator=(Statement &&other) noexcept;
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;
    ~Statement();

    // Parameters are numbered from 1, as in sqlite3_bind_*.
    Statement &bind(int index, int value);
    Statement &bind(int index, int64_t value);
    Statement &bind(int index, double value);
    Statement &bind(int index, std::string_view value); // copied by SQLite
    Statement &bind(int index, std::nullptr_t);

    // Runs one step: true when a row is available, false when the statement is done.
    bool step();
    // Makes the statement runnable again (bindings are kept).
    void reset();

    // Columns are numbered from 0, as in sqlite3_column_*. NULL reads as 0 / 0.0 / "".
    int64_t int64(int column) const;
    double real(int column) const;
    std::string text(int column) const;
    bool is_null(int column) const;

private:
    friend class Database;
    Statement(const Database &db, sqlite3_stmt *stmt, std::string what);
    [[noreturn]] void fail(const std::string &doing, int rc) const;

    const Database *db_;
    sqlite3_stmt *stmt_;
    std::string what_; // what running this statement means, for error messages
};

class Database {
public:
    // flags: SQLITE_OPEN_* (e.g. SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX). With
    // SQLITE_OPEN_URI, `uri` (see file_uri) is opened instead of `path`; errors still name `path`.
    Database(const std::string &path, int flags, const std::string &uri = {});
    // Statements and Transactions refer to their Database: move it only while none of them is alive.
    Database(Database &&other) noexcept;
    Database &operator=(Database &&other) noexcept;
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;
    ~Database();

    // For schema and pragma statements only (no values): may hold several statements.
    void exec(const std::string &sql, const std::string &what = {});
    // Same, but returns the extended SQLite result code instead of throwing (for probes whose failure the caller
    // interprets); the message stays available to fail().
    int try_exec(const std::string &sql);
    // what: how an error while running the statement is described ("reading levels"); defaults to the SQL.
    Statement prepare(std::string_view sql, std::string what = {});

    int64_t changes() const;
    int64_t last_insert_rowid() const;
    void busy_timeout(int milliseconds);
    // True when SQLite opened the main file read-only (asked to, or the file is write-protected).
    bool read_only() const;

    const std::string &path() const { return path_; }
    sqlite3 *handle() const { return db_; }

    // Throws StoreError(path, "<doing>: <sqlite3_errmsg>"), BusyError when the last error was SQLITE_BUSY.
    [[noreturn]] void fail(const std::string &doing) const;

private:
    std::string path_;
    sqlite3 *db_ = nullptr;
};

// BEGIN IMMEDIATE on construction (takes the write lock up front, so two writers wait for each other through
// the busy timeout instead of failing on lock upgrade); ROLLBACK on destruction unless commit() was called.
class Transaction {
public:
    explicit Transaction(Database &db);
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;
    ~Transaction();
    void commit();

private:
    Database &db_;
    bool done_ = false;
};

} // namespace pluzzle::host::sql
