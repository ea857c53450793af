// settings.cpp -- the settings file through cereal's JSON archive. Every key is optional: a missing key keeps
// its default and unknown keys are never looked at, so older and newer pluzzles share one file.
#include "base/cereal_json.hpp"
#include <pluzzle/host/base/settings.hpp>

#include <fcntl.h>
#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include <pluzzle/host/base/errors.hpp>
#include <pluzzle/host/base/text_file.hpp>

namespace pluzzle::host {

namespace {

namespace fs = std::filesystem;

// Loads one key if present; a value of the wrong type is an error naming the key.
template <class T>
void load_optional(cereal::JSONInputArchive &ar, const char *name, T &value, const char *expected,
                   const std::string &source) {
    try {
        ar(cereal::make_nvp(name, value));
    } catch (const cereal::RapidJSONException &) {
        throw InputError(source, std::string("expected ") + expected, 0, 0, name);
    } catch (const cereal::Exception &) {
        // cereal's other failure here is "provided NVP (name) not found": keep the default.
    }
}

std::string home_folder() {
    if (const char *home = std::getenv("HOME"); home && *home) return home;
    if (const passwd *pw = ::getpwuid(::getuid()); pw && pw->pw_dir) return pw->pw_dir;
    return ".";
}


} // namespace

std::string default_settings_path() {
    // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
    const char *xdg = std::getenv("XDG_CONFIG_HOME");
    fs::path base = (xdg && xdg[0] == '/') ? fs::path(xdg) : fs::path(home_folder()) / ".config";
    return (base / "pluzzle" / "settings.json").string();
}

Settings load_settings(const std::string &path) {
    std::error_code ec;
    auto status = fs::status(path, ec);
    if (status.type() == fs::file_type::not_found) return Settings{};
    if (status.type() == fs::file_type::directory) throw InputError(path, "cannot read: it is a directory");

    std::string text = read_text_file(path);
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3); // editors on some systems add a BOM

    const std::string checked = check_json_object(text, path, "settings must be a JSON object");
    Settings settings;
    try {
        std::istringstream json(checked);
        cereal::JSONInputArchive ar(json);
        load_optional(ar, "plugin_paths", settings.plugin_paths, "a list of strings", path);
        load_optional(ar, "jobs", settings.jobs, "a non-negative integer", path);
        load_optional(ar, "timeout_s", settings.timeout_s, "a number", path);
        load_optional(ar, "author", settings.author, "a string", path);
    } catch (const InputError &) {
        throw;
    } catch (const std::exception &e) {
        // Not expected after check_json; still a bad document, never a crash.
        throw InputError(path, std::string("invalid settings: ") + e.what());
    }
    if (!std::isfinite(settings.timeout_s) || settings.timeout_s < 0)
        throw InputError(path, "expected a non-negative number of seconds", 0, 0, "timeout_s");
    return settings;
}

void save_settings(const std::string &path, const Settings &settings) {
    std::ostringstream out;
    {
        cereal::JSONOutputArchive ar(out); // the closing brace is written when the archive goes away
        ar(cereal::make_nvp("plugin_paths", settings.plugin_paths), cereal::make_nvp("jobs", settings.jobs),
           cereal::make_nvp("timeout_s", settings.timeout_s), cereal::make_nvp("author", settings.author));
    }
    out << '\n';

    fs::path parent = fs::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty()) fs::create_directories(parent, ec);
    if (ec) throw InputError(path, "cannot create folder " + parent.string() + ": " + ec.message());
    write_text_file(path, out.str());
}

} // namespace pluzzle::host
