// Play: states replay move lists, the status line, input (colour keys, swatches, clicks on regions; Flood-It's
// pivot), execute's errors and the flood's breadth-first bloom.
#include "kami_plugin_support.hpp"
#include "kami_test_support.hpp"
#include "play.hpp"
#include "render.hpp"

using namespace kami;
using namespace kami::test;

namespace {

// Free play on squares: three regions, 1 on the left, 2 in the middle, 3 on the right.
const char *kStripes = "kami 1\ngrid square\nmode free\nsize 3 2\ncolours 3\npar 2\ncells\n123\n123\n";
const char *kFlood = "kami 1\ngrid square\nmode pivot\nsize 3 2\ncolours 3\npivot 0 0\ncells\n123\n223\n";

pz_point centre_of(const Board &b, int64_t cell) {
    pz_point c{0, 0};
    for (const pz_point &p : cell_polygon(b, cell))
        c.x += p.x / 4, c.y += p.y / 4;
    return c;
}

// The middle of colour c's swatch, read from the drawing.
pz_point swatch_centre(const Board &b, int c) {
    const DisplayList list = record([&](pluzzle::Canvas &canvas) { render_board(b, b.cells, 0, canvas); });
    int seen = 0;
    for (const DrawItem &item : list.items)
        if (item.group == "palette" && item.kind == DrawItem::Polygon && ++seen == c)
            return {(item.points[0].x + item.points[2].x) / 2, (item.points[0].y + item.points[2].y) / 2};
    ADD_FAILURE() << "no swatch " << c;
    return {0, 0};
}

pz_input click(pz_point p, int button = 0) { return pluzzle::test::pointer_press(p.x, p.y, button); }

std::string field_of(const std::function<void()> &f) {
    try {
        f();
    } catch (const pluzzle::Error &e) {
        return e.field();
    }
    return "no error";
}

} // namespace

TEST(KamiPlay, StatesReplayMoveListsAndCountTowardsThePar) {
    const Board b = board_from(kStripes);
    const auto start = start_state(b);
    EXPECT_EQ(play_status(b, start).message, "3 colours, 3 regions, 0 moves (par 2)");
    EXPECT_EQ(play_status(b, start).phase, PZ_PLAY_ONGOING);
    const auto one = decode_state_text(b, "1,0=1");
    EXPECT_EQ(one.cells, (std::vector<uint8_t>{1, 1, 3, 1, 1, 3}));
    EXPECT_EQ(play_status(b, one).message, "2 colours, 2 regions, 1 move (par 2)");
    const auto done = decode_state_text(b, "1,0=1 2,1=1");
    EXPECT_EQ(play_status(b, done).phase, PZ_PLAY_SOLVED);
    EXPECT_EQ(play_status(b, done).message, "solved in 2 moves (par 2)");
    EXPECT_EQ(play_status(b, done).moves, 2u);
    EXPECT_EQ(encode_state_text(b, done), "1,0=1 2,1=1");
    // A move the rules refuse names itself and the field.
    try {
        decode_state_text(b, "1,0=1 0,0=1");
        ADD_FAILURE() << "recolouring a region with its own colour";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.field(), "moves");
        EXPECT_NE(std::string(e.what()).find("move 2 '0,0=1'"), std::string::npos) << e.what();
    }
}

TEST(KamiPlay, FreePlayPicksAColourThenRecoloursTheClickedRegion) {
    const Board b = board_from(kStripes);
    auto s = start_state(b);
    EXPECT_EQ(s.selected, 1);
    EXPECT_EQ(interpret_input(b, s, click(centre_of(b, 0))), "") << "the region has the chosen colour already";
    EXPECT_EQ(interpret_input(b, s, click(centre_of(b, 1))), "1,0=1");
    EXPECT_EQ(interpret_input(b, s, key('3')), "pick 3");
    EXPECT_EQ(interpret_input(b, s, key('4')), "") << "no colour 4 in this palette";
    EXPECT_EQ(interpret_input(b, s, click(swatch_centre(b, 2))), "pick 2");
    EXPECT_EQ(interpret_input(b, s, click(centre_of(b, 5), 1)), "pick 3") << "a right click takes a region's colour";
    s = execute_move(b, s, "pick 3");
    EXPECT_EQ(s.selected, 3);
    EXPECT_TRUE(s.moves.empty()) << "choosing a colour is no move";
    EXPECT_EQ(interpret_input(b, s, click(centre_of(b, 4))), "1,1=3");
    // Space on the host's cursor cell acts as a click.
    EXPECT_EQ(interpret_input(b, s, key(' ', true, 0, 0)), "0,0=3");
    s = execute_move(b, s, "1,1=3");
    EXPECT_EQ(s.cells, (std::vector<uint8_t>{1, 3, 3, 1, 3, 3}));
    s = execute_move(b, s, "0,0=3");
    EXPECT_EQ(play_status(b, s).phase, PZ_PLAY_SOLVED);
    EXPECT_EQ(interpret_input(b, s, click(centre_of(b, 0))), "") << "nothing left to recolour";
    EXPECT_EQ(field_of([&] { execute_move(b, s, "pick 7"); }), "move");
    EXPECT_EQ(field_of([&] { execute_move(b, s, "pick"); }), "move");
    EXPECT_EQ(field_of([&] { execute_move(b, s, ""); }), "move");
    EXPECT_EQ(field_of([&] { execute_move(b, s, "0,0=3"); }), "moves");
}

TEST(KamiPlay, PivotModeFloodsThePivotsRegionAtOnce) {
    const Board b = board_from(kFlood);
    const auto s = start_state(b);
    EXPECT_EQ(interpret_input(b, s, key('2')), "0,0=2");
    EXPECT_EQ(interpret_input(b, s, key('1')), "") << "the pivot has colour 1 already";
    EXPECT_EQ(interpret_input(b, s, click(swatch_centre(b, 3))), "0,0=3");
    EXPECT_EQ(interpret_input(b, s, click(centre_of(b, 4))), "0,0=2") << "towards the clicked region's colour";
    const auto next = execute_move(b, s, "0,0=2");
    EXPECT_EQ(next.cells, (std::vector<uint8_t>{2, 2, 3, 2, 2, 3}));
    EXPECT_EQ(marked_colour(b, next), 2);
    EXPECT_EQ(field_of([&] { execute_move(b, next, "2,0=2"); }), "moves") << "not the pivot's region";
}

TEST(KamiPlay, TheFloodBloomsBreadthFirstFromTheClick) {
    // A snake of 1s from the top-left corner: distances grow along it.
    const Board b = board_from("kami 1\ngrid square\nmode free\nsize 4 3\ncolours 2\ncells\n1111\n2221\n1111\n");
    const std::vector<int32_t> d = bloom_distances(b, b.cells, 0);
    EXPECT_EQ(d, (std::vector<int32_t>{0, 1, 2, 3, -1, -1, -1, 4, 8, 7, 6, 5}));
    EXPECT_EQ(bloom_distances(b, b.cells, b.index(1, 0))[size_t(b.index(1, 2))], 2);
    const auto s = start_state(b);
    // Count the tiles drawn in colour 2 at each fraction of the move "recolour the snake with 2".
    const auto coloured = [&](float t) {
        const DisplayList list = record([&](pluzzle::Canvas &c) { render_move_frame(b, s, "0,0=2", t, c); });
        const uint32_t two = palette_colour(b, 2);
        size_t n = 0;
        for (const DrawItem &item : list.items)
            n += item.group.rfind("cells", 0) == 0 && item.kind == DrawItem::Polygon &&
                 (uint32_t(item.fill.r) << 16 | uint32_t(item.fill.g) << 8 | item.fill.b) == two;
        return n;
    };
    EXPECT_EQ(coloured(0), 3u);      // the state itself: only the middle row
    EXPECT_EQ(coloured(0.25f), 6u);  // distances 0..2
    EXPECT_EQ(coloured(0.5f), 8u);   // 0..4
    EXPECT_EQ(coloured(0.99f), 11u); // 0..7
    EXPECT_EQ(coloured(1), 12u);     // the state after: one colour
    EXPECT_EQ(field_of([&] { record([&](pluzzle::Canvas &c) { render_move_frame(b, s, "1,1=2", 0.5f, c); }); }),
              "moves");
}
