// store.hpp -- the level store: packs of levels and solve results in one SQLite file.
//
// The file is opened in WAL mode with a long busy timeout (60 s), so a bulk solve writing results and a listing
// reading them can use it from two processes at once. One Store is one connection: it may be used from several
// threads as long as the caller serialises the calls (e.g. with its own mutex). Every database failure, including
// a file that is not a database or is corrupt or truncated, throws StoreError naming the file.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <pluzzle/host/base/attempt_status.hpp>
#include <pluzzle/host/base/process_identity.hpp>
#include <pluzzle/host/store/sqlite.hpp>

namespace pluzzle::host {

constexpr int kStoreSchemaVersion = 9;

enum class StoreMode {
    ReadWrite, // creates and migrates the file; fails up front if it cannot be written
    ReadOnly   // never writes (works in read-only folders); the schema must be current
};

struct StoreOptions {
    StoreMode mode = StoreMode::ReadWrite;
    int target_version = kStoreSchemaVersion; // ReadWrite only: migrate this far (tests build old databases)
    // How long one statement waits for another connection's lock before it fails with SQLITE_BUSY.
    int busy_timeout_ms = 60 * 1000;
    // add_result keeps retrying SQLITE_BUSY (with back-off) until this much time has passed in total: a bulk run
    // must outlast a long writer rather than lose its results.
    int write_retry_ms = 5 * 60 * 1000;
};

// What a command is about to do with a database path, for check_database_path.
enum class DatabaseUse {
    Existing, // read or solve: the file must exist and be a (non-empty) database
    Create    // import or generate: created if missing, so its folder must exist
};

// Refuses, with an InputError naming the path, what SQLite would not treat as a plain file ("", ":memory:",
// "file:" URIs) and, by `use`, a missing file ("no such database"), a directory, an empty file ("not a pluzzle
// database (empty file)": never silently turned into a database by a reading command) or a missing folder.
void check_database_path(const std::string &path, DatabaseUse use);

struct PackInfo {
    int64_t id = 0;
    std::string name, description, created_at;
    int64_t level_count = 0;
};

// position counts from 1 within the pack. hash = content_hash(type, text), maintained by the store.
// Timestamps are UTC ISO-8601 with milliseconds ("2024-05-01T12:34:56.789Z").
struct LevelRecord {
    int64_t id = 0, pack_id = 0;
    int64_t position = 0;
    std::string type, name, author, params, text, hash, created_at, updated_at;
    int64_t revision = 1; // bumped by every change of the content (text, name, author, params); schema 7
};

// Whether a level's text still matches the hash stored with it. False means the database was damaged (bytes of the
// row changed): the text may parse as a different puzzle, so it must never be solved or trusted.
bool level_text_intact(const LevelRecord &level);

// status is stored as its text ("unique", ..., "error" for a failed attempt); a stored text that is neither is a
// StoreError naming the field when read.
struct ResultRecord {
    int64_t id = 0, level_id = 0;
    std::string plugin_id, plugin_version;
    AttemptStatus status;
    std::string solution, info;
    double time_ms = 0;
    uint64_t nodes = 0;
    std::string solved_at; // empty when adding: the store uses the current time
    std::optional<double> difficulty; // the plugin's estimate (ABI 1.7, 0..10); none when it gave none
    std::string difficulty_label;
};

// One player's value for one AI of one plugin (ABI 1.2 profiles, see ai_profiles.hpp). updated_at is set by the store.
struct ProfileRecord {
    std::string player, plugin_id, ai_id, value, updated_at;
};

// What an editor saves over a level: its content (the store recomputes the hash).
struct LevelContent {
    std::string text, name, author, params;
};

// Store::update_level_if found the level changed (or deleted) by another connection since the caller read it.
class LevelConflict : public StoreError {
  public:
    LevelConflict(const std::string &path, const std::string &message, bool deleted)
        : StoreError(path, message, "revision"), deleted_(deleted) {}
    bool deleted() const noexcept { return deleted_; }

  private:
    bool deleted_;
};

// A place in the (pack id, position) order of levels; the default is before every level.
struct LevelCursor {
    int64_t pack_id = 0, position = 0;
};

// For --resume: levels of `type` count as done when this plugin id + version stored a final result for them.
struct DoneBy {
    std::string type, plugin_id, plugin_version;
};

struct LevelFilter {
    LevelFilter() = default;
    LevelFilter(std::string pack_name, std::string level_type = "", std::vector<DoneBy> done_by = {})
        : pack(std::move(pack_name)), type(std::move(level_type)), not_done_by(std::move(done_by)) {}

    std::string pack; // pack name; empty = any
    std::string type; // puzzle type; empty = any
    // levels_page() and count_levels() leave out the levels done by these (in SQL: no set of ids held in memory,
    // whatever the pack's size). Types not listed are never done.
    std::vector<DoneBy> not_done_by;
    // The statuses that mean done; empty: the final ones (solved, unique, multiple, unsolvable). A bulk solve in
    // this process adds "crashed" (a level that took a process down would take this one down too).
    std::vector<std::string> done_statuses;
};

// A level being solved, marked before its solve starts (schema 6): a run that dies leaves its marks, so the next
// bulk solve knows which levels were running when it died. `alone`: it was the only level running.
struct InFlightMark {
    int64_t level_id = 0;
    std::string plugin_id, plugin_version;
    bool alone = false;
    int64_t run_id = 0; // the run that set it (schema 8); 0: no owner recorded (an older binary's mark)
    int deaths = 0;     // runs it was alone in that died without a crash note (schema 8)
};

// A hard level's split into cubes as stored (schema 9; store_cubes.cpp): the plugin's combine rule (pz_combine),
// what the split proved and found, and each cube with its answer once it has one (status empty: none yet).
struct StoredCube {
    std::string text;
    std::string status; // an attempt status text, or empty
    double lower_bound = NAN, upper_bound = NAN;
    uint32_t solutions = 0;
    std::string solution, second_solution;
    uint64_t nodes = 0;
    double time_ms = 0;
};
struct StoredSplit {
    int combine = 0;
    double root_lower = NAN, root_upper = NAN;
    std::string root_solution;
    std::vector<StoredCube> cubes; // in the split's order
};

// A run on the database (schema 8; store_runs.cpp): a bulk solve, the editor's pack solve, an MPI run's rank 0.
struct RunRecord {
    int64_t id = 0;
    ProcessIdentity process;
    std::string kind, started_at, ended_at; // ended_at empty: it has not ended (it runs, or died)
    double lease_until = 0;                 // Unix seconds; renewed while the run works
};

// Gone: ended; or on this host and boot, its process is no longer running (pid and start time); or on another host
// (or before a reboot), its lease ran out at `now` (Unix seconds). Only a gone run's marks are evidence of a crash.
bool run_gone(const RunRecord &run, double now);
double unix_now();

// What claim_levels found for one level.
enum class ClaimOutcome {
    kClaimed,        // marked in flight for this run (it had no mark, this run's, or, when asked, a gone run's)
    kHeldByLiveRun,  // another run that is not gone holds it: leave it to that run
    kDoneMeanwhile,  // it has a final result stored since `done_since`: another run solved it
    kLeftByGoneRun,  // a gone run (or an older binary) left its mark: `previous` is that evidence; not claimed
    kNotTried,       // the call's limit of claims was reached before this level
};
struct Claim {
    ClaimOutcome outcome = ClaimOutcome::kClaimed;
    InFlightMark previous; // kLeftByGoneRun, and kClaimed over a gone run's mark: the mark found
};

class Store {
public:
    static constexpr int kSchemaVersion = kStoreSchemaVersion;

    // Opens or creates the database and migrates it to target_version (tests use a lower target to build an old
    // database; a database already past target_version is left as it is). Throws StoreError if the file is not a
    // database, is corrupt or truncated, belongs to another application, has a schema newer than this code, or
    // cannot be written ("database is read-only").
    explicit Store(const std::string &path, int target_version = kSchemaVersion);
    // ReadOnly mode opens an existing file without writing anything, even where the -wal/-shm side files cannot
    // be created (then the file is read as immutable). It does not migrate: an older schema is a StoreError
    // asking for one writing command to upgrade it.
    Store(const std::string &path, const StoreOptions &options);

    const std::string &path() const { return db_.path(); }
    int schema_version();
    // Takes and releases the write lock: StoreError "database is read-only" when the file cannot be written (so
    // a bulk solve fails before solving anything rather than at its first result).
    void check_writable();

    // Creates the pack if missing (an existing pack keeps its description); returns its id.
    int64_t ensure_pack(const std::string &name, const std::string &description = "");
    std::optional<PackInfo> find_pack(const std::string &name);
    std::vector<PackInfo> packs(); // ordered by id (creation order)

    // Adds a level at the end of the pack (level.pack_id, position, hash and timestamps are ignored and set by the
    // store). Returns {id, inserted}; inserted = false (with the existing id) when the pack already holds a level
    // with the same hash. Throws InputError if level.type is empty.
    std::pair<int64_t, bool> add_level(int64_t pack_id, LevelRecord level);
    // Several levels in one transaction (all or none); returns how many were new.
    size_t add_levels(int64_t pack_id, std::vector<LevelRecord> levels);
    // The same, saying for each level whether it was new (an import of many files reports each file's count).
    std::vector<bool> add_levels_each(int64_t pack_id, std::vector<LevelRecord> levels);

    std::vector<LevelRecord> levels(const LevelFilter &filter = {}); // ordered by pack id, position
    // The same levels a page at a time, for packs too big to hold in memory (a bulk solve of 10^6 levels): up to
    // `limit` levels after `after` in (pack id, position) order; an empty page is the end.
    std::vector<LevelRecord> levels_page(const LevelFilter &filter, const LevelCursor &after, size_t limit);
    size_t count_levels(const LevelFilter &filter = {});
    std::vector<std::string> level_types(const LevelFilter &filter = {}); // the types of those levels, sorted
    std::optional<LevelRecord> level(int64_t id);
    // Replaces the text, recomputes the hash and bumps updated_at. StoreError if there is no such level or the
    // pack already holds another level with the new content.
    void update_level_text(int64_t id, const std::string &text);
    // Compare-and-swap for editors: replaces the level's content only while its revision is still `revision` (what
    // the caller read), bumping it; returns the new revision. LevelConflict when another connection changed or
    // deleted the level meanwhile; StoreError when its pack already holds another level with the new content.
    int64_t update_level_if(int64_t id, int64_t revision, const LevelContent &content);

    // Pack management (store_packs.cpp; issue 16), each one transaction, all or nothing. Positions stay 1..n in
    // every pack touched. StoreError (field "pack" or "level") naming what is missing or in the way.
    void rename_pack(const std::string &from, const std::string &to); // `to` must be free
    size_t delete_pack(const std::string &name);                      // with its levels and their results
    size_t delete_levels(const std::vector<int64_t> &ids);            // with their results
    // To the end of `to_pack` (created if missing), in the order given; results go with them. Refused when the
    // target already holds the same level (same type and text) or a level is named twice.
    void move_levels(const std::vector<int64_t> &ids, const std::string &to_pack);
    // New positions 1..n in the order of `ids`, which must name every level of the pack exactly once.
    void reorder_pack(const std::string &pack, const std::vector<int64_t> &ids);

    // Everything wrong with the file, as sentences naming the row (empty: nothing found): SQLite's integrity_check
    // and foreign_key_check, every level's text against its hash, every result's status. Reads every page.
    std::vector<std::string> check();
    // A consistent copy of the database at `out` (SQLite's online backup, in one read transaction: a bulk solve
    // writing meanwhile is neither blocked nor half-copied), written to out + ".tmp", synced, then renamed over
    // `out`. StoreError naming `out` if it cannot be written; InputError if `out` is this database.
    void backup_to(const std::string &out);

    // One transaction per call (all of the batch or none): a bulk solve stores the results that finished within a
    // short window together. Retries while another connection holds the write lock, up to
    // StoreOptions::write_retry_ms in total.
    void add_result(const ResultRecord &r);
    void add_results(const std::vector<ResultRecord> &results);
    // Each result also clears its level's in-flight mark, in the same transaction, when the mark is this run's
    // (begin_run) or has no owner: another live run's mark stays.
    std::vector<ResultRecord> results(int64_t level_id); // newest first
    // Latest result per level of the levels the filter selects: level id -> result.
    std::unordered_map<int64_t, ResultRecord> latest_results(const LevelFilter &filter = {});

    // In-flight marks (schema 6): set (committed) before the levels' solves start; cleared by their results or by
    // clear_in_flight; the marks a run left behind, for the levels the filter selects, with their levels.
    void mark_in_flight(const std::vector<InFlightMark> &marks);
    void clear_in_flight(const std::vector<int64_t> &level_ids);
    std::vector<std::pair<InFlightMark, LevelRecord>> in_flight(const LevelFilter &filter);

    // Runs (schema 8; store_runs.cpp). begin_run records this process as a run of `kind` with a lease of lease_s
    // seconds and returns its id; the marks this store sets from then on name it. renew_run extends the lease;
    // end_run records a clean end and drops the run's remaining marks. An ended run's row is kept a week (the
    // overlapping runs of the moment read it), then begin_run drops it: the table holds a week of runs, not all.
    int64_t begin_run(const std::string &kind, double lease_s);
    // Claims levels for this run (begin_run first) in one write transaction, so two runs never both claim a level:
    // each mark is set unless the level is held by a live run, has a result with one of `done_statuses` stored at
    // or after `done_since` (an ISO time; empty: never), or (take_gone false) carries a gone run's mark. At most
    // `limit` are claimed, in order (the rest: kNotTried): a run behind others passes over many done or held
    // levels in one transaction, not one transaction for each.
    std::vector<Claim> claim_levels(const std::vector<InFlightMark> &marks, const std::string &done_since,
                                    const std::vector<std::string> &done_statuses, bool take_gone,
                                    size_t limit = SIZE_MAX);
    void renew_run(int64_t run_id, double lease_s);
    void end_run(int64_t run_id);
    // Records a gone run as ended when it left no marks (nothing of it is evidence any more). True when it did.
    bool retire_run(int64_t run_id);
    std::vector<RunRecord> runs(); // every run not ended, oldest first
    std::optional<RunRecord> run(int64_t run_id);
    // Whether the owner of a mark is gone (run_gone): this connection's own run never is; owner 0 (an older
    // binary's mark, or a run no longer recorded) always is.
    bool owner_gone(int64_t run_id, double now);

    // Cube splits (schema 9; store_cubes.cpp), per level and plugin version. save_split replaces any earlier split
    // of the level by the same plugin version; save_cube_answer records cube `index`'s answer (its text stays);
    // split_of reads it all back; drop_split forgets it (the level has its final result).
    void save_split(int64_t level_id, const std::string &plugin_id, const std::string &plugin_version,
                    const StoredSplit &split);
    void save_cube_answer(int64_t level_id, const std::string &plugin_id, const std::string &plugin_version,
                          size_t index, const StoredCube &answer);
    std::optional<StoredSplit> split_of(int64_t level_id, const std::string &plugin_id,
                                        const std::string &plugin_version);
    void drop_split(int64_t level_id, const std::string &plugin_id, const std::string &plugin_version);

    // Player profiles (schema version 3; store_profiles.cpp). Empty player, plugin or AI ids are an InputError.
    std::optional<ProfileRecord> profile(const std::string &player, const std::string &plugin_id,
                                         const std::string &ai_id);
    std::vector<ProfileRecord> profiles(); // ordered by player, plugin id, AI id
    // Creates or replaces the value (r.updated_at is ignored).
    void set_profile(const ProfileRecord &r);
    // Read, compute, write in one write transaction, so two programs updating the same profile do not lose an
    // update: next(stored value, or nullopt) gives the value to store, which is returned. An exception from next
    // leaves the profile as it was.
    std::string update_profile(const std::string &player, const std::string &plugin_id, const std::string &ai_id,
                               const std::function<std::string(const std::optional<std::string> &)> &next);

private:
    void check_readable();
    void migrate(int target_version);
    void check_runs(std::vector<std::string> &problems); // check()'s look at the runs not ended

    sql::Database db_;
    StoreOptions options_;
    int64_t run_id_ = 0; // this connection's run (begin_run), named by the marks it sets
    int schema_ = 0; // the version once open (older than kSchemaVersion only for tests' old databases)
};

} // namespace pluzzle::host
