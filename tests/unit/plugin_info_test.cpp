// plugin_info (plugin_table.hpp): a plugin's C descriptors become the SDK's C++ values once, at load time. Every field
// is copied (nothing points into the plugin's memory afterwards), and the fields a 1.0 or 1.1 table does not reach
// (abi.h rule 2) are absent however the memory behind it looks.
#include <pluzzle/host/plugin/plugin_table.hpp>

#include <gtest/gtest.h>

#include <cstring>

using namespace pluzzle;
using namespace pluzzle::host;

namespace {

// A hand-made 1.2 table with one of everything (and profiles listed in another order than their AIs).
struct Table {
    char id[8] = "maze";
    pz_format formats[2] = {{"canonical", "maze mz", "the canonical text"}, {"plain", "", "a bare grid"}};
    pz_param_desc params[2] = {{"width", PZ_PARAM_INT, "9", 3, 99, "", "columns"},
                               {"wall", PZ_PARAM_CHOICE, "stone", 0, 0, "stone|hedge", "what walls are"}};
    pz_param_desc solver_options[1] = {{"search", PZ_PARAM_CHOICE, "bfs", 0, 0, "bfs|dfs", "search order"}};
    pz_tool_desc tools[1] = {{"wall", "Wall", "w", "toggles a wall"}};
    pz_ai_desc ais[3] = {{"easy", "Easy", "random"}, {"coach", "Coach", "adapts"}, {"sage", "Sage", "learns"}};
    pz_ai_profile profiles[2] = {{"sage", "wisdom", "1", "grows"}, {"coach", "skill", "50", "0..100"}};
    pz_plugin t{};

    Table(const Table &) = delete; // the table points into this object
    Table() {
        t.abi_major = PZ_ABI_MAJOR;
        t.abi_minor = PZ_ABI_MINOR;
        t.struct_size = sizeof t;
        t.id = id;
        t.name = "Maze";
        t.version = "2.1.0";
        t.description = "walk out";
        t.capabilities = PZ_CAP_SOLVE | PZ_CAP_EDIT;
        t.formats = formats;
        t.format_count = 2;
        t.params = params;
        t.param_count = 2;
        t.tools = tools;
        t.tool_count = 1;
        t.ais = ais;
        t.ai_count = 3;
        t.solver_options = solver_options;
        t.solver_option_count = 1;
        t.ai_profiles = profiles;
        t.ai_profile_count = 2;
    }
};

} // namespace

TEST(PluginInfo, EveryDescriptorOfA12TableIsCopied) {
    Table table;
    const PluginInfo info = plugin_info(&table.t);
    EXPECT_EQ(info.id, "maze");
    EXPECT_EQ(info.name, "Maze");
    EXPECT_EQ(info.version, "2.1.0");
    EXPECT_EQ(info.description, "walk out");
    EXPECT_EQ(info.capabilities, uint64_t(PZ_CAP_SOLVE | PZ_CAP_EDIT));

    ASSERT_EQ(info.formats.size(), 2u);
    EXPECT_EQ(info.formats[0].name, "canonical");
    EXPECT_EQ(info.formats[0].extensions, "maze mz");
    EXPECT_EQ(info.formats[0].description, "the canonical text");
    EXPECT_EQ(info.formats[1].extensions, "");

    ASSERT_EQ(info.params.size(), 2u);
    EXPECT_EQ(info.params[0].name, "width");
    EXPECT_EQ(info.params[0].type, PZ_PARAM_INT);
    EXPECT_EQ(info.params[0].default_value, "9");
    EXPECT_EQ(info.params[0].min, 3);
    EXPECT_EQ(info.params[0].max, 99);
    EXPECT_EQ(info.params[0].help, "columns");
    EXPECT_EQ(info.params[1].type, PZ_PARAM_CHOICE);
    EXPECT_EQ(info.params[1].choices, "stone|hedge");

    ASSERT_EQ(info.solver_options.size(), 1u);
    EXPECT_EQ(info.solver_options[0].name, "search");
    EXPECT_EQ(info.solver_options[0].choices, "bfs|dfs");

    ASSERT_EQ(info.tools.size(), 1u);
    EXPECT_EQ(info.tools[0].id, "wall");
    EXPECT_EQ(info.tools[0].name, "Wall");
    EXPECT_EQ(info.tools[0].shortcut, "w");
    EXPECT_EQ(info.tools[0].help, "toggles a wall");

    // AIs in their own order; each profile lands on the AI it names.
    ASSERT_EQ(info.ais.size(), 3u);
    EXPECT_EQ(info.ais[0].id, "easy");
    EXPECT_EQ(info.ais[0].name, "Easy");
    EXPECT_EQ(info.ais[0].help, "random");
    EXPECT_TRUE(info.ais[0].profile.name.empty());
    EXPECT_EQ(info.ais[1].profile.name, "skill");
    EXPECT_EQ(info.ais[1].profile.default_value, "50");
    EXPECT_EQ(info.ais[1].profile.help, "0..100");
    EXPECT_EQ(info.ais[2].profile.name, "wisdom");
}

TEST(PluginInfo, NothingPointsIntoThePluginAfterwards) {
    Table table;
    const PluginInfo info = plugin_info(&table.t);
    std::strcpy(table.id, "gone");
    table.t.formats = nullptr;
    EXPECT_EQ(info.id, "maze");
    EXPECT_EQ(info.formats.at(0).name, "canonical");
}

TEST(PluginInfo, FieldsPastAnOlderTablesSizeAreAbsent) {
    Table table;
    table.t.abi_minor = 1;
    table.t.struct_size = PZ_PLUGIN_SIZE_1_1; // the profile fields behind it are set, and must not be read
    PluginInfo info = plugin_info(&table.t);
    ASSERT_EQ(info.ais.size(), 3u);
    for (auto &ai : info.ais) EXPECT_TRUE(ai.profile.name.empty()) << ai.id;
    EXPECT_EQ(info.solver_options.size(), 1u);

    table.t.abi_minor = 0;
    table.t.struct_size = PZ_PLUGIN_SIZE_1_0; // nor the AIs and solver options of 1.1
    info = plugin_info(&table.t);
    EXPECT_TRUE(info.ais.empty());
    EXPECT_TRUE(info.solver_options.empty());
    EXPECT_EQ(info.formats.size(), 2u); // the 1.0 descriptors are all there
    EXPECT_EQ(info.params.size(), 2u);
    EXPECT_EQ(info.tools.size(), 1u);
}

TEST(PluginInfo, AParameterTypeThisHostDoesNotKnowReadsAsText) {
    Table table;
    table.params[0].type = 42;
    EXPECT_EQ(plugin_info(&table.t).params[0].type, PZ_PARAM_TEXT);
}
