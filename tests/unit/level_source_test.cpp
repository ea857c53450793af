// Choosing the plugin for a file: --type, extension, content; ambiguity and unknown types are clear errors.
#include "level_source.hpp"
#include "test_support.hpp"

using namespace pluzzle::host;
using namespace pluzzle::test;

namespace {

PluginRegistry &registry() {
    static PluginRegistry reg = [] {
        PluginRegistry r;
        r.load_folders({PLUZZLE_PLUGIN_DIR, probe_dir("good"), probe_dir("old")});
        return r;
    }();
    return reg;
}

} // namespace

TEST(LevelSource, ExtensionPicksThePlugin) {
    auto levels = load_levels(registry(), data_dir() + "/lightsout/classic.lightsout");
    ASSERT_GE(levels.size(), 3u);
    EXPECT_EQ(levels[0].plugin->id(), "lightsout");
    EXPECT_EQ(levels[1].index, 1u);
    EXPECT_FALSE(levels[0].name.empty());
}

TEST(LevelSource, ContentDecidesWhenTheExtensionSaysNothing) {
    auto levels = load_levels_from_text(registry(), "lightsout 1\nsize 2 1\n#.\n", "level.txt");
    ASSERT_EQ(levels.size(), 1u);
    EXPECT_EQ(levels[0].plugin->id(), "lightsout");
}

TEST(LevelSource, TwoReadersAreAmbiguous) {
    try {
        load_levels_from_text(registry(), "probe 1\nvalue 1\n", "level.txt");
        FAIL() << "expected ambiguity";
    } catch (const InputError &e) {
        EXPECT_EQ(e.reason(), "ambiguous: readable as probe, probe_old; choose with --type");
        EXPECT_EQ(e.field(), "type");
    }
    auto chosen = load_levels_from_text(registry(), "probe 1\nvalue 1\n", "level.txt", {"probe_old", ""});
    EXPECT_EQ(chosen.at(0).plugin->id(), "probe_old");
}

TEST(LevelSource, NobodyReadsGarbage) {
    try {
        load_levels_from_text(registry(), "%%% not a level %%%\n", "junk.txt");
        FAIL() << "expected an error";
    } catch (const InputError &e) {
        EXPECT_EQ(e.file(), "junk.txt");
        EXPECT_NE(e.reason().find("no installed plugin can read this file"), std::string::npos);
        EXPECT_NE(e.reason().find("lightsout:"), std::string::npos) << "each plugin's reason is listed";
    }
}

TEST(LevelSource, UnknownTypeAndFormatAreNamed) {
    try {
        load_levels_from_text(registry(), "x", "a.txt", {"nosuch", ""});
        FAIL();
    } catch (const InputError &e) {
        EXPECT_EQ(e.field(), "type");
        EXPECT_NE(e.reason().find("lightsout"), std::string::npos) << "installed types are listed";
    }
    EXPECT_THROW(load_levels_from_text(registry(), "x", "a.txt", {"lightsout", "nosuchformat"}), InputError);
}

TEST(LevelSource, MissingFileAndFolderAreInputErrors) {
    TempDir dir;
    EXPECT_THROW(load_levels(registry(), dir / "missing.lightsout"), InputError);
    EXPECT_THROW(load_levels(registry(), dir.path().string()), InputError);
    write_file(dir / "empty.lightsout", "");
    EXPECT_THROW(load_levels(registry(), dir / "empty.lightsout"), InputError);
}
