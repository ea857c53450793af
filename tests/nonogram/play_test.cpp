// play_test.cpp -- nonogram play: state text, moves, status, pointer input, rendering groups, hints that solve
// webpbn #1 step by step, and the editor tools.
#include "edit.hpp"
#include "formats.hpp"
#include "play.hpp"
#include "render.hpp"
#include "solver.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"

#include <fstream>
#include <map>
#include <sstream>

using namespace nonogram;

namespace {

Puzzle load(const std::string &text) {
    auto levels = parse_levels(text, "");
    const Puzzle p = levels.at(0).level;
    validate_puzzle(p);
    return p;
}

Puzzle demo() { return load(pluzzle::test::read_file(std::string(PLUZZLE_SOURCE_DIR) + "/data/nonogram/webpbn-00001.non")); }

// 3x2:  ###
//       #..
Puzzle tiny() { return load("nonogram 1\nsize 3 2\nrows\n3\n1\ncolumns\n2\n1\n1\n"); }

pluzzle::Input press(float x, float y, int button = 0) { return pluzzle::test::pointer_press(x, y, button); }

PlayState start(const Puzzle &p) {
    PlayState s;
    s.grid = Grid(p.width, p.height, kUnknown);
    return s;
}

// Records the canvas calls that matter here: groups and the number of shapes inside each.
struct Recorder {
    std::vector<std::string> stack;
    std::map<std::string, int> shapes;
    float width = 0, height = 0;
    pz_canvas canvas() {
        pz_canvas c{};
        c.struct_size = sizeof c;
        c.ctx = this;
        c.begin = [](void *ctx, float w, float h, pz_rgba) {
            static_cast<Recorder *>(ctx)->width = w;
            static_cast<Recorder *>(ctx)->height = h;
        };
        c.group_begin = [](void *ctx, const char *name) { static_cast<Recorder *>(ctx)->stack.push_back(name); };
        c.group_end = [](void *ctx) { static_cast<Recorder *>(ctx)->stack.pop_back(); };
        c.polygon = [](void *ctx, const pz_point *, uint32_t, pz_rgba, pz_rgba, float) { static_cast<Recorder *>(ctx)->add(); };
        c.polyline = [](void *ctx, const pz_point *, uint32_t, pz_rgba, float) { static_cast<Recorder *>(ctx)->add(); };
        c.circle = [](void *ctx, float, float, float, pz_rgba, pz_rgba, float) { static_cast<Recorder *>(ctx)->add(); };
        c.text = [](void *ctx, float, float, float, pz_rgba, int32_t, const char *) {
            static_cast<Recorder *>(ctx)->add();
        };
        return c;
    }
    void add() { ++shapes[stack.empty() ? "" : stack.back()]; }
};

} // namespace

TEST(NonogramPlay, StateTextRoundTripsAndReportsErrors) {
    const Puzzle p = tiny();
    const Grid g = decode_grid(p, "#?#\n#..\n");
    EXPECT_EQ(g.at(0, 1), kUnknown);
    EXPECT_EQ(g.at(1, 0), kFilled);
    EXPECT_EQ(encode_grid(g), "#?#\n#..\n");
    EXPECT_EQ(encode_grid(decode_grid(p, "\n#?#\r\n#..")), "#?#\n#..\n");
    try {
        decode_grid(p, "#?#\n#x.\n");
        FAIL();
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.code(), PZ_ERR_PARSE);
        EXPECT_EQ(e.line(), 2);
        EXPECT_EQ(e.column(), 2);
    }
    EXPECT_THROW(decode_grid(p, "###\n"), pluzzle::Error);
    EXPECT_THROW(decode_grid(p, "###\n#...\n"), pluzzle::Error);
    EXPECT_THROW(decode_grid(p, "###\n#..\n...\n"), pluzzle::Error);
}

TEST(NonogramPlay, SolvedWhenFilledCellsMatchUnknownsCountingAsEmpty) {
    const Puzzle p = tiny();
    PlayState s = start(p);
    EXPECT_EQ(play_status(p, s).phase, PZ_PLAY_ONGOING);
    s.grid = decode_grid(p, "###\n#..\n");
    EXPECT_EQ(play_status(p, s).phase, PZ_PLAY_SOLVED);
    s.grid = decode_grid(p, "###\n#??\n"); // empties not crossed out: still solved
    EXPECT_EQ(play_status(p, s).phase, PZ_PLAY_SOLVED);
    s.grid = decode_grid(p, "###\n##?\n");
    const pluzzle::PlayStatus st = play_status(p, s);
    EXPECT_EQ(st.phase, PZ_PLAY_ONGOING);
    EXPECT_EQ(st.message, "1 of 2 rows and 2 of 3 columns match their clues");
}

TEST(NonogramPlay, MovesSetOneOrSeveralCells) {
    const Puzzle p = tiny();
    const PlayState s = start(p);
    auto a = execute_move(p, s, "set 0,0 #");
    EXPECT_EQ(encode_grid(a.grid), "#??\n???\n");
    EXPECT_EQ(a.moves, 1u);
    auto b = execute_move(p, a, "set 0,1 # 0,2 # 1,0 # 1,1 . 0,0 ?");
    EXPECT_EQ(encode_grid(b.grid), "?##\n#.?\n");
    EXPECT_EQ(encode_grid(s.grid), "???\n???\n") << "states are immutable";
    for (const char *bad : {"", "set", "set 0,0", "set 0,0 x", "set 2,0 #", "set 0,3 #", "set a,b #", "fill 0,0 #",
                            "set 0,0 # 1,1"})
        EXPECT_THROW(execute_move(p, s, bad), pluzzle::Error) << bad;
}

TEST(NonogramPlay, InterpretMapsClicksToCells) {
    const Puzzle p = tiny();
    const Layout layout = layout_of(p);
    PlayState s = start(p);
    const pz_point c01 = layout.grid.center({0, 1});
    EXPECT_EQ(interpret_input(p, s, press(c01.x, c01.y)), "set 0,1 #");
    EXPECT_EQ(interpret_input(p, s, press(c01.x, c01.y, 1)), "set 0,1 .");
    s = execute_move(p, s, "set 0,1 #");
    EXPECT_EQ(interpret_input(p, s, press(c01.x, c01.y)), "set 0,1 ?"); // filled -> unknown
    EXPECT_EQ(interpret_input(p, s, press(c01.x, c01.y, 1)), "set 0,1 ."); // filled -> empty
    s = execute_move(p, s, "set 0,1 .");
    EXPECT_EQ(interpret_input(p, s, press(c01.x, c01.y, 1)), "set 0,1 ?"); // empty -> unknown
    const pz_point c12 = layout.grid.center({1, 2});
    EXPECT_EQ(interpret_input(p, s, press(c12.x, c12.y)), "set 1,2 #");
    // Outside the grid (the clue area, the margin, far away, NaN): no move.
    EXPECT_EQ(interpret_input(p, s, press(kMargin / 2, kMargin / 2)), "");
    EXPECT_EQ(interpret_input(p, s, press(c01.x, c01.y - kCellSize * 1.5f)), "");
    EXPECT_EQ(interpret_input(p, s, press(1e6f, 1e6f)), "");
    EXPECT_EQ(interpret_input(p, s, press(NAN, c01.y)), "");
    EXPECT_EQ(interpret_input(p, s, press(c01.x, c01.y, 2)), "");
    // A drag paints the pressed cell's value along its row.
    s = start(p);
    s = execute_move(p, s, "set 0,0 #");
    const pz_point c00 = layout.grid.center({0, 0}), c02 = layout.grid.center({0, 2});
    pluzzle::Input drag = press(c02.x, c02.y);
    drag.kind = PZ_INPUT_DRAG;
    drag.start_x = c00.x;
    drag.start_y = c00.y;
    EXPECT_EQ(interpret_input(p, s, drag), "set 0,1 # 0,2 #");
}

TEST(NonogramPlay, RenderDrawsGroupsAndMarks) {
    const Puzzle p = tiny();
    Recorder bare;
    pz_canvas c1 = bare.canvas();
    pluzzle::Canvas canvas1(&c1);
    render_puzzle(p, nullptr, canvas1);
    const Layout layout = layout_of(p);
    EXPECT_FLOAT_EQ(bare.width, layout.width);
    EXPECT_EQ(bare.shapes["clues"], 5); // row clues 3, 1; column clues 2, 1, 1
    EXPECT_GT(bare.shapes["grid"], 0);
    EXPECT_EQ(bare.shapes["cells"], 0);

    Recorder played;
    pz_canvas c2 = played.canvas();
    pluzzle::Canvas canvas2(&c2);
    const Grid g = decode_grid(p, "#.?\n#??\n");
    render_puzzle(p, &g, canvas2);
    EXPECT_EQ(played.shapes["cells"], 3); // two filled squares and one dot
    EXPECT_TRUE(played.stack.empty());
}

TEST(NonogramPlay, HintsSolveWebpbn1StepByStep) {
    const Puzzle p = demo();
    PlayState s = start(p);
    pluzzle::SolveControl control(nullptr, nullptr);
    int steps = 0;
    for (; steps < 200; ++steps) {
        const std::string move = hint_move(p, s.grid, control);
        if (move.empty()) break;
        ASSERT_EQ(move.rfind("set ", 0), 0u) << move;
        s = execute_move(p, s, move);
    }
    EXPECT_GT(steps, 1) << "hints come a line at a time";
    EXPECT_EQ(play_status(p, s).phase, PZ_PLAY_SOLVED);
    EXPECT_TRUE(satisfies(p, s.grid));
    EXPECT_EQ(hint_move(p, s.grid, control), "");
}

TEST(NonogramPlay, HintClearsAWrongMarkFirst) {
    const Puzzle p = demo();
    PlayState s = start(p);
    // The goal's first row is .##.. : a mark on (0,0) is wrong.
    s = execute_move(p, s, "set 0,0 # 0,1 #");
    pluzzle::SolveControl control(nullptr, nullptr);
    EXPECT_EQ(hint_move(p, s.grid, control), "set 0,0 ?");
}

TEST(NonogramPlay, HintNeedsAGuessOnlyWhenLineLogicIsStuck) {
    // Two solutions (a 2x2 diagonal); line logic decides nothing, so the hint reveals one cell.
    const Puzzle p = load("nonogram 1\nsize 2 2\nrows\n1\n1\ncolumns\n1\n1\n");
    const PlayState s = start(p);
    pluzzle::SolveControl control(nullptr, nullptr);
    const std::string move = hint_move(p, s.grid, control);
    ASSERT_FALSE(move.empty());
    auto next = execute_move(p, s, move);
    int decided = 0;
    for (int8_t c : next.grid.cells) decided += c != kUnknown;
    EXPECT_EQ(decided, 1);
}

TEST(NonogramEdit, PaintTogglesThePictureAndDerivesClues) {
    const Puzzle p = tiny(); // no goal: the picture comes from the solution
    auto q = execute_edit(p, "paint 1,2");
    EXPECT_EQ(q.rows, (std::vector<Clue>{{3}, {1, 1}}));
    EXPECT_EQ(q.cols, (std::vector<Clue>{{2}, {1}, {2}}));
    EXPECT_EQ(q.goal, "111101");
    EXPECT_NO_THROW(validate_puzzle(q));
    auto r = execute_edit(q, "paint 0,0");
    EXPECT_EQ(r.goal, "011101");
    EXPECT_EQ(r.rows[0], (Clue{2}));
    auto s = execute_edit(r, "paint 0,0 .");
    EXPECT_EQ(s.goal, r.goal);
    const pz_point c = layout_of(p).grid.center({1, 2});
    EXPECT_EQ(edit_input(p, "paint", press(c.x, c.y)), "paint 1,2");
    EXPECT_EQ(edit_input(p, "paint", press(-5, -5)), "");
    EXPECT_EQ(edit_input(p, "clue", press(c.x, c.y)), "");
    EXPECT_THROW(edit_input(p, "brush", press(c.x, c.y)), pluzzle::Error);
    EXPECT_THROW(execute_edit(p, "paint 2,0"), pluzzle::Error);
    EXPECT_THROW(execute_edit(p, "paint 0"), pluzzle::Error);
}

TEST(NonogramEdit, ClueAndResize) {
    const Puzzle p = demo();
    auto q = execute_edit(p, "clue row 0 1 1");
    EXPECT_EQ(q.rows[0], (Clue{1, 1}));
    EXPECT_TRUE(q.goal.empty()) << "the picture no longer matches the clues";
    EXPECT_EQ(q.meta, p.meta);
    auto r = execute_edit(q, "clue col 4 0");
    EXPECT_TRUE(r.cols[4].empty());
    EXPECT_THROW(execute_edit(p, "clue row 10 1"), pluzzle::Error);
    EXPECT_THROW(execute_edit(p, "clue diagonal 0 1"), pluzzle::Error);
    EXPECT_THROW(execute_edit(p, "clue row 0 x"), pluzzle::Error);

    auto small = execute_edit(p, "resize 3 4");
    EXPECT_EQ(small.width, 3);
    EXPECT_EQ(small.height, 4);
    EXPECT_EQ(small.goal, "011011001011"); // the top-left 3x4 of the picture
    EXPECT_NO_THROW(validate_puzzle(small));
    auto big = execute_edit(small, "resize 6 5");
    EXPECT_EQ(big.goal.size(), 30u);
    EXPECT_NO_THROW(validate_puzzle(big));
    EXPECT_THROW(execute_edit(p, "resize 0 5"), pluzzle::Error);
    EXPECT_THROW(execute_edit(p, "resize 201 5"), pluzzle::Error);
    EXPECT_THROW(execute_edit(p, "rotate"), pluzzle::Error);
    EXPECT_THROW(execute_edit(p, ""), pluzzle::Error);
}

namespace {

TEST(NonogramPlay, KeyboardOnTheHostsCursorCell) {
    const Puzzle p = tiny();
    const PlayState s = start(p);
    pluzzle::Input key{};
    key.struct_size = sizeof key;
    key.kind = PZ_INPUT_KEY;
    key.has_cell = 1;
    key.cell_row = 1;
    key.cell_col = 2;
    key.key = ' ';
    EXPECT_EQ(interpret_input(p, s, key), "set 1,2 #");
    key.key = 'x';
    EXPECT_EQ(interpret_input(p, s, key), "set 1,2 .");
    key.cell_col = 3; // off the board
    EXPECT_EQ(interpret_input(p, s, key), "");
    key.has_cell = 0; // no cursor cell: a key means nothing
    key.cell_col = 0;
    EXPECT_EQ(interpret_input(p, s, key), "");
}

} // namespace
