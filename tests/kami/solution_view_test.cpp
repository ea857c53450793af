// Solution pages (ABI 1.9, issue 49): the start board with each move's number and colour on the region it recolours,
// and the strip of boards exactly when a move's region is not one region of the start board.
#include "kami_plugin_support.hpp"
#include "kami_test_support.hpp"
#include "render.hpp"
#include "solution_view.hpp"

using namespace kami;
using namespace kami::test;

namespace {

const std::string kPalette = "palette #d03030 #3060d0 #30a050\n";

DisplayList page(const Board &b, const std::string &moves) {
    return record([&](pluzzle::Canvas &c) { render_solution_view(b, decode_moves(b, moves), c); });
}

// The numbers the page writes in `group`, with where they are.
std::vector<std::pair<std::string, pz_point>> numbers_in(const DisplayList &list, const std::string &group) {
    std::vector<std::pair<std::string, pz_point>> out;
    for (const DrawItem &item : list.items)
        if (item.group == group && item.kind == DrawItem::Text) out.emplace_back(item.text, item.points[0]);
    return out;
}

bool inside(const std::vector<pz_point> &cell, pz_point p) { // cells are convex: p on the inner side of every edge
    for (size_t e = 0; e < cell.size(); ++e) {
        const pz_point a = cell[e], b = cell[(e + 1) % cell.size()];
        if ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) < 0) return false;
    }
    return true;
}

} // namespace

TEST(KamiSolutionView, EachMoveIsNumberedOnTheRegionItRecoloursWithItsColour) {
    // Three blue cells in a red frame: the answer paints them red, one move on a region of the start board.
    const Board b =
        board_from("kami 1\ngrid square\nmode free\nsize 5 3\ncolours 3\n" + kPalette + "cells\n11111\n12221\n11111\n");
    EXPECT_FALSE(solution_needs_strip(b, decode_moves(b, "1,1=1")));
    const DisplayList list = page(b, "1,1=1");
    const auto numbers = numbers_in(list, "moves");
    ASSERT_EQ(numbers.size(), 1u);
    EXPECT_EQ(numbers[0].first, "1");
    bool on_the_bar = false;
    for (int x = 1; x <= 3; ++x)
        on_the_bar |= inside(cell_polygon(b, b.index(1, x)), numbers[0].second);
    EXPECT_TRUE(on_the_bar) << "at " << numbers[0].second.x << "," << numbers[0].second.y;
    bool red_swatch = false; // the colour the move picks, beside its number
    for (const DrawItem &item : list.items)
        red_swatch |= item.group == "moves" && item.kind == DrawItem::Polygon && item.fill.r == 0xd0 &&
                      item.fill.g == 0x30 && item.fill.b == 0x30;
    EXPECT_TRUE(red_swatch);
    EXPECT_EQ(list.count_in_group("move-1"), 0u) << "no strip";
}

TEST(KamiSolutionView, AMoveOnAMergedRegionAddsTheBoardBeforeEachMove) {
    const Board b = board_from("kami 1\ngrid square\nmode free\nsize 5 1\ncolours 3\n" + kPalette + "cells\n12321\n");
    const std::vector<Move> moves = decode_moves(b, "2,0=2 1,0=1");
    EXPECT_TRUE(solution_needs_strip(b, moves)) << "move 2's region is three regions of the start board";
    EXPECT_FALSE(solution_needs_strip(b, decode_moves(b, "2,0=2"))) << "move 1 alone is on a start region";
    const DisplayList list = page(b, "2,0=2 1,0=1");
    EXPECT_GT(list.count_in_group("move-1"), 0u);
    EXPECT_GT(list.count_in_group("move-2"), 0u);
    EXPECT_EQ(list.count_in_group("move-3"), 0u);
    // The two moves' marks sit on different start regions (one mark a region where there are enough).
    const auto numbers = numbers_in(list, "moves");
    ASSERT_EQ(numbers.size(), 2u);
    EXPECT_GT(std::fabs(numbers[0].second.x - numbers[1].second.x), 20);
}

TEST(KamiSolutionView, PivotPlayListsTheColoursInOrderAndEveryLevelDraws) {
    const Board b = board_from("kami 1\ngrid square\nmode pivot\nsize 3 2\ncolours 3\n" + kPalette +
                               "pivot 0 0\ncells\n123\n231\n");
    const DisplayList list = page(b, "0,0=2 0,0=3 0,0=1");
    const auto numbers = numbers_in(list, "moves");
    ASSERT_EQ(numbers.size(), 3u);
    for (size_t k = 0; k < numbers.size(); ++k)
        EXPECT_EQ(numbers[k].first, std::to_string(k + 1));
    const pz_point extent = board_extent(b);
    for (const auto &[text, at] : numbers)
        EXPECT_GT(at.y, extent.y) << "under the board, not on the pivot";
    EXPECT_GT(list.count_in_group("move-3"), 0u) << "the pivot's region grows: the strip";
    EXPECT_NO_THROW(page(b, "")) << "no move: the start board alone";
}
