// Edit tools: drag-drawn pipes change both tiles, clicks turn and lock, typed settings; bad edits name the field.
#include "edit.hpp"
#include "loop_test_support.hpp"

using namespace loop;
using namespace loop::test;

namespace {

Board blank(int cols, int rows, const char *grid = "square", const char *wrap = "no") {
    return board_from(std::string("loop 1\nrules loop\ngrid ") + grid + "\nwrap " + wrap + "\nsize " +
                      std::to_string(cols) + " " + std::to_string(rows) + "\ntiles\n" +
                      [&] {
                          std::string rowsText;
                          for (int r = 0; r < rows; ++r) rowsText += std::string(size_t(cols) * (grid[0] == 'h' ? 2 : 1), '0') + "\n";
                          return rowsText;
                      }());
}

Board apply(const Board &b, std::string_view edit) { return execute_edit(b, edit); }

pz_input drag(float x1, float y1, float x2, float y2) {
    pz_input in{};
    in.struct_size = sizeof in;
    in.kind = PZ_INPUT_RELEASE;
    in.start_x = x1, in.start_y = y1, in.x = x2, in.y = y2;
    return in;
}

} // namespace

TEST(LoopEdit, DrawingFourPipesMakesTheSmallestLoop) {
    Board b = blank(2, 2);
    // Square tiles are 40 units with a 10-unit margin: tile (x, y) has its centre at (30 + 40x, 30 + 40y).
    EXPECT_EQ(edit_input(b, "pipe", drag(30, 30, 70, 30)), "pipe 0,0 1,0");
    EXPECT_EQ(edit_input(b, "pipe", drag(30, 30, 70, 70)), ""); // diagonal: not neighbours
    for (const char *e : {"pipe 0,0 1,0", "pipe 1,0 1,1", "pipe 1,1 0,1", "pipe 0,1 0,0"}) b = apply(b, e);
    EXPECT_EQ(b.tiles, (std::vector<uint8_t>{6, 12, 3, 9}));
    const SolveReport r = solve(b);
    EXPECT_EQ(r.status, PZ_SOLVE_UNIQUE);
    EXPECT_TRUE(solved(b, b.tiles)) << "a drawn board is its own solution";
    b = apply(b, "pipe 0,0 1,0"); // drawn again: removed from both tiles
    EXPECT_EQ(b.tiles, (std::vector<uint8_t>{4, 4, 3, 9}));
}

TEST(LoopEdit, PipesAcrossAWrappedBorderAndOnHexGrids) {
    Board w = apply(blank(3, 1, "square", "yes"), "pipe 0,0 2,0"); // neighbours through the wrap
    EXPECT_EQ(w.tiles, (std::vector<uint8_t>{8, 0, 2}));
    Board h = apply(blank(2, 2, "hex"), "pipe 0,0 1,0"); // E of (0,0)
    EXPECT_EQ(h.tiles[0], 1);
    EXPECT_EQ(h.tiles[1], 8);
    h = apply(h, "pipe 0,0 0,1"); // row 1 is shifted right: (0,1) is SE of (0,0)
    EXPECT_EQ(h.tiles[0], 1 | 32);
    EXPECT_EQ(h.tiles[2], 4);
}

TEST(LoopEdit, TurnLockAndSettings) {
    Board b = apply(blank(3, 2), "pipe 0,0 1,0");
    b = apply(b, "turn 0,0");
    EXPECT_EQ(b.tiles[0], 4); // east -> south
    b = apply(b, "lock 1,0");
    EXPECT_TRUE(b.is_locked(1));
    EXPECT_FALSE(apply(b, "lock 1,0").is_locked(1));
    EXPECT_EQ(apply(b, "rules net").rule, Rule::Net);
    EXPECT_TRUE(apply(b, "wrap yes").wrap);
    const Board hex = apply(b, "grid hex");
    EXPECT_EQ(hex.shape, Shape::Hex);
    EXPECT_EQ(hex.tiles, std::vector<uint8_t>(6, 0)); // square pipes mean nothing on hexagons
    const Board bigger = apply(b, "size 4 3");
    EXPECT_EQ(bigger.cols, 4);
    EXPECT_EQ(bigger.rows, 3);
    EXPECT_EQ(bigger.tiles[0], 4);
    EXPECT_TRUE(bigger.is_locked(1));
    EXPECT_EQ(apply(b, "name  Corner  ").name, "Corner");
    pz_input click{};
    click.struct_size = sizeof click;
    click.kind = PZ_INPUT_PRESS;
    click.x = 70, click.y = 30;
    EXPECT_EQ(edit_input(b, "turn", click), "turn 1,0");
    EXPECT_EQ(edit_input(b, "lock", click), "lock 1,0");
    EXPECT_EQ(edit_input(b, "settings", click), "");
}

TEST(LoopEdit, BadEditsAndToolsNameTheirField) {
    const Board b = blank(2, 2);
    for (const char *e : {"", "pipe 0,0 1,1", "pipe 0,0 5,0", "turn", "size 0 3", "grid triangle", "fly 1,1"}) {
        try {
            execute_edit(b, e);
            ADD_FAILURE() << "accepted '" << e << "'";
        } catch (const pluzzle::Error &err) {
            EXPECT_EQ(err.field(), "edit") << e;
            EXPECT_EQ(err.code(), PZ_ERR_ARGUMENT) << e;
        }
    }
    try {
        edit_input(b, "paint", drag(0, 0, 0, 0));
        ADD_FAILURE();
    } catch (const pluzzle::Error &err) {
        EXPECT_EQ(err.field(), "tool");
    }
}
