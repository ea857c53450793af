// settings_test.cpp -- the settings file: defaults, round trip, forward compatibility, malformed files.
#include <gtest/gtest.h>

#include "test_support.hpp"

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <unistd.h>

#include <pluzzle/host/base/errors.hpp>
#include <pluzzle/host/base/settings.hpp>

namespace fs = std::filesystem;
using namespace pluzzle::host;

namespace {

class SettingsTest : public ::testing::Test {
protected:
    std::string file(const std::string &name) const { return (dir_ / name).string(); }
    std::string write(const std::string &name, const std::string &content) const {
        std::ofstream(file(name), std::ios::binary) << content;
        return file(name);
    }

    pluzzle::test::TempDir temp_;
    const fs::path &dir_ = temp_.path();
};

// Sets an environment variable for one scope, then restores it.
class ScopedEnv {
public:
    ScopedEnv(const char *name, const char *value) : name_(name) {
        if (const char *old = std::getenv(name)) old_ = old;
        if (value) ::setenv(name, value, 1);
        else ::unsetenv(name);
    }
    ~ScopedEnv() {
        if (old_) ::setenv(name_, old_->c_str(), 1);
        else ::unsetenv(name_);
    }

private:
    const char *name_;
    std::optional<std::string> old_;
};

} // namespace

TEST_F(SettingsTest, MissingFileGivesDefaults) {
    Settings s = load_settings(file("nothing-here.json"));
    EXPECT_TRUE(s.plugin_paths.empty());
    EXPECT_EQ(s.jobs, 0u);
    EXPECT_EQ(s.timeout_s, 0.0);
    EXPECT_EQ(s.author, "");
    EXPECT_FALSE(fs::exists(file("nothing-here.json")));
}

TEST_F(SettingsTest, SaveCreatesFolderAndRoundTrips) {
    const std::string path = file("config/pluzzle/settings.json");
    Settings s;
    s.plugin_paths = {"/opt/pluzzle/plugins", "relative/dir", "with \"quotes\" and ü"};
    s.jobs = 6;
    s.timeout_s = 2.5;
    s.author = "Zoë \"Z\" Smith";
    save_settings(path, s);
    EXPECT_TRUE(fs::exists(path));
    EXPECT_FALSE(fs::exists(path + ".tmp"));

    Settings back = load_settings(path);
    EXPECT_EQ(back.plugin_paths, s.plugin_paths);
    EXPECT_EQ(back.jobs, 6u);
    EXPECT_EQ(back.timeout_s, 2.5);
    EXPECT_EQ(back.author, s.author);

    // Saving again replaces the file.
    back.jobs = 1;
    back.plugin_paths.clear();
    save_settings(path, back);
    Settings again = load_settings(path);
    EXPECT_EQ(again.jobs, 1u);
    EXPECT_TRUE(again.plugin_paths.empty());
}

TEST_F(SettingsTest, UnknownKeysIgnoredMissingKeysDefault) {
    const std::string path = write("settings.json", R"({
        "colour_scheme": "dark",
        "jobs": 4,
        "future": {"nested": [1, 2, {"x": null}]},
        "author": "me"
    })");
    Settings s = load_settings(path);
    EXPECT_EQ(s.jobs, 4u);
    EXPECT_EQ(s.author, "me");
    EXPECT_TRUE(s.plugin_paths.empty());
    EXPECT_EQ(s.timeout_s, 0.0);
    // An integer is a fine number of seconds; an empty object is all defaults.
    EXPECT_EQ(load_settings(write("int.json", R"({"timeout_s": 3})")).timeout_s, 3.0);
    EXPECT_EQ(load_settings(write("empty.json", "{}")).jobs, 0u);
}

TEST_F(SettingsTest, MalformedFilesGiveInputErrorNamingTheFile) {
    struct Case {
        std::string json, field;
    };
    const std::vector<Case> cases = {
        {"", ""},
        {"{", ""},
        {R"({"jobs": 4,})", ""},
        {"[]", ""},
        {"\"settings\"", ""},
        {R"({"jobs": -1})", "jobs"},
        {R"({"jobs": "4"})", "jobs"},
        {R"({"jobs": 2.5})", "jobs"},
        {R"({"timeout_s": "10"})", "timeout_s"},
        {R"({"timeout_s": -1})", "timeout_s"},
        {R"({"plugin_paths": "/one/path"})", "plugin_paths"},
        {R"({"plugin_paths": [1, 2]})", "plugin_paths"},
        {R"({"plugin_paths": {"a": "b"}})", "plugin_paths"},
        {R"({"author": 5})", "author"},
        {R"({"author": null})", "author"},
        {"{\"x\": " + std::string(100000, '[') + "}", ""},
    };
    int n = 0;
    for (const auto &c : cases) {
        SCOPED_TRACE("settings: " + c.json.substr(0, 80));
        const std::string path = write("bad" + std::to_string(n++) + ".json", c.json);
        try {
            load_settings(path);
            ADD_FAILURE() << "expected InputError";
        } catch (const InputError &e) {
            EXPECT_EQ(e.file(), path);
            EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
            EXPECT_EQ(e.field(), c.field) << e.what();
        }
    }
    EXPECT_THROW(load_settings(dir_.string()), InputError);
}

TEST_F(SettingsTest, UnwritablePathIsInputError) {
    const std::string blocker = write("blocker", "a file, not a folder");
    EXPECT_THROW(save_settings(blocker + "/settings.json", Settings{}), InputError);
}

TEST_F(SettingsTest, DefaultPathFollowsXdg) {
    {
        ScopedEnv xdg("XDG_CONFIG_HOME", "/xdg/config");
        EXPECT_EQ(default_settings_path(), "/xdg/config/pluzzle/settings.json");
    }
    {
        ScopedEnv xdg("XDG_CONFIG_HOME", nullptr);
        ScopedEnv home("HOME", "/home/someone");
        EXPECT_EQ(default_settings_path(), "/home/someone/.config/pluzzle/settings.json");
    }
    {
        // A relative XDG_CONFIG_HOME is invalid per the spec and ignored.
        ScopedEnv xdg("XDG_CONFIG_HOME", "relative/config");
        ScopedEnv home("HOME", "/home/someone");
        EXPECT_EQ(default_settings_path(), "/home/someone/.config/pluzzle/settings.json");
    }
}

// RapidJSON 1.1.0 reads a zero with a long fraction or an exponent into an undefined value in full precision
// (Tencent/rapidjson#1249): the host's JSON goes through pluzzle/internal/json_copy.hpp first, so every number is exact.
TEST_F(SettingsTest, NumbersAreReadExactlyEvenZerosRapidJsonMisreads) {
    const std::string path = file("settings.json");
    std::ofstream(path) << "{\"timeout_s\": 0.000000000000000000000000, \"jobs\": 3}";
    EXPECT_EQ(load_settings(path).timeout_s, 0.0);
    std::ofstream(path) << "{\"timeout_s\": 25e-1}";
    EXPECT_EQ(load_settings(path).timeout_s, 2.5);
    std::ofstream(path) << "{\"timeout_s\": 0e-91}";
    EXPECT_EQ(load_settings(path).timeout_s, 0.0);
    std::ofstream(path) << "{\"jobs\": 2.0}";
    EXPECT_THROW(load_settings(path), pluzzle::host::InputError)
        << "a whole number written as a fraction is no integer";
}
