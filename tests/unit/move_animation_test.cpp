// Move animation (ABI 1.4, capability 'animate') through the real loop plugin: frame 0 shows the state before the
// move, the last frame the state after it, and a frame between shows the tile part of the way round.
#include "built_plugins.hpp"
#include <pluzzle/host/render/svg_writer.hpp>
#include "test_support.hpp"

#include <cmath>

using namespace pluzzle::host;
using namespace pluzzle::test;

namespace {

// The pipes (polylines) of the "pipes" group that start at the centre (x, y).
std::vector<pz_point> pipe_ends_from(const DisplayList &d, float x, float y) {
    std::vector<pz_point> ends;
    for (const DrawItem &item : d.items)
        if (item.kind == DrawItem::Polyline && std::abs(item.points[0].x - x) < 0.01f && std::abs(item.points[0].y - y) < 0.01f)
            ends.push_back(item.points.back());
    return ends;
}

} // namespace

TEST(MoveAnimation, TheLoopPluginTurnsATileFromBeforeToAfter) {
    auto p = built_plugins().find("loop");
    ASSERT_TRUE(p);
    ASSERT_TRUE(p->can_animate());
    // A single east-pointing pipe at tile (0,0) of a 2x1 board: its centre is (30, 30), its pipe ends at (50, 30).
    const LevelPtr level = p->parse("loop 1\nrules loop\ngrid square\nsize 2 1\ntiles\n28\n", "", "t.loop").at(0).level;
    const StatePtr before = p->new_state(level);
    const StatePtr after = p->execute(before, "r 0,0");

    EXPECT_EQ(svg_document(p->render_move(before.get(), "r 0,0", 1), 1), svg_document(p->render(level.get(), after.get()), 1));
    EXPECT_EQ(pipe_ends_from(p->render_move(before.get(), "r 0,0", 0), 30, 30).size(), 1u);
    const pz_point start = pipe_ends_from(p->render_move(before.get(), "r 0,0", 0), 30, 30).at(0);
    EXPECT_NEAR(start.x, 50, 0.01);
    EXPECT_NEAR(start.y, 30, 0.01);
    // Half way: a quarter turn clockwise half done, so the pipe points south-east (y grows downwards).
    const pz_point half = pipe_ends_from(p->render_move(before.get(), "r 0,0", 0.5f), 30, 30).at(0);
    EXPECT_NEAR(half.x, 30 + 20 / std::sqrt(2.0f), 0.01);
    EXPECT_NEAR(half.y, 30 + 20 / std::sqrt(2.0f), 0.01);
    // Turning back goes the other way round.
    const pz_point back = pipe_ends_from(p->render_move(before.get(), "u 0,0", 0.5f), 30, 30).at(0);
    EXPECT_NEAR(back.y, 30 - 20 / std::sqrt(2.0f), 0.01);
    // A bad move is an error naming the move, as for execute.
    EXPECT_THROW(p->render_move(before.get(), "r 7,7", 0.5f), InputError);
    // A plugin without the capability says so.
    auto lo = built_plugins().find("lightsout");
    EXPECT_FALSE(lo->can_animate());
    EXPECT_THROW(lo->render_move(lo->new_state(lo->parse("lightsout 1\nsize 1 1\n#\n", "", "x").at(0).level).get(), "p 0,0", 0.5f),
                 PluginError);
}
