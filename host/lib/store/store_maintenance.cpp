// store_maintenance.cpp -- `db check` and `db backup`: finding damage in a database file, and copying one safely
// while another process writes to it.
#include <pluzzle/host/store/store.hpp>

#include "store/store_sql.hpp"
#include <pluzzle/host/base/errors.hpp>

#include <sqlite3.h>

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

namespace pluzzle::host {

std::vector<std::string> Store::check() {
    std::vector<std::string> problems;
    // SQLite's own view first: a damaged b-tree makes every later query's answer doubtful.
    auto integrity = db_.prepare("PRAGMA integrity_check(100)", "checking the file's integrity");
    while (integrity.step())
        if (std::string line = integrity.text(0); line != "ok") problems.push_back("integrity: " + line);
    auto keys = db_.prepare("PRAGMA foreign_key_check", "checking references between tables");
    while (keys.step())
        problems.push_back("table " + keys.text(0) + ", row " + std::to_string(keys.int64(1)) +
                           ": refers to a missing row of " + keys.text(2));

    auto levels = db_.prepare("SELECT l.id, l.type, l.text, l.hash, l.name, l.position, COALESCE(p.name, '') "
                              "FROM levels l LEFT JOIN packs p ON p.id = l.pack_id ORDER BY l.id",
                              "reading every level");
    while (levels.step()) {
        LevelRecord level;
        level.id = levels.int64(0);
        level.type = levels.text(1);
        level.text = levels.text(2);
        level.hash = levels.text(3);
        if (!level_text_intact(level))
            problems.push_back("level " + std::to_string(level.id) + " ('" + levels.text(4) + "', position " +
                               std::to_string(levels.int64(5)) + " of pack '" + levels.text(6) +
                               "'): its text does not match its hash (the row was damaged)");
    }
    auto statuses = db_.prepare("SELECT id, level_id, status FROM results ORDER BY id", "reading every result");
    while (statuses.step())
        if (!parse_attempt_status(statuses.text(2)))
            problems.push_back("result " + std::to_string(statuses.int64(0)) + " (level " +
                               std::to_string(statuses.int64(1)) + "): unknown status '" + statuses.text(2) + "'");
    if (schema_ >= 8) check_runs(problems);
    return problems;
}

// A run's row (schema 8) that no process could have written: run_gone() then takes it for gone, so another run
// settles its marks -- right for a run that died, wrong for one that lives. Named, so a person can look.
void Store::check_runs(std::vector<std::string> &problems) {
    auto runs = db_.prepare("SELECT id, kind, host = '' OR boot_id = '', typeof(pid) <> 'integer' OR pid <= 0, "
                            "typeof(start_ticks) <> 'integer' OR start_ticks < 0, "
                            "typeof(lease_until) NOT IN ('real', 'integer'), julianday(started_at) IS NULL "
                            "FROM runs WHERE ended_at IS NULL ORDER BY id",
                            "reading the runs");
    static const char *const kFields[] = {"its host", "its pid", "its process's start time", "its lease",
                                          "its start"};
    while (runs.step()) {
        std::string wrong;
        for (int i = 0; i < 5; ++i)
            if (runs.int64(2 + i)) wrong += (wrong.empty() ? "" : ", ") + std::string(kFields[i]);
        if (!wrong.empty())
            problems.push_back("run " + std::to_string(runs.int64(0)) + " ('" + runs.text(1) + "'): " + wrong +
                               " not valid (the row was damaged): it counts as gone, so the next run settles "
                               "its marks as a dead run's");
    }
}

namespace {

// Closes a backup's destination connection however the copy ends.
struct Destination {
    sqlite3 *db = nullptr;
    ~Destination() { sqlite3_close_v2(db); }
};

void sync_file(const std::string &path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw StoreError(path, "cannot open the copy to sync it");
    const int rc = ::fsync(fd);
    ::close(fd);
    if (rc != 0) throw StoreError(path, "cannot sync the copy to disk");
}

} // namespace

void Store::backup_to(const std::string &out) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::equivalent(out, path(), ec)) throw InputError(out, "the backup would overwrite the database itself");
    const std::string tmp = out + ".tmp";
    fs::remove(tmp, ec);
    {
        Destination dest;
        if (sqlite3_open_v2(tmp.c_str(), &dest.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK)
            throw StoreError(out, std::string("cannot create the copy: ") + sqlite3_errmsg(dest.db));
        sqlite3_backup *copy = sqlite3_backup_init(dest.db, "main", db_.handle(), "main");
        if (!copy) throw StoreError(out, std::string("cannot start the copy: ") + sqlite3_errmsg(dest.db));
        // step(-1): every page within one read transaction of this connection, so the copy is one consistent
        // state; in WAL mode that never blocks a writer. BUSY/LOCKED only while another connection holds the
        // destination or a checkpoint is running: wait and go on.
        int rc;
        while ((rc = sqlite3_backup_step(copy, -1)) == SQLITE_BUSY || rc == SQLITE_LOCKED)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        sqlite3_backup_finish(copy);
        if (rc != SQLITE_DONE) {
            const std::string reason = sqlite3_errstr(rc);
            fs::remove(tmp, ec);
            throw StoreError(out, "copying the database failed: " + reason);
        }
        // The copy keeps the source's WAL mode in its header; fold everything into the one file before it is used.
        sqlite3_exec(dest.db, "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr);
    }
    fs::remove(tmp + "-wal", ec);
    fs::remove(tmp + "-shm", ec);
    sync_file(tmp);
    fs::rename(tmp, out, ec);
    if (ec) {
        fs::remove(tmp, ec);
        throw StoreError(out, "cannot move the copy into place: " + ec.message());
    }
}

} // namespace pluzzle::host
