// Solution pages (ABI 1.9, abi.h rule 14; issue 49): `pluzzle render --solution` draws what a reader follows. Read back
// as pixels: kami's moves are numbered, with the colour they pick, on the regions they recolour (the finished board is
// one colour and says nothing), the strip of boards appears when regions merge, celladd numbers the line's order,
// and a plugin without render_solution still draws its finished board.
#include "png_image.hpp"
#include "test_support.hpp"

#include <cstdlib>

using namespace pluzzle::test;

namespace {

using Rgb = std::array<int, 3>;

bool near(const Rgb &a, const Rgb &b, int tolerance = 8) {
    for (int c = 0; c < 3; ++c)
        if (std::abs(a[c] - b[c]) > tolerance) return false;
    return true;
}
bool whitish(const Rgb &c) { return c[0] >= 245 && c[1] >= 245 && c[2] >= 245; }
bool inky(const Rgb &c) { return c[0] + c[1] + c[2] < 3 * 70; }

struct Box {
    int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1; // inclusive; empty when x1 < x0
    bool empty() const { return x1 < x0; }
    bool holds(int x, int y, int slack = 0) const {
        return x >= x0 - slack && x <= x1 + slack && y >= y0 - slack && y <= y1 + slack;
    }
    void add(int x, int y) { x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y); }
    Box shrunk(int by) const { return {x0 + by, y0 + by, x1 - by, y1 - by}; }
};

// The pixels of colour `c` in rows [top, bottom).
Box colour_box(const Png &png, const Rgb &c, int top, int bottom) {
    Box b;
    for (int y = std::max(0, top); y < std::min(png.height(), bottom); ++y)
        for (int x = 0; x < png.width(); ++x)
            if (near(png.at(x, y), c)) b.add(x, y);
    return b;
}

// Pixels inside `box` that pass `test`.
template <class Test> int count_in(const Png &png, const Box &box, Test &&test) {
    int n = 0;
    for (int y = std::max(0, box.y0); y <= std::min(png.height() - 1, box.y1); ++y)
        for (int x = std::max(0, box.x0); x <= std::min(png.width() - 1, box.x1); ++x)
            if (test(png.at(x, y))) ++n;
    return n;
}

// The first band of rows, from the top, holding colour `c`: a board's region, not its palette swatch below it.
std::pair<int, int> first_rows_with(const Png &png, const Rgb &c) {
    int top = -1;
    for (int y = 0; y < png.height(); ++y) {
        bool any = false;
        for (int x = 0; x < png.width() && !any; ++x)
            any = near(png.at(x, y), c);
        if (any && top < 0) top = y;
        if (!any && top >= 0) return {top, y};
    }
    return {top, png.height()};
}

const Rgb kRed{208, 48, 48}, kBlue{48, 96, 208}, kGreen{48, 160, 80};

std::string render(const TempDir &dir, const std::string &level, const std::string &solution, const std::string &out) {
    const std::string args = solution.empty() ? "" : " --solution " + quote(dir / solution);
    const RunResult r = run(cli() + " -q render " + quote(dir / level) + args + " -o " + quote(dir / out), true);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    return read_file(dir / out);
}

} // namespace

TEST(SolutionPages, KamiNumbersTheMoveWithItsColourOnTheRegionItRecolours) {
    TempDir dir;
    // A blue bar in a red frame; the answer paints the bar red.
    write_file(dir / "bar.kami", "kami 1\ngrid square\nmode free\nsize 5 3\ncolours 2\npalette #d03030 #3060d0\n"
                                 "cells\n11111\n12221\n11111\n");
    write_file(dir / "answer.txt", "2,1=1\n");
    const Png level(render(dir, "bar.kami", "", "level.png")), page(render(dir, "bar.kami", "answer.txt", "page.png"));
    ASSERT_TRUE(level.ok() && page.ok());
    ASSERT_EQ(page.width(), level.width());
    ASSERT_EQ(page.height(), level.height()) << "one move on a region of the start board: no strip";

    // The bar as the level shows it (its rows above the palette), and what the solution page adds there.
    const auto [top, bottom] = first_rows_with(level, kBlue);
    const Box bar = colour_box(level, kBlue, top, bottom);
    ASSERT_FALSE(bar.empty());
    Box added;
    for (int y = 0; y < bottom + 4; ++y)
        for (int x = 0; x < page.width(); ++x)
            if (!near(page.at(x, y), level.at(x, y), 24)) added.add(x, y);
    ASSERT_FALSE(added.empty()) << "the solution page is the start board with marks on it";
    EXPECT_TRUE(bar.holds(added.x0, added.y0, 2) && bar.holds(added.x1, added.y1, 2))
        << "the marks lie on the bar, the region the move recolours: added " << added.x0 << "," << added.y0 << " - "
        << added.x1 << "," << added.y1 << ", bar " << bar.x0 << "," << bar.y0 << " - " << bar.x1 << "," << bar.y1;
    // On the bar, inside its borders: the number's white disc and its ink, and a swatch of the colour it picks (red).
    const Box inside = bar.shrunk(5);
    EXPECT_EQ(count_in(level, inside, whitish) + count_in(level, inside, inky) +
                  count_in(level, inside, [](const Rgb &c) { return near(c, kRed); }),
              0)
        << "the level's bar is plain blue (the test can tell)";
    EXPECT_GT(count_in(page, inside, whitish), 40);
    EXPECT_GT(count_in(page, inside, inky), 15);
    EXPECT_GT(count_in(page, inside, [](const Rgb &c) { return near(c, kRed); }), 40);
    EXPECT_GT(count_in(page, inside, [](const Rgb &c) { return near(c, kBlue); }), 200) << "the bar is still blue";
}

TEST(SolutionPages, KamiDrawsTheBoardBeforeEachMoveWhenRegionsMerge) {
    TempDir dir;
    // Red | blue | green | blue | red: painting the green blue joins the three middle cells, a region the start board
    // does not have; the second move paints that region red.
    write_file(dir / "merge.kami", "kami 1\ngrid square\nmode free\nsize 5 1\ncolours 3\n"
                                   "palette #d03030 #3060d0 #30a050\ncells\n12321\n");
    write_file(dir / "answer.txt", "2,0=2 1,0=1\n");
    const Png level(render(dir, "merge.kami", "", "level.png")), page(render(dir, "merge.kami", "answer.txt", "p.png"));
    ASSERT_TRUE(level.ok() && page.ok());
    ASSERT_GT(page.height(), level.height() + 20) << "the strip of boards under the start board";

    // Two small boards side by side under the start board: before move 1 (green in the middle), before move 2 (the
    // merged blue region, no green left), each with its move marked.
    const Box before_first{0, level.height(), page.width() / 2 - 1, page.height() - 1};
    const Box before_second{page.width() / 2, level.height(), page.width() - 1, page.height() - 1};
    const auto green = [](const Rgb &c) { return near(c, kGreen); };
    const auto blue = [](const Rgb &c) { return near(c, kBlue); };
    EXPECT_GT(count_in(page, before_first, green), 20);
    EXPECT_EQ(count_in(page, before_second, green), 0) << "the board after move 1 has no green";
    EXPECT_GT(count_in(page, before_second, blue), 20);
    EXPECT_GT(count_in(page, before_first, whitish), 20) << "move 1's mark";
    EXPECT_GT(count_in(page, before_second, whitish), 20) << "move 2's mark";
    EXPECT_GT(count_in(page, before_second, inky), 20) << "move 2's region outlined";

    // The same solution as SVG names the parts.
    const std::string svg = render(dir, "merge.kami", "answer.txt", "p.svg");
    EXPECT_TRUE(contains(svg, "class=\"moves\"")) << svg.substr(0, 400);
    EXPECT_TRUE(contains(svg, "class=\"move-by-move\""));
    EXPECT_TRUE(contains(svg, "class=\"move-2\""));
    EXPECT_TRUE(contains(svg, ">2</text>"));
}

TEST(SolutionPages, CelladdNumbersTheLineInOrderAndLightsOutStillShowsItsPresses) {
    TempDir dir;
    write_file(dir / "beaker.celladd", "celladd 1\nname Beaker 2x2 vs hard\nlayout beaker 2 2\nfirst player\n"
                                       "opponent hard\n");
    RunResult r = run(cli() + " --json solve " + quote(dir / "beaker.celladd"));
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto lines = json_lines(r.out);
    ASSERT_FALSE(lines.empty());
    const std::string line = member(lines.back(), "solution");
    ASSERT_FALSE(line.empty()) << r.out;
    write_file(dir / "line.txt", line);
    const std::string svg = render(dir, "beaker.celladd", "line.txt", "game.svg");
    EXPECT_TRUE(contains(svg, "class=\"move-numbers\"")) << svg.substr(0, 400);
    for (int k = 1; k <= 4; ++k)
        EXPECT_TRUE(contains(svg, ">" + std::to_string(k) + "</text>")) << k;

    // Lights Out has no render_solution: its finished board with the press ringed (a circle), as before ABI 1.9.
    write_file(dir / "one.lightsout", "lightsout 1\nsize 3 3\n.#.\n###\n.#.\n");
    write_file(dir / "press.txt", "press 1,1\n");
    const std::string lights = render(dir, "one.lightsout", "press.txt", "lights.svg");
    const std::string board = render(dir, "one.lightsout", "", "board.svg");
    EXPECT_FALSE(contains(lights, "class=\"moves\""));
    EXPECT_TRUE(contains(lights, "<circle")) << lights;
    EXPECT_FALSE(contains(board, "<circle")) << "the ring is the press, drawn from the solution's state";
}
