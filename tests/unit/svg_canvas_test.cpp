// The SVG canvas: well-formed output for every primitive, escaping, and no breakage from odd plugin input.
#include <pluzzle/host/svg_canvas.hpp>

#include <gtest/gtest.h>

#include <cmath>

using pluzzle::host::SvgCanvas;

TEST(SvgCanvas, WritesEveryPrimitive) {
    SvgCanvas svg(2.0f);
    const pz_canvas &c = svg.canvas();
    c.begin(c.ctx, 50, 20, pz_rgba{255, 255, 255, 255});
    c.group_begin(c.ctx, "cells");
    pz_point tri[3] = {{0, 0}, {10, 0}, {5, 8.5f}};
    c.polygon(c.ctx, tri, 3, pz_rgba{255, 0, 0, 128}, pz_rgba{0, 0, 0, 255}, 0.5f);
    c.polyline(c.ctx, tri, 3, pz_rgba{0, 0, 255, 255}, 1);
    c.circle(c.ctx, 25, 10, 4, pz_rgba{0, 255, 0, 255}, pz_rgba{0, 0, 0, 0}, 0);
    c.text(c.ctx, 40, 10, 6, pz_rgba{0, 0, 0, 255}, PZ_ANCHOR_END, "a<b & \"c\"");
    c.group_end(c.ctx);
    const std::string s = svg.str();
    EXPECT_NE(s.find("width=\"100\" height=\"40\" viewBox=\"0 0 50 20\""), std::string::npos) << s;
    EXPECT_NE(s.find("<g class=\"cells\">"), std::string::npos);
    EXPECT_NE(s.find("<polygon points=\"0,0 10,0 5,8.5\" fill=\"#ff0000\" fill-opacity=\"0.5\" stroke=\"#000000\" stroke-width=\"0.5\"/>"),
              std::string::npos) << s;
    EXPECT_NE(s.find("<polyline points=\"0,0 10,0 5,8.5\" fill=\"none\" stroke=\"#0000ff\""), std::string::npos);
    EXPECT_NE(s.find("<circle cx=\"25\" cy=\"10\" r=\"4\" fill=\"#00ff00\" stroke=\"none\"/>"), std::string::npos) << s;
    EXPECT_NE(s.find("text-anchor=\"end\""), std::string::npos);
    EXPECT_NE(s.find(">a&lt;b &amp; &quot;c&quot;</text>"), std::string::npos) << s;
}

TEST(SvgCanvas, SurvivesUnbalancedGroupsAndNonFiniteNumbers) {
    SvgCanvas svg;
    const pz_canvas &c = svg.canvas();
    c.begin(c.ctx, NAN, -5, pz_rgba{0, 0, 0, 0});
    c.group_end(c.ctx); // more ends than begins
    c.group_begin(c.ctx, "left-open");
    pz_point p[2] = {{NAN, INFINITY}, {1, 1}};
    c.polyline(c.ctx, p, 2, pz_rgba{0, 0, 0, 255}, 1);
    c.polygon(c.ctx, nullptr, 5, pz_rgba{0, 0, 0, 255}, pz_rgba{0, 0, 0, 0}, 0);
    c.text(c.ctx, 0, 0, 5, pz_rgba{0, 0, 0, 255}, 99, nullptr);
    const std::string s = svg.str();
    for (const char *bad : {"\"nan", "nan\"", ",nan", "nan,", "\"inf", "inf\"", ",inf", "inf,", "-nan"})
        EXPECT_EQ(s.find(bad), std::string::npos) << bad << " in\n" << s;
    EXPECT_NE(s.find("viewBox=\"0 0 100 100\""), std::string::npos);
    // Every <g> is closed before </svg>.
    size_t open = 0, close = 0;
    for (size_t i = 0; (i = s.find("<g", i)) != std::string::npos; ++i) ++open;
    for (size_t i = 0; (i = s.find("</g>", i)) != std::string::npos; ++i) ++close;
    EXPECT_EQ(open, close);
}
