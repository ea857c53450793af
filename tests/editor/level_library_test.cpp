// The level database as the editor uses it: real SQLite files, two connections, pack files.
#include "editor_test_support.hpp"

#include <level_library.hpp>
#include <pluzzle/host/levels/pack_file.hpp>
#include <pluzzle/host/store/sqlite.hpp>

#include <sqlite3.h>

#include <chrono>
#include <thread>

using namespace pluzzle::editor;
namespace host = pluzzle::host;

namespace {
const char *kLevel = "lightsout 1\nsize 3 3\n#..\n...\n..#\n";
}

TEST(LevelLibrary, SavesANewLevelWithMetadataAndListsIt) {
    editor_test::TempDir dir;
    LevelLibrary lib(dir.file("levels.db"), editor_test::registry());
    Document doc = Document::from_text(editor_test::plugin("lightsout"), kLevel);
    doc.set_meta({"Corners", "Ada", "easy peasy"});
    lib.save(doc, "mine");
    EXPECT_FALSE(doc.dirty());
    EXPECT_GT(doc.origin().level_id, 0);
    auto rows = lib.levels("mine");
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].type, "lightsout");
    EXPECT_EQ(rows[0].name, "Corners");
    EXPECT_EQ(rows[0].author, "Ada");
    EXPECT_EQ(rows[0].difficulty, "easy-peasy");
    EXPECT_EQ(rows[0].size, "3x3");
    EXPECT_EQ(rows[0].status, "");

    // What another program sees: the store's own reading.
    host::Store store(dir.file("levels.db"));
    auto stored = store.levels();
    ASSERT_EQ(stored.size(), 1u);
    EXPECT_EQ(stored[0].text, kLevel);
    EXPECT_EQ(params_difficulty(stored[0].params), "easy-peasy");
}

TEST(LevelLibrary, ReopenEditAndUpdateKeepsTheRow) {
    editor_test::TempDir dir;
    LevelLibrary lib(dir.file("levels.db"), editor_test::registry());
    Document doc = Document::from_text(editor_test::plugin("lightsout"), kLevel);
    lib.save(doc, "p");
    const int64_t id = doc.origin().level_id;
    Document again = lib.open(id);
    EXPECT_FALSE(again.dirty());
    EXPECT_EQ(again.origin().pack, "p");
    again.apply_edit("t 1,1");
    again.set_meta({"Renamed", "Bob", "hard"});
    lib.save(again, "ignored");
    auto rows = lib.levels();
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].id, id);
    EXPECT_EQ(rows[0].name, "Renamed");
    EXPECT_EQ(rows[0].difficulty, "hard");
    EXPECT_EQ(lib.open(id).text(), again.text());
}

TEST(LevelLibrary, TwoEditorsSavingTheSameLevelGetAConflictNotALostUpdate) {
    editor_test::TempDir dir;
    const std::string db = dir.file("shared.db");
    LevelLibrary first(db, editor_test::registry());
    Document doc = Document::from_text(editor_test::plugin("lightsout"), kLevel);
    first.save(doc, "p");
    LevelLibrary second(db, editor_test::registry()); // another editor on the same file
    Document a = first.open(doc.origin().level_id);
    Document b = second.open(doc.origin().level_id);
    std::this_thread::sleep_for(std::chrono::milliseconds(5)); // updated_at has millisecond resolution
    b.apply_edit("t 0,1");
    second.save(b, "p");
    a.apply_edit("t 2,1");
    try {
        first.save(a, "p");
        FAIL() << "expected a conflict";
    } catch (const SaveConflict &e) {
        EXPECT_NE(std::string(e.what()).find("another program changed the level"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(a.dirty()); // still unsaved, nothing lost
    EXPECT_EQ(first.open(b.origin().level_id).text(), b.text());
}

TEST(LevelLibrary, BusyDatabaseGivesAClearMessageQuickly) {
    editor_test::TempDir dir;
    const std::string db = dir.file("busy.db");
    LevelLibrary lib(db, editor_test::registry(), 200);
    host::sql::Database other(db, SQLITE_OPEN_READWRITE);
    other.exec("BEGIN IMMEDIATE"); // a bulk solve holding the write lock
    Document doc = Document::from_text(editor_test::plugin("lightsout"), kLevel);
    const auto start = std::chrono::steady_clock::now();
    try {
        lib.save(doc, "p");
        FAIL() << "expected busy";
    } catch (const host::StoreError &e) {
        EXPECT_NE(std::string(e.what()).find("busy"), std::string::npos) << e.what();
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));
    other.exec("COMMIT");
    lib.save(doc, "p"); // works once the other writer is done
    EXPECT_EQ(lib.levels().size(), 1u);
}

TEST(LevelLibrary, ExportThenImportRoundTripsAndSkipsUnknownTypes) {
    editor_test::TempDir dir;
    LevelLibrary lib(dir.file("a.db"), editor_test::registry());
    Document doc = Document::from_text(editor_test::plugin("lightsout"), kLevel);
    doc.set_meta({"One", "Ada", "easy"});
    lib.save(doc, "pack");
    Document doc2 = Document::generated(editor_test::plugin("nonogram"), {{"width", "5"}, {"height", "5"}}, 2);
    lib.save(doc2, "pack");
    lib.export_pack_file("pack", dir.file("pack.json"));

    host::PackFile file = host::read_pack_file(dir.file("pack.json"));
    ASSERT_EQ(file.levels.size(), 2u);
    file.levels.push_back({"no-such-type", "x", "", "", "text"});
    host::write_pack_file(dir.file("pack2.json"), file);

    LevelLibrary other(dir.file("b.db"), editor_test::registry());
    ImportReport report = other.import_pack_file(dir.file("pack2.json"), "copy");
    EXPECT_EQ(report.added, 2u);
    ASSERT_EQ(report.skipped.size(), 1u);
    EXPECT_NE(report.skipped[0].find("no-such-type"), std::string::npos);
    auto rows = other.levels("copy");
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].name, "One");
    EXPECT_EQ(rows[1].type, "nonogram");
    EXPECT_EQ(other.import_pack_file(dir.file("pack2.json"), "copy").duplicates, 2u);
}

// A row whose text no longer matches its hash (changed behind the store's back, as a damaged disk would): listed as
// corrupt, refused when opened or exported -- never shown or saved as the puzzle it now happens to read as.
TEST(LevelLibrary, ADamagedLevelIsListedAsCorruptAndNeverOpened) {
    editor_test::TempDir dir;
    LevelLibrary lib(dir.file("levels.db"), editor_test::registry());
    Document doc = Document::from_text(editor_test::plugin("lightsout"), kLevel);
    lib.save(doc, "p");
    const int64_t id = doc.origin().level_id;
    {
        host::sql::Database db(dir.file("levels.db"), SQLITE_OPEN_READWRITE);
        auto st = db.prepare("UPDATE levels SET text = ?1 WHERE id = ?2");
        st.bind(1, std::string_view("lightsout 1\nsize 3 3\n##.\n...\n..#\n")).bind(2, id).step(); // still parses
    }
    auto rows = lib.levels("p");
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].status, "corrupt");
    try {
        lib.open(id);
        FAIL() << "a damaged level was opened";
    } catch (const host::StoreError &e) {
        EXPECT_NE(std::string(e.what()).find("does not match its hash"), std::string::npos) << e.what();
    }
    EXPECT_THROW(lib.export_pack_file("p", dir.file("out.json")), host::StoreError);
}
