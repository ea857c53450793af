// store_test.cpp -- the SQLite wrapper, content hash and level store, against real database files in a fresh
// temporary folder per test.
#include <gtest/gtest.h>

#include "test_support.hpp"
#include <sqlite3.h>

#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include <pluzzle/host/base/content_hash.hpp>
#include <pluzzle/host/base/errors.hpp>
#include <pluzzle/host/store/sqlite.hpp>
#include <pluzzle/host/store/store.hpp>

namespace fs = std::filesystem;
using namespace pluzzle::host;

namespace {

// A fresh folder per test, removed afterwards.
class StoreFileTest : public ::testing::Test {
protected:
    void SetUp() override {
        db_path_ = (dir_ / "levels.db").string();
    }
    std::string file(const std::string &name) const { return (dir_ / name).string(); }

    pluzzle::test::TempDir temp_;
    const fs::path &dir_ = temp_.path();
    std::string db_path_;
};

LevelRecord make_level(const std::string &type, const std::string &text, const std::string &name = "") {
    LevelRecord l;
    l.type = type;
    l.text = text;
    l.name = name;
    l.author = "tester";
    l.params = "w=5";
    return l;
}

ResultRecord make_result(int64_t level_id, AttemptStatus status, const std::string &version = "1.0") {
    ResultRecord r;
    r.level_id = level_id;
    r.plugin_id = "sokoban";
    r.plugin_version = version;
    r.status = status;
    r.solution = "LURD";
    r.time_ms = 1.25;
    r.nodes = 42;
    r.info = "{}";
    return r;
}

// "2024-05-01T12:34:56.789Z": UTC ISO-8601 with milliseconds.
bool is_iso_timestamp(const std::string &s) {
    const std::string pattern = "dddd-dd-ddTdd:dd:dd.dddZ";
    if (s.size() != pattern.size()) return false;
    for (size_t i = 0; i < s.size(); ++i)
        if (pattern[i] == 'd' ? !std::isdigit(static_cast<unsigned char>(s[i])) : s[i] != pattern[i]) return false;
    return true;
}

// Fills a database with enough levels and results to span many pages, then closes it (checkpointing the WAL
// into the main file).
void build_database(const std::string &path, int levels) {
    Store store(path);
    int64_t pack = store.ensure_pack("big", "many levels");
    std::vector<LevelRecord> batch;
    for (int i = 0; i < levels; ++i)
        batch.push_back(make_level("sokoban", "#####\n#@$.#\n#####\n" + std::string(200, 'x') + std::to_string(i),
                                   "Level " + std::to_string(i)));
    ASSERT_EQ(store.add_levels(pack, batch), static_cast<size_t>(levels));
    for (const auto &l : store.levels()) store.add_result(make_result(l.id, PZ_SOLVE_SOLVED));
    for (int i = 0; i < 20; ++i)
        store.set_profile({"player " + std::to_string(i), "celladd", "adaptive", "50", {}});
}

std::string read_bytes(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write_bytes(const std::string &path, const std::string &bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

// Every Store call must either work or throw StoreError: anything else (another exception, a crash) fails.
void exercise_all_calls(Store &store) {
    auto guarded = [](auto &&call) {
        try {
            call();
        } catch (const StoreError &) {
        }
    };
    guarded([&] { store.schema_version(); });
    guarded([&] { store.packs(); });
    guarded([&] { store.find_pack("big"); });
    guarded([&] { store.levels(); });
    guarded([&] { store.levels({"big", "sokoban"}); });
    guarded([&] { store.level(1); });
    guarded([&] { store.level(150); });
    guarded([&] { store.results(1); });
    guarded([&] { store.latest_results(); });
    guarded([&] { store.count_levels({"", "", {{"sokoban", "sokoban", "1.0"}}}); });
    guarded([&] { store.ensure_pack("another"); });
    guarded([&] { store.add_level(1, make_level("sokoban", "new level")); });
    guarded([&] { store.add_levels(1, {make_level("sokoban", "n1"), make_level("sokoban", "n2")}); });
    guarded([&] { store.add_result(make_result(1, PZ_SOLVE_SOLVED)); });
    guarded([&] { store.update_level_text(2, "changed"); });
    guarded([&] { store.profiles(); });
    guarded([&] { store.profile("player 3", "celladd", "adaptive"); });
    guarded([&] { store.set_profile({"player 3", "celladd", "adaptive", "51", {}}); });
    guarded([&] { store.update_profile("ann", "celladd", "adaptive", [](auto &v) { return v.value_or("1") + "0"; }); });
}

} // namespace

// ---- content hash --------------------------------------------------------------------------------------------

TEST(ContentHash, Sha1KnownVectors) {
    EXPECT_EQ(sha1_hex("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d");
    EXPECT_EQ(sha1_hex(""), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
    EXPECT_EQ(sha1_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
    EXPECT_EQ(sha1_hex(std::string(1000000, 'a')), "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
}

TEST(ContentHash, IsSha1OfTypeNulText) {
    EXPECT_EQ(content_hash("sokoban", "####\n#@.#\n####"), "d288cecdb481e835f33be4859c0e32164f487330");
    EXPECT_EQ(content_hash("sokoban", "abc"), sha1_hex(std::string("sokoban\0abc", 11)));
    // The separator keeps type and text apart.
    EXPECT_NE(content_hash("ab", "c"), content_hash("a", "bc"));
}

// ---- the SQLite wrapper --------------------------------------------------------------------------------------

TEST_F(StoreFileTest, SqlWrapperBindsAndReads) {
    sql::Database db(db_path_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    db.exec("CREATE TABLE t(i INTEGER, r REAL, s TEXT, n)");
    auto insert = db.prepare("INSERT INTO t VALUES (?1, ?2, ?3, ?4)");
    const std::string with_nul("a\0b", 3);
    insert.bind(1, int64_t{INT64_MAX}).bind(2, 0.5).bind(3, with_nul).bind(4, nullptr);
    EXPECT_FALSE(insert.step());
    EXPECT_EQ(db.changes(), 1);
    EXPECT_EQ(db.last_insert_rowid(), 1);
    insert.reset();
    insert.bind(1, 7).bind(2, -1.0).bind(3, std::string_view()).bind(4, nullptr);
    EXPECT_FALSE(insert.step());

    auto select = db.prepare("SELECT i, r, s, n FROM t ORDER BY rowid");
    ASSERT_TRUE(select.step());
    EXPECT_EQ(select.int64(0), INT64_MAX);
    EXPECT_EQ(select.real(1), 0.5);
    EXPECT_EQ(select.text(2), with_nul);
    EXPECT_TRUE(select.is_null(3));
    ASSERT_TRUE(select.step());
    EXPECT_EQ(select.int64(0), 7);
    EXPECT_FALSE(select.is_null(2)); // an empty string_view binds '', not NULL
    EXPECT_EQ(select.text(2), "");
    EXPECT_FALSE(select.step());
}

TEST_F(StoreFileTest, SqlWrapperErrorsNameTheFile) {
    sql::Database db(db_path_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    try {
        db.prepare("SELECT * FROM no_such_table", "reading things");
        FAIL() << "expected StoreError";
    } catch (const StoreError &e) {
        EXPECT_EQ(e.file(), db_path_);
        EXPECT_NE(std::string(e.what()).find("reading things: no such table: no_such_table"), std::string::npos)
            << e.what();
    }
    EXPECT_THROW(db.exec("NOT SQL AT ALL"), StoreError);
    EXPECT_THROW(sql::Database(file("missing-folder/x.db"), SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE), StoreError);
}

TEST_F(StoreFileTest, SqlTransactionRollsBackUnlessCommitted) {
    sql::Database db(db_path_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    db.exec("CREATE TABLE t(x)");
    {
        sql::Transaction tx(db);
        db.exec("INSERT INTO t VALUES (1)");
    }
    {
        sql::Transaction tx(db);
        db.exec("INSERT INTO t VALUES (2)");
        tx.commit();
    }
    auto st = db.prepare("SELECT group_concat(x) FROM t");
    ASSERT_TRUE(st.step());
    EXPECT_EQ(st.text(0), "2");
}

// ---- the store -----------------------------------------------------------------------------------------------

TEST_F(StoreFileTest, CreateAndReopenKeepsData) {
    int64_t level_id = 0;
    {
        Store store(db_path_);
        EXPECT_EQ(store.path(), db_path_);
        int64_t pack = store.ensure_pack("classic", "the classics");
        auto [id, inserted] = store.add_level(pack, make_level("sokoban", "#@$.#", "first"));
        EXPECT_TRUE(inserted);
        level_id = id;
        store.add_result(make_result(id, PZ_SOLVE_SOLVED));
    }
    Store store(db_path_);
    auto packs = store.packs();
    ASSERT_EQ(packs.size(), 1u);
    EXPECT_EQ(packs[0].name, "classic");
    EXPECT_EQ(packs[0].description, "the classics");
    EXPECT_EQ(packs[0].level_count, 1);
    auto level = store.level(level_id);
    ASSERT_TRUE(level);
    EXPECT_EQ(level->type, "sokoban");
    EXPECT_EQ(level->text, "#@$.#");
    EXPECT_EQ(level->name, "first");
    EXPECT_EQ(level->author, "tester");
    EXPECT_EQ(level->params, "w=5");
    EXPECT_EQ(level->position, 1);
    EXPECT_EQ(level->pack_id, packs[0].id);
    EXPECT_EQ(level->hash, content_hash("sokoban", "#@$.#"));
    EXPECT_TRUE(is_iso_timestamp(level->created_at)) << level->created_at;
    EXPECT_TRUE(is_iso_timestamp(level->updated_at)) << level->updated_at;
    EXPECT_TRUE(is_iso_timestamp(packs[0].created_at)) << packs[0].created_at;
    EXPECT_EQ(store.results(level_id).size(), 1u);
    EXPECT_FALSE(store.level(level_id + 1000));
}

TEST_F(StoreFileTest, SchemaVersionIsCurrentAndWalIsOn) {
    Store store(db_path_);
    EXPECT_EQ(store.schema_version(), Store::kSchemaVersion);
    // Look from a second, independent connection.
    sql::Database db(db_path_, SQLITE_OPEN_READONLY);
    auto version = db.prepare("PRAGMA user_version");
    ASSERT_TRUE(version.step());
    EXPECT_EQ(version.int64(0), Store::kSchemaVersion);
    auto mode = db.prepare("PRAGMA journal_mode");
    ASSERT_TRUE(mode.step());
    EXPECT_EQ(mode.text(0), "wal");
    auto fk = db.prepare("SELECT count(*) FROM sqlite_schema WHERE name IN ('packs', 'levels', 'results')");
    ASSERT_TRUE(fk.step());
    EXPECT_EQ(fk.int64(0), 3);
}

TEST_F(StoreFileTest, MigratesVersion1ToVersion2KeepingLevels) {
    std::vector<LevelRecord> before;
    {
        Store old(db_path_, 1);
        EXPECT_EQ(old.schema_version(), 1);
        int64_t a = old.ensure_pack("a");
        int64_t b = old.ensure_pack("b", "second");
        old.add_levels(a, {make_level("sokoban", "one"), make_level("sokoban", "two"), make_level("sudoku", "3")});
        old.add_level(b, make_level("sokoban", "one"));
        before = old.levels();
        ASSERT_EQ(before.size(), 4u);
        // Version 1 has no results table yet.
        EXPECT_THROW(old.add_result(make_result(before[0].id, PZ_SOLVE_SOLVED)), StoreError);
    }
    {
        sql::Database db(db_path_, SQLITE_OPEN_READONLY);
        auto st = db.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'results'");
        ASSERT_TRUE(st.step());
        EXPECT_EQ(st.int64(0), 0);
    }
    Store store(db_path_, 2);
    EXPECT_EQ(store.schema_version(), 2);
    auto after = store.levels();
    ASSERT_EQ(after.size(), before.size());
    for (size_t i = 0; i < after.size(); ++i) {
        EXPECT_EQ(after[i].id, before[i].id);
        EXPECT_EQ(after[i].text, before[i].text);
        EXPECT_EQ(after[i].hash, before[i].hash);
        EXPECT_EQ(after[i].position, before[i].position);
        EXPECT_EQ(after[i].created_at, before[i].created_at);
    }
    store.add_result(make_result(after[0].id, PZ_SOLVE_SOLVED));
    EXPECT_EQ(store.results(after[0].id).size(), 1u);
    EXPECT_EQ(store.find_pack("b")->description, "second");
    // Opening a newer database with an older target leaves it alone.
    Store again(db_path_, 1);
    EXPECT_EQ(again.schema_version(), 2);
}

TEST_F(StoreFileTest, MigratesVersion2ToVersion3KeepingLevelsAndResults) {
    std::vector<LevelRecord> levels;
    std::vector<ResultRecord> results;
    {
        Store old(db_path_, 2);
        const int64_t pack = old.ensure_pack("a", "first");
        old.add_levels(pack, {make_level("sokoban", "one"), make_level("sudoku", "two")});
        levels = old.levels();
        old.add_result(make_result(levels[0].id, PZ_SOLVE_UNIQUE));
        results = old.results(levels[0].id);
        // Version 2 has no profiles yet.
        EXPECT_THROW(old.set_profile({"ann", "celladd", "adaptive", "50", {}}), StoreError);
    }
    // A reading command does not upgrade; it asks for a writing one.
    try {
        Store reader(db_path_, StoreOptions{StoreMode::ReadOnly});
        FAIL() << "an old schema was read without migrating";
    } catch (const StoreError &e) {
        EXPECT_NE(e.reason().find("schema version 2 is older"), std::string::npos) << e.what();
    }
    Store store(db_path_, 3);
    EXPECT_EQ(store.schema_version(), 3);
    auto after = store.levels();
    ASSERT_EQ(after.size(), levels.size());
    for (size_t i = 0; i < after.size(); ++i) {
        EXPECT_EQ(after[i].id, levels[i].id);
        EXPECT_EQ(after[i].text, levels[i].text);
        EXPECT_EQ(after[i].hash, levels[i].hash);
        EXPECT_EQ(after[i].updated_at, levels[i].updated_at);
    }
    auto kept = store.results(levels[0].id);
    ASSERT_EQ(kept.size(), 1u);
    EXPECT_EQ(kept[0].status, PZ_SOLVE_UNIQUE);
    EXPECT_EQ(kept[0].solved_at, results[0].solved_at);
    EXPECT_EQ(store.find_pack("a")->description, "first");
    EXPECT_TRUE(store.profiles().empty());
    store.set_profile({"ann", "celladd", "adaptive", "50", {}});
    EXPECT_EQ(store.profile("ann", "celladd", "adaptive")->value, "50");
}

// Version 4 adds no table: the host's failure statuses (a binary that cannot read them must call the file newer)
// and an index for --resume's query.
TEST_F(StoreFileTest, MigratesVersion3To4KeepingResultsAndIndexingThemByPlugin) {
    std::vector<ResultRecord> before;
    int64_t level = 0;
    {
        Store old(db_path_, 3);
        level = old.add_level(old.ensure_pack("p"), make_level("sokoban", "one")).first;
        old.add_result(make_result(level, PZ_SOLVE_UNIQUE));
        old.add_result(make_result(level, AttemptFailure::error));
        before = old.results(level);
    }
    {
        sql::Database db(db_path_, SQLITE_OPEN_READONLY);
        auto st = db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'results_plugin'");
        ASSERT_TRUE(st.step());
        EXPECT_EQ(st.int64(0), 0);
    }
    Store store(db_path_, 4);
    EXPECT_EQ(store.schema_version(), 4);
    const auto after = store.results(level);
    ASSERT_EQ(after.size(), before.size());
    for (size_t i = 0; i < after.size(); ++i) {
        EXPECT_EQ(after[i].status, before[i].status);
        EXPECT_EQ(after[i].solved_at, before[i].solved_at);
    }
    store.add_result(make_result(level, AttemptFailure::crashed));
    EXPECT_EQ(store.results(level).front().status, AttemptStatus(AttemptFailure::crashed));
    sql::Database db(db_path_, SQLITE_OPEN_READONLY);
    auto plan = db.prepare("EXPLAIN QUERY PLAN SELECT id, level_id, status FROM results WHERE plugin_id = 'sokoban' "
                           "AND plugin_version = '1.0'");
    std::string steps;
    while (plan.step())
        steps += plan.text(3) + "\n";
    EXPECT_NE(steps.find("results_plugin"), std::string::npos) << steps; // --resume's query uses the index
}

TEST_F(StoreFileTest, ProfilesAreKeptPerPlayerPluginAndAi) {
    {
        Store store(db_path_);
        EXPECT_FALSE(store.profile("ann", "celladd", "adaptive"));
        store.set_profile({"ann", "celladd", "adaptive", "50", "ignored"});
        store.set_profile({"bob", "celladd", "adaptive", "12", {}});
        store.set_profile({"ann", "probe", "learner", "3", {}});
        store.set_profile({"ann", "celladd", "adaptive", "57", {}}); // replaces
    }
    Store store(db_path_);
    const auto all = store.profiles();
    ASSERT_EQ(all.size(), 3u);
    EXPECT_EQ(all[0].player + " " + all[0].plugin_id + " " + all[0].ai_id + " " + all[0].value,
              "ann celladd adaptive 57");
    EXPECT_EQ(all[1].player + " " + all[1].plugin_id + " " + all[1].value, "ann probe 3");
    EXPECT_EQ(all[2].player + " " + all[2].value, "bob 12");
    EXPECT_TRUE(is_iso_timestamp(all[0].updated_at)) << all[0].updated_at;
    EXPECT_EQ(store.profile("bob", "celladd", "adaptive")->value, "12");
    EXPECT_FALSE(store.profile("bob", "probe", "learner"));

    // update_profile: read and write as one step; the new value is stored and returned.
    EXPECT_EQ(store.update_profile("ann", "celladd", "adaptive",
                                   [](const std::optional<std::string> &v) { return *v + "!"; }),
              "57!");
    EXPECT_EQ(store.update_profile("carl", "celladd", "adaptive",
                                   [](const std::optional<std::string> &v) { return v ? "old" : "new"; }),
              "new");
    EXPECT_EQ(store.profile("carl", "celladd", "adaptive")->value, "new");
    // A failing computation stores nothing and leaves the lock free.
    EXPECT_THROW(
        store.update_profile("ann", "celladd", "adaptive",
                             [](const std::optional<std::string> &) -> std::string { throw std::runtime_error("no"); }),
        std::runtime_error);
    EXPECT_EQ(store.profile("ann", "celladd", "adaptive")->value, "57!");
    store.set_profile({"ann", "celladd", "adaptive", "58", {}});

    // Empty key parts are bad input naming the field.
    try {
        store.set_profile({"", "celladd", "adaptive", "1", {}});
        FAIL() << "an empty player was stored";
    } catch (const InputError &e) {
        EXPECT_EQ(e.field(), "player");
    }
    EXPECT_THROW(store.profile("ann", "", "adaptive"), InputError);
    EXPECT_THROW(store.profile("ann", "celladd", ""), InputError);
}

// Version 5 adds an index only: the levels of a pack by position (the last position read before an insert batch).
TEST_F(StoreFileTest, MigratesVersion4To5KeepingLevelsInOrder) {
    int64_t pack = 0;
    {
        Store old(db_path_, 4);
        pack = old.ensure_pack("p");
        old.add_levels(pack, {make_level("sokoban", "one"), make_level("sokoban", "two")});
    }
    Store store(db_path_, 5);
    EXPECT_EQ(store.schema_version(), 5);
    {
        sql::Database db(db_path_, SQLITE_OPEN_READONLY);
        auto st =
            db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'levels_pack_position'");
        ASSERT_TRUE(st.step());
        EXPECT_EQ(st.int64(0), 1);
    }
    EXPECT_EQ(store.add_levels_each(pack, {make_level("sokoban", "two"), make_level("sokoban", "three")}),
              (std::vector<bool>{false, true}));
    std::vector<std::string> texts;
    for (auto &l : store.levels({"p", ""}))
        texts.push_back(l.text);
    EXPECT_EQ(texts, (std::vector<std::string>{"one", "two", "three"}));
}

TEST_F(StoreFileTest, NewerSchemaIsRejected) {
    { Store store(db_path_); }
    {
        sql::Database db(db_path_, SQLITE_OPEN_READWRITE);
        db.exec("PRAGMA user_version = 99");
    }
    try {
        Store store(db_path_);
        FAIL() << "expected StoreError";
    } catch (const StoreError &e) {
        EXPECT_EQ(e.file(), db_path_);
        EXPECT_EQ(e.reason(), "database schema version 99 is newer than this pluzzle supports (" +
                                  std::to_string(Store::kSchemaVersion) + ")");
        EXPECT_NE(std::string(e.what()).find(db_path_), std::string::npos);
    }
}

TEST_F(StoreFileTest, ForeignOrDamagedDatabasesAreRejected) {
    {
        sql::Database db(db_path_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        db.exec("CREATE TABLE accounts(id INTEGER PRIMARY KEY, owner TEXT)");
    }
    try {
        Store store(db_path_);
        FAIL() << "expected StoreError";
    } catch (const StoreError &e) {
        EXPECT_NE(e.reason().find("not a pluzzle database"), std::string::npos) << e.what();
    }

    const std::string other = file("damaged.db");
    { Store store(other); }
    {
        sql::Database db(other, SQLITE_OPEN_READWRITE);
        db.exec("DROP TABLE results");
    }
    try {
        Store store(other);
        FAIL() << "expected StoreError";
    } catch (const StoreError &e) {
        EXPECT_NE(e.reason().find("'results'"), std::string::npos) << e.what();
    }
}

TEST_F(StoreFileTest, EmptyFileBecomesANewDatabase) {
    write_bytes(db_path_, "");
    Store store(db_path_);
    EXPECT_EQ(store.schema_version(), Store::kSchemaVersion);
    EXPECT_TRUE(store.packs().empty());
}

TEST_F(StoreFileTest, PacksAreCreatedOnce) {
    Store store(db_path_);
    int64_t a = store.ensure_pack("a", "first description");
    EXPECT_EQ(store.ensure_pack("a", "other description"), a);
    int64_t b = store.ensure_pack("b");
    EXPECT_NE(a, b);
    auto info = store.find_pack("a");
    ASSERT_TRUE(info);
    EXPECT_EQ(info->id, a);
    EXPECT_EQ(info->description, "first description");
    EXPECT_EQ(info->level_count, 0);
    EXPECT_FALSE(store.find_pack("nope"));
    auto all = store.packs();
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all[0].name, "a");
    EXPECT_EQ(all[1].name, "b");
    EXPECT_THROW(store.ensure_pack(""), InputError);
}

TEST_F(StoreFileTest, DuplicateContentIsSkippedWithinAPackOnly) {
    Store store(db_path_);
    int64_t a = store.ensure_pack("a");
    int64_t b = store.ensure_pack("b");
    auto first = store.add_level(a, make_level("sokoban", "#@$.#", "one"));
    EXPECT_TRUE(first.second);
    // Same type and text: the same level, whatever its name.
    auto again = store.add_level(a, make_level("sokoban", "#@$.#", "renamed"));
    EXPECT_FALSE(again.second);
    EXPECT_EQ(again.first, first.first);
    // The same text is a different level for another type, and allowed in another pack.
    EXPECT_TRUE(store.add_level(a, make_level("other", "#@$.#")).second);
    auto in_b = store.add_level(b, make_level("sokoban", "#@$.#"));
    EXPECT_TRUE(in_b.second);
    EXPECT_NE(in_b.first, first.first);

    auto levels = store.levels({"a", ""});
    ASSERT_EQ(levels.size(), 2u);
    EXPECT_EQ(levels[0].position, 1);
    EXPECT_EQ(levels[1].position, 2);
    EXPECT_EQ(levels[0].name, "one");
    EXPECT_EQ(store.find_pack("a")->level_count, 2);

    // A batch with duplicates (inside it and against the pack) counts only the new levels.
    size_t added = store.add_levels(a, {make_level("sokoban", "#@$.#"), make_level("sokoban", "new"),
                                        make_level("sokoban", "new"), make_level("sokoban", "newer")});
    EXPECT_EQ(added, 2u);
    levels = store.levels({"a", ""});
    ASSERT_EQ(levels.size(), 4u);
    for (size_t i = 0; i < levels.size(); ++i) EXPECT_EQ(levels[i].position, static_cast<int64_t>(i + 1));
}

TEST_F(StoreFileTest, LevelsAreFilteredAndOrdered) {
    Store store(db_path_);
    int64_t b = store.ensure_pack("b");
    int64_t a = store.ensure_pack("a");
    store.add_levels(a, {make_level("sokoban", "a1"), make_level("sudoku", "a2"), make_level("sokoban", "a3")});
    store.add_levels(b, {make_level("sudoku", "b1"), make_level("sokoban", "b2")});
    auto all = store.levels();
    ASSERT_EQ(all.size(), 5u);
    // By pack (creation order: b first), then position.
    EXPECT_EQ(all[0].text, "b1");
    EXPECT_EQ(all[1].text, "b2");
    EXPECT_EQ(all[2].text, "a1");
    EXPECT_EQ(all[4].text, "a3");
    EXPECT_EQ(store.levels({"", "sudoku"}).size(), 2u);
    auto a_sokoban = store.levels({"a", "sokoban"});
    ASSERT_EQ(a_sokoban.size(), 2u);
    EXPECT_EQ(a_sokoban[0].text, "a1");
    EXPECT_EQ(a_sokoban[1].text, "a3");
    EXPECT_TRUE(store.levels({"missing", ""}).empty());
}

TEST_F(StoreFileTest, AddLevelsIsAllOrNothing) {
    Store store(db_path_);
    int64_t pack = store.ensure_pack("p");
    store.add_level(pack, make_level("sokoban", "existing"));

    // A failure inside SQLite on the third level of a batch: a trigger (added through a second connection)
    // aborts that insert; the two levels inserted before it must go too.
    {
        sql::Database db(db_path_, SQLITE_OPEN_READWRITE);
        db.exec("CREATE TRIGGER reject_bad BEFORE INSERT ON levels WHEN NEW.name = 'bad' "
                "BEGIN SELECT RAISE(ABORT, 'rejected by test trigger'); END");
    }
    std::vector<LevelRecord> batch = {make_level("sokoban", "l1"), make_level("sokoban", "l2"),
                                      make_level("sokoban", "l3", "bad"), make_level("sokoban", "l4")};
    try {
        store.add_levels(pack, batch);
        FAIL() << "expected StoreError";
    } catch (const StoreError &e) {
        EXPECT_EQ(e.file(), db_path_);
        EXPECT_NE(e.reason().find("rejected by test trigger"), std::string::npos) << e.what();
    }
    auto levels = store.levels();
    ASSERT_EQ(levels.size(), 1u);
    EXPECT_EQ(levels[0].text, "existing");

    // A level the store itself rejects (no type) in third place: same result.
    batch[2] = make_level("", "l3");
    EXPECT_THROW(store.add_levels(pack, batch), InputError);
    EXPECT_EQ(store.levels().size(), 1u);

    // A pack that does not exist: the foreign key refuses it.
    EXPECT_THROW(store.add_levels(pack + 100, {make_level("sokoban", "x")}), StoreError);
    EXPECT_THROW(store.add_level(pack + 100, make_level("sokoban", "x")), StoreError);
    EXPECT_EQ(store.levels().size(), 1u);

    // The store still works afterwards (no transaction left open).
    batch[2] = make_level("sokoban", "l3");
    EXPECT_EQ(store.add_levels(pack, batch), 4u);
    EXPECT_EQ(store.levels().size(), 5u);
}

TEST_F(StoreFileTest, BigImportKeepsPositionsContiguous) {
    Store store(db_path_);
    int64_t pack = store.ensure_pack("big");
    std::vector<LevelRecord> batch;
    for (int i = 0; i < 10000; ++i) batch.push_back(make_level("sokoban", "level " + std::to_string(i)));
    auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(store.add_levels(pack, batch), 10000u);
    auto import_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    auto levels = store.levels();
    ASSERT_EQ(levels.size(), 10000u);
    for (size_t i = 0; i < levels.size(); ++i) ASSERT_EQ(levels[i].position, static_cast<int64_t>(i + 1));

    start = std::chrono::steady_clock::now();
    Store reopened(db_path_);
    auto open_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(reopened.find_pack("big")->level_count, 10000);
    RecordProperty("import_ms", std::to_string(import_ms));
    RecordProperty("open_ms", std::to_string(open_ms));
}

TEST_F(StoreFileTest, UpdateLevelTextRehashesAndBumpsUpdatedAt) {
    Store store(db_path_);
    int64_t pack = store.ensure_pack("p");
    auto [id, inserted] = store.add_level(pack, make_level("sokoban", "old"));
    ASSERT_TRUE(inserted);
    auto other = store.add_level(pack, make_level("sokoban", "taken")).first;
    auto before = *store.level(id);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    store.update_level_text(id, "new");
    auto after = *store.level(id);
    EXPECT_EQ(after.text, "new");
    EXPECT_EQ(after.hash, content_hash("sokoban", "new"));
    EXPECT_EQ(after.created_at, before.created_at);
    EXPECT_GT(after.updated_at, before.updated_at);
    EXPECT_EQ(after.position, before.position);

    // The pack already holds "taken": refused, nothing changes.
    EXPECT_THROW(store.update_level_text(id, "taken"), StoreError);
    EXPECT_EQ(store.level(id)->text, "new");
    EXPECT_EQ(store.level(other)->text, "taken");
    EXPECT_THROW(store.update_level_text(id + 100, "x"), StoreError);
    // Now "old" is free again.
    EXPECT_TRUE(store.add_level(pack, make_level("sokoban", "old")).second);
}

TEST_F(StoreFileTest, ResultsRoundTrip) {
    Store store(db_path_);
    int64_t pack = store.ensure_pack("p");
    int64_t level = store.add_level(pack, make_level("sokoban", "x")).first;

    ResultRecord first = make_result(level, PZ_SOLVE_SOLVED);
    first.nodes = uint64_t{1} << 62;
    first.time_ms = 1234.5678;
    first.solution = "LLUURRDD\nline two";
    first.info = R"({"pushes": 3})";
    store.add_result(first);

    ResultRecord second = make_result(level, PZ_SOLVE_LIMIT, "2.0");
    second.nodes = static_cast<uint64_t>(INT64_MAX);
    second.time_ms = 0.001;
    second.solved_at = "2024-01-02T03:04:05.678Z"; // given times are kept
    store.add_result(second);

    auto results = store.results(level);
    ASSERT_EQ(results.size(), 2u);
    // Newest first.
    EXPECT_EQ(results[0].status, PZ_SOLVE_LIMIT);
    EXPECT_EQ(results[0].nodes, static_cast<uint64_t>(INT64_MAX));
    EXPECT_EQ(results[0].time_ms, 0.001);
    EXPECT_EQ(results[0].solved_at, "2024-01-02T03:04:05.678Z");
    EXPECT_EQ(results[0].plugin_version, "2.0");
    EXPECT_EQ(results[1].status, PZ_SOLVE_SOLVED);
    EXPECT_EQ(results[1].nodes, uint64_t{1} << 62);
    EXPECT_EQ(results[1].time_ms, 1234.5678);
    EXPECT_EQ(results[1].solution, "LLUURRDD\nline two");
    EXPECT_EQ(results[1].info, R"({"pushes": 3})");
    EXPECT_EQ(results[1].plugin_id, "sokoban");
    EXPECT_EQ(results[1].level_id, level);
    EXPECT_TRUE(is_iso_timestamp(results[1].solved_at)) << results[1].solved_at;
    EXPECT_GT(results[0].id, results[1].id);

    // A result for a level that does not exist: the foreign key refuses it.
    EXPECT_THROW(store.add_result(make_result(level + 100, PZ_SOLVE_SOLVED)), StoreError);
}

TEST_F(StoreFileTest, FinalResultsRespectPluginVersionAndStatus) {
    Store store(db_path_);
    int64_t pack = store.ensure_pack("p");
    std::vector<int64_t> ids;
    for (int i = 0; i < 7; ++i) ids.push_back(store.add_level(pack, make_level("sokoban", std::to_string(i))).first);
    store.add_result(make_result(ids[0], PZ_SOLVE_SOLVED));
    store.add_result(make_result(ids[1], PZ_SOLVE_UNIQUE));
    store.add_result(make_result(ids[2], PZ_SOLVE_MULTIPLE));
    store.add_result(make_result(ids[3], PZ_SOLVE_UNSOLVABLE));
    store.add_result(make_result(ids[4], PZ_SOLVE_LIMIT)); // not final: worth another try
    store.add_result(make_result(ids[5], AttemptFailure::error));
    store.add_result(make_result(ids[5], AttemptFailure::crashed)); // a worker died on it: worth another try too
    store.add_result(make_result(ids[5], AttemptFailure::timeout));
    store.add_result(make_result(ids[6], PZ_SOLVE_SOLVED, "0.9")); // another version
    store.add_result(make_result(ids[4], PZ_SOLVE_LIMIT));

    // What --resume leaves to solve: the levels with no final result by this plugin id + version.
    const auto not_done = [&](const std::string &type, const std::string &plugin, const std::string &version) {
        const LevelFilter filter{"", "", {{type, plugin, version}}};
        std::vector<int64_t> out;
        for (const LevelRecord &l : store.levels_page(filter, {}, 100))
            out.push_back(l.id);
        EXPECT_EQ(store.count_levels(filter), out.size());
        return out;
    };
    EXPECT_EQ(not_done("sokoban", "sokoban", "1.0"), (std::vector<int64_t>{ids[4], ids[5], ids[6]}));
    EXPECT_EQ(not_done("sokoban", "sokoban", "0.9"), (std::vector<int64_t>{ids[0], ids[1], ids[2], ids[3], ids[4],
                                                                          ids[5]}));
    EXPECT_EQ(not_done("sokoban", "other", "1.0"), ids);   // another plugin's results do not count
    EXPECT_EQ(not_done("sudoku", "sokoban", "1.0"), ids);  // nor results for levels of a type not listed
}

TEST_F(StoreFileTest, StatusesAreStoredAsTheirTextsAndReadBack) {
    Store store(db_path_);
    const int64_t level = store.add_level(store.ensure_pack("p"), make_level("sokoban", "x")).first;
    std::vector<AttemptStatus> statuses(std::begin(pluzzle::kSolveStatuses), std::end(pluzzle::kSolveStatuses));
    statuses.insert(statuses.end(), std::begin(kAttemptFailures), std::end(kAttemptFailures)); // the host's failures
    for (const AttemptStatus &s : statuses) store.add_result(make_result(level, s));
    // The database holds the same texts as before the typed status: other programs and older versions read them.
    sql::Database db(db_path_, SQLITE_OPEN_READONLY);
    auto st = db.prepare("SELECT status FROM results ORDER BY id");
    std::vector<std::string> texts;
    while (st.step()) texts.push_back(st.text(0));
    EXPECT_EQ(texts, (std::vector<std::string>{"solved", "unique", "multiple", "unsolvable", "limit", "cancelled",
                                               "error", "crashed", "timeout", "corrupt"}));
    auto results = store.results(level); // newest first
    ASSERT_EQ(results.size(), statuses.size());
    for (size_t i = 0; i < statuses.size(); ++i) EXPECT_EQ(results[statuses.size() - 1 - i].status, statuses[i]) << i;
}

TEST_F(StoreFileTest, AnUnknownStoredStatusIsAnErrorNamingTheField) {
    Store store(db_path_);
    const int64_t level = store.add_level(store.ensure_pack("p"), make_level("sokoban", "x")).first;
    store.add_result(make_result(level, PZ_SOLVE_UNIQUE));
    sql::Database(db_path_, SQLITE_OPEN_READWRITE).exec("UPDATE results SET status = 'Unique'"); // edited by hand
    try {
        store.results(level);
        FAIL() << "an unknown status was read";
    } catch (const StoreError &e) {
        EXPECT_EQ(e.file(), db_path_);
        EXPECT_EQ(e.field(), "status");
        EXPECT_NE(e.reason().find("unknown status 'Unique'"), std::string::npos) << e.what();
    }
    EXPECT_THROW(store.latest_results(), StoreError);
}

TEST_F(StoreFileTest, LatestResultPerLevel) {
    Store store(db_path_);
    int64_t a = store.ensure_pack("a");
    int64_t b = store.ensure_pack("b");
    int64_t l1 = store.add_level(a, make_level("sokoban", "1")).first;
    int64_t l2 = store.add_level(a, make_level("sudoku", "2")).first;
    int64_t l3 = store.add_level(b, make_level("sokoban", "3")).first;
    store.add_level(b, make_level("sokoban", "no results"));
    store.add_result(make_result(l1, PZ_SOLVE_LIMIT));
    store.add_result(make_result(l1, PZ_SOLVE_SOLVED));
    store.add_result(make_result(l2, PZ_SOLVE_UNSOLVABLE));
    store.add_result(make_result(l3, AttemptFailure::error));
    store.add_result(make_result(l3, PZ_SOLVE_UNIQUE));

    auto latest = store.latest_results();
    ASSERT_EQ(latest.size(), 3u);
    EXPECT_EQ(latest.at(l1).status, PZ_SOLVE_SOLVED);
    EXPECT_EQ(latest.at(l2).status, PZ_SOLVE_UNSOLVABLE);
    EXPECT_EQ(latest.at(l3).status, PZ_SOLVE_UNIQUE);
    EXPECT_EQ(latest.at(l1).level_id, l1);

    auto only_a = store.latest_results({"a", ""});
    EXPECT_EQ(only_a.size(), 2u);
    EXPECT_EQ(only_a.count(l3), 0u);
    auto sokoban = store.latest_results({"", "sokoban"});
    EXPECT_EQ(sokoban.size(), 2u);
    EXPECT_EQ(sokoban.count(l2), 0u);
    EXPECT_EQ(store.latest_results({"b", "sudoku"}).size(), 0u);
}

TEST_F(StoreFileTest, RandomBytesAreNotADatabase) {
    std::mt19937 rng(12345);
    std::string bytes(64 * 1024, '\0');
    for (auto &c : bytes) c = static_cast<char>(rng());
    write_bytes(db_path_, bytes);
    try {
        Store store(db_path_);
        FAIL() << "expected StoreError";
    } catch (const StoreError &e) {
        EXPECT_EQ(e.file(), db_path_);
        EXPECT_NE(std::string(e.what()).find(db_path_), std::string::npos);
        EXPECT_NE(e.reason().find("file is not a database"), std::string::npos) << e.what();
    }
    // Nothing was written into the foreign file.
    EXPECT_EQ(read_bytes(db_path_), bytes);
}

TEST_F(StoreFileTest, TextFileIsNotADatabase) {
    write_bytes(db_path_, "{\"format\": \"pluzzle-pack\"}\n");
    EXPECT_THROW(Store store(db_path_), StoreError);
}

TEST_F(StoreFileTest, DirectoryIsNotADatabase) {
    try {
        Store store(dir_.string());
        FAIL() << "expected StoreError";
    } catch (const StoreError &e) {
        EXPECT_EQ(e.file(), dir_.string());
    }
}

TEST_F(StoreFileTest, TruncatedDatabasesThrowStoreError) {
    build_database(db_path_, 300);
    const std::string whole = read_bytes(db_path_);
    ASSERT_GT(whole.size(), 100u * 1024) << "the database should span many pages";
    ASSERT_FALSE(fs::exists(db_path_ + "-wal")) << "closing should have checkpointed the WAL";

    for (size_t size : {whole.size() / 2, whole.size() - 4096, size_t{3000}, size_t{4096}, size_t{100}, size_t{50}}) {
        SCOPED_TRACE("truncated to " + std::to_string(size) + " bytes");
        const std::string path = file("truncated-" + std::to_string(size) + ".db");
        write_bytes(path, whole.substr(0, size));
        try {
            Store store(path);
            // SQLite could still read what is left: every call must work or throw StoreError.
            exercise_all_calls(store);
        } catch (const StoreError &e) {
            EXPECT_EQ(e.file(), path);
            EXPECT_NE(std::string(e.what()).find(path), std::string::npos);
        }
    }
    // Cut mid-page or cut to whole pages, SQLite sees that the file is shorter than its header says.
    const std::string half = file("half.db");
    write_bytes(half, whole.substr(0, whole.size() / 2));
    EXPECT_THROW(Store store(half), StoreError);
    const std::string small = file("small.db");
    write_bytes(small, whole.substr(0, 3000));
    EXPECT_THROW(Store store(small), StoreError);
}

TEST_F(StoreFileTest, DamagedPagesNeverCrash) {
    build_database(db_path_, 300);
    const std::string whole = read_bytes(db_path_);
    std::mt19937 rng(777);
    for (int round = 0; round < 8; ++round) {
        std::string damaged = whole;
        // Overwrite a few stretches after page 1 (page 1 damage is the "not a database" case).
        for (int k = 0; k < 4; ++k) {
            size_t at = 4096 + rng() % (damaged.size() - 4096 - 512);
            for (size_t i = 0; i < 512; ++i) damaged[at + i] = static_cast<char>(rng());
        }
        const std::string path = file("damaged-" + std::to_string(round) + ".db");
        write_bytes(path, damaged);
        SCOPED_TRACE(path);
        try {
            Store store(path);
            exercise_all_calls(store);
        } catch (const StoreError &e) {
            EXPECT_EQ(e.file(), path);
        }
    }
}

TEST_F(StoreFileTest, TwoConnectionsWriteAlternately) {
    Store first(db_path_);
    Store second(db_path_);
    int64_t pack = first.ensure_pack("p");
    EXPECT_EQ(second.ensure_pack("p"), pack);
    for (int i = 0; i < 10; ++i) {
        Store &writer = (i % 2 == 0) ? first : second;
        auto [id, inserted] = writer.add_level(pack, make_level("sokoban", "level " + std::to_string(i)));
        EXPECT_TRUE(inserted);
        Store &other = (i % 2 == 0) ? second : first;
        other.add_result(make_result(id, PZ_SOLVE_SOLVED));
        EXPECT_EQ(other.level(id)->position, i + 1);
    }
    EXPECT_EQ(first.levels().size(), 10u);
    EXPECT_EQ(second.latest_results().size(), 10u);
}

TEST_F(StoreFileTest, ConcurrentWritersWaitForEachOther) {
    {
        Store setup(db_path_);
        int64_t pack = setup.ensure_pack("p");
        for (int i = 0; i < 4; ++i) setup.add_level(pack, make_level("sokoban", std::to_string(i)));
    }
    // Several connections (as several processes would) storing results while another lists them.
    constexpr int kWriters = 4, kEach = 50;
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int w = 0; w < kWriters; ++w) {
        threads.emplace_back([&, w] {
            try {
                Store store(db_path_);
                for (int i = 0; i < kEach; ++i) store.add_result(make_result(1 + (w + i) % 4, PZ_SOLVE_SOLVED));
            } catch (const std::exception &) {
                failures++;
            }
        });
    }
    threads.emplace_back([&] {
        try {
            Store reader(db_path_);
            for (int i = 0; i < 50; ++i) reader.latest_results();
        } catch (const std::exception &) {
            failures++;
        }
    });
    for (auto &t : threads) t.join();
    EXPECT_EQ(failures.load(), 0);
    Store store(db_path_);
    size_t total = 0;
    for (int64_t id = 1; id <= 4; ++id) total += store.results(id).size();
    EXPECT_EQ(total, static_cast<size_t>(kWriters * kEach));
}

TEST_F(StoreFileTest, TwoProcessesShareTheFile) {
    int64_t level = 0;
    {
        Store setup(db_path_);
        level = setup.add_level(setup.ensure_pack("p"), make_level("sokoban", "x")).first;
    }
    // A "bulk solve" in a child process stores results while this process lists and adds levels.
    constexpr int kResults = 100;
    pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        int code = 0;
        try {
            Store store(db_path_);
            for (int i = 0; i < kResults; ++i) store.add_result(make_result(level, PZ_SOLVE_SOLVED));
        } catch (...) {
            code = 1;
        }
        ::_exit(code); // no gtest teardown in the child
    }
    {
        Store store(db_path_);
        int64_t pack = store.ensure_pack("q");
        for (int i = 0; i < 20; ++i) {
            store.latest_results();
            store.add_level(pack, make_level("sokoban", "level " + std::to_string(i)));
        }
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    Store store(db_path_);
    EXPECT_EQ(store.results(level).size(), static_cast<size_t>(kResults));
    EXPECT_EQ(store.find_pack("q")->level_count, 20);
}

// ---- read-only databases ---------------------------------------------------------------------------------------

namespace {

// A database whose -shm side file cannot be created, even by root: the name is a dangling symlink into a folder
// that does not exist (what a read-only folder does to an ordinary user).
void block_side_files(const std::string &db) {
    fs::remove(db + "-shm");
    fs::remove(db + "-wal");
    fs::create_symlink(fs::path(db).parent_path() / "no-such-folder" / "shm", db + "-shm");
}

StoreOptions read_only() {
    StoreOptions o;
    o.mode = StoreMode::ReadOnly;
    return o;
}

} // namespace

TEST_F(StoreFileTest, ReadOnlyModeReadsWhereSideFilesCannotBeCreated) {
    build_database(db_path_, 5);
    block_side_files(db_path_);
    const std::string before = read_bytes(db_path_);

    Store store(db_path_, read_only());
    ASSERT_EQ(store.packs().size(), 1u);
    EXPECT_EQ(store.packs()[0].description, "many levels");
    EXPECT_EQ(store.levels().size(), 5u);
    EXPECT_EQ(store.latest_results().size(), 5u);
    EXPECT_EQ(read_bytes(db_path_), before); // nothing written
    try {
        store.check_writable();
        FAIL() << "a read-only connection cannot write";
    } catch (const StoreError &e) {
        EXPECT_NE(e.reason().find("database is read-only"), std::string::npos) << e.what();
    }
}

TEST_F(StoreFileTest, WritingModeFailsUpFrontWhereSideFilesCannotBeCreated) {
    build_database(db_path_, 2);
    block_side_files(db_path_);
    try {
        Store store(db_path_);
        FAIL() << "opened for writing";
    } catch (const StoreError &e) {
        EXPECT_EQ(e.file(), db_path_);
        EXPECT_NE(e.reason().find("database is read-only"), std::string::npos) << e.what();
    }
}

TEST_F(StoreFileTest, ReadOnlyModeNeverCreatesOrMigrates) {
    EXPECT_THROW(Store(db_path_, read_only()), StoreError);
    EXPECT_FALSE(fs::exists(db_path_));

    { Store old(db_path_, 1); }
    try {
        Store store(db_path_, read_only());
        FAIL() << "an old schema was read without migrating";
    } catch (const StoreError &e) {
        EXPECT_NE(e.reason().find("run a writing command"), std::string::npos) << e.what();
    }
    sql::Database raw(db_path_, SQLITE_OPEN_READONLY);
    auto st = raw.prepare("PRAGMA user_version");
    st.step();
    EXPECT_EQ(st.int64(0), 1); // still the old version
}

TEST_F(StoreFileTest, ProfilesOfAReadOnlyDatabaseReadButDoNotWrite) {
    build_database(db_path_, 2);
    block_side_files(db_path_);
    Store store(db_path_, read_only());
    EXPECT_EQ(store.profiles().size(), 20u);
    EXPECT_EQ(store.profile("player 3", "celladd", "adaptive")->value, "50");
    try {
        store.set_profile({"player 3", "celladd", "adaptive", "51", {}});
        FAIL() << "a read-only connection wrote";
    } catch (const StoreError &e) {
        EXPECT_EQ(e.file(), db_path_);
        EXPECT_NE(e.reason().find("profile of player 'player 3'"), std::string::npos) << e.what();
        EXPECT_NE(e.reason().find("readonly"), std::string::npos) << e.what();
    }
    EXPECT_THROW(store.update_profile("player 3", "celladd", "adaptive", [](auto &) { return "1"; }), StoreError);
}

TEST_F(StoreFileTest, CheckWritablePassesOnAWritableDatabase) {
    Store store(db_path_);
    store.check_writable();
    store.ensure_pack("p"); // the lock was released
    Store reader(db_path_, read_only());
    EXPECT_EQ(reader.packs().size(), 1u);
}

TEST_F(StoreFileTest, DatabasePathsSQLiteWouldReinterpretAreRefused) {
    const std::vector<std::string> bad_paths = {"", ":memory:", "file:levels.db", "file:" + db_path_ + "?mode=memory"};
    for (const std::string &bad : bad_paths) {
        for (DatabaseUse use : {DatabaseUse::Existing, DatabaseUse::Create}) {
            try {
                check_database_path(bad, use);
                FAIL() << "accepted '" << bad << "'";
            } catch (const InputError &e) {
                EXPECT_NE(e.reason().find("not a database file path"), std::string::npos) << e.what();
            }
        }
    }
    EXPECT_THROW(check_database_path(db_path_, DatabaseUse::Existing), InputError); // missing
    check_database_path(db_path_, DatabaseUse::Create);
    EXPECT_THROW(check_database_path(file("no-folder/x.db"), DatabaseUse::Create), InputError);
    write_bytes(db_path_, "");
    EXPECT_THROW(check_database_path(db_path_, DatabaseUse::Existing), InputError); // empty
    check_database_path(db_path_, DatabaseUse::Create);
}

// ---- a writer that holds the lock for long -------------------------------------------------------------------

namespace {

// Holds the write lock of `path` (BEGIN IMMEDIATE on its own connection) for `hold`, then lets go.
class LockHolder {
public:
    LockHolder(const std::string &path, std::chrono::milliseconds hold)
        : db_(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX) {
        db_.exec("BEGIN IMMEDIATE");
        thread_ = std::thread([this, hold] {
            std::this_thread::sleep_for(hold);
            db_.exec("ROLLBACK");
        });
    }
    ~LockHolder() { thread_.join(); }

private:
    sql::Database db_;
    std::thread thread_;
};

StoreOptions short_timeouts(int busy_ms, int retry_ms) {
    StoreOptions o;
    o.busy_timeout_ms = busy_ms;
    o.write_retry_ms = retry_ms;
    return o;
}

} // namespace

TEST_F(StoreFileTest, AddResultOutlastsAWriterHoldingTheLockPastTheBusyTimeout) {
    int64_t level = 0;
    {
        Store setup(db_path_);
        level = setup.add_level(setup.ensure_pack("p"), make_level("sokoban", "x")).first;
    }
    Store store(db_path_, short_timeouts(100, 10000)); // each wait gives up after 0.1 s; retries for 10 s
    const auto start = std::chrono::steady_clock::now();
    {
        LockHolder holder(db_path_, std::chrono::milliseconds(1500));
        store.add_result(make_result(level, PZ_SOLVE_SOLVED));
    }
    const auto waited = std::chrono::steady_clock::now() - start;
    EXPECT_GE(waited, std::chrono::milliseconds(1400));
    EXPECT_EQ(store.results(level).size(), 1u);
}

TEST_F(StoreFileTest, AddResultGivesUpAfterItsRetryBudget) {
    int64_t level = 0;
    {
        Store setup(db_path_);
        level = setup.add_level(setup.ensure_pack("p"), make_level("sokoban", "x")).first;
    }
    Store store(db_path_, short_timeouts(50, 300));
    LockHolder holder(db_path_, std::chrono::milliseconds(1500));
    const auto start = std::chrono::steady_clock::now();
    try {
        store.add_result(make_result(level, PZ_SOLVE_SOLVED));
        FAIL() << "stored while another connection held the lock";
    } catch (const StoreError &e) {
        EXPECT_EQ(e.file(), db_path_);
        EXPECT_NE(e.reason().find("gave up"), std::string::npos) << e.what();
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(1400));
}

// Pages walk every level of the filter once, in the same order as levels(), across packs; the counts agree with
// what --resume will skip (final results of this plugin version only).
TEST_F(StoreFileTest, LevelPagesWalkTheFilterInOrderAndCountsMatch) {
    Store store(db_path_);
    const int64_t a = store.ensure_pack("a"), b = store.ensure_pack("b");
    std::vector<LevelRecord> in_a, in_b;
    for (int i = 0; i < 25; ++i)
        in_a.push_back(make_level(i % 3 ? "sokoban" : "sudoku", "a" + std::to_string(i)));
    for (int i = 0; i < 7; ++i)
        in_b.push_back(make_level("sokoban", "b" + std::to_string(i)));
    store.add_levels(b, in_b); // b's levels get lower ids than a's: pages follow (pack, position), not ids
    store.add_levels(a, in_a);
    for (const LevelFilter &filter : {LevelFilter{}, LevelFilter{"a", ""}, LevelFilter{"", "sokoban"}}) {
        std::vector<int64_t> paged, listed;
        for (auto &l : store.levels(filter))
            listed.push_back(l.id);
        LevelCursor cursor;
        for (auto page = store.levels_page(filter, cursor, 4); !page.empty();
             page = store.levels_page(filter, cursor, 4)) {
            EXPECT_LE(page.size(), 4u);
            for (auto &l : page)
                paged.push_back(l.id);
            cursor = {page.back().pack_id, page.back().position};
        }
        EXPECT_EQ(paged, listed) << filter.pack << "/" << filter.type;
        EXPECT_EQ(store.count_levels(filter), listed.size());
    }
    const auto sokoban = store.levels({"a", "sokoban"});
    store.add_result(make_result(sokoban[0].id, PZ_SOLVE_UNIQUE));
    store.add_result(make_result(sokoban[1].id, PZ_SOLVE_LIMIT));         // not final
    store.add_result(make_result(sokoban[2].id, PZ_SOLVE_SOLVED, "0.9")); // another version
    store.add_result(make_result(sokoban[3].id, AttemptFailure::crashed));
    // --resume's filter, with the pack filter and paging: only the UNIQUE one is done.
    for (const char *pack : {"a", "b"}) {
        LevelFilter all{pack, ""}, resumed{pack, "", {{"sokoban", "sokoban", "1.0"}}};
        std::vector<int64_t> expected, paged;
        for (auto &l : store.levels(all))
            if (l.id != sokoban[0].id) expected.push_back(l.id);
        LevelCursor cursor;
        for (auto page = store.levels_page(resumed, cursor, 2); !page.empty();
             page = store.levels_page(resumed, cursor, 2)) {
            for (auto &l : page)
                paged.push_back(l.id);
            cursor = {page.back().pack_id, page.back().position};
        }
        EXPECT_EQ(paged, expected) << pack;
        EXPECT_EQ(store.count_levels(resumed), expected.size()) << pack;
    }
}

// Version 6 adds the in-flight marks of a bulk solve in this process: set before a level's solve starts, cleared by
// its result; a run that dies leaves them for the next one to read.
TEST_F(StoreFileTest, MigratesVersion5To6AndKeepsInFlightMarksUntilTheirResults) {
    int64_t pack = 0;
    {
        Store old(db_path_, 5);
        pack = old.ensure_pack("p");
        old.add_levels(pack,
                       {make_level("sokoban", "one"), make_level("sokoban", "two"), make_level("pipes", "three")});
    }
    Store store(db_path_, 6);
    EXPECT_EQ(store.schema_version(), 6);
    const auto levels = store.levels();
    ASSERT_EQ(levels.size(), 3u);
    store.mark_in_flight({{levels[0].id, "sokoban", "1", false},
                          {levels[1].id, "sokoban", "1", true},
                          {levels[2].id, "pipes", "2", false}});
    {
        Store other(db_path_); // committed: another connection (the next run) sees them
        const auto marks = other.in_flight({});
        ASSERT_EQ(marks.size(), 3u);
        EXPECT_EQ(marks[1].first.alone, true);
        EXPECT_EQ(marks[1].second.text, levels[1].text);
        EXPECT_EQ(other.in_flight(LevelFilter("p", "pipes")).size(), 1u) << "the filter applies";
        EXPECT_EQ(other.in_flight(LevelFilter("other")).size(), 0u);
    }
    ResultRecord r;
    r.level_id = levels[0].id;
    r.plugin_id = "sokoban";
    r.plugin_version = "1";
    r.status = PZ_SOLVE_UNIQUE;
    store.add_results({r});
    EXPECT_EQ(store.in_flight({}).size(), 2u) << "a result clears its level's mark";
    store.clear_in_flight({levels[1].id, levels[2].id});
    EXPECT_TRUE(store.in_flight({}).empty());
}

// Version 7 adds the difficulty estimate to results (NULL: none) and a revision per level for update_level_if.
TEST_F(StoreFileTest, MigratesVersion6To7KeepingResultsWithoutADifficulty) {
    int64_t level = 0;
    {
        Store old(db_path_, 6);
        level = old.add_level(old.ensure_pack("p"), make_level("sokoban", "one")).first;
        old.add_result(make_result(level, PZ_SOLVE_UNIQUE));
    }
    Store store(db_path_);
    EXPECT_EQ(store.schema_version(), Store::kSchemaVersion);
    const auto kept = store.results(level);
    ASSERT_EQ(kept.size(), 1u);
    EXPECT_FALSE(kept[0].difficulty);
    EXPECT_EQ(kept[0].difficulty_label, "");
    EXPECT_EQ(store.level(level)->revision, 1);

    ResultRecord graded = make_result(level, PZ_SOLVE_UNIQUE);
    graded.difficulty = 4.25;
    graded.difficulty_label = "probing";
    store.add_result(graded);
    const auto latest = store.latest_results({"p"});
    ASSERT_EQ(latest.count(level), 1u);
    EXPECT_EQ(latest.at(level).difficulty, 4.25);
    EXPECT_EQ(latest.at(level).difficulty_label, "probing");
    // The column holds NULL, not 0, for "no estimate": SQL can tell an ungraded level from a trivial one.
    sql::Database db(db_path_, SQLITE_OPEN_READONLY);
    auto st = db.prepare("SELECT count(*) FROM results WHERE difficulty IS NULL");
    ASSERT_TRUE(st.step());
    EXPECT_EQ(st.int64(0), 1);
}

// The editor's save: a compare-and-swap on the revision, so a second program's change is never overwritten.
TEST_F(StoreFileTest, UpdateLevelIfReplacesOnlyTheRevisionItWasGiven) {
    Store a(db_path_);
    const int64_t pack = a.ensure_pack("p");
    const int64_t id = a.add_level(pack, make_level("sokoban", "one")).first;
    a.add_level(pack, make_level("sokoban", "taken"));
    Store b(db_path_); // another program
    const int64_t read = b.level(id)->revision;
    EXPECT_EQ(a.update_level_if(id, read, {"two", "Two", "me", "size=2"}), read + 1);
    const LevelRecord now = *b.level(id);
    EXPECT_EQ(now.text, "two");
    EXPECT_EQ(now.name, "Two");
    EXPECT_EQ(now.author, "me");
    EXPECT_EQ(now.params, "size=2");
    EXPECT_TRUE(level_text_intact(now));
    EXPECT_EQ(now.revision, read + 1);
    // b still holds the old revision: its save is refused and the row keeps a's content.
    try {
        b.update_level_if(id, read, {"three", "", "", ""});
        FAIL() << "a stale revision was saved over";
    } catch (const LevelConflict &e) {
        EXPECT_FALSE(e.deleted());
        EXPECT_EQ(e.field(), "revision");
        EXPECT_NE(e.reason().find("another program changed the level"), std::string::npos) << e.what();
    }
    EXPECT_EQ(a.level(id)->text, "two");
    // The same content as another level of the pack is refused, and nothing changes.
    EXPECT_THROW(a.update_level_if(id, read + 1, {"taken", "", "", ""}), StoreError);
    EXPECT_EQ(a.level(id)->revision, read + 1);
    // update_level_text bumps the revision too: an editor that read before it cannot save over it.
    a.update_level_text(id, "four");
    EXPECT_EQ(a.level(id)->revision, read + 2);
    EXPECT_THROW(b.update_level_if(id, read + 1, {"five", "", "", ""}), LevelConflict);
    a.delete_levels({id});
    try {
        b.update_level_if(id, read + 2, {"six", "", "", ""});
        FAIL() << "a deleted level was saved";
    } catch (const LevelConflict &e) {
        EXPECT_TRUE(e.deleted());
    }
}
