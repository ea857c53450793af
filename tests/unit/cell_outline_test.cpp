// ABI 1.6 cell_outline through the host, on real plugins: where each cell is drawn, for an editor's keyboard cursor.
// A puzzle that defines cell_outline (the template) answers itself; a TypedPuzzle (Sudoku) names its grid with cell_grid;
// a plugin that says nothing (kami's triangles) has no cursor, and neither has a plugin of an older minor.
#include "built_plugins.hpp"
#include "test_support.hpp"

using namespace pluzzle::host;
using namespace pluzzle::test;

TEST(CellOutline, PluginsThatKnowTheirCellsSayWhereEachIsDrawn) {
    const PluginRegistry &reg = built_plugins();
    for (const char *id : {"lightsout", "sudoku", "nonogram"}) {
        SCOPED_TRACE(id);
        const auto plugin = reg.find(id);
        ASSERT_TRUE(plugin);
        ASSERT_TRUE(plugin->has_cell_outlines());
        const LevelPtr level = plugin->blank({});
        const DisplayList picture = plugin->render(level.get(), nullptr);
        const auto corner = plugin->cell_outline(level.get(), 0, 0);
        ASSERT_TRUE(corner);
        ASSERT_EQ(corner->size(), 4u);
        for (const pz_point &p : *corner) { // on the drawing
            EXPECT_GE(p.x, 0);
            EXPECT_LE(p.x, picture.width);
            EXPECT_GE(p.y, 0);
            EXPECT_LE(p.y, picture.height);
        }
        const auto next = plugin->cell_outline(level.get(), 0, 1);
        ASSERT_TRUE(next);
        EXPECT_GT((*next)[0].x, (*corner)[0].x) << "column 1 lies right of column 0";
        EXPECT_FALSE(plugin->cell_outline(level.get(), -1, 0));
        EXPECT_FALSE(plugin->cell_outline(level.get(), 0, 100000)) << "no cell off the board";
    }
    EXPECT_FALSE(reg.find("kami")->has_cell_outlines());
}

TEST(CellOutline, APluginOfAnOlderMinorHasNoCursorAndStillLoads) {
    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(probe_dir("old12") + "/pluzzle_probe_minor2.so"))
        << (reg.problems().empty() ? "" : reg.problems()[0].reason);
    EXPECT_FALSE(reg.plugins().front()->has_cell_outlines());
}
