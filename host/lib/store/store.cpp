// store.cpp -- the level store on SQLite: connection setup, the migration loop (the steps are in
// store_migrations.cpp), and the queries.
#include <pluzzle/host/store/store.hpp>

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <thread>
#include <unordered_set>

#include <pluzzle/host/base/content_hash.hpp>
#include <pluzzle/host/base/errors.hpp>
#include "store/store_migrations.hpp"
#include "store/store_sql.hpp"

namespace pluzzle::host {

namespace {

// The columns read_result reads (read_level's: store_sql.hpp).
std::string result_columns(int schema) {
    return std::string("r.id, r.level_id, r.plugin_id, r.plugin_version, r.status, r.solution, r.time_ms, r.nodes, "
                       "r.info, r.solved_at, ") +
           (schema >= 7 ? "r.difficulty, r.difficulty_label" : "NULL, ''");
}
// The levels a LevelFilter selects: bind ?1 to the pack name and ?2 to the type ('' for any).
constexpr const char *kFilteredLevels = " FROM levels l JOIN packs p ON p.id = l.pack_id"
                                        " WHERE (?1 = '' OR p.name = ?1) AND (?2 = '' OR l.type = ?2)";
constexpr const char *kPackColumns =
    "p.id, p.name, p.description, p.created_at, (SELECT COUNT(*) FROM levels l WHERE l.pack_id = p.id)";

// Stored text -> status, through the SDK's texts and the host's failures ("error", "crashed", "timeout").
AttemptStatus read_status(const std::string &text, const std::string &path, int64_t result_id) {
    if (const auto status = parse_attempt_status(text)) return *status;
    throw StoreError(path, "result " + std::to_string(result_id) + " has an unknown status '" + text + "'", "status");
}

ResultRecord read_result(const sql::Statement &st, const std::string &path) {
    ResultRecord r;
    r.id = st.int64(0);
    r.level_id = st.int64(1);
    r.plugin_id = st.text(2);
    r.plugin_version = st.text(3);
    r.status = read_status(st.text(4), path, r.id);
    r.solution = st.text(5);
    r.time_ms = st.real(6);
    // SQLite integers are signed 64-bit: nodes is stored as its two's-complement bit pattern, so every uint64
    // value comes back unchanged (values up to 2^63-1 also read correctly from SQL).
    r.nodes = static_cast<uint64_t>(st.int64(7));
    r.info = st.text(8);
    r.solved_at = st.text(9);
    if (!st.is_null(10)) r.difficulty = st.real(10);
    r.difficulty_label = st.text(11);
    return r;
}

PackInfo read_pack(const sql::Statement &st) {
    PackInfo p;
    p.id = st.int64(0);
    p.name = st.text(1);
    p.description = st.text(2);
    p.created_at = st.text(3);
    p.level_count = st.int64(4);
    return p;
}

// Appends levels to one pack with statements prepared once (an import may add tens of thousands of levels).
// Must be used inside a write transaction: the next position is read once, then counted here (reading MAX per
// insert would make a big import quadratic).
class LevelInserter {
public:
    LevelInserter(sql::Database &db, int64_t pack_id)
        : db_(db), pack_id_(pack_id),
          insert_(db.prepare("INSERT INTO levels(pack_id, position, type, name, author, params, text, hash, "
                             "created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, " PLUZZLE_SQL_NOW
                             ", " PLUZZLE_SQL_NOW ") ON CONFLICT(pack_id, hash) DO NOTHING",
                             "adding a level to pack " + std::to_string(pack_id))),
          find_(db.prepare("SELECT id FROM levels WHERE pack_id = ?1 AND hash = ?2",
                           "looking for the same level in pack " + std::to_string(pack_id))) {
        auto last = db.prepare("SELECT COALESCE(MAX(position), 0) FROM levels WHERE pack_id = ?1",
                               "reading the size of pack " + std::to_string(pack_id));
        last.bind(1, pack_id).step();
        next_position_ = last.int64(0) + 1;
    }

    std::pair<int64_t, bool> add(const LevelRecord &level) {
        if (level.type.empty()) throw InputError(db_.path(), "a level needs a puzzle type", 0, 0, "type");
        std::string hash = content_hash(level.type, level.text);
        insert_.reset();
        insert_.bind(1, pack_id_).bind(2, next_position_).bind(3, level.type).bind(4, level.name);
        insert_.bind(5, level.author).bind(6, level.params).bind(7, level.text).bind(8, hash);
        insert_.step();
        if (db_.changes() > 0) {
            ++next_position_;
            return {db_.last_insert_rowid(), true};
        }
        find_.reset();
        find_.bind(1, pack_id_).bind(2, hash);
        if (!find_.step()) throw StoreError(db_.path(), "adding a level: neither inserted nor found"); // not reached
        return {find_.int64(0), false};
    }

private:
    sql::Database &db_;
    int64_t pack_id_;
    sql::Statement insert_, find_;
    int64_t next_position_ = 1;
};

bool is_read_only_code(int rc) {
    // CANTOPEN after the main file opened: its -wal/-shm side files could not be created or opened.
    return (rc & 0xff) == SQLITE_READONLY || (rc & 0xff) == SQLITE_CANTOPEN;
}

[[noreturn]] void throw_read_only(const sql::Database &db) {
    const char *detail = db.handle() ? sqlite3_errmsg(db.handle()) : "";
    throw StoreError(db.path(), std::string("database is read-only: cannot write the file or create its -wal/-shm "
                                            "files in its folder (check the permissions)") +
                                    (detail && *detail && std::string(detail) != "not an error"
                                         ? " (" + std::string(detail) + ")"
                                         : std::string()));
}

// Reading the schema makes SQLite open the WAL index, the step that needs the side files.
constexpr const char *kProbe = "SELECT count(*) FROM sqlite_schema";

sql::Database open_database(const std::string &path, const StoreOptions &options) {
    if (options.mode == StoreMode::ReadWrite) {
        sql::Database db(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX);
        // SQLite quietly falls back to read-only for a write-protected file: say so now, not at the first write.
        if (db.read_only()) throw_read_only(db);
        db.busy_timeout(options.busy_timeout_ms);
        if (is_read_only_code(db.try_exec(kProbe))) throw_read_only(db);
        return db;
    }
    constexpr int kFlags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_FULLMUTEX;
    sql::Database db(path, kFlags, sql::file_uri(path, "mode=ro"));
    db.busy_timeout(options.busy_timeout_ms);
    if (!is_read_only_code(db.try_exec(kProbe))) return db;
    // A WAL database in a folder we cannot write: its -shm file cannot be created. Read the main file alone,
    // as immutable (nobody else can be writing it there either, lacking the same side files).
    sql::Database immutable(path, kFlags, sql::file_uri(path, "immutable=1"));
    immutable.busy_timeout(options.busy_timeout_ms);
    return immutable;
}

} // namespace

void check_database_path(const std::string &path, DatabaseUse use) {
    namespace fs = std::filesystem;
    // SQLite gives these names special meanings: an in-memory database, a temporary file, URI parameters.
    if (path.empty()) throw InputError("''", "not a database file path (empty)");
    if (path == ":memory:" || path.rfind("file:", 0) == 0)
        throw InputError(path, "not a database file path (give the path of a database file)");
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!fs::exists(status)) {
        if (use == DatabaseUse::Existing) throw InputError(path, "no such database");
        const fs::path folder = fs::path(path).parent_path();
        if (!folder.empty() && !fs::is_directory(folder, ec))
            throw InputError(path, "folder does not exist: " + folder.string());
        return;
    }
    if (fs::is_directory(status)) throw InputError(path, "not a database file (it is a directory)");
    if (use == DatabaseUse::Existing && fs::is_regular_file(status) && fs::file_size(path, ec) == 0 && !ec)
        throw InputError(path, "not a pluzzle database (empty file)");
}

Store::Store(const std::string &path, int target_version) : Store(path, [&] {
    StoreOptions options;
    options.target_version = target_version;
    return options;
}()) {}

Store::Store(const std::string &path, const StoreOptions &options)
    : db_(open_database(path, options)), options_(options) {
    if (options.target_version < 0 || options.target_version > kSchemaVersion)
        throw std::invalid_argument("Store: no schema version " + std::to_string(options.target_version));
    db_.exec("PRAGMA foreign_keys=ON", "enabling foreign keys");
    check_readable(); // before anything writes to the file
    if (options.mode == StoreMode::ReadOnly) {
        if (int version = schema_version(); version < kSchemaVersion)
            throw StoreError(path, version == 0 ? std::string("not a pluzzle database (no pluzzle schema)")
                                                : "database schema version " + std::to_string(version) +
                                                      " is older than this pluzzle's (" +
                                                      std::to_string(kSchemaVersion) +
                                                      "): run a writing command on it once (e.g. `pluzzle db "
                                                      "solve`) to upgrade it");
        schema_ = kSchemaVersion;
        return;
    }
    // WAL lets readers and one writer work at once; NORMAL sync is durable in WAL mode except for the last
    // transactions before a power loss, never corrupting.
    db_.exec("PRAGMA journal_mode=WAL", "switching to WAL mode");
    db_.exec("PRAGMA synchronous=NORMAL", "setting the sync mode");
    migrate(options.target_version);
    schema_ = schema_version();
}

void Store::check_writable() {
    // An immutable connection takes no locks, so BEGIN IMMEDIATE alone would not notice.
    if (options_.mode == StoreMode::ReadOnly || db_.read_only()) throw_read_only(db_);
    const int rc = db_.try_exec("BEGIN IMMEDIATE");
    if (rc == SQLITE_OK) {
        db_.exec("ROLLBACK", "releasing the write lock");
        return;
    }
    if (is_read_only_code(rc)) throw_read_only(db_);
    // Busy for longer than the busy timeout: the file is writable, just in use (add_result waits its turn).
    if ((rc & 0xff) == SQLITE_BUSY) return;
    db_.fail("checking that the database can be written");
}

// The open-time check is deliberately cheap (well under a millisecond; PRAGMA quick_check reads every page:
// ~6 ms for 10,000 levels but ~60 ms for 100,000, on every open). Reading the schema makes SQLite read and check
// page 1: a file that is not a database fails here with "file is not a database", and a file shorter than the
// page count in its header (truncated anywhere) fails as "database disk image is malformed". Damage further
// inside is reported by the query that meets it, as a StoreError as well.
void Store::check_readable() {
    int version = schema_version();
    if (version > kSchemaVersion)
        throw StoreError(path(), "database schema version " + std::to_string(version) +
                                     " is newer than this pluzzle supports (" + std::to_string(kSchemaVersion) +
                                     ")");
    auto st = db_.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'", "reading the database schema");
    std::unordered_set<std::string> tables;
    while (st.step())
        if (std::string name = st.text(0); name.compare(0, 7, "sqlite_") != 0) tables.insert(name); // not internal
    // A version-0 file with tables was made by something else: migrating it would mix our tables into it.
    if (version == 0 && !tables.empty())
        throw StoreError(path(), "not a pluzzle database (it holds tables but no pluzzle schema version)");
    struct Table {
        const char *name;
        int since; // schema version that created it
    };
    static const Table kTables[] = {{"packs", 1},    {"levels", 1}, {"results", 2},     {"profiles", 3},
                                    {"in_flight", 6}, {"runs", 8},   {"cube_splits", 9}, {"cubes", 9}};
    for (const Table &table : kTables)
        if (version >= table.since && !tables.count(table.name))
            throw StoreError(path(), "damaged pluzzle database: table '" + std::string(table.name) +
                                         "' of schema version " + std::to_string(version) + " is missing");
}

void Store::migrate(int target_version) {
    if (schema_version() >= target_version) return; // the common case: no write lock needed
    // One transaction per step, version bump included: a crash leaves the previous version intact. The version
    // is read again inside the transaction because another process may have migrated meanwhile.
    for (;;) {
        sql::Transaction tx(db_);
        int version = schema_version();
        if (version >= target_version) break;
        db_.exec(migration_sql(version), "migrating the database to schema version " + std::to_string(version + 1));
        // PRAGMA takes no bound parameters; the value is our own integer.
        db_.exec("PRAGMA user_version = " + std::to_string(version + 1), "recording the schema version");
        tx.commit();
    }
}

int Store::schema_version() {
    auto st = db_.prepare("PRAGMA user_version", "reading the schema version");
    st.step();
    return static_cast<int>(st.int64(0));
}

int64_t Store::ensure_pack(const std::string &name, const std::string &description) {
    if (name.empty()) throw InputError(path(), "a pack needs a name", 0, 0, "name");
    auto insert = db_.prepare("INSERT INTO packs(name, description, created_at) VALUES (?1, ?2, " PLUZZLE_SQL_NOW
                              ") ON CONFLICT(name) DO NOTHING",
                              "creating pack '" + name + "'");
    insert.bind(1, name).bind(2, description).step();
    auto find = db_.prepare("SELECT id FROM packs WHERE name = ?1", "looking up pack '" + name + "'");
    find.bind(1, name);
    if (!find.step()) throw StoreError(path(), "creating pack '" + name + "': the pack vanished"); // not reached
    return find.int64(0);
}

std::optional<PackInfo> Store::find_pack(const std::string &name) {
    auto st = db_.prepare(std::string("SELECT ") + kPackColumns + " FROM packs p WHERE p.name = ?1",
                          "looking up pack '" + name + "'");
    st.bind(1, name);
    if (!st.step()) return std::nullopt;
    return read_pack(st);
}

std::vector<PackInfo> Store::packs() {
    auto st = db_.prepare(std::string("SELECT ") + kPackColumns + " FROM packs p ORDER BY p.id", "listing packs");
    std::vector<PackInfo> out;
    while (st.step()) out.push_back(read_pack(st));
    return out;
}

bool level_text_intact(const LevelRecord &level) { return content_hash(level.type, level.text) == level.hash; }

std::pair<int64_t, bool> Store::add_level(int64_t pack_id, LevelRecord level) {
    // Position (max + 1) and insert must see the same pack contents: one write transaction.
    sql::Transaction tx(db_);
    auto result = LevelInserter(db_, pack_id).add(level);
    tx.commit();
    return result;
}

size_t Store::add_levels(int64_t pack_id, std::vector<LevelRecord> levels) {
    const std::vector<bool> added = add_levels_each(pack_id, std::move(levels));
    return size_t(std::count(added.begin(), added.end(), true));
}

std::vector<bool> Store::add_levels_each(int64_t pack_id, std::vector<LevelRecord> levels) {
    sql::Transaction tx(db_);
    LevelInserter inserter(db_, pack_id);
    std::vector<bool> added;
    added.reserve(levels.size());
    for (const auto &level : levels)
        added.push_back(inserter.add(level).second);
    tx.commit();
    return added;
}

std::vector<LevelRecord> Store::levels(const LevelFilter &filter) {
    return levels_page(filter, {}, size_t(std::numeric_limits<int64_t>::max())); // one page holding them all
}

namespace {

// The SDK's final statuses (attempt_final), as the texts the results table stores.
const std::vector<std::string> &final_status_texts() {
    static const std::vector<std::string> texts = [] {
        std::vector<std::string> t;
        for (SolveStatus s : kSolveStatuses)
            if (attempt_final(s)) t.push_back(attempt_status_text(s));
        return t;
    }();
    return texts;
}

// LevelFilter::not_done_by as SQL, its parameters numbered from 10 (the queries' own stay below): one index probe
// of results(level_id, plugin_id, plugin_version) a level.
constexpr int kDoneByFirstParameter = 10;

const std::vector<std::string> &done_statuses(const LevelFilter &filter) {
    return filter.done_statuses.empty() ? final_status_texts() : filter.done_statuses;
}

std::string not_done_clause(const LevelFilter &filter) {
    if (filter.not_done_by.empty()) return "";
    int next = kDoneByFirstParameter;
    std::string finals;
    for (size_t i = 0, n = done_statuses(filter).size(); i < n; ++i)
        finals += (i ? ", ?" : "?") + std::to_string(next++);
    std::string by;
    for (size_t i = 0; i < filter.not_done_by.size(); ++i, next += 3)
        by += std::string(i ? " OR " : "") + "(l.type = ?" + std::to_string(next) + " AND r.plugin_id = ?" +
              std::to_string(next + 1) + " AND r.plugin_version = ?" + std::to_string(next + 2) + ")";
    return " AND NOT EXISTS (SELECT 1 FROM results r WHERE r.level_id = l.id AND r.status IN (" + finals + ") AND (" +
           by + "))";
}

void bind_not_done(sql::Statement &st, const LevelFilter &filter) {
    if (filter.not_done_by.empty()) return;
    int next = kDoneByFirstParameter;
    for (const std::string &text : done_statuses(filter))
        st.bind(next++, text);
    for (const DoneBy &d : filter.not_done_by) {
        st.bind(next++, d.type);
        st.bind(next++, d.plugin_id);
        st.bind(next++, d.plugin_version);
    }
}

} // namespace

std::vector<LevelRecord> Store::levels_page(const LevelFilter &filter, const LevelCursor &after, size_t limit) {
    // Keyset paging on the (pack_id, position) index: each page costs the same however deep into the pack.
    auto st = db_.prepare("SELECT " + level_columns(schema_) + kFilteredLevels + not_done_clause(filter) +
                              " AND (l.pack_id, l.position) > (?3, ?4)"
                              " ORDER BY l.pack_id, l.position LIMIT ?5",
                          "listing levels");
    st.bind(1, filter.pack).bind(2, filter.type).bind(3, after.pack_id).bind(4, after.position);
    st.bind(5, int64_t(limit));
    bind_not_done(st, filter);
    std::vector<LevelRecord> out;
    while (st.step())
        out.push_back(read_level(st));
    return out;
}

size_t Store::count_levels(const LevelFilter &filter) {
    auto st = db_.prepare(std::string("SELECT COUNT(*)") + kFilteredLevels + not_done_clause(filter), "counting levels");
    st.bind(1, filter.pack).bind(2, filter.type);
    bind_not_done(st, filter);
    st.step();
    return size_t(st.int64(0));
}

std::vector<std::string> Store::level_types(const LevelFilter &filter) {
    auto st = db_.prepare(std::string("SELECT DISTINCT l.type") + kFilteredLevels + " ORDER BY l.type",
                          "listing level types");
    st.bind(1, filter.pack).bind(2, filter.type);
    std::vector<std::string> out;
    while (st.step()) out.push_back(st.text(0));
    return out;
}

std::optional<LevelRecord> Store::level(int64_t id) {
    auto st = db_.prepare("SELECT " + level_columns(schema_) + " FROM levels l WHERE l.id = ?1",
                          "reading level " + std::to_string(id));
    st.bind(1, id);
    if (!st.step()) return std::nullopt;
    return read_level(st);
}

void Store::update_level_text(int64_t id, const std::string &text) {
    const std::string what = "changing level " + std::to_string(id);
    sql::Transaction tx(db_);
    auto find = db_.prepare("SELECT pack_id, type FROM levels WHERE id = ?1", what);
    find.bind(1, id);
    if (!find.step()) throw StoreError(path(), what + ": no such level");
    int64_t pack_id = find.int64(0);
    std::string hash = content_hash(find.text(1), text);

    auto twin = db_.prepare("SELECT id FROM levels WHERE pack_id = ?1 AND hash = ?2 AND id <> ?3", what);
    twin.bind(1, pack_id).bind(2, hash).bind(3, id);
    if (twin.step())
        throw StoreError(path(), what + ": its pack already holds the same level (id " +
                                     std::to_string(twin.int64(0)) + ")");

    auto update = db_.prepare(std::string("UPDATE levels SET text = ?1, hash = ?2, updated_at = " PLUZZLE_SQL_NOW) +
                                  (schema_ >= 7 ? ", revision = revision + 1" : "") + " WHERE id = ?3",
                              what);
    update.bind(1, text).bind(2, hash).bind(3, id).step();
    tx.commit();
}

int64_t Store::update_level_if(int64_t id, int64_t revision, const LevelContent &content) {
    const std::string what = "saving level " + std::to_string(id);
    sql::Transaction tx(db_);
    auto find = db_.prepare("SELECT pack_id, type, revision, updated_at FROM levels WHERE id = ?1", what);
    find.bind(1, id);
    if (!find.step()) throw LevelConflict(path(), what + ": the level was deleted by another program", true);
    if (find.int64(2) != revision)
        throw LevelConflict(path(),
                            what + ": another program changed the level at " + find.text(3) +
                                ", after you opened it; reopen it, or save a copy as a new level",
                            false);
    const int64_t pack_id = find.int64(0);
    const std::string hash = content_hash(find.text(1), content.text);
    auto twin = db_.prepare("SELECT id FROM levels WHERE pack_id = ?1 AND hash = ?2 AND id <> ?3", what);
    twin.bind(1, pack_id).bind(2, hash).bind(3, id);
    if (twin.step())
        throw StoreError(path(),
                         what + ": its pack already holds the same level (id " + std::to_string(twin.int64(0)) + ")");
    // The transaction holds the write lock from the read on (BEGIN IMMEDIATE), so nobody changes the row between.
    auto update = db_.prepare("UPDATE levels SET text = ?1, hash = ?2, name = ?3, author = ?4, params = ?5, "
                              "revision = revision + 1, updated_at = " PLUZZLE_SQL_NOW " WHERE id = ?6",
                              what);
    update.bind(1, content.text).bind(2, hash).bind(3, content.name).bind(4, content.author).bind(5, content.params);
    update.bind(6, id).step();
    tx.commit();
    return revision + 1;
}

void Store::add_result(const ResultRecord &r) { add_results({r}); }

void Store::add_results(const std::vector<ResultRecord> &results) {
    if (results.empty()) return;
    // One transaction for the batch: a bulk run of tiny levels spent most of its host time committing one by one.
    const std::string what = results.size() == 1 ? "storing a result for level " + std::to_string(results[0].level_id)
                                                 : "storing " + std::to_string(results.size()) + " results (levels " +
                                                       std::to_string(results.front().level_id) + " to " +
                                                       std::to_string(results.back().level_id) + ")";
    auto st = db_.prepare(schema_ >= 7 ? "INSERT INTO results(level_id, plugin_id, plugin_version, status, solution, "
                                         "time_ms, nodes, info, solved_at, difficulty, difficulty_label) VALUES (?1, "
                                         "?2, ?3, ?4, ?5, ?6, ?7, ?8, COALESCE(NULLIF(?9, ''), " PLUZZLE_SQL_NOW
                                         "), ?10, ?11)"
                                       : "INSERT INTO results(level_id, plugin_id, plugin_version, status, solution, "
                                         "time_ms, nodes, info, solved_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
                                         "COALESCE(NULLIF(?9, ''), " PLUZZLE_SQL_NOW "))",
                          what);
    // A database kept at an older schema (tests build them) has no marks to clear.
    // A result clears its level's mark when the mark is this run's or has no owner: another live run's mark stays.
    std::optional<sql::Statement> unmark;
    if (schema_ >= 8)
        unmark.emplace(
            db_.prepare("DELETE FROM in_flight WHERE level_id = ?1 AND (run_id IS NULL OR run_id = ?2)", what));
    else if (schema_ >= 6)
        unmark.emplace(db_.prepare("DELETE FROM in_flight WHERE level_id = ?1", what));
    // Each statement already waits the busy timeout; past it, keep retrying the whole batch (only SQLITE_BUSY) with
    // a growing pause until the total budget is spent, so one slow writer does not cost a bulk run its results.
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::milliseconds(options_.write_retry_ms);
    auto pause = std::chrono::milliseconds(50);
    for (;;) {
        try {
            sql::Transaction tx(db_);
            for (const ResultRecord &r : results) {
                st.reset();
                st.bind(1, r.level_id).bind(2, r.plugin_id).bind(3, r.plugin_version);
                st.bind(4, attempt_status_text(r.status)).bind(5, r.solution).bind(6, r.time_ms);
                st.bind(7, static_cast<int64_t>(r.nodes)).bind(8, r.info).bind(9, r.solved_at);
                if (schema_ >= 7) {
                    if (r.difficulty)
                        st.bind(10, *r.difficulty);
                    else
                        st.bind(10, nullptr);
                    st.bind(11, r.difficulty_label);
                }
                st.step();
                if (unmark) {
                    unmark->reset();
                    unmark->bind(1, r.level_id);
                    if (schema_ >= 8) unmark->bind(2, run_id_);
                    unmark->step();
                }
            }
            tx.commit();
            return;
        } catch (const sql::BusyError &e) {
            const auto now = Clock::now();
            if (now >= deadline)
                throw StoreError(path(), what + ": gave up after " + std::to_string(options_.write_retry_ms) +
                                             " ms of waiting for another connection's lock (" + e.reason() + ")");
            std::this_thread::sleep_for(std::min<Clock::duration>(pause, deadline - now));
            pause = std::min(pause * 2, std::chrono::milliseconds(2000));
        }
    }
}

std::vector<ResultRecord> Store::results(int64_t level_id) {
    // Ids grow with insertion, so id order is the order results were stored in.
    auto st =
        db_.prepare("SELECT " + result_columns(schema_) + " FROM results r WHERE r.level_id = ?1 ORDER BY r.id DESC",
                    "reading results of level " + std::to_string(level_id));
    st.bind(1, level_id);
    std::vector<ResultRecord> out;
    while (st.step()) out.push_back(read_result(st, path()));
    return out;
}

std::unordered_map<int64_t, ResultRecord> Store::latest_results(const LevelFilter &filter) {
    auto st = db_.prepare("SELECT " + result_columns(schema_) +
                              " FROM results r JOIN levels l ON l.id = r.level_id JOIN packs p ON p.id = l.pack_id"
                              " WHERE r.id IN (SELECT MAX(id) FROM results GROUP BY level_id)"
                              " AND (?1 = '' OR p.name = ?1) AND (?2 = '' OR l.type = ?2)",
                          "reading latest results");
    st.bind(1, filter.pack).bind(2, filter.type);
    std::unordered_map<int64_t, ResultRecord> out;
    while (st.step()) {
        ResultRecord r = read_result(st, path());
        out.emplace(r.level_id, std::move(r));
    }
    return out;
}

} // namespace pluzzle::host
