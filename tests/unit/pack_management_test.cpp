// Pack management (issue 16): the store's rename, delete, move and reorder on real SQLite files (positions stay
// 1..n, results travel with their levels, a refused step changes nothing), and the same through `pluzzle db
// rename|delete|move|sort`.
#include "store_listing.hpp"
#include "test_support.hpp"

#include <pluzzle/host/store/store.hpp>

using namespace pluzzle::host;
using namespace pluzzle::test;

using pluzzle::test::id_of;
using pluzzle::test::listing;

namespace {

LevelRecord level(const std::string &name, const std::string &text) {
    LevelRecord l;
    l.type = "lightsout";
    l.name = name;
    l.text = text;
    return l;
}

std::string board(int lit) { // a 3x3 board with `lit` lights on, row-major: distinct texts for distinct counts
    std::string cells(9, '.');
    for (int i = 0; i < lit; ++i)
        cells[size_t(i)] = '#';
    return "lightsout 1\nsize 3 3\n" + cells.substr(0, 3) + "\n" + cells.substr(3, 3) + "\n" + cells.substr(6, 3) +
           "\n";
}

// Packs a (A1..A4) and b (B1, B2), with a result on A2.
void fill(Store &store) {
    const int64_t a = store.ensure_pack("a"), b = store.ensure_pack("b");
    store.add_levels(a, {level("A1", board(1)), level("A2", board(2)), level("A3", board(3)), level("A4", board(4))});
    store.add_levels(b, {level("B1", board(5)), level("B2", board(6))});
    ResultRecord r;
    r.level_id = id_of(store, "A2");
    r.plugin_id = "lightsout";
    r.plugin_version = "1";
    r.status = PZ_SOLVE_UNIQUE;
    r.solution = "x";
    store.add_result(r);
}

} // namespace

TEST(PackManagement, MoveDeleteAndReorderKeepPositionsDenseAndResultsWithTheirLevels) {
    TempDir dir;
    Store store(dir / "p.db");
    fill(store);
    store.move_levels({id_of(store, "A2"), id_of(store, "A1")}, "b");
    EXPECT_EQ(listing(store, "a"), "A3@1 A4@2");
    EXPECT_EQ(listing(store, "b"), "B1@1 B2@2 A2@3 A1@4");
    EXPECT_EQ(store.results(id_of(store, "A2")).size(), 1u); // the result moved with its level

    store.move_levels({id_of(store, "B1")}, "new pack"); // a missing target pack is made
    EXPECT_EQ(listing(store, "new pack"), "B1@1");

    store.reorder_pack("b", {id_of(store, "A1"), id_of(store, "B2"), id_of(store, "A2")});
    EXPECT_EQ(listing(store, "b"), "A1@1 B2@2 A2@3");

    EXPECT_EQ(store.delete_levels({id_of(store, "B2")}), 1u);
    EXPECT_EQ(listing(store, "b"), "A1@1 A2@2");
    const int64_t a2 = id_of(store, "A2");
    EXPECT_EQ(store.delete_pack("b"), 2u);
    EXPECT_FALSE(store.find_pack("b"));
    EXPECT_TRUE(store.results(a2).empty()); // its results went with it
    EXPECT_TRUE(store.check().empty());

    store.rename_pack("a", "first");
    EXPECT_EQ(listing(store, "first"), "A3@1 A4@2");
    EXPECT_FALSE(store.find_pack("a"));
}

TEST(PackManagement, ARefusedStepNamesWhyAndChangesNothing) {
    TempDir dir;
    Store store(dir / "p.db");
    fill(store);
    std::string b_listing = "B1@1 B2@2";
    const auto expect_refused = [&](auto step, const std::string &why) {
        try {
            step();
            ADD_FAILURE() << "not refused: " << why;
        } catch (const StoreError &e) {
            EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
        }
        EXPECT_EQ(listing(store, "a"), "A1@1 A2@2 A3@3 A4@4");
        EXPECT_EQ(listing(store, "b"), b_listing);
    };
    expect_refused([&] { store.rename_pack("a", "b"); }, "a pack named 'b' already exists");
    expect_refused([&] { store.rename_pack("zz", "y"); }, "no pack named 'zz'");
    expect_refused([&] { store.delete_levels({id_of(store, "A1"), 999}); }, "no level with id 999");
    expect_refused([&] { store.move_levels({id_of(store, "A1"), id_of(store, "A1")}, "b"); }, "named twice");
    // The same level (type and text) cannot be in a pack twice: the move stops before the first level moves.
    const int64_t b = store.find_pack("b")->id;
    store.add_levels(b, {level("B3", board(1))}); // the text of A1
    b_listing = "B1@1 B2@2 B3@3";
    expect_refused([&] { store.move_levels({id_of(store, "A2"), id_of(store, "A1")}, "b"); }, "already holds the same");
    store.delete_levels({id_of(store, "B3")});
    b_listing = "B1@1 B2@2";
    expect_refused(
        [&] {
            store.reorder_pack("a", {id_of(store, "A1"), id_of(store, "A2")});
        },
        "each of its 4 level(s)");
}

TEST(PackManagement, TheCliCommandsDoTheSameForScripts) {
    TempDir dir;
    const std::string db = dir / "p.db";
    {
        Store store(db);
        fill(store);
    }
    const std::string P = cli();
    const auto ok = [&](const std::string &args) {
        const RunResult r = run(P + " " + args, true);
        EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.out;
        return r.out;
    };
    int64_t a1, a3;
    {
        Store store(db);
        a1 = id_of(store, "A1"), a3 = id_of(store, "A3");
    }
    EXPECT_NE(
        ok("db move " + quote(db) + " --level " + std::to_string(a3) + " --level " + std::to_string(a1) + " --to b")
            .find("moved 2 level(s) to the end of pack 'b'"),
        std::string::npos);
    ok("db sort " + quote(db) + " --pack b --by name --reverse");
    ok("db rename " + quote(db) + " b second");
    ok("db delete " + quote(db) + " --level " + std::to_string(a1));
    {
        Store store(db);
        EXPECT_EQ(listing(store, "a"), "A2@1 A4@2");
        EXPECT_EQ(listing(store, "second"), "B2@1 B1@2 A3@3");
    }
    // Sorting by the latest solve's time puts the unsolved last (here: all but A2).
    ok("db sort " + quote(db) + " --pack a --by time --reverse");
    ok("-q db solve " + quote(db) + " --pack second");
    ok("db sort " + quote(db) + " --pack second --by nodes");
    {
        Store store(db);
        EXPECT_EQ(listing(store, "a"), "A2@1 A4@2");
        const auto levels = store.levels(LevelFilter("second"));
        const auto latest = store.latest_results(LevelFilter("second"));
        for (size_t i = 1; i < levels.size(); ++i)
            EXPECT_LE(latest.at(levels[i - 1].id).nodes, latest.at(levels[i].id).nodes);
    }
    ok("db delete " + quote(db) + " --pack second");

    RunResult r = run(P + " db delete " + quote(db) + " --pack a --level 1", true);
    EXPECT_EQ(r.exit_code, 2) << r.out; // one or the other
    r = run(P + " db rename " + quote(db) + " a a2 2>&1 && " + P + " db rename " + quote(db) + " nope x", true);
    EXPECT_EQ(r.exit_code, 3) << r.out;
    EXPECT_NE(r.out.find("no pack named 'nope'"), std::string::npos) << r.out;
    r = run(P + " db sort " + quote(db) + " --pack a2 --by colour", true);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    // A move to a pack with no name, or of a level that is not there, names the field and changes nothing.
    std::string before;
    int64_t a2;
    {
        Store store(db);
        before = listing(store, "a2"), a2 = id_of(store, "A2");
    }
    r = run(P + " db move " + quote(db) + " --level " + std::to_string(a2) + " --to ''", true);
    EXPECT_EQ(r.exit_code, 3) << r.out;
    EXPECT_NE(r.out.find("field 'pack': a pack needs a name"), std::string::npos) << r.out;
    r = run(P + " db move " + quote(db) + " --level 999 --to a2", true);
    EXPECT_EQ(r.exit_code, 3) << r.out;
    EXPECT_NE(r.out.find("no level with id 999"), std::string::npos) << r.out;
    Store store(db);
    EXPECT_EQ(listing(store, "a2"), before);
    EXPECT_EQ(store.packs().size(), 1u) << "no pack was made";
}

// The target: sorting a pack of the survey's puzzles by measured difficulty puts its hardest last -- here
// #6574, the only one of these the survey's solvers needed search for -- and the pack then rises: line logic before
// probing before branching, each estimate no lower than the one before. (faase and knotty, harder still, take
// minutes each; docs/BENCHMARKS.md sorts the whole bundled pack.)
TEST(PackManagement, SortingSurveyPuzzlesByDifficultyPutsTheHardestLast) {
    TempDir dir;
    const std::string db = dir / "p.db";
    const std::string P = cli();
    std::string files;
    for (const char *n :
         {"06574", "00001", "00006", "00016", "00021", "00023", "00027", "00065", "00436", "00529", "00803", "01611"})
        files += " " + quote(data_dir() + "/nonogram/webpbn-" + std::string(n) + ".non");
    RunResult r = run(P + " -q db import " + quote(db) + " --pack survey" + files, true);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    r = run(P + " -q db solve " + quote(db) + " --pack survey", true);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    // #6574 went in first: its id is the one at position 1 before the sort.
    r = run(P + " --json db list " + quote(db) + " --pack survey", true);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const std::string hardest = member(json_lines(r.out).at(0), "id");
    r = run(P + " db sort " + quote(db) + " --pack survey --by difficulty", true);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    r = run(P + " --json db list " + quote(db) + " --pack survey", true);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 12u) << r.out;
    const std::map<std::string, int> band = {{"line logic", 0}, {"probing", 1}, {"branching", 2}};
    double last = -1;
    int last_band = 0;
    for (const auto &line : lines) {
        const double d = std::stod(member(line, "difficulty"));
        const std::string label = member(line, "difficulty_label");
        ASSERT_TRUE(band.count(label)) << label;
        EXPECT_GE(d, last) << member(line, "name");
        EXPECT_GE(band.at(label), last_band) << member(line, "name");
        last = d, last_band = band.at(label);
    }
    EXPECT_EQ(member(lines.back(), "id"), hardest) << member(lines.back(), "name");
}
