// pluzzle::TypedPuzzle (typed_puzzle.hpp) as the export bridge calls it (typed_calls.hpp): the class's methods are
// called with the plugin's own values, and a method the class does not define answers as typed_puzzle.hpp says.
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
