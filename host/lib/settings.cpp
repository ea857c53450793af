// settings.cpp -- the settings file through cereal's JSON archive. Every key is optional: a missing key keeps
// its default and unknown keys are never looked at, so older and newer pluzzles share one file.
//
// RapidJSON (under cereal) is compiled into a private namespace, and cereal's json.hpp comes before any other
// RapidJSON header: so RapidJSON's assertions throw here (cereal makes them throw instead of abort), and other
// files that use RapidJSON with its default, non-throwing assertions cannot share (and swap, at link time) these
// inline functions.
#define RAPIDJSON_NAMESPACE pluzzle_cereal_rapidjson
#define RAPIDJSON_NAMESPACE_BEGIN namespace pluzzle_cereal_rapidjson {
#define RAPIDJSON_NAMESPACE_END }
#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/encodedstream.h>
#include <rapidjson/reader.h>

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

namespace rj = RAPIDJSON_NAMESPACE;

namespace fs = std::filesystem;

// Far deeper than settings need, far shallower than what overflows the stack in cereal's recursive parser.
constexpr int kMaxDepth = 256;

// Walks the document with RapidJSON's SAX reader (iterative: no input can overflow the stack, and no DOM is
// built) to check its syntax, its nesting depth and that the root is an object. Errors carry line and column.
// (The same check as pack_file.cpp's, kept private to each document type.)
struct ShapeCheck : rj::BaseReaderHandler<rj::UTF8<>, ShapeCheck> {
    int depth = 0;
    bool started = false, root_is_object = false, too_deep = false;
    bool Default() {
        started = true;
        return true;
    }
    bool StartObject() {
        if (!started) root_is_object = true;
        return open();
    }
    bool StartArray() { return open(); }
    bool EndObject(rj::SizeType) { return --depth, true; }
    bool EndArray(rj::SizeType) { return --depth, true; }
    bool open() {
        started = true;
        too_deep = ++depth > kMaxDepth;
        return !too_deep;
    }
};

void check_json(std::string_view json, const std::string &source) {
    rj::MemoryStream memory(json.data(), json.size());
    rj::EncodedInputStream<rj::UTF8<>, rj::MemoryStream> in(memory);
    rj::Reader reader;
    ShapeCheck shape;
    rj::ParseResult result =
        reader.Parse<rj::kParseIterativeFlag | rj::kParseFullPrecisionFlag | rj::kParseNanAndInfFlag>(in, shape);
    if (result.IsError()) {
        size_t offset = std::min(result.Offset(), json.size());
        int line = 1, column = 1;
        for (size_t i = 0; i < offset; ++i) {
            if (json[i] == '\n') line++, column = 1;
            else column++;
        }
        std::string message = shape.too_deep ? std::string("JSON nested too deeply")
                                             : std::string("invalid JSON: ") + rj::GetParseError_En(result.Code());
        throw InputError(source, message, line, column);
    }
    if (!shape.root_is_object) throw InputError(source, "settings must be a JSON object");
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
