// Per-player AI profiles between a real plugin (the probe's "learner", through the ABI) and a real database file:
// the value an AI plays with, the update after a game, and every bad value stopped with a clear error.
#include "built_plugins.hpp"
#include "test_support.hpp"
#include <pluzzle/host/jobs/ai_profiles.hpp>
#include <pluzzle/host/plugin/plugin_registry.hpp>

using namespace pluzzle::host;
using namespace pluzzle::test;

namespace {

// A Nim of 4 tokens after `moves` (players alternate from player 0).
StatePtr finished_game(const Plugin &p, std::vector<std::string> moves) {
    StatePtr s = p.new_state(p.parse("probe 1\ngame 4\n", "", "nim.probe").at(0).level);
    for (auto &m : moves)
        s = p.execute(s, m);
    return s;
}

} // namespace

TEST(ProfileValue, TextRules) {
    EXPECT_EQ(profile_value_problem("50"), "");
    EXPECT_EQ(profile_value_problem("élan 3"), "");
    EXPECT_EQ(profile_value_problem(std::string(PZ_PROFILE_VALUE_MAX, 'x')), "");
    EXPECT_NE(profile_value_problem(""), "");
    EXPECT_NE(profile_value_problem(std::string(PZ_PROFILE_VALUE_MAX + 1, 'x')), "");
    EXPECT_NE(profile_value_problem("5\n"), "");
    EXPECT_NE(profile_value_problem("\xff"), "");
    EXPECT_EQ(ai_request("adaptive", std::string("57")), "adaptive:57");
    EXPECT_EQ(ai_request("easy", std::nullopt), "easy");
}

TEST(ProfileValue, StoredElseDefaultAndNoneForAnAiWithoutProfile) {
    TempDir dir;
    Store store(dir / "levels.db");
    auto p = probe();
    EXPECT_EQ(profile_value(store, "ann", *p, "learner"), "2");
    EXPECT_EQ(profile_value(store, "ann", *p, "greedy"), std::nullopt);
    store.set_profile({"ann", "probe", "learner", "7", {}});
    EXPECT_EQ(profile_value(store, "ann", *p, "learner"), "7");
    EXPECT_EQ(profile_value(store, "bob", *p, "learner"), "2");
    store.set_profile({"ann", "probe", "learner", "bad\tvalue", {}}); // as a hand-edited database might hold
    try {
        profile_value(store, "ann", *p, "learner");
        FAIL() << "a bad stored value was used";
    } catch (const InputError &e) {
        EXPECT_EQ(e.field(), "profile");
        EXPECT_NE(std::string(e.what()).find("player 'ann' for probe/learner"), std::string::npos) << e.what();
    }
    EXPECT_NO_THROW(require_ai_profile(*p, "learner"));
    try {
        require_ai_profile(*p, "greedy");
        FAIL();
    } catch (const InputError &e) {
        EXPECT_EQ(e.reason(), "AI 'greedy' keeps no player profile (AIs with a profile: learner)");
    }
    try {
        require_ai_profile(*p, "nosuch");
        FAIL();
    } catch (const InputError &e) {
        EXPECT_EQ(e.reason(), "type 'probe' has no AI 'nosuch' (AIs with a profile: learner)");
    }
}

TEST(RecordProfileGame, StoresThePluginsUpdateForAPersonAgainstTheAi) {
    TempDir dir;
    Store store(dir / "levels.db");
    auto p = probe();
    // Player 0 (a person) takes 1, the learner 2, the person the last one: the learner lost.
    StatePtr won = finished_game(*p, {"take 1", "take 2", "take 1"});
    auto changes = record_profile_game(store, "ann", *p, won.get(), {"", "learner"});
    ASSERT_EQ(changes.size(), 1u);
    EXPECT_EQ(changes[0].ai, "learner");
    EXPECT_EQ(changes[0].before, "2");
    EXPECT_EQ(changes[0].after, "3");
    EXPECT_EQ(store.profile("ann", "probe", "learner")->value, "3");
    record_profile_game(store, "ann", *p, won.get(), {"", "learner"});
    EXPECT_EQ(store.profile("ann", "probe", "learner")->value, "4"); // each call is one more game

    // Nothing for an unfinished game, for AIs among themselves, or for AIs without a profile.
    StatePtr ongoing = finished_game(*p, {"take 1"});
    EXPECT_TRUE(record_profile_game(store, "ann", *p, ongoing.get(), {"", "learner"}).empty());
    EXPECT_TRUE(record_profile_game(store, "ann", *p, won.get(), {"learner", "learner"}).empty());
    EXPECT_TRUE(record_profile_game(store, "ann", *p, won.get(), {"", "greedy"}).empty());
    EXPECT_EQ(store.profile("ann", "probe", "learner")->value, "4");

    // A stored value the plugin cannot read: a clear error, and the value stays.
    store.set_profile({"bob", "probe", "learner", "lots", {}});
    try {
        record_profile_game(store, "bob", *p, won.get(), {"", "learner"});
        FAIL() << "an unreadable value was updated";
    } catch (const InputError &e) {
        EXPECT_NE(std::string(e.what()).find("bad level 'lots'"), std::string::npos) << e.what();
    }
    EXPECT_EQ(store.profile("bob", "probe", "learner")->value, "lots");
}
