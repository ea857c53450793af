// pluzzle::TypedPuzzle (typed_puzzle.hpp) as the export bridge calls it (typed_calls.hpp): the class's methods are
// called with the plugin's own values, and a method the class does not define answers as typed_puzzle.hpp says. Also
// the solution page's drawing helpers (ABI 1.9: render_solution, canvas_inset.hpp).
#include <pluzzle/plugin.hpp>

#include <gtest/gtest.h>

using namespace pluzzle;

namespace {

struct Counter {
    int value = 0;
};
struct Tally {
    int presses = 0;
};

class CounterPuzzle : public TypedPuzzle<Counter, Tally> {
  public:
    static constexpr uint64_t capabilities = PZ_CAP_PLAY;
    PluginInfo info() const { return {"counter", "Counter", "1", "test"}; }
    std::vector<Parsed<Counter>> parse(std::string_view text, std::string_view) const {
        return {{Counter{int(text.size())}, "n"}};
    }
    std::string encode(const Counter &c) const { return std::string(size_t(c.value), 'x'); }
    void validate(const Counter &c) const {
        if (c.value > 5) throw invalid("too long");
    }
    void render(const Counter &, const Tally *, Canvas &) const {}
    Tally start(const Counter &) const { return {}; }
    Tally decode_state(const Counter &, std::string_view text) const { return {int(text.size())}; }
    std::string encode_state(const Counter &, const Tally &t) const { return std::to_string(t.presses); }
    PlayStatus status(const Counter &c, const Tally &t) const {
        PlayStatus s;
        s.phase = t.presses >= c.value ? PZ_PLAY_SOLVED : PZ_PLAY_ONGOING;
        return s;
    }
    Tally execute(const Counter &, const Tally &t, std::string_view) const { return {t.presses + 1}; }
};

} // namespace

TEST(TypedPuzzle, TheBridgeCallsTheTypedMethodsAndDefaultsTheRest) {
    const detail::PuzzleCalls<CounterPuzzle> p;
    EXPECT_EQ(p.info().id, "counter");
    auto levels = p.parse("xxx", "");
    ASSERT_EQ(levels.size(), 1u);
    EXPECT_EQ(levels[0].name, "n");
    const Counter &level = levels[0].level;
    EXPECT_EQ(p.encode(level), "xxx");
    EXPECT_NO_THROW(p.validate(level));
    EXPECT_THROW(p.validate(p.parse("xxxxxxx", "")[0].level), Error);
    EXPECT_TRUE(p.describe(level).empty()) << "describe() not defined: no metadata";

    Tally s = p.start(level);
    for (int i = 0; i < 3; ++i)
        s = p.execute(level, s, "p");
    EXPECT_EQ(p.encode_state(level, s), "3");
    EXPECT_EQ(p.status(level, s).phase, PZ_PLAY_SOLVED);
    EXPECT_NO_THROW(p.check(level, "abc")) << "the default check, through the typed decode_state and status";
    EXPECT_THROW(p.check(level, "ab"), Error);

    SolveControl control(nullptr, nullptr);
    try {
        p.solve(level, control);
        ADD_FAILURE() << "solve() is not defined";
    } catch (const Error &e) {
        EXPECT_EQ(e.code(), PZ_ERR_UNSUPPORTED);
    }
}

namespace {

// What a canvas was asked to draw: circles (render) and texts (render_solution), and the extent begun.
struct Drawn {
    int circles = 0, texts = 0;
    float width = 0;
};
pz_canvas counting_canvas(Drawn &d) {
    pz_canvas c{};
    c.struct_size = sizeof c;
    c.ctx = &d;
    c.begin = [](void *ctx, float w, float, pz_rgba) { static_cast<Drawn *>(ctx)->width = w; };
    c.circle = [](void *ctx, float, float, float, pz_rgba, pz_rgba, float) { ++static_cast<Drawn *>(ctx)->circles; };
    c.text = [](void *ctx, float, float, float, pz_rgba, int32_t, const char *) { ++static_cast<Drawn *>(ctx)->texts; };
    return c;
}

// The counter drawn with a ring when it has a state; and the same with a solution page (ABI 1.9), each press numbered.
class RingedCounter : public CounterPuzzle {
  public:
    void render(const Counter &, const Tally *t, Canvas &c) const {
        c.begin(10, 10);
        if (t) c.circle(5, 5, 1, kBlack);
    }
};
class NumberedCounter : public RingedCounter {
  public:
    void render_solution(const Counter &, const Tally &t, Canvas &c) const {
        c.begin(20, 10);
        for (int i = 0; i < t.presses; ++i)
            move_mark(c, 2.0f * float(i), 5, 1, i + 1);
    }
};

} // namespace

TEST(TypedPuzzle, ASolutionPageIsRenderSolutionWhenDefinedElseRenderOfTheSolvedState) {
    Drawn numbered, ringed;
    pz_canvas a = counting_canvas(numbered), b = counting_canvas(ringed);
    Canvas ca(&a), cb(&b);
    detail::PuzzleCalls<NumberedCounter>().render_solution(Counter{3}, Tally{3}, ca);
    EXPECT_EQ(numbered.texts, 3) << "three presses, three numbers";
    EXPECT_EQ(numbered.width, 20);
    detail::PuzzleCalls<RingedCounter>().render_solution(Counter{3}, Tally{3}, cb);
    EXPECT_EQ(ringed.circles, 1) << "left out: render() of the solved state (its ring)";
    EXPECT_EQ(ringed.texts, 0);
    EXPECT_EQ(ringed.width, 10);

    // In the C table only when the class defines it (ABI 1.9): the host then falls back itself.
    EXPECT_NE(detail::Bridge<NumberedCounter>::exported().table.render_solution, nullptr);
    EXPECT_EQ(detail::Bridge<RingedCounter>::exported().table.render_solution, nullptr);
    EXPECT_EQ(detail::Bridge<CounterPuzzle>::exported().table.abi_minor, 9u);
}

TEST(TypedPuzzle, ACanvasInsetFitsAWholeDrawingIntoItsBox) {
    struct Seen {
        std::vector<pz_point> points;
        float radius = 0, text_size = 0;
    } seen;
    pz_canvas parent{};
    parent.struct_size = sizeof parent;
    parent.ctx = &seen;
    parent.polygon = [](void *ctx, const pz_point *p, uint32_t n, pz_rgba, pz_rgba, float) {
        auto &s = *static_cast<Seen *>(ctx);
        s.points.insert(s.points.end(), p, p + n);
    };
    parent.circle = [](void *ctx, float x, float y, float r, pz_rgba, pz_rgba, float) {
        auto &s = *static_cast<Seen *>(ctx);
        s.points.push_back({x, y});
        s.radius = r;
    };
    parent.text = [](void *ctx, float, float, float size, pz_rgba, int32_t, const char *) {
        static_cast<Seen *>(ctx)->text_size = size;
    };
    Canvas canvas(&parent);
    CanvasInset inset(canvas, 10, 10, 20, 20);
    inset.canvas().begin(100, 50, kNone); // twice as wide as high: scale 0.2, centred vertically in the box
    EXPECT_FLOAT_EQ(inset.scale(), 0.2f);
    inset.canvas().circle(100, 50, 10, kBlack);
    inset.canvas().text(0, 0, 10, kBlack, "1");
    ASSERT_EQ(seen.points.size(), 1u) << "no background: nothing but the circle";
    EXPECT_FLOAT_EQ(seen.points[0].x, 30); // the drawing's far corner: at the box's right edge, and at the bottom of
    EXPECT_FLOAT_EQ(seen.points[0].y, 25); // the drawing (10 high, centred in the 20-high box: from 15 to 25)
    EXPECT_FLOAT_EQ(seen.radius, 2);
    EXPECT_FLOAT_EQ(seen.text_size, 2);
}
