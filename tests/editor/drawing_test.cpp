// The SDK drawing interface as the editor records it, and the zoom/pan transform.
#include "editor_test_support.hpp"

#include <view_transform.hpp>

#include <pluzzle/host/render/display_list.hpp>

#include <set>
#include <tuple>

using namespace pluzzle::editor;
using pluzzle::host::DisplayList;
using pluzzle::host::DrawItem;

TEST(DisplayList, RecordsWhatAPluginDraws) {
    auto lo = editor_test::plugin("lightsout");
    auto levels = lo->parse("lightsout 1\nsize 4 3\n#...\n....\n...#\n", "", "t");
    DisplayList list = lo->render(levels[0].level.get(), nullptr);
    EXPECT_FLOAT_EQ(list.width, 10 + 4 * 40 + 10);
    EXPECT_FLOAT_EQ(list.height, 10 + 3 * 40 + 10);
    EXPECT_GE(list.count(DrawItem::Polygon), 12u); // at least one per cell
    // Lit and dark cells are filled differently.
    std::set<std::tuple<int, int, int>> fills;
    for (auto &item : list.items)
        if (item.kind == DrawItem::Polygon && item.fill.a) fills.insert({item.fill.r, item.fill.g, item.fill.b});
    EXPECT_GE(fills.size(), 2u);
}

TEST(DisplayList, KeepsGroupNames) {
    auto nonogram = editor_test::plugin("nonogram");
    auto level = nonogram->generate({{"width", "5"}, {"height", "5"}}, 3, {});
    DisplayList list = nonogram->render(level.get(), nullptr);
    EXPECT_GT(list.count(DrawItem::Text), 0u); // clues
    size_t grouped = 0;
    for (auto &item : list.items)
        grouped += !item.group.empty();
    EXPECT_GT(grouped, 0u);
}

TEST(ViewTransform, FitCentresAndRoundTrips) {
    ViewTransform v;
    v.fit(200, 100, 0, 0, 800, 600, 0);
    EXPECT_FLOAT_EQ(v.scale, 4);
    const pz_point centre = v.to_screen({100, 50});
    EXPECT_FLOAT_EQ(centre.x, 400);
    EXPECT_FLOAT_EQ(centre.y, 300);
    const pz_point back = v.to_drawing({123, 456});
    const pz_point again = v.to_screen(back);
    EXPECT_NEAR(again.x, 123, 1e-3);
    EXPECT_NEAR(again.y, 456, 1e-3);
}

TEST(ViewTransform, ZoomKeepsThePointUnderTheMouse) {
    ViewTransform v;
    v.fit(100, 100, 0, 0, 500, 500);
    const pz_point mouse{320, 140};
    const pz_point under = v.to_drawing(mouse);
    v.zoom_at(mouse, 2.5f);
    const pz_point after = v.to_drawing(mouse);
    EXPECT_NEAR(after.x, under.x, 1e-3);
    EXPECT_NEAR(after.y, under.y, 1e-3);
    const float s = v.scale;
    v.pan(10, -5);
    EXPECT_FLOAT_EQ(v.scale, s);
    EXPECT_NEAR(v.to_drawing({mouse.x + 10, mouse.y - 5}).x, under.x, 1e-3);
}

// The editor refits a fitted board when its viewport changes, and leaves alone one the author zoomed or panned.
TEST(ViewTransform, FittedUntilTheAuthorZoomsOrPans) {
    ViewTransform v;
    EXPECT_FALSE(v.fitted);
    v.fit(100, 100, 0, 0, 500, 500);
    EXPECT_TRUE(v.fitted);
    v.pan(0, 0); // a frame of a middle drag without movement
    EXPECT_TRUE(v.fitted);
    v.pan(3, 0);
    EXPECT_FALSE(v.fitted);
    v.fit(100, 100, 0, 0, 500, 500);
    v.zoom_at({250, 250}, 1.1f);
    EXPECT_FALSE(v.fitted);
}
