// New blank levels (ABI 1.2 blank_level): an empty level of the plugin, sized by its generator parameters, that the
// plugin's own tools then fill in.
#include "editor_test_support.hpp"

#include <document.hpp>
#include <edit_interaction.hpp>
#include <editor_session.hpp>

using namespace pluzzle::editor;

TEST(BlankLevel, NonogramBlankGridIsPaintedWithItsTools) {
    auto nonogram = editor_test::plugin("nonogram");
    ASSERT_TRUE(nonogram->can_blank());
    Document doc = Document::blank(nonogram, {{"width", "4"}, {"height", "3"}});
    EXPECT_NE(doc.params().find("blank"), std::string::npos);
    EXPECT_NE(doc.params().find("width=4"), std::string::npos);
    const std::string blank = doc.text();
    EditInteraction edit(doc);
    edit.select_tool("paint");
    bool painted = false; // paint wherever a cell is: geometry is the plugin's business
    for (float y = 0; y < 400 && !painted; y += 7)
        for (float x = 0; x < 400 && !painted; x += 7) {
            painted = edit.press(x, y, 0);
            edit.release(x, y);
        }
    ASSERT_TRUE(painted);
    EXPECT_NE(doc.text(), blank); // a clue appeared
    doc.undo();
    EXPECT_EQ(doc.text(), blank);
}

TEST(BlankLevel, SessionMakesBlankLevelsOfEveryPluginThatOffersThem) {
    editor_test::TempDir dir;
    SessionOptions options;
    options.recovery_folder = dir.file("recovery");
    EditorSession session(editor_test::registry(), options);
    for (const char *id : {"lightsout", "nonogram", "sliceit", "celladd", "loop", "kami"}) {
        SCOPED_TRACE(id);
        session.new_blank_level(id, {});
        ASSERT_TRUE(session.has_document());
        EXPECT_EQ(session.document().plugin().id(), id);
        EXPECT_FALSE(session.document().text().empty());
    }
    session.new_blank_level("lightsout", {{"width", "2"}, {"height", "3"}});
    EXPECT_EQ(session.document().text(), "lightsout 1\nsize 2 3\n..\n..\n..\n");
    // A plugin without blank levels says so; bad parameters are refused like the generator's.
    EXPECT_FALSE(editor_test::plugin("misbehaving")->can_blank());
    EXPECT_THROW(session.new_blank_level("misbehaving", {}), pluzzle::host::PluginError);
    EXPECT_THROW(session.new_blank_level("lightsout", {{"width", "0"}}), pluzzle::host::InputError);
    EXPECT_THROW(session.new_blank_level("no-such-type", {}), pluzzle::host::InputError);
}
