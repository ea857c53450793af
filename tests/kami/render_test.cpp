// Drawing: KAMI 2's triangles with the game's proportions, cells that touch in the model touch on screen, holes
// left out, thick lines only around regions, the pivot, the swatches, and the hit tests that invert the drawing.
#include "kami_plugin_support.hpp"
#include "kami_test_support.hpp"
#include "render.hpp"

using namespace kami;
using namespace kami::test;

namespace {

Board full_triangles(int rows, int cols, char colour = '1') {
    std::string text = "kami 1\ngrid triangle\nmode free\nsize " + std::to_string(cols) + " " + std::to_string(rows) +
                       "\ncolours 3\ncells\n";
    for (int r = 0; r < rows; ++r)
        text += std::string(size_t(cols), colour) + "\n";
    return board_from(text);
}

std::vector<const DrawItem *> items_in(const DisplayList &list, const std::string &group, DrawItem::Kind kind) {
    std::vector<const DrawItem *> out;
    for (const DrawItem &item : list.items)
        if (item.group == group && item.kind == kind) out.push_back(&item);
    return out;
}

// The cells' polygons, drawn as solved or not.
std::vector<const DrawItem *> cell_items(const DisplayList &list) {
    std::vector<const DrawItem *> out = items_in(list, "cells", DrawItem::Polygon);
    for (const DrawItem *item : items_in(list, "cells solved", DrawItem::Polygon))
        out.push_back(item);
    return out;
}

DisplayList draw(const Board &b, int selected = 0) {
    return record([&](pluzzle::Canvas &c) { render_board(b, b.cells, selected, c); });
}

pz_point centroid(const std::vector<pz_point> &p) {
    pz_point c{0, 0};
    for (const pz_point &q : p)
        c.x += q.x / float(p.size()), c.y += q.y / float(p.size());
    return c;
}

} // namespace

TEST(KamiRender, TrianglesPointLeftAndRightWithTheGamesProportions) {
    const Board b = full_triangles(3, 8);
    const DisplayList list = draw(b);
    const auto cells = cell_items(list);
    ASSERT_EQ(cells.size(), 24u);
    const float h = 40 * std::sqrt(3.0f) / 2;
    for (int64_t i = 0; i < b.size(); ++i) {
        const std::vector<pz_point> p = cell_polygon(b, i);
        ASSERT_EQ(p.size(), 3u);
        // Two corners on one vertical line, 40 apart; the apex sqrt(3)/2 * 40 to the side, level with their middle.
        int apex = -1;
        for (int k = 0; k < 3; ++k) {
            const pz_point a = p[size_t((k + 1) % 3)], c = p[size_t((k + 2) % 3)];
            if (std::fabs(a.x - c.x) < 1e-3f && std::fabs(std::fabs(a.y - c.y) - 40) < 1e-3f) apex = k;
        }
        ASSERT_GE(apex, 0) << "cell " << i << " has no upright edge";
        const pz_point tip = p[size_t(apex)], base = p[size_t((apex + 1) % 3)], other = p[size_t((apex + 2) % 3)];
        EXPECT_NEAR(std::fabs(tip.x - base.x), h, 1e-3);
        EXPECT_NEAR(tip.y, (base.y + other.y) / 2, 1e-3);
        // Side 0 of a rhombus (even k) points right, side 1 left.
        EXPECT_EQ(tip.x > base.x, (i % b.cols) % 2 == 0) << "cell " << i;
    }
    // The recorded polygons are the cells' own.
    EXPECT_TRUE(near(cells[0]->points[0], cell_polygon(b, 0)[0]));
}

TEST(KamiRender, CellsThatTouchInTheModelShareAnEdgeOnScreen) {
    for (const Board &b : {full_triangles(4, 10), board_from("kami 1\ngrid square\nmode free\nsize 4 3\ncolours 2\n"
                                                             "cells\n1212\n2121\n1122\n")}) {
        int64_t nb[4] = {};
        for (int64_t i = 0; i < b.size(); ++i) {
            const int n = b.neighbours(i, nb);
            for (int64_t j = 0; j < b.size(); ++j) {
                if (i == j) continue;
                const bool touching = std::find(nb, nb + n, j) != nb + n;
                EXPECT_EQ(shared_corners(cell_polygon(b, i), cell_polygon(b, j)) == 2, touching)
                    << grid_name(b.grid) << " cells " << i << " and " << j;
            }
        }
    }
}

TEST(KamiRender, HolesAreLeftOutAndTheDrawingIsCroppedToTheTiles) {
    Board b = full_triangles(3, 8);
    b.cells[size_t(b.index(1, 3))] = 0;
    EXPECT_EQ(cell_items(draw(b)).size(), 23u);
    // Rows of holes around the tiles take no room: a column of the drawing is sqrt(3)/2 * 40 wide.
    const Board wide = full_triangles(6, 8);
    Board padded = wide;
    for (int k = 0; k < 8; ++k)
        padded.cells[size_t(padded.index(0, k))] = padded.cells[size_t(padded.index(5, k))] = 0;
    EXPECT_NEAR(draw(wide).width - draw(padded).width, 2 * 40 * std::sqrt(3.0f) / 2, 1e-2);
}

TEST(KamiRender, RegionBordersAreThickerThanCellLinesAndFollowTheRegions) {
    // Two regions, left column and right column: one shared border of 4 edges.
    const Board b = full_triangles(2, 4);
    Board two = b;
    for (int k = 0; k < 4; ++k)
        two.cells[size_t(two.index(1, k))] = 2;
    const DisplayList one = draw(b), split = draw(two);
    const auto cells = items_in(split, "cells", DrawItem::Polygon);
    const auto borders = items_in(split, "borders", DrawItem::Polyline);
    ASSERT_FALSE(borders.empty());
    for (const DrawItem *line : borders)
        EXPECT_GT(line->width, 2 * cells[0]->width);
    // The columns meet at two upright edges (side 1 of a rhombus in row 0, side 0 of that rhombus in row 1).
    EXPECT_EQ(borders.size(), items_in(one, "borders", DrawItem::Polyline).size() + 2);
    // One colour: drawn as solved, only the outline is thick.
    EXPECT_EQ(one.count_in_group("cells solved"), 8u);
    EXPECT_EQ(split.count_in_group("cells solved"), 0u);
}

TEST(KamiRender, PivotAndSwatches) {
    Board b = board_from("kami 1\ngrid square\nmode pivot\nsize 3 2\ncolours 4\npivot 1 1\ncells\n123\n412\n");
    const DisplayList list = draw(b, 3);
    const auto pivot = items_in(list, "pivot", DrawItem::Circle);
    ASSERT_EQ(pivot.size(), 1u);
    EXPECT_TRUE(near(pivot[0]->points[0], centroid(cell_polygon(b, b.pivot))));
    const auto swatches = items_in(list, "palette", DrawItem::Polygon);
    const auto digits = items_in(list, "palette", DrawItem::Text);
    ASSERT_EQ(swatches.size(), 4u);
    ASSERT_EQ(digits.size(), 4u);
    for (int c = 1; c <= 4; ++c) {
        EXPECT_EQ(digits[size_t(c - 1)]->text, std::to_string(c));
        const pz_point m = centroid(swatches[size_t(c - 1)]->points);
        EXPECT_EQ(swatch_at(b, m.x, m.y), c);
        EXPECT_EQ(swatches[size_t(c - 1)]->width > 2, c == 3) << "only the chosen colour's swatch is marked";
        const pz_rgba fill = swatches[size_t(c - 1)]->fill;
        EXPECT_EQ((uint32_t(fill.r) << 16 | uint32_t(fill.g) << 8 | fill.b), palette_colour(b, c));
    }
    b.mode = Mode::Free;
    EXPECT_EQ(draw(b).count_in_group("pivot"), 0u);
}

TEST(KamiRender, HitTestsInvertTheDrawing) {
    for (const Board &b : {full_triangles(5, 12), board_from("kami 1\ngrid square\nmode free\nsize 2 2\ncolours 2\n"
                                                             "cells\n12\n21\n")}) {
        for (int64_t i = 0; i < b.size(); ++i) {
            const pz_point m = centroid(cell_polygon(b, i));
            EXPECT_EQ(cell_at(b, m.x, m.y), i) << grid_name(b.grid) << " cell " << i;
            EXPECT_FALSE(swatch_at(b, m.x, m.y));
        }
        EXPECT_FALSE(cell_at(b, -100, -100));
        EXPECT_FALSE(cell_at(b, NAN, 3));
        EXPECT_FALSE(swatch_at(b, NAN, 3));
    }
}
