// ABI 1.7 validate_places: an invalid level's error names the cells or points it is about -- the nonogram row whose
// clue cannot fit, the point where a sliceit outline crosses itself -- in process and across the sandbox's pipe, so
// an editor can mark them on the board.
#include "built_plugins.hpp"
#include "test_support.hpp"

#include <pluzzle/host/base/errors.hpp>
#include <pluzzle/host/sandbox/plugin_sandbox.hpp>
#include <pluzzle/host/sandbox/sandbox_ops.hpp>

#include <cmath>

using namespace pluzzle;
using namespace pluzzle::test;

namespace {

// A 3x2 nonogram whose second row asks for 4 cells in a row of 3.
const char *kRowTooLong = "width 3\nheight 2\nrows\n1\n4\ncolumns\n1\n1\n1\n";

host::InputError parse_error_of(const host::Plugin &plugin, const std::string &text) {
    try {
        plugin.parse(text, "", "level.txt");
    } catch (const host::InputError &e) {
        return e;
    }
    ADD_FAILURE() << "the level was accepted";
    return host::InputError("", "");
}

std::vector<std::pair<int, int>> cells_of(const std::vector<Place> &places) {
    std::vector<std::pair<int, int>> out;
    for (const Place &p : places) {
        EXPECT_EQ(p.kind, PZ_PLACE_CELL);
        out.emplace_back(p.row, p.col);
    }
    return out;
}

// A sliceit level an author edits (sliceit's parser validates as it reads, so an invalid outline is reached by
// editing, as in the editor): (0,0) (100,100) (100,0) (60,10) is a simple outline in the box 0..100.
const char *kDart = R"({"sliceit": 1, "strokes": 1, "pieces": 2, "tolerance": 3, "sliver": 1,
  "shapes": [{"outer": [[0, 0], [100, 100], [100, 0], [60, 10]], "holes": []}], "forbidden": []})";

host::InputError edit_error_of(const host::Plugin &plugin, const std::string &text, const std::string &edit) {
    const auto level = plugin.parse(text, "", "dart").at(0).level;
    try {
        plugin.edit_execute(level.get(), edit);
    } catch (const host::InputError &e) {
        return e;
    }
    ADD_FAILURE() << "the edit '" << edit << "' was accepted";
    return host::InputError("", "");
}

// Where the level's box (0..100 both ways) is drawn: the extent of the dart's polygons.
struct Box {
    float x0 = 1e9f, x1 = -1e9f, y0 = 1e9f, y1 = -1e9f;
};
Box drawn_box(const host::Plugin &plugin, const std::string &text) {
    const auto level = plugin.parse(text, "", "dart").at(0).level;
    Box b;
    for (const host::DrawItem &item : plugin.render(level.get(), nullptr).items)
        if (item.kind == host::DrawItem::Polygon)
            for (const pz_point &q : item.points) {
                b.x0 = std::min(b.x0, q.x), b.x1 = std::max(b.x1, q.x);
                b.y0 = std::min(b.y0, q.y), b.y1 = std::max(b.y1, q.y);
            }
    return b;
}

} // namespace

TEST(ValidationPlaces, ANonogramRowWhoseClueCannotFitNamesItsCells) {
    const auto plugin = built_plugins().find("nonogram");
    ASSERT_TRUE(plugin);
    const host::InputError e = parse_error_of(*plugin, kRowTooLong);
    EXPECT_NE(e.reason().find("needs 4 cells"), std::string::npos) << e.what();
    EXPECT_EQ(e.field(), "rows");
    EXPECT_EQ(cells_of(e.places()), (std::vector<std::pair<int, int>>{{1, 0}, {1, 1}, {1, 2}}));
    // An error about no place in particular names none.
    const host::InputError sums = parse_error_of(*plugin, "width 2\nheight 1\nrows\n1\ncolumns\n1\n1\n");
    EXPECT_NE(sums.reason().find("row clues fill"), std::string::npos) << sums.what();
    EXPECT_TRUE(sums.places().empty());
}

TEST(ValidationPlaces, TheCellsCrossTheSandboxWithTheError) {
    const auto plugin = built_plugins().find("nonogram");
    ASSERT_TRUE(plugin);
    host::PluginSandbox sandbox;
    const host::SandboxOutcome out = sandbox.call(host::parse_call(*plugin, kRowTooLong, "", "level.txt"), "nonogram");
    ASSERT_TRUE(out.answered()) << out.reason;
    try {
        host::rethrow_failure(*out.answer);
        FAIL() << "the worker accepted the level";
    } catch (const host::InputError &e) {
        EXPECT_EQ(e.file(), "level.txt");
        EXPECT_EQ(cells_of(e.places()), (std::vector<std::pair<int, int>>{{1, 0}, {1, 1}, {1, 2}}));
    }
}

TEST(ValidationPlaces, ASliceitEditThatMakesTheOutlineCrossItselfNamesTheCrossing) {
    const auto plugin = built_plugins().find("sliceit");
    ASSERT_TRUE(plugin);
    const Box box = drawn_box(*plugin, kDart);
    ASSERT_LT(box.x0, box.x1);
    // Moving the last vertex to (0, 60) makes the edge from (100, 0) cross the diagonal at (37.5, 37.5).
    const host::InputError crossed = edit_error_of(*plugin, kDart, "vertex move s0 3 0 60");
    EXPECT_NE(crossed.reason().find("not a valid polygon"), std::string::npos) << crossed.what();
    ASSERT_EQ(crossed.places().size(), 1u) << crossed.what();
    const Place &p = crossed.places()[0];
    EXPECT_EQ(p.kind, PZ_PLACE_POINT);
    EXPECT_NEAR(p.x, box.x0 + 0.375f * (box.x1 - box.x0), 0.5);
    EXPECT_NEAR(p.y, box.y0 + 0.375f * (box.y1 - box.y0), 0.5);
    // The last vertex moved onto the first is named where they meet: the box's corner (0, 0).
    const host::InputError repeated = edit_error_of(*plugin, kDart, "vertex move s0 3 0 0");
    EXPECT_NE(repeated.reason().find("repeats the next one"), std::string::npos) << repeated.what();
    ASSERT_EQ(repeated.places().size(), 1u) << repeated.what();
    EXPECT_NEAR(repeated.places()[0].x, box.x0, 0.5);
    EXPECT_NEAR(repeated.places()[0].y, box.y0, 0.5);
}
