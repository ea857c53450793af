// pack_file.cpp -- pack files through cereal's JSON archive. RapidJSON's reader checks the syntax first so that
// errors carry a line and column; cereal then reads the fields, and its exceptions become InputErrors naming the
// field.
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

#include "pack_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "errors.hpp"

namespace pluzzle::host {

namespace {

namespace rj = RAPIDJSON_NAMESPACE;

constexpr std::string_view kFormat = "pluzzle-pack";
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
// Far deeper than any pack file needs, far shallower than what overflows the stack in cereal's recursive parser.
constexpr int kMaxDepth = 256;

// Thrown inside the reader; pack_from_json adds the file name.
struct FieldError {
    std::string field, message;
};

// Walks the document with RapidJSON's SAX reader (iterative: no input can overflow the stack, and no DOM is
// built) to check its syntax, its nesting depth and that the root is an object. Errors carry line and column.
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
    if (!shape.root_is_object) throw InputError(source, "not a pluzzle pack file (expected a JSON object)");
}

// Reads one named value; `field` is its path for messages ("levels[2].text").
template <class T>
bool load_field(cereal::JSONInputArchive &ar, const char *name, T &value, const std::string &field, bool required,
                const char *expected) {
    try {
        ar(cereal::make_nvp(name, value));
        return true;
    } catch (const cereal::RapidJSONException &) {
        throw FieldError{field, std::string("expected ") + expected};
    } catch (const cereal::Exception &) {
        // For a string or number, the only other failure cereal has is "provided NVP (name) not found".
        if (required) throw FieldError{field, "required but missing"};
        return false;
    }
}

void load_string(cereal::JSONInputArchive &ar, const char *name, std::string &value, const std::string &prefix,
                 bool required) {
    load_field(ar, name, value, prefix + name, required, "a string");
}

PackFile load_pack(const std::string &json, const std::string &source) {
    std::istringstream in(json);
    cereal::JSONInputArchive ar(in);
    PackFile pack;

    std::string format;
    if (!load_field(ar, "format", format, "format", false, "a string") || format != kFormat)
        throw InputError(source, "not a pluzzle pack file (no \"format\": \"pluzzle-pack\")");
    int version = 0;
    load_field(ar, "version", version, "version", true, "an integer");
    if (version > kPackFormatVersion)
        throw InputError(source, "pack format version " + std::to_string(version) +
                                     " is newer than this pluzzle supports (" + std::to_string(kPackFormatVersion) +
                                     ")");
    if (version < 1) throw FieldError{"version", "invalid pack format version " + std::to_string(version)};

    load_string(ar, "name", pack.name, "", true);
    load_string(ar, "description", pack.description, "", false);

    // The array is walked by hand so that errors can say which level is wrong.
    cereal::size_type count = 0;
    try {
        ar.setNextName("levels");
        ar.startNode();
    } catch (const cereal::RapidJSONException &) {
        throw FieldError{"levels", "expected an array"};
    } catch (const cereal::Exception &) {
        throw FieldError{"levels", "required but missing"};
    }
    try {
        ar.loadSize(count);
    } catch (const cereal::Exception &) {
        throw FieldError{"levels", "expected an array"};
    }
    pack.levels.resize(count);
    for (cereal::size_type i = 0; i < count; ++i) {
        std::string prefix = "levels[" + std::to_string(i) + "]";
        try {
            ar.startNode();
        } catch (const cereal::Exception &) {
            throw FieldError{prefix, "expected an object"};
        }
        // An array, or an empty object, has no member names (and so no "type" or "text").
        if (!ar.getNodeName()) throw FieldError{prefix, "expected an object with \"type\" and \"text\""};
        PackFileLevel &level = pack.levels[i];
        prefix += ".";
        load_string(ar, "type", level.type, prefix, true);
        load_string(ar, "name", level.name, prefix, false);
        load_string(ar, "author", level.author, prefix, false);
        load_string(ar, "params", level.params, prefix, false);
        load_string(ar, "text", level.text, prefix, true);
        ar.finishNode();
    }
    ar.finishNode();
    return pack;
}

std::string read_whole_file(const std::string &path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path, "cannot read: it is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, std::string("cannot read: ") + std::strerror(errno));
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) throw InputError(path, std::string("cannot read: ") + std::strerror(errno));
    return text;
}

// Writes content to path + ".tmp", fsyncs it, and renames it over path.
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

// Level objects are written through cereal's class serialization (found by argument-dependent lookup).
template <class Archive>
void save(Archive &ar, const PackFileLevel &level) {
    ar(cereal::make_nvp("type", level.type), cereal::make_nvp("name", level.name),
       cereal::make_nvp("author", level.author), cereal::make_nvp("params", level.params),
       cereal::make_nvp("text", level.text));
}

std::string pack_to_json(const PackFile &pack) {
    std::ostringstream out;
    {
        cereal::JSONOutputArchive ar(out); // the closing brace is written when the archive goes away
        ar(cereal::make_nvp("format", std::string(kFormat)), cereal::make_nvp("version", kPackFormatVersion),
           cereal::make_nvp("name", pack.name), cereal::make_nvp("description", pack.description),
           cereal::make_nvp("levels", pack.levels));
    }
    out << '\n';
    return out.str();
}

PackFile pack_from_json(const std::string &json, const std::string &source_name) {
    std::string_view text = json;
    if (text.substr(0, kUtf8Bom.size()) == kUtf8Bom) text.remove_prefix(kUtf8Bom.size());
    check_json(text, source_name);
    try {
        return load_pack(std::string(text), source_name);
    } catch (const FieldError &e) {
        throw InputError(source_name, e.message, 0, 0, e.field);
    } catch (const InputError &) {
        throw;
    } catch (const std::exception &e) {
        // Not expected after check_json; still a bad document, never a crash.
        throw InputError(source_name, std::string("not a valid pack file: ") + e.what());
    }
}

void write_pack_file(const std::string &path, const PackFile &pack) { write_file_atomically(path, pack_to_json(pack)); }

PackFile read_pack_file(const std::string &path) { return pack_from_json(read_whole_file(path), path); }

bool looks_like_pack_file(std::string_view text) {
    text = text.substr(0, 4096);
    if (text.substr(0, kUtf8Bom.size()) == kUtf8Bom) text.remove_prefix(kUtf8Bom.size());
    auto skip_space = [&](size_t i) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
        return i;
    };
    size_t i = skip_space(0);
    if (i >= text.size() || text[i] != '{') return false;
    const std::string_view key = "\"format\"", value = "\"pluzzle-pack\"";
    for (size_t at = text.find(key, i); at != std::string_view::npos; at = text.find(key, at + 1)) {
        size_t j = skip_space(at + key.size());
        if (j >= text.size() || text[j] != ':') continue;
        j = skip_space(j + 1);
        if (text.substr(j, value.size()) == value) return true;
    }
    return false;
}

} // namespace pluzzle::host
