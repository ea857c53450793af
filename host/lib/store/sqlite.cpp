// sqlite.cpp -- RAII wrapper over the sqlite3 C API; every failure becomes a StoreError naming the file.
#include <pluzzle/host/store/sqlite.hpp>

#include <sqlite3.h>

#include <climits>
#include <utility>

#include <pluzzle/host/base/errors.hpp>

namespace pluzzle::host::sql {

namespace {

// The first line of a statement, shortened, to say which statement failed when the caller gave no description.
std::string describe_sql(std::string_view sql) {
    while (!sql.empty() && (sql.front() == ' ' || sql.front() == '\n' || sql.front() == '\t')) sql.remove_prefix(1);
    std::string s(sql.substr(0, sql.find('\n')));
    if (s.size() > 60) s = s.substr(0, 57) + "...";
    return "running \"" + s + "\"";
}

// The error to throw for result code rc: BusyError for a lock held too long, else StoreError.
[[noreturn]] void throw_error(int rc, const std::string &path, const std::string &message) {
    if ((rc & 0xff) == SQLITE_BUSY) throw BusyError(path, message);
    throw StoreError(path, message);
}

} // namespace

std::string file_uri(const std::string &path, const std::string &query) {
    static const char *kHex = "0123456789ABCDEF";
    std::string uri = "file:";
    // "file:" + an absolute path would be read as "file://authority" if it began with "//": keep one slash.
    size_t start = 0;
    if (path.size() > 1 && path[0] == '/' && path[1] == '/')
        while (start + 1 < path.size() && path[start + 1] == '/') ++start;
    for (size_t i = start; i < path.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(path[i]);
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                           c == '/' || c == '-' || c == '_' || c == '.' || c == '~';
        if (plain) {
            uri += static_cast<char>(c);
        } else {
            uri += '%';
            uri += kHex[c >> 4];
            uri += kHex[c & 15];
        }
    }
    return query.empty() ? uri : uri + "?" + query;
}

// ---- Database ------------------------------------------------------------------------------------------------

Database::Database(const std::string &path, int flags, const std::string &uri) : path_(path) {
    int rc = sqlite3_open_v2(uri.empty() ? path.c_str() : uri.c_str(), &db_, flags, nullptr);
    if (rc != SQLITE_OK) {
        // Even a failed open may allocate a handle (it carries the error message).
        std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
        sqlite3_close_v2(db_);
        db_ = nullptr;
        throw StoreError(path_, "opening the database: " + message);
    }
    sqlite3_extended_result_codes(db_, 1);
}

Database::Database(Database &&other) noexcept
    : path_(std::move(other.path_)), db_(std::exchange(other.db_, nullptr)) {}

Database &Database::operator=(Database &&other) noexcept {
    if (this != &other) {
        if (db_) sqlite3_close_v2(db_);
        path_ = std::move(other.path_);
        db_ = std::exchange(other.db_, nullptr);
    }
    return *this;
}

Database::~Database() {
    // close_v2 copes with statements that are still alive (it defers the close until they are finalized).
    if (db_) sqlite3_close_v2(db_);
}

void Database::fail(const std::string &doing) const {
    throw_error(sqlite3_extended_errcode(db_), path_, doing + ": " + sqlite3_errmsg(db_));
}

void Database::exec(const std::string &sql, const std::string &what) {
    char *error = nullptr;
    int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error);
    if (rc != SQLITE_OK) {
        std::string message = error ? error : sqlite3_errstr(rc);
        sqlite3_free(error);
        throw_error(rc, path_, (what.empty() ? describe_sql(sql) : what) + ": " + message);
    }
}

int Database::try_exec(const std::string &sql) { return sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr); }

Statement Database::prepare(std::string_view sql, std::string what) {
    if (what.empty()) what = describe_sql(sql);
    sqlite3_stmt *stmt = nullptr;
    if (sql.size() > INT_MAX) throw StoreError(path_, what + ": statement too long");
    int rc = sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr);
    if (rc != SQLITE_OK) {
        std::string message = sqlite3_errmsg(db_);
        sqlite3_finalize(stmt);
        throw StoreError(path_, what + ": " + message);
    }
    return Statement(*this, stmt, std::move(what));
}

int64_t Database::changes() const { return sqlite3_changes(db_); }

int64_t Database::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

void Database::busy_timeout(int milliseconds) {
    if (sqlite3_busy_timeout(db_, milliseconds) != SQLITE_OK) fail("setting the busy timeout");
}

bool Database::read_only() const { return sqlite3_db_readonly(db_, "main") == 1; }

// ---- Statement -----------------------------------------------------------------------------------------------

Statement::Statement(const Database &db, sqlite3_stmt *stmt, std::string what)
    : db_(&db), stmt_(stmt), what_(std::move(what)) {}

Statement::Statement(Statement &&other) noexcept
    : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)), what_(std::move(other.what_)) {}

Statement &Statement::operator=(Statement &&other) noexcept {
    if (this != &other) {
        sqlite3_finalize(stmt_);
        db_ = other.db_;
        stmt_ = std::exchange(other.stmt_, nullptr);
        what_ = std::move(other.what_);
    }
    return *this;
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

void Statement::fail(const std::string &doing, int rc) const {
    // sqlite3_errmsg describes the connection's last error; rc's own text is the fallback if that was reset.
    const char *message = sqlite3_errmsg(db_->handle());
    std::string text = (message && *message && sqlite3_errcode(db_->handle()) != SQLITE_OK) ? message
                                                                                              : sqlite3_errstr(rc);
    throw StoreError(db_->path(), doing + ": " + text);
}

Statement &Statement::bind(int index, int value) { return bind(index, static_cast<int64_t>(value)); }

Statement &Statement::bind(int index, int64_t value) {
    if (int rc = sqlite3_bind_int64(stmt_, index, value); rc != SQLITE_OK) fail(what_ + " (binding)", rc);
    return *this;
}

Statement &Statement::bind(int index, double value) {
    if (int rc = sqlite3_bind_double(stmt_, index, value); rc != SQLITE_OK) fail(what_ + " (binding)", rc);
    return *this;
}

Statement &Statement::bind(int index, std::string_view value) {
    // A null data pointer would bind SQL NULL, not the empty string.
    const char *data = value.data() ? value.data() : "";
    int rc = sqlite3_bind_text64(stmt_, index, data, value.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
    if (rc != SQLITE_OK) fail(what_ + " (binding)", rc);
    return *this;
}

Statement &Statement::bind(int index, std::nullptr_t) {
    if (int rc = sqlite3_bind_null(stmt_, index); rc != SQLITE_OK) fail(what_ + " (binding)", rc);
    return *this;
}

bool Statement::step() {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    std::string message = sqlite3_errmsg(db_->handle()); // before reset, which may change it
    sqlite3_reset(stmt_);
    throw_error(rc, db_->path(), what_ + ": " + message);
}

void Statement::reset() {
    // The return value repeats the last step's error, which step() already reported.
    sqlite3_reset(stmt_);
}

int64_t Statement::int64(int column) const { return sqlite3_column_int64(stmt_, column); }

double Statement::real(int column) const { return sqlite3_column_double(stmt_, column); }

std::string Statement::text(int column) const {
    auto data = reinterpret_cast<const char *>(sqlite3_column_text(stmt_, column));
    if (!data) return {};
    return std::string(data, static_cast<size_t>(sqlite3_column_bytes(stmt_, column)));
}

bool Statement::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

// ---- Transaction ---------------------------------------------------------------------------------------------

Transaction::Transaction(Database &db) : db_(db) { db_.exec("BEGIN IMMEDIATE", "starting a transaction"); }

Transaction::~Transaction() {
    // SQLite may already have rolled back by itself (e.g. after SQLITE_FULL): only roll back an open transaction.
    if (!done_ && !sqlite3_get_autocommit(db_.handle())) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
    db_.exec("COMMIT", "committing a transaction");
    done_ = true;
}

} // namespace pluzzle::host::sql
