// A drawing as bytes (how a render made in the sandbox worker reaches the host): an exact round trip, a pinned
// layout, and a PluginError -- never a crash or a read past the end -- for every cut-short copy.
#include <pluzzle/host/base/errors.hpp>
#include <pluzzle/host/render/display_list.hpp>
#include <pluzzle/host/render/display_list_bytes.hpp>

#include <gtest/gtest.h>

#include <cstring>

using namespace pluzzle::host;

namespace {

// Every primitive, nested groups, a sibling group of the same name, text that is not ASCII.
DisplayList sample_drawing() {
    DisplayListRecorder recorder;
    const pz_canvas &c = recorder.canvas();
    pz_point tri[3] = {{0, 0}, {10, 0}, {5, 8.5f}};
    c.begin(c.ctx, 50, 20, pz_rgba{1, 2, 3, 255});
    c.polygon(c.ctx, tri, 3, pz_rgba{255, 0, 0, 128}, pz_rgba{0, 0, 0, 255}, 0.5f);
    c.group_begin(c.ctx, "board");
    c.group_begin(c.ctx, "cells");
    c.polyline(c.ctx, tri, 2, pz_rgba{0, 0, 255, 255}, 1);
    c.group_end(c.ctx);
    c.group_begin(c.ctx, "cells");
    c.group_end(c.ctx);
    c.circle(c.ctx, 25, 10, 4, pz_rgba{0, 255, 0, 255}, pz_rgba{0, 0, 0, 0}, 0);
    c.group_end(c.ctx);
    c.text(c.ctx, 40, 10, 6, pz_rgba{0, 0, 0, 255}, PZ_ANCHOR_END, "Łódź ♞ a<b");
    return recorder.take();
}

std::string le(uint64_t v, int bytes) {
    std::string s;
    for (int i = 0; i < bytes; ++i)
        s.push_back(char(v >> (8 * i)));
    return s;
}

std::string f32(float v) {
    uint32_t b;
    std::memcpy(&b, &v, sizeof b);
    return le(b, 4);
}

} // namespace

TEST(DisplayListBytes, RoundTripsEveryItemAndGroup) {
    const DisplayList list = sample_drawing();
    const std::string bytes = display_list_bytes(list);
    const DisplayList back = display_list_from_bytes(bytes);
    // Every field is in the bytes (the pinned layout below), so the same bytes again are an exact round trip.
    EXPECT_EQ(display_list_bytes(back), bytes);
    ASSERT_EQ(back.items.size(), 4u);
    EXPECT_EQ(back.items[3].kind, DrawItem::Text);
    EXPECT_EQ(back.items[3].text, "Łódź ♞ a<b");
    EXPECT_EQ(back.items[1].group, "cells");
    EXPECT_EQ(back.items[1].group_index, 1);
    ASSERT_EQ(back.groups.size(), 3u);
    EXPECT_EQ(back.groups[2].name, "cells");
    EXPECT_EQ(back.groups[2].parent, 0);
    EXPECT_EQ(back.groups[2].first_item, 2u);
}

TEST(DisplayListBytes, LayoutIsLittleEndianAndPinned) {
    DisplayList list;
    list.width = 2, list.height = 3, list.background = {1, 2, 3, 4};
    DrawItem circle;
    circle.kind = DrawItem::Circle;
    circle.points = {{5, 6}};
    circle.fill = {9, 8, 7, 6}, circle.radius = 1.5f, circle.text = "t", circle.group = "g", circle.group_index = 0;
    list.items.push_back(circle);
    list.groups.push_back({"g", -1, 0});
    const std::string expected = "PZDL1" + f32(2) + f32(3) + "\x01\x02\x03\x04" + le(1, 4) // items
                                 + le(DrawItem::Circle, 1) + le(1, 4) + f32(5) + f32(6)    // kind, points
                                 + "\x09\x08\x07\x06" + le(0, 4)                           // fill, stroke
                                 + f32(0) + f32(1.5f) + f32(0) + le(PZ_ANCHOR_MIDDLE, 4)   // width radius size anchor
                                 + le(1, 4) + "t" + le(1, 4) + "g" + le(0, 4)              // text, group, its index
                                 + le(1, 4) + le(1, 4) + "g" + le(uint32_t(-1), 4) + le(0, 8); // groups
    EXPECT_EQ(display_list_bytes(list), expected);
}

TEST(DisplayListBytes, EveryCutShortCopyIsAPluginError) {
    const std::string bytes = display_list_bytes(sample_drawing());
    for (size_t n = 0; n < bytes.size(); ++n) {
        const std::string head = bytes.substr(0, n); // its own buffer: a read past its end is the sanitizers' to see
        EXPECT_THROW(display_list_from_bytes(head), PluginError) << "a prefix of " << n << " bytes";
    }
    EXPECT_THROW(display_list_from_bytes(bytes + "x"), PluginError);
    try {
        display_list_from_bytes(bytes.substr(0, 7));
    } catch (const PluginError &e) {
        EXPECT_NE(
            std::string(e.what()).find("drawing from the worker is malformed: width: needs 4 bytes but 2 are left"),
            std::string::npos)
            << e.what();
    }
}
