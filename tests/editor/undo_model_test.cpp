// The undo model and the document: unlimited undo/redo, a gesture is one step, edits go through the plugin.
#include "editor_test_support.hpp"

#include <document.hpp>
#include <edit_interaction.hpp>
#include <undo_history.hpp>

using namespace pluzzle::editor;
using editor_test::lo_x;
using editor_test::lo_y;

namespace {
const char *kDark3 = "lightsout 1\nsize 3 3\n...\n...\n...\n";

Document dark_lightsout() { return Document::from_text(editor_test::plugin("lightsout"), kDark3); }
} // namespace

TEST(UndoHistory, UndoRedoAndNewChangeDropsRedo) {
    UndoHistory<int> h(0);
    h.push(1);
    h.push(2);
    EXPECT_TRUE(h.undo());
    EXPECT_EQ(h.current(), 1);
    EXPECT_TRUE(h.redo());
    EXPECT_EQ(h.current(), 2);
    h.undo();
    h.push(5);
    EXPECT_FALSE(h.can_redo());
    EXPECT_EQ(h.undo_steps(), 2u);
    h.undo();
    h.undo();
    EXPECT_EQ(h.current(), 0);
    EXPECT_FALSE(h.undo());
}

TEST(UndoHistory, GestureIsOneStep) {
    UndoHistory<int> h(0);
    h.begin_gesture();
    for (int i = 1; i <= 10; ++i)
        h.push(i);
    h.end_gesture();
    EXPECT_EQ(h.current(), 10);
    EXPECT_EQ(h.undo_steps(), 1u);
    h.undo();
    EXPECT_EQ(h.current(), 0);
}

TEST(UndoHistory, IsUnlimited) {
    UndoHistory<int> h(0);
    for (int i = 1; i <= 5000; ++i)
        h.push(i);
    int steps = 0;
    while (h.undo())
        ++steps;
    EXPECT_EQ(steps, 5000);
    EXPECT_EQ(h.current(), 0);
}

TEST(Document, ClickWithToolEditsThroughPluginAndUndoRestoresExactText) {
    Document doc = dark_lightsout();
    const std::string before = doc.text();
    EditInteraction edit(doc);
    ASSERT_EQ(edit.tool(), "toggle"); // the plugin's first tool
    EXPECT_TRUE(edit.press(lo_x(1), lo_y(1), 0));
    edit.release(lo_x(1), lo_y(1));
    EXPECT_EQ(doc.text(), "lightsout 1\nsize 3 3\n...\n.#.\n...\n");
    EXPECT_TRUE(doc.undo());
    EXPECT_EQ(doc.text(), before);
    EXPECT_TRUE(doc.redo());
    EXPECT_NE(doc.text(), before);
}

TEST(Document, ClickOutsideTheBoardChangesNothing) {
    Document doc = dark_lightsout();
    EditInteraction edit(doc);
    EXPECT_FALSE(edit.press(-50, -50, 0));
    edit.release(-50, -50);
    EXPECT_FALSE(doc.can_undo());
}

TEST(Document, ToolsComeFromThePluginAndUnknownToolIsRefused) {
    Document doc = dark_lightsout();
    EditInteraction edit(doc);
    ASSERT_EQ(edit.tools().size(), 2u);
    EXPECT_EQ(edit.tools()[1].id, "clear");
    ASSERT_NE(edit.tool_for_shortcut('c'), nullptr);
    EXPECT_EQ(edit.tool_for_shortcut('c')->id, "clear");
    EXPECT_THROW(edit.select_tool("paint"), pluzzle::host::InputError);
    edit.select_tool("clear");
    doc.apply_edit("t 0,0");
    doc.apply_edit("t 2,2");
    EXPECT_TRUE(edit.press(5, 5, 0));
    edit.release(5, 5);
    EXPECT_EQ(doc.text(), kDark3);
    EXPECT_EQ(doc.revision(), 3u);
}

TEST(Document, RefusedEditKeepsTheLevelAndExplainsWhy) {
    Document doc = dark_lightsout();
    EditInteraction edit(doc);
    EXPECT_FALSE(edit.type_edit("t 7,7"));
    EXPECT_NE(edit.problem().find("t 7,7"), std::string::npos) << edit.problem();
    EXPECT_EQ(doc.text(), kDark3);
    EXPECT_FALSE(doc.can_undo());
    EXPECT_TRUE(edit.type_edit("t 0,0"));
    EXPECT_TRUE(edit.problem().empty());
}

TEST(Document, NonogramPaintDragIsOneUndoStepAndTypedEditsWork) {
    auto nonogram = editor_test::plugin("nonogram");
    Document doc = Document::generated(nonogram, {{"width", "5"}, {"height", "5"}}, 7);
    EXPECT_NE(doc.params().find("seed=7"), std::string::npos);
    EditInteraction edit(doc);
    edit.select_tool("resize"); // typed tool: clicks make no edit
    EXPECT_FALSE(edit.press(1, 1, 0));
    edit.release(1, 1);
    EXPECT_TRUE(edit.type_edit("resize 3 4"));
    const std::string resized = doc.text();
    EXPECT_NE(resized, "");
    edit.select_tool("paint");
    // Paint at many points of the drawing until one hits a cell: geometry is the plugin's business.
    bool painted = false;
    for (float y = 0; y < 400 && !painted; y += 7)
        for (float x = 0; x < 400 && !painted; x += 7) {
            painted = edit.press(x, y, 0);
            edit.release(x, y);
        }
    ASSERT_TRUE(painted);
    EXPECT_NE(doc.text(), resized);
    doc.undo();
    EXPECT_EQ(doc.text(), resized);
    doc.undo();
    EXPECT_NE(doc.text(), resized); // the 5x5 original
}

TEST(Document, DirtyUntilSavedAndAfterMetadataChanges) {
    Document doc = dark_lightsout();
    EXPECT_TRUE(doc.dirty()); // never saved
    doc.mark_saved(LevelOrigin{"db", "pack", 1, 1});
    EXPECT_FALSE(doc.dirty());
    doc.set_meta(LevelMeta{"name", "me", "easy"});
    EXPECT_TRUE(doc.dirty());
    doc.mark_saved(doc.origin());
    doc.apply_edit("t 1,1");
    EXPECT_TRUE(doc.dirty());
    doc.undo();
    EXPECT_FALSE(doc.dirty()); // back to the saved text
}
