// store_migrations.cpp -- every schema step the store has shipped, in order. A file of its own so that the
// history is read in one place and the queries in store.cpp never change with it.
#include "store/store_migrations.hpp"

#include <pluzzle/host/store/store.hpp>

namespace pluzzle::host {
namespace {

// kMigrations[k] takes the schema from version k to k + 1. Never edit a released entry: add a new one.
constexpr const char *kMigrations[] = {
    // 1: packs and levels.
    R"(CREATE TABLE packs(
           id INTEGER PRIMARY KEY,
           name TEXT NOT NULL UNIQUE,
           description TEXT NOT NULL DEFAULT '',
           created_at TEXT NOT NULL);
       CREATE TABLE levels(
           id INTEGER PRIMARY KEY,
           pack_id INTEGER NOT NULL REFERENCES packs(id) ON DELETE CASCADE,
           position INTEGER NOT NULL,
           type TEXT NOT NULL,
           name TEXT NOT NULL DEFAULT '',
           author TEXT NOT NULL DEFAULT '',
           params TEXT NOT NULL DEFAULT '',
           text TEXT NOT NULL,
           hash TEXT NOT NULL,
           created_at TEXT NOT NULL,
           updated_at TEXT NOT NULL,
           UNIQUE(pack_id, hash));
       CREATE INDEX levels_type ON levels(type);)",
    // 2: solve results.
    R"(CREATE TABLE results(
           id INTEGER PRIMARY KEY,
           level_id INTEGER NOT NULL REFERENCES levels(id) ON DELETE CASCADE,
           plugin_id TEXT NOT NULL,
           plugin_version TEXT NOT NULL,
           status TEXT NOT NULL,
           solution TEXT NOT NULL DEFAULT '',
           time_ms REAL NOT NULL,
           nodes INTEGER NOT NULL,
           info TEXT NOT NULL DEFAULT '',
           solved_at TEXT NOT NULL);
       CREATE INDEX results_level_plugin ON results(level_id, plugin_id, plugin_version);)",
    // 3: per-player AI profiles (ABI 1.2), e.g. an adaptive AI's skill per player.
    R"(CREATE TABLE profiles(
           player TEXT NOT NULL,
           plugin_id TEXT NOT NULL,
           ai_id TEXT NOT NULL,
           value TEXT NOT NULL,
           updated_at TEXT NOT NULL,
           PRIMARY KEY(player, plugin_id, ai_id));)",
    // 4: the host's failure statuses "crashed" and "timeout" (worker processes, MPI ranks): a binary that does not
    // know them must refuse the file as newer rather than fail on a row; and an index for --resume's query per
    // plugin version (a scan of every result before).
    R"(CREATE INDEX results_plugin ON results(plugin_id, plugin_version, status);)",
    // 5: levels by pack and position: every insert batch reads the pack's last position, and every listing orders
    // by it; without the index each was a scan of the pack (an import of one file at a time was quadratic). And the
    // host's status "corrupt" (a level whose text no longer matches its hash): a binary that does not know it must
    // refuse the file as newer.
    R"(CREATE INDEX levels_pack_position ON levels(pack_id, position);)",
    // 6: levels being solved, marked before their solves start: a bulk solve whose process dies leaves its marks,
    // and the next one records the level that took it down as crashed instead of walking into it again.
    R"(CREATE TABLE in_flight(
           level_id INTEGER PRIMARY KEY REFERENCES levels(id) ON DELETE CASCADE,
           plugin_id TEXT NOT NULL,
           plugin_version TEXT NOT NULL,
           alone INTEGER NOT NULL DEFAULT 0,
           marked_at TEXT NOT NULL);)",
    // 7: difficulty estimates with results (ABI 1.7; NULL: the plugin gave none), and a revision per level, bumped
    // by every change of its content, so an editor saves only over the row it read (Store::update_level_if).
    R"(ALTER TABLE results ADD COLUMN difficulty REAL;
       ALTER TABLE results ADD COLUMN difficulty_label TEXT NOT NULL DEFAULT '';
       ALTER TABLE levels ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;)",
    // 8: runs on the database (issue 47): who owns an in-flight mark. A run names its process for ever (host, boot,
    // pid and the pid's start time) and renews a lease while it works; a mark is evidence of a crash only once its
    // owner is gone, and other runs skip the levels a live run holds. Marks of older binaries have no owner.
    // deaths: runs this level was alone in that ended without a crash note (killed from outside, see crash_note.hpp).
    R"(CREATE TABLE runs(
           id INTEGER PRIMARY KEY,
           host TEXT NOT NULL,
           boot_id TEXT NOT NULL,
           pid INTEGER NOT NULL,
           start_ticks INTEGER NOT NULL,
           kind TEXT NOT NULL,
           started_at TEXT NOT NULL,
           lease_until REAL NOT NULL,
           ended_at TEXT);
       ALTER TABLE in_flight ADD COLUMN run_id INTEGER REFERENCES runs(id) ON DELETE SET NULL;
       ALTER TABLE in_flight ADD COLUMN deaths INTEGER NOT NULL DEFAULT 0;
       CREATE INDEX in_flight_run ON in_flight(run_id);)",
    // 9: a hard level's split into cubes and each cube's answer as it comes (ABI 1.8, issue 48), so a long proof
    // survives a kill and `db solve --split --resume` goes on from the cubes that finished. Keyed by plugin version:
    // another version's cubes are not this one's. status NULL: not answered yet.
    R"(CREATE TABLE cube_splits(
           level_id INTEGER NOT NULL REFERENCES levels(id) ON DELETE CASCADE,
           plugin_id TEXT NOT NULL,
           plugin_version TEXT NOT NULL,
           combine INTEGER NOT NULL,
           root_lower REAL,
           root_upper REAL,
           root_solution TEXT NOT NULL DEFAULT '',
           created_at TEXT NOT NULL,
           PRIMARY KEY(level_id, plugin_id, plugin_version));
       CREATE TABLE cubes(
           level_id INTEGER NOT NULL,
           plugin_id TEXT NOT NULL,
           plugin_version TEXT NOT NULL,
           idx INTEGER NOT NULL,
           text TEXT NOT NULL,
           status TEXT,
           lower_bound REAL,
           upper_bound REAL,
           solutions INTEGER NOT NULL DEFAULT 0,
           solution TEXT NOT NULL DEFAULT '',
           second_solution TEXT NOT NULL DEFAULT '',
           nodes INTEGER NOT NULL DEFAULT 0,
           time_ms REAL NOT NULL DEFAULT 0,
           solved_at TEXT,
           PRIMARY KEY(level_id, plugin_id, plugin_version, idx),
           FOREIGN KEY(level_id, plugin_id, plugin_version)
               REFERENCES cube_splits(level_id, plugin_id, plugin_version) ON DELETE CASCADE);)",
};
static_assert(sizeof(kMigrations) / sizeof(kMigrations[0]) == Store::kSchemaVersion,
              "one migration per schema version");

} // namespace

const char *migration_sql(int version) { return kMigrations[version]; }

} // namespace pluzzle::host
