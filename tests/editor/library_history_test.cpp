// The library's undoable pack commands (issue 16) on a real SQLite file: each does what the CLI's command does,
// undo puts back the order, the pack, the rows and their results exactly, redo does it again, and a command the
// store refuses changes nothing and is not kept.
#include "editor_test_support.hpp"

#include "library_history.hpp"

#include "store_listing.hpp"
#include <pluzzle/host/base/errors.hpp>

using namespace pluzzle;
using namespace pluzzle::editor;
using host::LevelFilter;
using host::Store;

using pluzzle::test::id_of;
using pluzzle::test::listing;

namespace {

host::LevelRecord level(const std::string &name) {
    host::LevelRecord l;
    l.type = "lightsout";
    l.name = name;
    // A distinct board per name: its letter's number in binary, one cell a bit (A = #.., B = .#., C = ##., ...).
    std::string cells;
    for (int bit = 0, n = name[0] - 'A' + 1; bit < 3; ++bit)
        cells += (n >> bit) & 1 ? '#' : '.';
    l.text = "lightsout 1\nsize 3 1\n" + cells + "\n";
    l.author = "me";
    return l;
}

std::string packs(Store &store) {
    std::string s;
    for (const auto &p : store.packs())
        s += (s.empty() ? "" : " ") + p.name;
    return s;
}

// Pack p (A, B, C) with two results on B; pack q (D).
void fill(Store &store) {
    store.add_levels(store.ensure_pack("p", "the first"), {level("A"), level("B"), level("C")});
    store.add_levels(store.ensure_pack("q"), {level("D")});
    for (int i = 0; i < 2; ++i) {
        host::ResultRecord r;
        r.level_id = id_of(store, "B");
        r.plugin_id = "lightsout";
        r.plugin_version = "1";
        r.status = i ? PZ_SOLVE_UNIQUE : PZ_SOLVE_LIMIT;
        r.solution = i ? "x" : "";
        r.difficulty = i ? std::optional<double>(3.5) : std::nullopt;
        r.difficulty_label = i ? "3 presses" : "";
        store.add_result(r);
    }
}

std::string results_of(Store &store, const std::string &name) {
    std::string s;
    for (const auto &r : store.results(id_of(store, name)))
        s += host::attempt_status_text(r.status) + (r.difficulty ? "/" + std::to_string(*r.difficulty) : "") + " ";
    return s;
}

} // namespace

TEST(LibraryHistory, EachCommandIsUndoneAndRedoneExactly) {
    editor_test::TempDir dir;
    Store store(dir.file("l.db"));
    fill(store);
    const std::string b_results = results_of(store, "B");
    LibraryHistory history;

    history.run(store, reorder_command("p", {id_of(store, "C"), id_of(store, "A"), id_of(store, "B")}, "sort"));
    EXPECT_EQ(listing(store, "p"), "C@1 A@2 B@3");
    history.run(store, move_command({id_of(store, "A")}, "new"));
    EXPECT_EQ(listing(store, "p"), "C@1 B@2");
    EXPECT_EQ(listing(store, "new"), "A@1");
    history.run(store, delete_levels_command({id_of(store, "B")}));
    EXPECT_EQ(listing(store, "p"), "C@1");
    history.run(store, rename_pack_command("q", "r"));
    history.run(store, delete_pack_command("p"));
    EXPECT_EQ(packs(store), "r new");
    history.run(store, add_levels_command("r", {level("E")}));
    EXPECT_EQ(listing(store, "r"), "D@1 E@2");

    // Undo everything, step by step, back to the start.
    EXPECT_EQ(history.undo(store), "add 1 level(s) to pack 'r'");
    EXPECT_EQ(listing(store, "r"), "D@1");
    EXPECT_EQ(history.undo(store), "delete pack 'p'");
    EXPECT_EQ(listing(store, "p"), "C@1");
    EXPECT_EQ(store.find_pack("p")->description, "the first");
    history.undo(store);
    EXPECT_EQ(packs(store), "q new p"); // q has its name back; p came back as a new pack (packs list by id)
    history.undo(store);                // B comes back where it was, with both results
    EXPECT_EQ(listing(store, "p"), "C@1 B@2");
    EXPECT_EQ(results_of(store, "B"), b_results);
    history.undo(store); // A goes home and the pack the move made goes away
    EXPECT_EQ(listing(store, "p"), "C@1 A@2 B@3");
    EXPECT_EQ(packs(store), "q p");
    EXPECT_EQ(history.undo(store), "sort (pack 'p')");
    EXPECT_EQ(listing(store, "p"), "A@1 B@2 C@3");
    EXPECT_FALSE(history.can_undo());
    EXPECT_EQ(history.undo(store), "");

    // Redo everything: the commands find the re-added B and D by their new ids.
    while (history.can_redo())
        history.redo(store);
    EXPECT_EQ(packs(store), "r new");
    EXPECT_EQ(listing(store, "r"), "D@1 E@2");
    EXPECT_EQ(listing(store, "new"), "A@1");
    // And back once more, through two deletes and re-adds of B.
    while (history.can_undo())
        history.undo(store);
    EXPECT_EQ(listing(store, "p"), "A@1 B@2 C@3");
    EXPECT_EQ(listing(store, "q"), "D@1");
    EXPECT_EQ(results_of(store, "B"), b_results);
}

TEST(LibraryHistory, ARefusedCommandChangesNothingAndIsNotKept) {
    editor_test::TempDir dir;
    Store store(dir.file("l.db"));
    fill(store);
    LibraryHistory history;
    EXPECT_THROW(history.run(store, rename_pack_command("p", "q")), host::StoreError);                     // q exists
    EXPECT_THROW(history.run(store, add_levels_command("p", {level("Z"), level("A")})), host::StoreError); // A is there
    EXPECT_THROW(history.run(store, add_levels_command("fresh", {level("Z"), level("Z")})), host::StoreError);
    EXPECT_THROW(history.run(store, reorder_command("p", {id_of(store, "A")}, "sort")), host::StoreError); // not all
    EXPECT_FALSE(history.can_undo());
    EXPECT_EQ(listing(store, "p"), "A@1 B@2 C@3");
    EXPECT_EQ(packs(store), "p q"); // the pack the refused paste would have made is gone
}
