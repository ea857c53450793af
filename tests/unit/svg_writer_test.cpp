// The SVG writer, on what the recorder made of a plugin's calls: well-formed output for every primitive,
// escaping, the groups' nesting, and no breakage from odd plugin input.
#include <pluzzle/host/render/svg_writer.hpp>

#include <gtest/gtest.h>

#include <cmath>

using namespace pluzzle::host;

TEST(SvgWriter, WritesEveryPrimitive) {
    DisplayListRecorder recorder;
    const pz_canvas &c = recorder.canvas();
    c.begin(c.ctx, 50, 20, pz_rgba{255, 255, 255, 255});
    c.group_begin(c.ctx, "cells");
    pz_point tri[3] = {{0, 0}, {10, 0}, {5, 8.5f}};
    c.polygon(c.ctx, tri, 3, pz_rgba{255, 0, 0, 128}, pz_rgba{0, 0, 0, 255}, 0.5f);
    c.polyline(c.ctx, tri, 3, pz_rgba{0, 0, 255, 255}, 1);
    c.circle(c.ctx, 25, 10, 4, pz_rgba{0, 255, 0, 255}, pz_rgba{0, 0, 0, 0}, 0);
    c.text(c.ctx, 40, 10, 6, pz_rgba{0, 0, 0, 255}, PZ_ANCHOR_END, "a<b & \"c\"");
    c.group_end(c.ctx);
    const std::string s = svg_document(recorder.take(), 2.0f);
    EXPECT_NE(s.find("width=\"100\" height=\"40\" viewBox=\"0 0 50 20\""), std::string::npos) << s;
    EXPECT_NE(s.find("<g class=\"cells\">"), std::string::npos);
    EXPECT_NE(s.find("<polygon points=\"0,0 10,0 5,8.5\" fill=\"#ff0000\" fill-opacity=\"0.5\" stroke=\"#000000\" stroke-width=\"0.5\"/>"),
              std::string::npos) << s;
    EXPECT_NE(s.find("<polyline points=\"0,0 10,0 5,8.5\" fill=\"none\" stroke=\"#0000ff\""), std::string::npos);
    EXPECT_NE(s.find("<circle cx=\"25\" cy=\"10\" r=\"4\" fill=\"#00ff00\" stroke=\"none\"/>"), std::string::npos) << s;
    EXPECT_NE(s.find("text-anchor=\"end\""), std::string::npos);
    EXPECT_NE(s.find(">a&lt;b &amp; &quot;c&quot;</text>"), std::string::npos) << s;
}

// y is the vertical middle of the text (abi.h): the SVG's y (the alphabetic baseline) is moved down by
// kTextBaselineOffset * size, not left to dominant-baseline, which some viewers ignore.
TEST(SvgWriter, PlacesTextWithAPortableBaselineOffset) {
    DisplayListRecorder recorder;
    const pz_canvas &c = recorder.canvas();
    c.begin(c.ctx, 100, 40, pz_rgba{255, 255, 255, 255});
    c.text(c.ctx, 50, 20, 10, pz_rgba{0, 0, 0, 255}, PZ_ANCHOR_MIDDLE, "12");
    c.text(c.ctx, 5, 30, 6, pz_rgba{0, 0, 0, 255}, PZ_ANCHOR_START, "a");
    const std::string s = svg_document(recorder.take());
    EXPECT_NE(s.find("<text x=\"50\" y=\"23.5\" font-size=\"10\" font-family=\"sans-serif\" text-anchor=\"middle\" "
                     "fill=\"#000000\">12</text>"),
              std::string::npos)
        << s;
    EXPECT_NE(s.find("<text x=\"5\" y=\"32.1\" font-size=\"6\""), std::string::npos) << s;
    EXPECT_EQ(s.find("dominant-baseline"), std::string::npos) << s;
    EXPECT_FLOAT_EQ(kTextBaselineOffset, 0.35f);
}

TEST(SvgWriter, SurvivesUnbalancedGroupsAndNonFiniteNumbers) {
    DisplayListRecorder recorder;
    const pz_canvas &c = recorder.canvas();
    c.begin(c.ctx, NAN, -5, pz_rgba{0, 0, 0, 0});
    c.group_end(c.ctx); // more ends than begins
    c.group_begin(c.ctx, "left-open");
    pz_point p[2] = {{NAN, INFINITY}, {1, 1}};
    c.polyline(c.ctx, p, 2, pz_rgba{0, 0, 0, 255}, 1);
    c.polygon(c.ctx, nullptr, 5, pz_rgba{0, 0, 0, 255}, pz_rgba{0, 0, 0, 0}, 0);
    c.text(c.ctx, 0, 0, 5, pz_rgba{0, 0, 0, 255}, 99, nullptr);
    const std::string s = svg_document(recorder.take());
    for (const char *bad : {"\"nan", "nan\"", ",nan", "nan,", "\"inf", "inf\"", ",inf", "inf,", "-nan"})
        EXPECT_EQ(s.find(bad), std::string::npos) << bad << " in\n" << s;
    EXPECT_NE(s.find("viewBox=\"0 0 100 100\""), std::string::npos);
    // Every <g> is closed before </svg>.
    size_t open = 0, close = 0;
    for (size_t i = 0; (i = s.find("<g", i)) != std::string::npos; ++i) ++open;
    for (size_t i = 0; (i = s.find("</g>", i)) != std::string::npos; ++i) ++close;
    EXPECT_EQ(open, close);
}

// The nesting of group_begin/group_end comes back as the same nested elements, in the plugin's order: empty
// groups, two sibling groups of one name, unnamed groups and a group left open by the plugin included.
TEST(SvgWriter, WritesTheGroupsNestedAsDrawn) {
    DisplayListRecorder recorder;
    const pz_canvas &c = recorder.canvas();
    const pz_point line[2] = {{0, 0}, {1, 1}};
    const pz_rgba black{0, 0, 0, 255}, none{0, 0, 0, 0};
    c.begin(c.ctx, 10, 10, none);
    c.circle(c.ctx, 1, 1, 1, black, none, 0);
    c.group_begin(c.ctx, "board");
    c.group_begin(c.ctx, "cell");
    c.polyline(c.ctx, line, 2, black, 1);
    c.group_end(c.ctx);
    c.group_begin(c.ctx, "cell");
    c.group_begin(c.ctx, "");
    c.circle(c.ctx, 2, 2, 1, black, none, 0);
    c.group_end(c.ctx);
    c.group_end(c.ctx);
    c.group_begin(c.ctx, "empty");
    c.group_end(c.ctx);
    c.circle(c.ctx, 3, 3, 1, black, none, 0);
    c.group_end(c.ctx);
    c.group_begin(c.ctx, "open<");
    c.group_begin(c.ctx, "inner");
    c.circle(c.ctx, 4, 4, 1, black, none, 0); // the plugin never ends these two
    const std::string s = svg_document(recorder.take());
    const std::string expected =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\" viewBox=\"0 0 10 10\">\n"
        "<circle cx=\"1\" cy=\"1\" r=\"1\" fill=\"#000000\" stroke=\"none\"/>\n"
        "<g class=\"board\">\n"
        "<g class=\"cell\">\n"
        "<polyline points=\"0,0 1,1\" fill=\"none\" stroke=\"#000000\" stroke-width=\"1\" "
        "stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
        "</g>\n"
        "<g class=\"cell\">\n"
        "<g>\n"
        "<circle cx=\"2\" cy=\"2\" r=\"1\" fill=\"#000000\" stroke=\"none\"/>\n"
        "</g>\n"
        "</g>\n"
        "<g class=\"empty\">\n"
        "</g>\n"
        "<circle cx=\"3\" cy=\"3\" r=\"1\" fill=\"#000000\" stroke=\"none\"/>\n"
        "</g>\n"
        "<g class=\"open&lt;\">\n"
        "<g class=\"inner\">\n"
        "<circle cx=\"4\" cy=\"4\" r=\"1\" fill=\"#000000\" stroke=\"none\"/>\n"
        "</g>\n"
        "</g>\n"
        "</svg>\n";
    EXPECT_EQ(s, expected);
}

// Groups that end the drawing (empty, after the last item) are written too, and a list made by hand with an item
// in no open group, or too few points, still gives a well-formed document.
TEST(SvgWriter, WritesTrailingGroupsAndToleratesHandMadeLists) {
    DisplayListRecorder recorder;
    const pz_canvas &c = recorder.canvas();
    c.begin(c.ctx, 10, 10, pz_rgba{0, 0, 0, 0});
    c.group_begin(c.ctx, "a");
    c.group_end(c.ctx);
    c.group_begin(c.ctx, "b");
    c.group_begin(c.ctx, "c");
    const std::string s = svg_document(recorder.take());
    EXPECT_NE(s.find("<g class=\"a\">\n</g>\n<g class=\"b\">\n<g class=\"c\">\n</g>\n</g>\n</svg>\n"),
              std::string::npos)
        << s;

    DisplayList odd;
    odd.groups.push_back(DrawGroup{"g", 7, 0}); // a parent that does not exist
    DrawItem stray;
    stray.kind = DrawItem::Text;
    stray.group_index = 3;      // a group that does not exist
    odd.items.push_back(stray); // and no anchor point
    DrawItem circle;
    circle.kind = DrawItem::Circle;
    circle.points = {{1, 1}};
    circle.group_index = 0;
    odd.items.push_back(circle);
    const std::string t = svg_document(odd);
    EXPECT_EQ(t.find("<text"), std::string::npos) << t;
    EXPECT_NE(t.find("<circle cx=\"1\""), std::string::npos) << t;
    EXPECT_NE(t.find("<g class=\"g\">\n</g>\n"), std::string::npos) << t;
}
