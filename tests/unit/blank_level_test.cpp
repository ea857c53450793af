// Blank levels (ABI 1.2, capability 'blank') of each bundled plugin through real dlopen: made from the generator
// parameters, they validate, round-trip through encode/parse, draw, and start a play state.
#include "built_plugins.hpp"
#include <pluzzle/host/plugin/plugin_registry.hpp>
#include <pluzzle/host/render/svg_writer.hpp>
#include "test_support.hpp"

using namespace pluzzle::host;
using namespace pluzzle::test;

namespace {

// The blank level's canonical text, after checking that it round-trips, draws and plays.
std::string blank_text(const std::string &id, const KeyValues &params) {
    auto p = built_plugins().find(id);
    EXPECT_TRUE(p) << id;
    if (!p) return {};
    EXPECT_TRUE(p->can_blank());
    LevelPtr level = p->blank(params); // validated by the host
    const std::string text = p->encode(level.get());
    auto again = p->parse(text, "", "blank");
    EXPECT_EQ(again.size(), 1u);
    if (again.empty()) return text;
    EXPECT_EQ(p->encode(again[0].level.get()), text) << "blank levels round-trip";
    (void)svg_document(p->render(level.get(), nullptr));
    if (p->can(PZ_CAP_PLAY)) (void)p->status(p->new_state(level).get());
    return text;
}

} // namespace

TEST(BlankLevel, NonogramIsAnEmptyGridOfTheGeneratorSize) {
    const std::string text = blank_text("nonogram", {{"width", "4"}, {"height", "3"}});
    auto p = built_plugins().find("nonogram");
    LevelPtr level = p->blank({{"width", "4"}, {"height", "3"}});
    bool sized = false;
    for (auto &[k, v] : p->describe(level.get()))
        sized = sized || (k == "size" && v.find('4') != std::string::npos && v.find('3') != std::string::npos);
    EXPECT_TRUE(sized) << text;
    // Every clue is blank: the only solution is the empty picture.
    const SolveReport r = p->solve(level.get(), {});
    EXPECT_EQ(r.status, PZ_SOLVE_UNIQUE);
    EXPECT_THROW(p->blank({{"width", "0"}}), InputError);
}

TEST(BlankLevel, LightsOutHasEveryLightOff) {
    const std::string text = blank_text("lightsout", {{"width", "3"}, {"height", "2"}});
    EXPECT_NE(text.find("size 3 2"), std::string::npos) << text;
    EXPECT_EQ(text.find('#'), std::string::npos) << text; // no light on
    auto p = built_plugins().find("lightsout");
    LevelPtr level = p->blank({});
    EXPECT_EQ(p->status(p->new_state(level).get()).phase, PZ_PLAY_SOLVED); // nothing left to switch off
}

TEST(BlankLevel, SliceitIsOneSquareWithTheGivenStrokesAndPieces) {
    const std::string text = blank_text("sliceit", {{"strokes", "3"}, {"pieces", "6"}});
    EXPECT_NE(text.find("\"strokes\": 3"), std::string::npos) << text;
    EXPECT_NE(text.find("\"pieces\": 6"), std::string::npos) << text;
    // The defaults (2 strokes, 4 pieces) make a square that two crossing cuts solve.
    auto p = built_plugins().find("sliceit");
    SolveOptions limits;
    limits.time_limit_s = 10;
    EXPECT_FALSE(p->solve(p->blank({}).get(), limits).solutions.empty());
    EXPECT_THROW(p->blank({{"strokes", "1"}, {"pieces", "9"}}), InputError); // one cut makes at most 2 pieces
}

TEST(BlankLevel, CelladdIsTheLayoutWithNoOpening) {
    const std::string text =
        blank_text("celladd", {{"layout", "petri"}, {"cells", "13"}, {"opening", "5"}, {"opponent", "easy"}});
    EXPECT_NE(text.find("layout petri 13"), std::string::npos) << text;
    EXPECT_NE(text.find("opponent easy"), std::string::npos) << text;
    EXPECT_EQ(text.find("opening"), std::string::npos) << text;
    auto p = built_plugins().find("celladd");
    EXPECT_EQ(p->status(p->new_state(p->blank({})).get()).moves, 0u);
}
