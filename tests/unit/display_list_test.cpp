// The canvas recorder (the one pz_canvas the host hands to plugins): every primitive with its group and the
// groups' nesting, sanitised plugin input, and its error policy -- nothing thrown into plugin code, the first
// failure rethrown by take() once the plugin call has returned.
#include "built_plugins.hpp"
#include <pluzzle/host/render/display_list.hpp>
#include <pluzzle/host/base/errors.hpp>

#include <gtest/gtest.h>

#include <cmath>

using namespace pluzzle::host;

TEST(DisplayListRecorder, RecordsEveryPrimitiveWithItsGroupAndNesting) {
    DisplayListRecorder recorder;
    const pz_canvas &c = recorder.canvas();
    pz_point tri[3] = {{0, 0}, {10, 0}, {5, 8.5f}};
    c.begin(c.ctx, 50, 20, pz_rgba{1, 2, 3, 255});
    c.polygon(c.ctx, tri, 3, pz_rgba{255, 0, 0, 128}, pz_rgba{0, 0, 0, 255}, 0.5f); // outside groups
    c.group_begin(c.ctx, "board");
    c.group_begin(c.ctx, "cells");
    c.polyline(c.ctx, tri, 2, pz_rgba{0, 0, 255, 255}, 1);
    c.group_end(c.ctx);
    c.group_begin(c.ctx, "cells"); // a sibling of the same name is a group of its own
    c.group_end(c.ctx);
    c.circle(c.ctx, 25, 10, 4, pz_rgba{0, 255, 0, 255}, pz_rgba{0, 0, 0, 0}, 0);
    c.group_end(c.ctx);
    c.text(c.ctx, 40, 10, 6, pz_rgba{0, 0, 0, 255}, PZ_ANCHOR_END, "a<b");
    const DisplayList list = recorder.take();

    EXPECT_FLOAT_EQ(list.width, 50);
    EXPECT_FLOAT_EQ(list.height, 20);
    EXPECT_EQ(list.background.r, 1);
    ASSERT_EQ(list.items.size(), 4u);
    EXPECT_EQ(list.count(DrawItem::Polygon), 1u);
    EXPECT_EQ(list.count(DrawItem::Polyline), 1u);
    EXPECT_EQ(list.count(DrawItem::Circle), 1u);
    EXPECT_EQ(list.count(DrawItem::Text), 1u);

    const DrawItem &polygon = list.items[0];
    EXPECT_EQ(polygon.kind, DrawItem::Polygon);
    ASSERT_EQ(polygon.points.size(), 3u);
    EXPECT_FLOAT_EQ(polygon.points[2].y, 8.5f);
    EXPECT_EQ(polygon.fill.a, 128);
    EXPECT_EQ(polygon.stroke.a, 255);
    EXPECT_FLOAT_EQ(polygon.width, 0.5f);
    EXPECT_EQ(polygon.group, "");
    EXPECT_EQ(polygon.group_index, -1);

    const DrawItem &polyline = list.items[1];
    EXPECT_EQ(polyline.kind, DrawItem::Polyline);
    EXPECT_EQ(polyline.points.size(), 2u);
    EXPECT_EQ(polyline.stroke.b, 255);
    EXPECT_EQ(polyline.group, "cells");

    const DrawItem &circle = list.items[2];
    EXPECT_EQ(circle.kind, DrawItem::Circle);
    ASSERT_EQ(circle.points.size(), 1u);
    EXPECT_FLOAT_EQ(circle.points[0].x, 25);
    EXPECT_FLOAT_EQ(circle.radius, 4);
    EXPECT_EQ(circle.group, "board"); // back in the outer group after "cells" ended

    const DrawItem &text = list.items[3];
    EXPECT_EQ(text.kind, DrawItem::Text);
    EXPECT_EQ(text.text, "a<b"); // as drawn: escaping is a writer's business
    EXPECT_FLOAT_EQ(text.size, 6);
    EXPECT_EQ(text.anchor, PZ_ANCHOR_END);
    EXPECT_EQ(text.fill.a, 255);
    EXPECT_EQ(text.group, "");

    // The tree: board, its first "cells" (holding the polyline) and its second, empty "cells".
    ASSERT_EQ(list.groups.size(), 3u);
    EXPECT_EQ(list.groups[0].name, "board");
    EXPECT_EQ(list.groups[0].parent, -1);
    EXPECT_EQ(list.groups[0].first_item, 1u);
    EXPECT_EQ(list.groups[1].name, "cells");
    EXPECT_EQ(list.groups[1].parent, 0);
    EXPECT_EQ(list.groups[2].parent, 0);
    EXPECT_EQ(list.groups[2].first_item, 2u);
    EXPECT_EQ(polyline.group_index, 1);
    EXPECT_EQ(circle.group_index, 0);
    EXPECT_EQ(list.count_in_group("cells"), 1u);
    EXPECT_EQ(list.count_in_group("board"), 1u);
    EXPECT_EQ(list.count_in_group(""), 2u);

    EXPECT_TRUE(recorder.take().items.empty()); // take() empties the recorder
}

TEST(DisplayListRecorder, SanitisesPluginInput) {
    DisplayListRecorder recorder;
    const pz_canvas &c = recorder.canvas();
    c.begin(c.ctx, NAN, -5, pz_rgba{0, 0, 0, 0});
    c.group_end(c.ctx); // more ends than begins
    c.group_begin(c.ctx, nullptr);
    pz_point p[2] = {{NAN, INFINITY}, {1, 1}};
    c.polyline(c.ctx, p, 2, pz_rgba{0, 0, 0, 255}, NAN);
    c.polygon(c.ctx, nullptr, 5, pz_rgba{0, 0, 0, 255}, pz_rgba{0, 0, 0, 0}, 0); // no points: nothing
    c.polygon(c.ctx, p, 1, pz_rgba{0, 0, 0, 255}, pz_rgba{0, 0, 0, 0}, 0);       // one point: nothing
    c.polyline(c.ctx, p, 0, pz_rgba{0, 0, 0, 255}, 1);
    c.circle(c.ctx, -INFINITY, 3, NAN, pz_rgba{0, 0, 0, 255}, pz_rgba{0, 0, 0, 0}, 0);
    c.text(c.ctx, 0, NAN, INFINITY, pz_rgba{0, 0, 0, 255}, 99, nullptr); // left open: no group_end
    const DisplayList list = recorder.take();

    EXPECT_FLOAT_EQ(list.width, 100);
    EXPECT_FLOAT_EQ(list.height, 100);
    ASSERT_EQ(list.items.size(), 3u);
    ASSERT_EQ(list.groups.size(), 1u);
    EXPECT_EQ(list.groups[0].name, "");
    for (const DrawItem &item : list.items) {
        EXPECT_EQ(item.group_index, 0);
        for (const pz_point &q : item.points)
            EXPECT_TRUE(std::isfinite(q.x) && std::isfinite(q.y));
        EXPECT_TRUE(std::isfinite(item.width) && std::isfinite(item.radius) && std::isfinite(item.size));
    }
    EXPECT_FLOAT_EQ(list.items[0].points[0].x, 0);
    EXPECT_FLOAT_EQ(list.items[0].points[1].x, 1);
    EXPECT_EQ(list.items[2].text, "");
    EXPECT_EQ(list.items[2].anchor, PZ_ANCHOR_START);
}

// A failure inside a callback (here the item limit, a real PluginError) stops the recording without throwing
// into the caller of the table; take() rethrows it.
TEST(DisplayListRecorder, TrapsAFailureAndRethrowsItFromTake) {
    DisplayListRecorder recorder(3);
    const pz_canvas &c = recorder.canvas();
    c.begin(c.ctx, 10, 10, pz_rgba{255, 255, 255, 255});
    c.group_begin(c.ctx, "g");
    for (int i = 0; i < 5; ++i)
        EXPECT_NO_THROW(c.circle(c.ctx, float(i), 0, 1, pz_rgba{0, 0, 0, 255}, pz_rgba{0, 0, 0, 0}, 0));
    try {
        (void)recorder.take();
        ADD_FAILURE() << "no error";
    } catch (const PluginError &e) {
        EXPECT_NE(std::string(e.what()).find("more than 3 items and groups"), std::string::npos) << e.what();
    }
    // The recorder is empty and usable again.
    c.polyline(c.ctx, nullptr, 0, pz_rgba{0, 0, 0, 255}, 1);
    c.circle(c.ctx, 1, 1, 1, pz_rgba{0, 0, 0, 255}, pz_rgba{0, 0, 0, 0}, 0);
    EXPECT_EQ(recorder.take().items.size(), 1u);
}

// The same through a real plugin's C table: the plugin's drawing code runs to its end (its render returns
// PZ_OK; no exception crossed into it), and the failure surfaces afterwards on the host's side.
TEST(DisplayListRecorder, APluginDrawsToTheEndAndTheFailureComesAfterItsCall) {
    auto p = pluzzle::test::built_plugins().find("lightsout");
    ASSERT_TRUE(p);
    auto levels = p->parse("lightsout 1\nsize 4 3\n#...\n....\n...#\n", "", "t");
    ASSERT_EQ(levels.size(), 1u);
    DisplayListRecorder full;
    pz_error err{};
    ASSERT_EQ(p->table().render(levels[0].level.get(), nullptr, &full.canvas(), &err), PZ_OK);
    const DisplayList list = full.take();
    ASSERT_GT(list.items.size() + list.groups.size(), 4u);

    DisplayListRecorder limited(4);
    ASSERT_EQ(p->table().render(levels[0].level.get(), nullptr, &limited.canvas(), &err), PZ_OK);
    EXPECT_THROW((void)limited.take(), PluginError);
}
