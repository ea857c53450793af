// pack_file.cpp -- pack files through cereal's JSON archive. RapidJSON's reader checks the syntax first so that
// errors carry a line and column; cereal then reads the fields, and its exceptions become InputErrors naming the
// field.
#include "base/cereal_json.hpp"
#include <pluzzle/host/levels/pack_file.hpp>


#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <pluzzle/host/base/errors.hpp>
#include <pluzzle/host/base/text_file.hpp>

namespace pluzzle::host {

namespace {

constexpr std::string_view kFormat = "pluzzle-pack";
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// Thrown inside the reader; pack_from_json adds the file name.
struct FieldError {
    std::string field, message;
};

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
    const std::string checked =
        check_json_object(text, source_name, "not a pluzzle pack file (expected a JSON object)");
    try {
        return load_pack(checked, source_name);
    } catch (const FieldError &e) {
        throw InputError(source_name, e.message, 0, 0, e.field);
    } catch (const InputError &) {
        throw;
    } catch (const std::exception &e) {
        // Not expected after check_json; still a bad document, never a crash.
        throw InputError(source_name, std::string("not a valid pack file: ") + e.what());
    }
}

void write_pack_file(const std::string &path, const PackFile &pack) { write_text_file(path, pack_to_json(pack)); }

PackFile read_pack_file(const std::string &path) { return pack_from_json(read_text_file(path), path); }

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
