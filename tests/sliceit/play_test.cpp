// Play (strokes from pointer input, moves, status), the stroke text, editing and rendering.
#include "edit.hpp"
#include "play.hpp"
#include "render.hpp"
#include "sliceit_test_support.hpp"
#include "strokes_text.hpp"

#include <gtest/gtest.h>

using namespace sliceit;
using namespace sliceit::test;

namespace {

pz_input pointer(pz_input_kind kind, float x, float y, float sx = 0, float sy = 0) {
    pz_input in{};
    in.struct_size = sizeof in;
    in.kind = kind;
    in.x = x, in.y = y, in.start_x = sx, in.start_y = sy;
    return in;
}

// Counts what a render draws.
struct CountingCanvas {
    int polygons = 0, lines = 0, texts = 0;
    pz_canvas table() {
        pz_canvas c{};
        c.struct_size = sizeof c;
        c.ctx = this;
        c.polygon = [](void *ctx, const pz_point *, uint32_t, pz_rgba, pz_rgba, float) {
            ++static_cast<CountingCanvas *>(ctx)->polygons;
        };
        c.polyline = [](void *ctx, const pz_point *, uint32_t, pz_rgba, float) {
            ++static_cast<CountingCanvas *>(ctx)->lines;
        };
        c.text = [](void *ctx, float, float, float, pz_rgba, int32_t, const char *) {
            ++static_cast<CountingCanvas *>(ctx)->texts;
        };
        return c;
    }
};

} // namespace

TEST(SliceItPlay, DragDrawsAStrokeAndTheHouseGetsSolved) {
    const auto level = level_from(data_file("house.sliceit"));
    const Layout layout = layout_of(*level);
    PlayState state;
    EXPECT_EQ(interpret_input(*level, state, pointer(PZ_INPUT_PRESS, 10, 10)), "") << "a press alone draws nothing";
    std::vector<Stroke> answer{{{170, 0}, {170, 260}}};
    for (double y : {30 + 100 * std::sqrt(0.6), 140.0, 170.0, 200.0})
        answer.push_back({{90, y}, {250, y}});
    PlayState current = state;
    for (const Stroke &s : answer) {
        EXPECT_EQ(play_status(*level, current).phase, PZ_PLAY_ONGOING);
        const pluzzle::Point a = layout.to_canvas(s.a), b = layout.to_canvas(s.b);
        const std::string move = interpret_input(*level, current, pointer(PZ_INPUT_RELEASE, b.x, b.y, a.x, a.y));
        ASSERT_EQ(move.rfind("stroke ", 0), 0u) << move;
        current = execute_move(current, move);
    }
    // Drawing units are floats: the drawn cut is within a hair of the exact one, far inside the tolerance.
    const pluzzle::PlayStatus status = play_status(*level, current);
    EXPECT_EQ(status.phase, PZ_PLAY_SOLVED) << status.message;
    const std::string erase = interpret_input(*level, current, [] {
        pz_input in{};
        in.kind = PZ_INPUT_KEY;
        in.key = PZ_KEY_BACKSPACE;
        return in;
    }());
    EXPECT_EQ(erase, "erase 5");
    EXPECT_EQ(play_status(*level, execute_move(current, erase)).phase, PZ_PLAY_ONGOING);
    EXPECT_TRUE(execute_move(current, "clear").strokes.empty());
}

TEST(SliceItPlay, BadMovesAndStateTextsAreRejected) {
    PlayState state;
    for (const char *bad : {"stroke 1 2 3", "stroke 1 2 1 2", "stroke a b c d", "stroke 0 0 1e30 0", "erase 1", "jump"})
        EXPECT_THROW(execute_move(state, bad), pluzzle::Error) << bad;
    EXPECT_THROW(decode_strokes("1 2 3 4\n5 6 7\n"), pluzzle::Error);
    try {
        decode_strokes("1 2 3 4\n5 6 x 8\n");
        FAIL();
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.line(), 2);
        EXPECT_EQ(e.column(), 5);
    }
    std::string many;
    for (size_t i = 0; i <= kMaxStateStrokes; ++i)
        many += "0 0 1 1\n";
    EXPECT_THROW(decode_strokes(many), pluzzle::Error);
    EXPECT_EQ(decode_strokes("# comment\n\n0 0 1 1\n").size(), 1u);
}

TEST(SliceItEdit, VertexToolsHolesZonesAndCounts) {
    const auto level = level_from(square_level(2, 4));
    const Layout layout = layout_of(*level);
    // Click near the top edge's middle: a vertex is inserted there.
    const pluzzle::Point top = layout.to_canvas({50, 0});
    const std::string add = edit_input(*level, "vertex_add", pointer(PZ_INPUT_PRESS, top.x, top.y + 2));
    ASSERT_EQ(add.rfind("vertex add s0 1 ", 0), 0u) << add;
    const auto added = execute_edit(*level, add);
    EXPECT_EQ(added.shapes[0].outer.size(), 5u);
    // Drag that vertex down: the square becomes concave and stays valid.
    const pluzzle::Point to = layout.to_canvas({50, 30});
    const std::string move = edit_input(added, "vertex_move", pointer(PZ_INPUT_RELEASE, to.x, to.y, top.x, top.y + 2));
    ASSERT_EQ(move.rfind("vertex move s0 1 ", 0), 0u) << move;
    const auto moved = execute_edit(added, move);
    EXPECT_NO_THROW(validate_level(moved));
    EXPECT_NEAR(moved.shapes[0].outer[1].y, 30, 0.5);
    const std::string del = edit_input(moved, "vertex_delete", pointer(PZ_INPUT_PRESS, to.x, to.y));
    EXPECT_EQ(execute_edit(moved, del).shapes[0].outer.size(), 4u);
    // A hole and a forbidden zone where clicked; N and M typed.
    const pluzzle::Point mid = layout.to_canvas({50, 50});
    const auto holed = execute_edit(*level, edit_input(*level, "hole", pointer(PZ_INPUT_PRESS, mid.x, mid.y)));
    EXPECT_EQ(holed.shapes[0].holes.size(), 1u);
    EXPECT_NO_THROW(validate_level(holed));
    const auto zoned = execute_edit(*level, "forbidden 200 200 10");
    EXPECT_EQ(zoned.forbidden.size(), 1u);
    EXPECT_EQ(execute_edit(*level, "strokes 3").strokes, 3);
    EXPECT_EQ(execute_edit(*level, "pieces 5").pieces, 5);
    EXPECT_EQ(execute_edit(holed, "remove s0h0").shapes[0].holes.size(), 0u);
    // A vertex moved across the square makes it self-intersecting: validation names the shape.
    const auto twisted = execute_edit(*level, "vertex move s0 1 0 120");
    try {
        validate_level(twisted);
        FAIL() << "a bow tie must not validate";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.field(), "shapes[0]");
    }
    for (const char *bad : {"vertex delete s0 9", "vertex add s3 0 1 1", "strokes 99", "hole 0 1 1 -2", "what"})
        EXPECT_THROW(execute_edit(*level, bad), pluzzle::Error) << bad;
    EXPECT_THROW(edit_input(*level, "paint", pointer(PZ_INPUT_PRESS, 0, 0)), pluzzle::Error);
}

TEST(SliceItRender, DrawsShapesZonesPiecesAndLabels) {
    const auto level = level_from(data_file("forbidden-04-inside.sliceit"));
    CountingCanvas plain, cut;
    pz_canvas t1 = plain.table(), t2 = cut.table();
    pluzzle::Canvas c1(&t1), c2(&t2);
    render_level(*level, nullptr, c1);
    EXPECT_GE(plain.polygons, 2) << "the shape and the zone";
    EXPECT_GT(plain.lines, 2) << "hatching";
    EXPECT_EQ(plain.texts, 0);
    const std::vector<Stroke> strokes{{{100, -10}, {100, 310}}, {{200, -10}, {200, 310}}};
    render_level(*level, &strokes, c2);
    EXPECT_EQ(cut.texts, 3) << "one share label per piece";
    EXPECT_EQ(cut.lines, plain.lines + 2) << "the two strokes";
}
