// Editing: the paint, fill and colour tools turn clicks, drags and keys into edits; typed settings; `par auto`
// proves the par; bad edits name the field.
#include "edit.hpp"
#include "kami_plugin_support.hpp"
#include "kami_test_support.hpp"
#include "render.hpp"
#include "solver.hpp"

using namespace kami;
using namespace kami::test;

namespace {

const char *kBoard = "kami 1\ngrid square\nmode free\nsize 3 2\ncolours 3\ncells\n112\n132\n";

Board apply(const Board &b, std::string_view edit) { return execute_edit(b, edit); }

pz_point centre_of(const Board &b, int row, int col) {
    pz_point c{0, 0};
    for (const pz_point &p : cell_polygon(b, b.index(row, col)))
        c.x += p.x / 4, c.y += p.y / 4;
    return c;
}

pz_input pointer(int32_t kind, pz_point p, int button = 0, uint32_t modifiers = 0) {
    pz_input in = pluzzle::test::pointer_press(p.x, p.y, button);
    in.kind = kind;
    in.modifiers = modifiers;
    return in;
}

std::string field_of(const Board &b, std::string_view edit) {
    try {
        execute_edit(b, edit);
    } catch (const pluzzle::Error &e) {
        return e.field();
    }
    return "no error";
}

} // namespace

TEST(KamiEdit, PaintFollowsThePointerWithThePaintColour) {
    Board b = board_from(kBoard);
    EXPECT_EQ(b.brush, 1);
    EXPECT_EQ(edit_input(b, "paint", pointer(PZ_INPUT_PRESS, centre_of(b, 0, 0))), "") << "already colour 1";
    EXPECT_EQ(edit_input(b, "paint", pointer(PZ_INPUT_PRESS, centre_of(b, 0, 2))), "paint 2,0 1");
    EXPECT_EQ(edit_input(b, "paint", pointer(PZ_INPUT_DRAG, centre_of(b, 1, 1))), "paint 1,1 1");
    EXPECT_EQ(edit_input(b, "paint", pointer(PZ_INPUT_PRESS, centre_of(b, 1, 1), 1)), "paint 1,1 0");
    EXPECT_EQ(edit_input(b, "paint", pointer(PZ_INPUT_DRAG, centre_of(b, 1, 0), 0, PZ_MOD_SHIFT)), "paint 0,1 0");
    EXPECT_EQ(edit_input(b, "paint", pointer(PZ_INPUT_RELEASE, centre_of(b, 1, 1))), "");
    EXPECT_EQ(edit_input(b, "paint", pointer(PZ_INPUT_PRESS, {-50, -50})), "");
    // Keys: a colour digit chooses the paint colour, or paints the host's cell; Delete makes a hole there.
    EXPECT_EQ(edit_input(b, "paint", key('3')), "colour 3");
    EXPECT_EQ(edit_input(b, "paint", key('3', true, 0, 0)), "paint 0,0 3");
    EXPECT_EQ(edit_input(b, "paint", key(PZ_KEY_DELETE, true, 1, 2)), "paint 2,1 0");
    EXPECT_EQ(edit_input(b, "paint", key('7')), "") << "no colour 7";

    b = apply(b, "colour 3");
    EXPECT_EQ(b.brush, 3);
    EXPECT_EQ(encode_board(b), kBoard) << "the paint colour is not part of the level";
    EXPECT_EQ(edit_input(b, "paint", pointer(PZ_INPUT_PRESS, centre_of(b, 0, 0))), "paint 0,0 3");
    b = apply(apply(b, "paint 0,0 3"), "paint 2,1 0");
    EXPECT_EQ(b.cells, (std::vector<uint8_t>{3, 1, 2, 1, 3, 0}));
    EXPECT_EQ(field_of(b, "paint 0,0 4"), "colour");
    EXPECT_EQ(field_of(b, "paint 5,0 1"), "cell");
    EXPECT_EQ(field_of(b, "paint 0,0"), "paint");
    EXPECT_EQ(field_of(b, "colour 0"), "colour");
}

TEST(KamiEdit, FillRecoloursARegionAndColourChoosesThePaint) {
    Board b = board_from(kBoard);
    EXPECT_EQ(edit_input(b, "fill", pointer(PZ_INPUT_PRESS, centre_of(b, 1, 0))), "") << "already colour 1";
    b = apply(b, "colour 2");
    EXPECT_EQ(edit_input(b, "fill", pointer(PZ_INPUT_PRESS, centre_of(b, 1, 0))), "fill 0,1 2");
    b = apply(b, "fill 0,1 2");
    EXPECT_EQ(b.cells, (std::vector<uint8_t>{2, 2, 2, 2, 3, 2}));
    EXPECT_EQ(edit_input(b, "fill", pointer(PZ_INPUT_PRESS, centre_of(b, 1, 1), 1)), "fill 1,1 0");
    b = apply(b, "fill 1,1 0");
    EXPECT_EQ(b.cells[4], 0);
    EXPECT_EQ(field_of(b, "fill 1,1 2"), "cell") << "no tile to fill from";
    // The colour tool: keys, swatches and tiles.
    EXPECT_EQ(edit_input(b, "colour", key('1')), "colour 1");
    EXPECT_EQ(edit_input(b, "colour", key('2')), "") << "chosen already";
    EXPECT_EQ(edit_input(b, "colour", pointer(PZ_INPUT_PRESS, centre_of(b, 0, 0))), "");
    b = apply(b, "colour 3");
    EXPECT_EQ(edit_input(b, "colour", pointer(PZ_INPUT_PRESS, centre_of(b, 0, 0))), "colour 2");
    const DisplayList list = record([&](pluzzle::Canvas &c) { render_board(b, b.cells, b.brush, c); });
    int seen = 0;
    for (const DrawItem &item : list.items)
        if (item.group == "palette" && item.kind == DrawItem::Polygon && ++seen == 1) {
            const pz_point m{(item.points[0].x + item.points[2].x) / 2, (item.points[0].y + item.points[2].y) / 2};
            EXPECT_EQ(edit_input(b, "colour", pointer(PZ_INPUT_PRESS, m)), "colour 1");
            EXPECT_EQ(edit_input(b, "paint", pointer(PZ_INPUT_PRESS, m)), "colour 1");
        }
    EXPECT_EQ(edit_input(b, "settings", pointer(PZ_INPUT_PRESS, centre_of(b, 0, 0))), "");
    try {
        edit_input(b, "spray", key('1'));
        ADD_FAILURE() << "unknown tool";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.field(), "tool");
    }
}

TEST(KamiEdit, SettingsChangeTheLevelAndRefuseWhatWouldBreakIt) {
    Board b = board_from(kBoard);
    b = apply(b, "size 4 3");
    EXPECT_EQ(b.cols, 4);
    EXPECT_EQ(b.rows, 3);
    EXPECT_EQ(b.cells, (std::vector<uint8_t>{1, 1, 2, 1, 1, 3, 2, 1, 1, 1, 1, 1}))
        << "the overlap kept, new cells painted";
    b = apply(b, "grid triangle");
    EXPECT_EQ(b.grid, Grid::Triangle);
    EXPECT_EQ(field_of(b, "size 3 3"), "size") << "triangle rows hold whole rhombi";
    b = apply(apply(b, "grid square"), "size 3 3");
    EXPECT_EQ(field_of(b, "grid triangle"), "grid");
    EXPECT_EQ(field_of(b, "grid hex"), "grid");
    b = apply(b, "pivot 2,1");
    EXPECT_EQ(b.mode, Mode::Pivot);
    EXPECT_EQ(b.pivot, b.index(1, 2));
    EXPECT_NE(encode_board(b).find("pivot 2 1"), std::string::npos);
    b = apply(b, "mode free");
    EXPECT_EQ(encode_board(b).find("pivot"), std::string::npos);
    b = apply(b, "paint 0,0 0");
    EXPECT_EQ(apply(b, "mode pivot").pivot, 1) << "the first tile when the old pivot is a hole";
    EXPECT_EQ(field_of(b, "pivot 0,0"), "pivot") << "a hole";
    EXPECT_EQ(field_of(b, "mode flood"), "mode");

    EXPECT_EQ(field_of(b, "colours 2"), "colours") << "cells use colour 3";
    b = apply(b, "colours 5");
    EXPECT_EQ(b.colours, 5);
    b = apply(b, "palette #000000 #111111 #222222 #333333 #ABCDEF");
    EXPECT_EQ(b.palette.back(), 0xabcdefu);
    EXPECT_NE(encode_board(b).find("palette #000000 #111111 #222222 #333333 #abcdef"), std::string::npos);
    b = apply(b, "colours 4");
    EXPECT_EQ(b.palette.size(), 4u);
    EXPECT_EQ(field_of(b, "palette #000000"), "palette");
    EXPECT_EQ(field_of(b, "palette #000000 #111111 #222222 blue"), "palette");
    b = apply(b, "palette default");
    EXPECT_TRUE(b.palette.empty());

    b = apply(b, "name   Morning tide ");
    EXPECT_EQ(b.name, "Morning tide");
    b = apply(b, "name");
    EXPECT_EQ(b.name, "");
    b = apply(b, "par 7");
    EXPECT_EQ(b.par, 7);
    EXPECT_EQ(field_of(b, "par -1"), "par");
    EXPECT_EQ(field_of(b, "par many"), "par");
    EXPECT_EQ(field_of(b, "size 0 3"), "size");
    EXPECT_EQ(field_of(b, "wobble"), "edit");
    EXPECT_EQ(field_of(b, ""), "edit");
    EXPECT_EQ(field_of(board_from(kBoard), "paint 0,0 0\n"), "no error");
    // Painting the last tile away leaves no level: refused, naming the cells.
    const Board one = board_from("kami 1\ngrid square\nmode free\nsize 1 1\ncolours 1\ncells\n1\n");
    EXPECT_EQ(field_of(one, "paint 0,0 0"), "cells");
}

TEST(KamiEdit, ParAutoIsTheProvenOptimum) {
    for (const char *text :
         {"kami 1\ngrid square\nmode free\nsize 4 2\ncolours 3\ncells\n1232\n3121\n",
          "kami 1\ngrid triangle\nmode free\nsize 6 2\ncolours 3\ncells\n123123\n231312\n",
          "kami 1\ngrid square\nmode pivot\nsize 3 3\ncolours 3\npivot 0 0\ncells\n123\n231\n312\n"}) {
        const Board b = board_from(text);
        const Board with_par = apply(b, "par auto");
        pluzzle::SolveControl control(nullptr, nullptr);
        const SolveReport r = solve_board(b, control);
        ASSERT_EQ(r.status, PZ_SOLVE_SOLVED);
        EXPECT_EQ(with_par.par, int(r.moves.size())) << text;
        EXPECT_GT(with_par.par, 0);
        EXPECT_TRUE(replays_to_one_colour(b, r.moves));
    }
    // Holes cutting a tile off from the pivot: the pivot's part ends with its colour.
    const Board cut = board_from("kami 1\ngrid square\nmode pivot\nsize 3 1\ncolours 2\npivot 0 0\ncells\n1.2\n");
    EXPECT_EQ(apply(cut, "par auto").par, 1);
    // Tiles of two colours cut off: no par to find.
    const Board two = board_from("kami 1\ngrid square\nmode pivot\nsize 5 1\ncolours 3\npivot 0 0\ncells\n1.2.3\n");
    EXPECT_EQ(field_of(two, "par auto"), "par");
}
