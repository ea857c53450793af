// A damaged database file, as `pluzzle` meets it: bytes of level rows flipped on disk (the text then often still
// parses -- as a different puzzle), random bytes flipped anywhere, and a backup taken while a solve writes. The real
// binary on real SQLite files: damage is named, never solved, never a crash.
#include "test_support.hpp"
#include <pluzzle/host/store/sqlite.hpp>
#include <pluzzle/host/store/store.hpp>
#include <sqlite3.h>

#include <random>
#include <set>

using namespace pluzzle::test;

namespace {

// 30 distinct 5x5 Lights Out levels in pack "p"; returns the database path.
std::string make_lightsout_database(const TempDir &dir) {
    const std::string pack = dir / "p.json", db = dir / "levels.db";
    EXPECT_EQ(
        run(cli() + " -q generate lightsout --param width=5 --param height=5 --seed 1 --count 30 -o " + quote(pack))
            .exit_code,
        0);
    EXPECT_EQ(run(cli() + " -q db import " + quote(db) + " " + quote(pack) + " --pack p").exit_code, 0);
    return db;
}

// Flips bytes of the given levels' text where it lies in the file ('#' <-> '.': the board still parses, as another
// puzzle). Returns how many bytes changed.
size_t flip_level_text(const std::string &db, const std::vector<pluzzle::host::LevelRecord> &levels,
                       std::mt19937 &rng) {
    std::string bytes = read_file(db);
    size_t flipped = 0;
    for (const auto &l : levels) {
        const size_t at = bytes.find(l.text);
        EXPECT_NE(at, std::string::npos) << "level text not found in the file";
        EXPECT_EQ(bytes.find(l.text, at + 1), std::string::npos) << "level text twice in the file";
        const size_t grid = l.text.find("size 5 5\n") + 9;
        for (int k = 0; k < 5; ++k) {
            char &c = bytes[at + grid + rng() % (l.text.size() - grid)];
            if (c == '#' || c == '.') c = c == '#' ? '.' : '#', ++flipped;
        }
    }
    write_file(db, bytes);
    return flipped;
}

} // namespace

TEST(DatabaseDamage, FlippedLevelRowsAreNamedByCheckAndStoredAsCorruptNeverSolved) {
    TempDir dir;
    const std::string db = make_lightsout_database(dir);
    std::vector<pluzzle::host::LevelRecord> all, damaged;
    {
        pluzzle::host::Store store(db);
        all = store.levels();
    }
    ASSERT_EQ(all.size(), 30u);
    std::mt19937 rng(7);
    for (size_t i = 0; i < all.size(); i += 3)
        damaged.push_back(all[i]); // 10 levels
    ASSERT_GT(flip_level_text(db, damaged, rng), 20u);
    std::set<int64_t> damaged_ids;
    for (const auto &l : damaged)
        damaged_ids.insert(l.id);

    RunResult check = run(cli() + " --json db check " + quote(db));
    EXPECT_EQ(check.exit_code, 1) << check.out;
    std::set<int64_t> named;
    for (const auto &line : json_lines(check.out))
        if (line.HasMember("problem")) named.insert(std::stoll(member(line, "problem").substr(6)));
    EXPECT_EQ(named, damaged_ids);

    RunResult solve = run(cli() + " --json db solve " + quote(db) + " -j 2");
    EXPECT_EQ(solve.exit_code, 1) << solve.out; // some levels did not solve
    size_t corrupt = 0;
    for (const auto &line : json_lines(solve.out)) {
        if (!line.HasMember("status")) continue;
        const bool is_damaged = damaged_ids.count(std::stoll(member(line, "level_id"))) > 0;
        EXPECT_EQ(member(line, "status") == "corrupt", is_damaged) << member(line, "level_id");
        corrupt += is_damaged;
    }
    EXPECT_EQ(corrupt, 10u);
    pluzzle::host::Store store(db);
    for (const auto &l : store.levels()) {
        const auto results = store.results(l.id);
        ASSERT_EQ(results.size(), 1u);
        const bool is_corrupt =
            results[0].status == pluzzle::host::AttemptStatus(pluzzle::host::AttemptFailure::corrupt);
        EXPECT_EQ(is_corrupt, damaged_ids.count(l.id) > 0);
        if (is_corrupt) {
            EXPECT_TRUE(results[0].solution.empty()); // never solved
        }
    }

    RunResult exported = run(cli() + " db export " + quote(db) + " --pack p -o " + quote(dir / "out.json"), true);
    EXPECT_EQ(exported.exit_code, 3) << exported.out;
    EXPECT_NE(exported.out.find("exported 20 level(s)"), std::string::npos) << exported.out;
}

// Bytes flipped anywhere (headers, b-tree pages, indexes): every command ends with an answer or a message, never a
// signal or a hang.
TEST(DatabaseDamage, RandomFlipsAnywhereNeverCrashOrHang) {
    TempDir dir;
    const std::string clean = read_file(make_lightsout_database(dir));
    const std::string db = dir / "damaged.db";
    std::set<int> codes;
    for (unsigned seed = 1; seed <= 12; ++seed) {
        std::mt19937 rng(seed);
        std::string bytes = clean;
        for (int k = 0; k < 20; ++k)
            bytes[rng() % bytes.size()] ^= char(1 + rng() % 255);
        write_file(db, bytes);
        for (const char *command : {"db check", "db list", "db solve"}) {
            RunResult r = run("timeout 60 " + cli() + " -q " + command + " " + quote(db), true);
            EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 3)
                << command << " (seed " << seed << ") exited " << r.exit_code << ": " << r.out;
            if (r.exit_code == 3) {
                EXPECT_NE(r.out.find(db), std::string::npos) << "the message names the file";
            }
            codes.insert(r.exit_code);
        }
        std::filesystem::remove(db + "-wal"), std::filesystem::remove(db + "-shm");
    }
    EXPECT_GT(codes.size(), 1u) << "every damaged copy was refused the same way: the flips test nothing deeper";
}

// A backup taken while a bulk solve writes is one consistent state: it opens, checks clean, and holds some prefix
// of the results.
TEST(DatabaseDamage, BackupWhileASolveWritesIsConsistent) {
    TempDir dir;
    const std::string pack = dir / "loop.json", db = dir / "levels.db", copy = dir / "copy.db";
    ASSERT_EQ(
        run(cli() + " -q generate loop --param width=100 --param height=100 --seed 1 --count 300 -o " + quote(pack))
            .exit_code,
        0);
    ASSERT_EQ(run(cli() + " -q db import " + quote(db) + " " + quote(pack) + " --pack p").exit_code, 0);
    RunResult r = run("(" + cli() + " -q db solve " + quote(db) + " -j 1 >/dev/null & sleep 0.4; " + cli() +
                          " db backup " + quote(db) + " " + quote(copy) + "; wait)",
                      true);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("copied"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(copy + ".tmp"));
    RunResult check = run(cli() + " db check " + quote(copy));
    EXPECT_EQ(check.exit_code, 0) << check.out;
    pluzzle::host::Store backup(copy), original(db);
    size_t in_backup = 0, in_original = 0;
    for (const auto &l : original.levels())
        in_original += original.results(l.id).size();
    for (const auto &l : backup.levels())
        in_backup += backup.results(l.id).size();
    EXPECT_EQ(backup.levels().size(), 300u);
    EXPECT_EQ(in_original, 300u);
    EXPECT_LT(in_backup, in_original); // taken mid-run
    // Refused: a backup over the database itself.
    EXPECT_EQ(run(cli() + " db backup " + quote(db) + " " + quote(db)).exit_code, 3);
}

namespace {
void sql_on(const std::string &db, const std::string &sql) {
    pluzzle::host::sql::Database raw(db, SQLITE_OPEN_READWRITE);
    raw.exec(sql);
}
} // namespace

// The runs table (several runs on one file) damaged: a run's row no process wrote, with marks on two levels, is
// named by `db check` and taken for a dead run's (its levels solved again, none called crashed); a missing table
// is named, before anything is solved.
TEST(DatabaseDamage, ADamagedRunRowIsNamedAndItsMarksSettledAMissingRunsTableIsNamed) {
    TempDir dir;
    const std::string db = make_lightsout_database(dir);
    write_file(dir / "copy.db", read_file(db));
    sql_on(db, "INSERT INTO runs(id, host, boot_id, pid, start_ticks, kind, started_at, lease_until) "
               "VALUES (7, '', '', -5, 'x', '', 'never', 'soon');"
               "INSERT INTO in_flight(level_id, plugin_id, plugin_version, alone, marked_at, run_id) "
               "SELECT id, 'lightsout', '1', 1, 'now', 7 FROM levels ORDER BY id LIMIT 2");
    const RunResult check = run(cli() + " --json db check " + quote(db));
    EXPECT_EQ(check.exit_code, 1) << check.out;
    EXPECT_NE(check.out.find("run 7 (''): its host, its pid"), std::string::npos) << check.out;

    const RunResult solve = run(cli() + " --json db solve " + quote(db), true);
    EXPECT_EQ(solve.exit_code, 0) << solve.out;
    pluzzle::host::Store store(db);
    for (const auto &l : store.levels()) {
        const auto results = store.results(l.id);
        ASSERT_EQ(results.size(), 1u) << l.name;
        EXPECT_TRUE(pluzzle::host::attempt_solved(results[0].status)) << l.name; // none called crashed
    }
    EXPECT_TRUE(store.in_flight({}).empty());
    EXPECT_EQ(run(cli() + " -q db solve " + quote(db)).exit_code, 0);
    EXPECT_TRUE(pluzzle::host::Store(db).runs().empty()) << "the damaged run, with no marks left, is retired";
    EXPECT_EQ(run(cli() + " -q db check " + quote(db)).exit_code, 0);

    sql_on(dir / "copy.db", "DROP TABLE runs");
    const RunResult missing = run(cli() + " db solve " + quote(dir / "copy.db"), true);
    EXPECT_EQ(missing.exit_code, 3) << missing.out;
    EXPECT_NE(missing.out.find("copy.db: damaged pluzzle database: table 'runs' of schema version"),
              std::string::npos)
        << missing.out;
}
