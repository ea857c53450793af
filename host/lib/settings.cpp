// settings.cpp -- the settings file through cereal's JSON archive. Every key is optional: a missing key keeps
// its default and unknown keys are never looked at, so older and newer pluzzles share one file.
//
// cereal's json.hpp comes first: it makes RapidJSON's assertions throw (instead of abort) for every RapidJSON
// header included after it.
#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>
#include <rapidjson/error/en.h>

#include "settings.hpp"

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

#include "errors.hpp"

namespace pluzzle::host {

namespace {

namespace fs = std::filesystem;

// Far deeper than settings need, far shallower than what overflows the stack in cereal's recursive parser.
constexpr int kMaxDepth = 256;

// Checks syntax (iteratively: no input can overflow the stack), nesting depth and that the root is an object.
// (pack_file.cpp has the same check for pack files.)
void check_json(std::string_view json, const std::string &source) {
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseFullPrecisionFlag | rapidjson::kParseNanAndInfFlag>(
        json.data(), json.size());
    if (doc.HasParseError()) {
        size_t offset = std::min(doc.GetErrorOffset(), json.size());
        int line = 1, column = 1;
        for (size_t i = 0; i < offset; ++i) {
            if (json[i] == '\n') line++, column = 1;
            else column++;
        }
        throw InputError(source, std::string("invalid JSON: ") + rapidjson::GetParseError_En(doc.GetParseError()),
                         line, column);
    }
    if (!doc.IsObject()) throw InputError(source, "settings must be a JSON object");
    int depth = 0;
    bool in_string = false;
    for (size_t i = 0; i < json.size(); ++i) {
        char c = json[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            if (++depth > kMaxDepth) throw InputError(source, "JSON nested too deeply");
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
}

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

// Writes content to path + ".tmp", fsyncs it, and renames it over path. (Same as pack_file.cpp's.)
void write_file_atomically(const std::string &path, const std::string &content) {
    const std::string tmp = path + ".tmp";
    auto fail = [&](const char *doing) {
        std::string reason = std::strerror(errno);
        ::unlink(tmp.c_str());
        throw InputError(path, std::string("cannot write (") + doing + "): " + reason);
    };
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw InputError(path, std::string("cannot write: ") + std::strerror(errno));
    for (size_t done = 0; done < content.size();) {
        ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            int saved = errno;
            ::close(fd);
            errno = saved;
            fail("write");
        }
        done += static_cast<size_t>(n);
    }
    if (::fsync(fd) != 0) {
        int saved = errno;
        ::close(fd);
        errno = saved;
        fail("fsync");
    }
    if (::close(fd) != 0) fail("close");
    if (::rename(tmp.c_str(), path.c_str()) != 0) fail("rename");
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

    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, std::string("cannot read: ") + std::strerror(errno));
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) throw InputError(path, std::string("cannot read: ") + std::strerror(errno));
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3); // editors on some systems add a BOM

    check_json(text, path);
    Settings settings;
    try {
        std::istringstream json(text);
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
    write_file_atomically(path, out.str());
}

} // namespace pluzzle::host
