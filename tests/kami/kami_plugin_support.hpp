// kami_plugin_support.hpp -- the built kami plugin module, loaded through the host library (dlopen and the C table,
// exactly as the CLI and the editor load it), and a recording canvas for the core's drawing code.
#pragma once
#include "board.hpp"

#include <pluzzle/canvas.hpp>
#include <pluzzle/host/render/display_list.hpp>
#include <pluzzle/host/plugin/plugin_registry.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>

namespace kami::test {

using pluzzle::host::DisplayList;
using pluzzle::host::DrawItem;

inline const pluzzle::host::Plugin &plugin() {
    static const pluzzle::host::PluginRegistry registry = [] {
        pluzzle::host::PluginRegistry r;
        r.load_file(PLUZZLE_PLUGIN_FILE);
        return r;
    }();
    const auto p = registry.find("kami");
    if (!p) {
        ADD_FAILURE() << "kami plugin not loaded from " << PLUZZLE_PLUGIN_FILE << ": "
                      << (registry.problems().empty() ? "" : registry.problems()[0].reason);
        std::abort();
    }
    return *p;
}

// A key press, at a cell when the editor or player has a keyboard cursor there.
inline pz_input key(int32_t k, bool at_cell = false, int row = 0, int col = 0) {
    pz_input in{};
    in.struct_size = sizeof in;
    in.kind = PZ_INPUT_KEY;
    in.key = k;
    in.has_cell = at_cell;
    in.cell_row = row, in.cell_col = col;
    return in;
}

inline pluzzle::host::LevelPtr plugin_level(const std::string &text) {
    auto levels = plugin().parse(text, "", "test");
    EXPECT_EQ(levels.size(), 1u);
    return levels.at(0).level;
}

// What `draw` drew on a pluzzle::Canvas, recorded by the host's recorder.
inline DisplayList record(const std::function<void(pluzzle::Canvas &)> &draw) {
    pluzzle::host::DisplayListRecorder recorder;
    pluzzle::Canvas canvas(&recorder.canvas());
    draw(canvas);
    return recorder.take();
}

inline bool near(pz_point a, pz_point b, float eps = 1e-3f) {
    return std::fabs(a.x - b.x) < eps && std::fabs(a.y - b.y) < eps;
}

// How many corners two polygons share: 2 for cells that share an edge.
inline int shared_corners(const std::vector<pz_point> &a, const std::vector<pz_point> &b) {
    int n = 0;
    for (const pz_point &p : a)
        for (const pz_point &q : b)
            n += near(p, q);
    return n;
}

} // namespace kami::test
