// The plugin loader against real built libraries: good ones load, broken ones are reported and skipped.
#include <pluzzle/host/plugin/plugin_registry.hpp>
#include "test_support.hpp"

#include <boost/dll/shared_library.hpp>

using namespace pluzzle::host;
using namespace pluzzle::test;

namespace {

std::string reason_for(const PluginRegistry &reg, const std::string &file_part) {
    for (auto &p : reg.problems())
        if (p.path.find(file_part) != std::string::npos) return p.reason;
    return "<not reported>";
}

} // namespace

TEST(PluginLoader, LoadsTheBuiltPluginsFromTheBuildFolder) {
    PluginRegistry reg;
    reg.load_folders({PLUZZLE_PLUGIN_DIR});
    auto lo = reg.find("lightsout");
    ASSERT_TRUE(lo) << "problems: " << (reg.problems().empty() ? "" : reg.problems()[0].reason);
    EXPECT_EQ(lo->abi(), std::to_string(PZ_ABI_MAJOR) + "." + std::to_string(PZ_ABI_MINOR));
    EXPECT_TRUE(lo->can(PZ_CAP_SOLVE));
    EXPECT_TRUE(lo->has_extension("lightsout"));
    EXPECT_TRUE(reg.problems().empty());
}

TEST(PluginLoader, RejectsAnotherAbiMajorWithAClearMessage) {
    PluginRegistry reg;
    EXPECT_FALSE(reg.load_file(probe_dir("bad") + "/pluzzle_probe_abi2.so"));
    EXPECT_EQ(reason_for(reg, "probe_abi2"), "built for plugin ABI 2.0, but this pluzzle supports ABI 1.x");
    EXPECT_FALSE(reg.find("probe_abi2"));
}

TEST(PluginLoader, AcceptsAnOlderMinorAndTreatsLaterFieldsAsAbsent) {
    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(probe_dir("old") + "/pluzzle_probe_old.so")) << reason_for(reg, "probe_old");
    auto p = reg.find("probe_old");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->abi(), "1.0");
    EXPECT_EQ(p->table().struct_size, PZ_PLUGIN_SIZE_1_0);
    EXPECT_TRUE(p->ais().empty());
    // The 1.0 operations work.
    auto levels = p->parse("probe 1\nvalue 3\n", "", "t.probe");
    ASSERT_EQ(levels.size(), 1u);
    EXPECT_EQ(p->solve(levels[0].level.get(), {}).solutions.at(0), "answer 3");
    // A 1.1 operation is reported as missing, not called through garbage; so is a 1.2 one.
    auto state = p->new_state(levels[0].level);
    EXPECT_THROW(p->ai_move(state.get(), "any", {}), PluginError);
    EXPECT_FALSE(p->ai_profile("learner"));
    EXPECT_THROW(p->ai_profile_update(state.get(), "learner", 1, "2"), PluginError);
    EXPECT_FALSE(p->can_blank());
    EXPECT_THROW(p->blank({}), PluginError);
}

TEST(PluginLoader, AcceptsAMinor1PluginWhoseAisKeepNoProfiles) {
    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(probe_dir("old11") + "/pluzzle_probe_minor1.so")) << reason_for(reg, "probe_minor1");
    auto p = reg.find("probe_minor1");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->abi(), "1.1");
    EXPECT_EQ(p->table().struct_size, PZ_PLUGIN_SIZE_1_1);
    // The 1.1 game works; the profile fields the bridge filled lie past struct_size and are not read.
    ASSERT_EQ(p->ais().size(), 2u);
    for (auto &ai : p->ais()) EXPECT_TRUE(ai.profile.name.empty()) << ai.id;
    EXPECT_FALSE(p->ai_profile("learner"));
    auto level = p->parse("probe 1\ngame 7\n", "", "nim.probe").at(0).level;
    StatePtr s = p->execute(p->new_state(level), "take 3");
    EXPECT_EQ(p->ai_move(s.get(), "greedy", {}), "take 1");
    EXPECT_THROW(p->ai_profile_update(s.get(), "learner", 1, "2"), PluginError);
    // blank_level (1.2) lies past the table too, though the bridge filled it.
    EXPECT_NE(p->table().blank_level, nullptr);
    EXPECT_FALSE(p->can_blank());
    EXPECT_THROW(p->blank({}), PluginError);
}

// ABI 1.3: the SDK exports a plain C function; the Boost.DLL alias of SDKs 1.0-1.2 is only read, never written.
TEST(PluginLoader, BuiltPluginsExportThePlainEntryFunctionAndNoBoostAlias) {
    size_t checked = 0;
    for (auto &e : fs::directory_iterator(PLUZZLE_PLUGIN_DIR)) {
        if (e.path().extension() != ".so") continue;
        SCOPED_TRACE(e.path().string());
        boost::dll::shared_library lib(e.path().string());
        EXPECT_TRUE(lib.has(PZ_ENTRY_SYMBOL));
        EXPECT_FALSE(lib.has(PZ_LEGACY_ALIAS_SYMBOL));
        ++checked;
    }
    EXPECT_GE(checked, 4u); // the template and the three shipped plugins
}

// Built with -fno-elide-constructors (tests/plugins/CMakeLists.txt): every descriptor string must still be there,
// which holds only if the bridge never points into an object that is later moved or copied.
TEST(PluginLoader, TheTemplateBuiltWithoutCopyElisionKeepsItsDescriptors) {
    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(probe_dir("no_elide") + "/pluzzle_template_no_elide.so"))
        << reason_for(reg, "no_elide");
    auto p = reg.find("lightsout");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->name(), "Lights Out");
    EXPECT_EQ(p->version(), "1.0.0");
    EXPECT_EQ(p->description(), "Pressing a light toggles it and its four neighbours. Switch every light off.");
    ASSERT_EQ(p->formats().size(), 2u);
    EXPECT_EQ(p->formats()[1].name, "plain");
    EXPECT_TRUE(p->has_extension("lo01"));
    EXPECT_EQ(capability_list(p->capabilities()), "solve,count,generate,play,edit,blank,split");
    auto levels = p->parse(read_file(data_dir() + "/lightsout/classic.lightsout"), "", "classic.lightsout");
    ASSERT_FALSE(levels.empty());
    EXPECT_EQ(p->solve(levels[0].level.get(), {}).status, PZ_SOLVE_UNIQUE);
}

TEST(PluginLoader, AMinor2PluginWithOnlyTheBoostAliasStillLoads) {
    const std::string path = probe_dir("old12") + "/pluzzle_probe_minor2.so";
    {
        boost::dll::shared_library lib(path);
        ASSERT_FALSE(lib.has(PZ_ENTRY_SYMBOL)) << "the test needs a plugin that has the alias alone";
        ASSERT_TRUE(lib.has(PZ_LEGACY_ALIAS_SYMBOL));
    }
    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(path)) << reason_for(reg, "probe_minor2");
    auto p = reg.find("probe_minor2");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->abi(), "1.2");
    EXPECT_TRUE(p->can_blank());
    EXPECT_EQ(p->encode(p->blank({{"value", "4"}}).get()), "probe 1\nvalue 4\n");
    EXPECT_TRUE(p->ai_profile("learner"));
}

TEST(PluginLoader, ABlankLevelComesFromTheGeneratorParametersThroughTheAbi) {
    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(probe_dir("good") + "/pluzzle_probe.so"));
    auto p = reg.find("probe");
    ASSERT_TRUE(p);
    EXPECT_TRUE(p->can_blank());
    EXPECT_NE(capability_list(p->capabilities()).find("blank"), std::string::npos);
    EXPECT_EQ(p->encode(p->blank({}).get()), "probe 1\nvalue 7\n"); // the parameter's default
    EXPECT_EQ(p->encode(p->blank({{"value", "12"}}).get()), "probe 1\nvalue 12\n");
    EXPECT_THROW(p->blank({{"value", "5000"}}), InputError); // out of the declared range, as for generate
}

TEST(PluginLoader, AProfileAiLearnsThroughTheAbi) {
    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(probe_dir("good") + "/pluzzle_probe.so"));
    auto p = reg.find("probe");
    EXPECT_EQ(p->abi(), std::to_string(PZ_ABI_MAJOR) + "." + std::to_string(PZ_ABI_MINOR));
    const auto profile = p->ai_profile("learner");
    ASSERT_TRUE(profile);
    EXPECT_EQ(profile->name, "level");
    EXPECT_EQ(profile->default_value, "2");
    EXPECT_FALSE(p->ai_profile("greedy"));
    EXPECT_FALSE(p->ai_profile("nosuch"));
    auto level = p->parse("probe 1\ngame 7\n", "", "nim.probe").at(0).level;
    StatePtr s = p->execute(p->new_state(level), "take 1");
    // The AI plays with the value the host hands it in its id.
    EXPECT_EQ(p->ai_move(s.get(), "learner:1", {}), "take 1");
    EXPECT_EQ(p->ai_move(s.get(), "learner:3", {}), "take 3");
    EXPECT_EQ(p->ai_move(s.get(), "learner", {}), "take 2");                    // no player known: the default
    EXPECT_THROW(p->ai_profile_update(s.get(), "learner", 1, "2"), InputError); // not finished
    s = p->execute(p->execute(s, "take 3"), "take 3");                          // player 0 takes the last token
    ASSERT_EQ(p->status(s.get()).winner, 0);
    EXPECT_EQ(p->ai_profile_update(s.get(), "learner", 1, "2"), "3"); // lost: one level up
    EXPECT_EQ(p->ai_profile_update(s.get(), "learner", 0, "2"), "1"); // as the winner: one down
    try {
        p->ai_profile_update(s.get(), "learner", 1, "lots");
        FAIL() << "a bad value was accepted";
    } catch (const InputError &e) {
        EXPECT_EQ(e.field(), "profile");
        EXPECT_NE(e.reason().find("bad level 'lots'"), std::string::npos) << e.what();
    }
    EXPECT_THROW(p->ai_profile_update(s.get(), "greedy", 1, "2"), InputError);
}

TEST(PluginLoader, ReportsLibrariesThatAreNotPlugins) {
    TempDir dir;
    write_file(dir / "garbage.so", "this is not an ELF file\n");
    fs::copy_file(probe_dir("bad") + "/pluzzle_no_symbol.so", dir / "nosym.so");
    fs::copy_file(probe_dir("bad") + "/pluzzle_probe_null.so", dir / "null.so");
    fs::copy_file(probe_dir("bad") + "/pluzzle_probe_throwing.so", dir / "throwing.so");
    fs::copy_file(probe_dir("bad") + "/pluzzle_probe_bad_default.so", dir / "default.so");
    fs::copy_file(probe_dir("good") + "/pluzzle_probe.so", dir / "zz_good.so");
    PluginRegistry reg;
    reg.load_folders({dir.path().string()});
    EXPECT_NE(reason_for(reg, "garbage.so").find("not a loadable shared library"), std::string::npos)
        << reason_for(reg, "garbage.so");
    EXPECT_EQ(reason_for(reg, "nosym.so"), "not a pluzzle plugin: it lacks the entry function 'pluzzle_plugin_entry' "
                                           "(and the alias 'pluzzle_plugin' of ABI 1.0-1.2)");
    EXPECT_EQ(reason_for(reg, "null.so"), "its entry point returned no plugin table");
    // ABI 1.5: the plugin's own reason comes through the entry's error channel.
    EXPECT_EQ(reason_for(reg, "throwing.so"),
              "its entry point returned no plugin table: info() failed: probe refuses to initialise");
    EXPECT_EQ(
        reason_for(reg, "default.so"),
        "plugin 'probe_bad_default' declares a default its own parameter refuses: parameter 'value' = '1001': out "
        "of range [0, 1000]");
    // The good one after them still loads.
    ASSERT_EQ(reg.plugins().size(), 1u);
    EXPECT_EQ(reg.plugins()[0]->id(), "probe");
    EXPECT_EQ(reg.problems().size(), 5u);
}

TEST(PluginLoader, SkipsARepeatedIdAndKeepsTheFirst) {
    TempDir a, b;
    fs::copy_file(probe_dir("good") + "/pluzzle_probe.so", a / "probe.so");
    fs::copy_file(probe_dir("good") + "/pluzzle_probe.so", b / "probe_copy.so");
    PluginRegistry reg;
    reg.load_folders({a.path().string(), b.path().string()});
    ASSERT_EQ(reg.plugins().size(), 1u);
    EXPECT_EQ(reg.plugins()[0]->path(), a / "probe.so");
    EXPECT_EQ(reason_for(reg, "probe_copy.so"), "duplicate plugin id 'probe' (already loaded from " + (a / "probe.so") + ")");
}

TEST(PluginLoader, SearchPathOrderIsBuildThenEnvironmentThenExtra) {
    TempDir a, b, extra;
    setenv("PLUZZLE_PLUGIN_PATH", (a.path().string() + ":" + b.path().string() + "::/does/not/exist").c_str(), 1);
    auto path = PluginRegistry::default_search_path({extra.path().string()});
    unsetenv("PLUZZLE_PLUGIN_PATH");
    ASSERT_GE(path.size(), 4u);
    EXPECT_EQ(path[0], fs::weakly_canonical(PLUZZLE_PLUGIN_DIR).string());
    EXPECT_EQ(path[1], fs::weakly_canonical(a.path()).string());
    EXPECT_EQ(path[2], fs::weakly_canonical(b.path()).string());
    EXPECT_EQ(path[3], fs::weakly_canonical(extra.path()).string());
}

TEST(PluginLoader, ExceptionsInsideAPluginBecomeErrorsNotCrashes) {
    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(probe_dir("good") + "/pluzzle_probe.so"));
    auto p = reg.find("probe");
    // A foreign exception while reading the user's text is still that file's problem: an InputError naming it.
    try {
        p->parse("probe 1\nthrow parse\n", "", "x.probe");
        FAIL() << "expected an error";
    } catch (const InputError &e) {
        EXPECT_EQ(e.file(), "x.probe");
        EXPECT_NE(std::string(e.what()).find("probe throws in parse"), std::string::npos) << e.what();
    }
    try {
        p->parse("probe 1\nthrow parse_int\n", "", "x.probe");
        FAIL() << "expected an error";
    } catch (const InputError &e) {
        EXPECT_NE(std::string(e.what()).find("unknown exception"), std::string::npos) << e.what();
    }
    try {
        p->parse("probe 1\nthrow validate\n", "", "x.probe");
        FAIL() << "expected an error";
    } catch (const InputError &e) {
        EXPECT_NE(std::string(e.what()).find("probe throws in validate"), std::string::npos) << e.what();
    }
    // Elsewhere it is the plugin's failure, not the input's.
    auto solve_thrower = p->parse("probe 1\nthrow solve\n", "", "x.probe");
    EXPECT_THROW(p->solve(solve_thrower[0].level.get(), {}), PluginError);
    auto render_thrower = p->parse("probe 1\nthrow render\n", "", "x.probe");
    EXPECT_THROW(p->render(render_thrower[0].level.get(), nullptr), PluginError);
}

TEST(PluginLoader, ParseErrorsCarryFileLineColumnAndField) {
    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(probe_dir("good") + "/pluzzle_probe.so"));
    try {
        reg.find("probe")->parse("probe 1\nvalue 3\n  colour 4\n", "", "levels/x.probe");
        FAIL() << "expected an error";
    } catch (const InputError &e) {
        EXPECT_EQ(e.file(), "levels/x.probe");
        EXPECT_EQ(e.line(), 3);
        EXPECT_EQ(e.column(), 3);
        EXPECT_EQ(e.field(), "colour");
        EXPECT_STREQ(e.what(), "levels/x.probe:3:3: field 'colour': unknown key 'colour'");
    }
}

TEST(PluginLoader, SolveHonoursCancellationAndTimeLimit) {
    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(probe_dir("good") + "/pluzzle_probe.so"));
    auto p = reg.find("probe");
    auto slow = p->parse("probe 1\nsleep_ms 60000\n", "", "slow.probe");
    std::atomic<bool> cancel{true};
    SolveOptions cancelled;
    cancelled.cancel = &cancel;
    EXPECT_EQ(p->solve(slow[0].level.get(), cancelled).status, PZ_SOLVE_CANCELLED);
    SolveOptions limited;
    limited.time_limit_s = 0.05;
    const SolveReport r = p->solve(slow[0].level.get(), limited);
    EXPECT_EQ(r.status, PZ_SOLVE_LIMIT);
    EXPECT_LT(r.time_ms, 5000);
}

// The keys the isolated-worker tests misbehave with (issue 13) are canonical text; only the harmless ones are
// solved here, in the test's own process.
TEST(PluginLoader, ProbeWorkGivesTheSameNodesEveryTimeAndTheMisbehavingKeysRoundTrip) {
    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(probe_dir("good") + "/pluzzle_probe.so"));
    auto p = reg.find("probe");
    const std::string all = "probe 1\nvalue 5\ncrash segv\nhang_ms 20\nhog_mb 3\nwork 1\nprint\n";
    EXPECT_EQ(p->encode(p->parse(all, "", "x.probe").at(0).level.get()), all);
    for (const char *how : {"abort", "exit"}) {
        const std::string text = std::string("probe 1\nvalue 0\ncrash ") + how + "\n";
        EXPECT_EQ(p->encode(p->parse(text, "", "x.probe").at(0).level.get()), text);
    }
    try {
        p->parse("probe 1\ncrash gently\n", "", "x.probe");
        FAIL() << "an unknown crash was accepted";
    } catch (const InputError &e) {
        EXPECT_EQ(e.field(), "crash");
    }

    auto level = p->parse("probe 1\nvalue 3\nwork 2\nhog_mb 2\nhang_ms 5\n", "", "work.probe");
    const SolveReport a = p->solve(level[0].level.get(), {});
    const SolveReport b = p->solve(level[0].level.get(), {});
    EXPECT_EQ(a.status, PZ_SOLVE_UNIQUE);
    EXPECT_EQ(a.solutions, std::vector<std::string>{"answer 3"});
    EXPECT_EQ(a.nodes, 2'000'000u);
    EXPECT_EQ(b.nodes, a.nodes);
    EXPECT_EQ(b.stats, a.stats); // the xorshift state: the work was done, the same way

    SolveOptions limited;
    limited.node_limit = 500'000;
    const SolveReport cut = p->solve(level[0].level.get(), limited);
    EXPECT_EQ(cut.status, PZ_SOLVE_LIMIT);
    EXPECT_EQ(cut.nodes, 500'000u);
    std::atomic<bool> cancel{true};
    SolveOptions cancelled;
    cancelled.cancel = &cancel;
    EXPECT_EQ(p->solve(level[0].level.get(), cancelled).status, PZ_SOLVE_CANCELLED);
}

// The plugin-mismatch tests need one plugin id at two versions.
TEST(PluginLoader, TheV2ProbeIsTheSameIdAtVersion2) {
    PluginRegistry v1, v2;
    ASSERT_TRUE(v1.load_file(probe_dir("good") + "/pluzzle_probe.so"));
    ASSERT_TRUE(v2.load_file(probe_dir("v2") + "/pluzzle_probe_v2.so")) << reason_for(v2, "probe_v2");
    ASSERT_TRUE(v2.find("probe"));
    EXPECT_EQ(v1.find("probe")->version(), "1.0.0");
    EXPECT_EQ(v2.find("probe")->version(), "2.0.0");
}

TEST(PluginLoader, TableCheckNamesWhatIsMissing) {
    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(probe_dir("good") + "/pluzzle_probe.so"));
    pz_plugin copy = reg.find("probe")->table();
    EXPECT_EQ(check_plugin_table(&copy), "");
    copy.solve = nullptr;
    EXPECT_EQ(check_plugin_table(&copy), "plugin 'probe' lacks solve (capability 'solve')");
    copy = reg.find("probe")->table();
    copy.id = "Bad Id";
    EXPECT_EQ(check_plugin_table(&copy), "invalid plugin id (must be 1-40 characters of [a-z0-9_-])");
    copy = reg.find("probe")->table();
    copy.struct_size = 16;
    EXPECT_NE(check_plugin_table(&copy).find("smaller than ABI 1.0 requires"), std::string::npos);

    // 1.4: a claimed picture import or move animation needs its function, and a 1.3-sized table has neither.
    copy = reg.find("probe")->table();
    copy.capabilities |= PZ_CAP_IMPORT_IMAGE;
    EXPECT_EQ(check_plugin_table(&copy), "plugin 'probe' lacks import_image of ABI 1.4 (capability 'import-image')");
    // Cubes (1.8): both functions, in a table that reaches them.
    copy = reg.find("probe")->table();
    ASSERT_TRUE(copy.capabilities & PZ_CAP_SPLIT);
    EXPECT_EQ(check_plugin_table(&copy), "");
    copy.solve_cube = nullptr;
    EXPECT_EQ(check_plugin_table(&copy), "plugin 'probe' lacks split and solve_cube of ABI 1.8 (capability 'split')");
    copy = reg.find("probe")->table();
    copy.struct_size = PZ_PLUGIN_SIZE_1_7;
    EXPECT_EQ(check_plugin_table(&copy), "plugin 'probe' lacks split and solve_cube of ABI 1.8 (capability 'split')");

    copy = reg.find("probe")->table();
    copy.capabilities &= ~uint64_t(PZ_CAP_SPLIT); // (below, tables older than 1.8)
    copy.capabilities |= PZ_CAP_ANIMATE;
    copy.render_move = [](const pz_state *, const char *, size_t, float, const pz_canvas *, pz_error *) { return PZ_OK; };
    EXPECT_EQ(check_plugin_table(&copy), "");
    copy.struct_size = PZ_PLUGIN_SIZE_1_3; // the function lies past a 1.3 table: not there
    EXPECT_EQ(check_plugin_table(&copy), "plugin 'probe' lacks render_move of ABI 1.4 (capability 'animate')");

    // AI profiles (1.2): each names a declared AI once, has its strings, a good default and the update.
    copy = reg.find("probe")->table();
    copy.ai_profile_update = nullptr;
    EXPECT_EQ(check_plugin_table(&copy), "plugin 'probe' declares AI profiles but lacks ai_profile_update (ABI 1.2)");
    copy = reg.find("probe")->table();
    copy.struct_size = PZ_PLUGIN_SIZE_1_1; // the same table read as 1.1: no profiles, nothing to check...
    copy.capabilities &= ~uint64_t(PZ_CAP_SPLIT);
    EXPECT_EQ(check_plugin_table(&copy), "plugin 'probe' lacks blank_level of ABI 1.2 (capability 'blank')");
    copy.capabilities &= ~uint64_t(PZ_CAP_BLANK); // ...once it does not claim the 1.2 blank levels either
    EXPECT_EQ(check_plugin_table(&copy), "");
    copy = reg.find("probe")->table();
    copy.blank_level = nullptr;
    EXPECT_EQ(check_plugin_table(&copy), "plugin 'probe' lacks blank_level of ABI 1.2 (capability 'blank')");
    pz_ai_profile profiles[2] = {copy.ai_profiles[0], copy.ai_profiles[0]};
    copy = reg.find("probe")->table();
    copy.ai_profiles = profiles;
    copy.ai_profile_count = 2;
    EXPECT_EQ(check_plugin_table(&copy), "plugin 'probe' has AI profile 2: AI 'learner' has two profiles");
    copy.ai_profile_count = 1;
    profiles[0].ai = "nosuch";
    EXPECT_EQ(check_plugin_table(&copy), "plugin 'probe' has AI profile 1 for an unknown AI 'nosuch'");
    profiles[0].ai = "learner";
    profiles[0].default_value = "";
    EXPECT_EQ(check_plugin_table(&copy),
              "plugin 'probe' has AI profile 1: bad default value: a profile value cannot be empty");
    profiles[0].default_value = nullptr;
    EXPECT_EQ(check_plugin_table(&copy), "plugin 'probe' has AI profile 1 with a missing string");
}

TEST(PluginLoader, AGameHasPlayersScoresAndAiMovesThroughTheAbi) {
    PluginRegistry reg;
    ASSERT_TRUE(reg.load_file(probe_dir("good") + "/pluzzle_probe.so"));
    auto p = reg.find("probe");
    ASSERT_TRUE(p->can(PZ_CAP_GAME));
    ASSERT_EQ(p->ais().size(), 2u); // greedy, learner
    EXPECT_EQ(p->ais()[0].id, "greedy");
    auto level = p->parse("probe 1\ngame 7\n", "", "nim.probe").at(0).level;
    StatePtr s = p->new_state(level);
    PlayStatus st = p->status(s.get());
    EXPECT_EQ(st.players, 2u);
    EXPECT_EQ(st.to_move, 0u);
    s = p->execute(s, "take 3"); // player 0
    EXPECT_EQ(p->status(s.get()).to_move, 1u);
    const std::string reply = p->ai_move(s.get(), "greedy", {});
    EXPECT_EQ(reply, "take 1"); // 4 left: no winning move, take one
    s = p->execute(s, reply);
    s = p->execute(s, "take 3"); // player 0 takes the last three
    st = p->status(s.get());
    EXPECT_EQ(st.phase, PZ_PLAY_GAME_OVER);
    EXPECT_EQ(st.winner, 0);
    EXPECT_EQ(st.scores, (std::vector<double>{6, 1}));
    EXPECT_EQ(st.moves, 3u);
    // The state survives a save/load round trip, and bad moves or AIs are input errors, not crashes.
    EXPECT_EQ(p->encode_state(p->decode_state(level, p->encode_state(s.get()), "save").get()), "takes 3 1 3");
    EXPECT_THROW(p->execute(s, "take 1"), InputError);
    EXPECT_THROW(p->ai_move(p->new_state(level).get(), "nosuch", {}), InputError);
}
