// formats.cpp -- reading (cereal, after a syntax check that gives line and column) and writing level files.
#include "formats.hpp"

#include "cereal_json.hpp"

#include <pluzzle/internal/json_copy.hpp>

#include <charconv>
#include <sstream>

namespace sliceit {
namespace rj = RAPIDJSON_NAMESPACE;
namespace {

constexpr int kMaxDepth = 64;

// The line of the first `"key"` in the text: where an error about that field points.
int line_of_key(std::string_view text, const std::string &field) {
    const std::string key = "\"" + field.substr(0, field.find_first_of("[.")) + "\"";
    const size_t at = text.find(key);
    if (at == std::string_view::npos) return 1;
    int line = 1;
    for (size_t i = 0; i < at; ++i)
        line += text[i] == '\n';
    return line;
}

// The text cereal reads: the syntax and nesting depth checked by RapidJSON's iterative reader (so cereal's recursive
// parser never sees a document that could overflow the stack, and syntax errors get a line and column), and every
// number copied so that RapidJSON 1.1.0 reads it exactly (pluzzle/internal/json_copy.hpp; pluzzle-fuzz found "0e-91").
std::string check_syntax(std::string_view text) {
    rj::MemoryStream memory(text.data(), text.size());
    rj::EncodedInputStream<rj::UTF8<>, rj::MemoryStream> in(memory);
    rj::Reader reader;
    rj::StringBuffer copy;
    rj::Writer<rj::StringBuffer> writer(copy);
    pluzzle::ExactJsonCopy<rj::Writer<rj::StringBuffer>, rj::SizeType, rj::Type> check(writer, kMaxDepth,
                                                                                       rj::kNumberType);
    const rj::ParseResult result =
        reader.Parse<rj::kParseIterativeFlag | rj::kParseNumbersAsStringsFlag | rj::kParseNanAndInfFlag>(in, check);
    if (result.IsError()) {
        const size_t offset = std::min(result.Offset(), text.size());
        int line = 1, column = 1;
        for (size_t i = 0; i < offset; ++i)
            text[i] == '\n' ? (++line, column = 1) : ++column;
        throw pluzzle::parse_error(check.too_deep()
                                       ? std::string("JSON nested too deeply")
                                       : std::string("invalid JSON: ") + rj::GetParseError_En(result.Code()),
                                   line, column);
    }
    if (!check.root_is_object()) throw pluzzle::parse_error("a level is a JSON object {\"sliceit\": 1, ...}", 1, 1);
    return std::string(copy.GetString(), copy.GetSize());
}

using Points = std::vector<std::vector<double>>;

Ring ring_of(const Points &points, const std::string &field, int line) {
    Ring ring;
    for (size_t i = 0; i < points.size(); ++i) {
        if (points[i].size() != 2)
            throw pluzzle::parse_error("point " + std::to_string(i) + " must be [x, y]", line, 0, field);
        ring.push_back({points[i][0], points[i][1]});
    }
    return ring;
}

// Loads one named field; a missing optional field keeps `value`.
template <class T>
void load_field(cereal::JSONInputArchive &ar, std::string_view text, const char *name, T &value, bool required,
                const char *expected) {
    try {
        ar(cereal::make_nvp(name, value));
    } catch (const cereal::RapidJSONException &) {
        throw pluzzle::parse_error(std::string("expected ") + expected, line_of_key(text, name), 0, name);
    } catch (const cereal::Exception &) { // "provided NVP not found"
        if (required) throw pluzzle::parse_error(std::string("missing field '") + name + "'", 1, 0, name);
    }
}

struct ShapeText {
    Points outer;
    std::vector<Points> holes;
    template <class Archive> void serialize(Archive &ar) {
        ar(cereal::make_nvp("outer", outer));
        try {
            ar(cereal::make_nvp("holes", holes));
        } catch (const cereal::RapidJSONException &) {
            throw;
        } catch (const cereal::Exception &) {
            holes.clear(); // no holes
        }
    }
};

Level read_level(std::string_view text) {
    std::istringstream stream{check_syntax(text)}; // errors below name lines of `text` (line_of_key)
    cereal::JSONInputArchive ar(stream);
    Level level;
    int version = 0;
    load_field(ar, text, "sliceit", version, true, "the format version 1");
    if (version != 1)
        throw pluzzle::parse_error("unknown format version " + std::to_string(version) + " (expected 1)",
                                   line_of_key(text, "sliceit"), 0, "sliceit");
    load_field(ar, text, "name", level.name, false, "a string");
    load_field(ar, text, "strokes", level.strokes, true, "an integer");
    load_field(ar, text, "pieces", level.pieces, true, "an integer");
    load_field(ar, text, "tolerance", level.tolerance, false, "a number");
    load_field(ar, text, "sliver", level.sliver, false, "a number");
    std::vector<ShapeText> shapes;
    load_field(ar, text, "shapes", shapes, true,
               "a list of shapes {\"outer\": [[x, y], ...], \"holes\": [[[x, y], ...], ...]}");
    const int shapes_line = line_of_key(text, "shapes");
    for (size_t i = 0; i < shapes.size(); ++i) {
        const std::string field = "shapes[" + std::to_string(i) + "]";
        Shape shape;
        shape.outer = ring_of(shapes[i].outer, field + ".outer", shapes_line);
        for (size_t h = 0; h < shapes[i].holes.size(); ++h)
            shape.holes.push_back(
                ring_of(shapes[i].holes[h], field + ".holes[" + std::to_string(h) + "]", shapes_line));
        level.shapes.push_back(std::move(shape));
    }
    std::vector<Points> forbidden;
    load_field(ar, text, "forbidden", forbidden, false, "a list of polygons [[x, y], ...]");
    for (size_t i = 0; i < forbidden.size(); ++i)
        level.forbidden.push_back(
            ring_of(forbidden[i], "forbidden[" + std::to_string(i) + "]", line_of_key(text, "forbidden")));
    return level;
}

void append_ring(std::string &out, const Ring &ring) {
    out += "[";
    for (size_t i = 0; i < ring.size(); ++i)
        out += (i ? ", [" : "[") + number_text(ring[i].x) + ", " + number_text(ring[i].y) + "]";
    out += "]";
}

std::string quoted(const std::string &s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\')
            out += '\\', out += c;
        else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else
            out += c;
    }
    return out + "\"";
}

} // namespace

std::string number_text(double v) {
    char buf[64];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, end) : std::string("0");
}

std::vector<pluzzle::Parsed<Level>> parse_levels(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    Level level;
    try {
        level = read_level(text);
    } catch (const pluzzle::Error &) {
        throw;
    } catch (const std::exception &e) { // cereal's own failures
        throw pluzzle::parse_error(std::string("unreadable level: ") + e.what(), 1);
    }
    try {
        validate_level(level);
    } catch (const pluzzle::Error &e) {
        throw pluzzle::parse_error(e.what(), line_of_key(text, e.field()), 0, e.field());
    }
    std::vector<pluzzle::Parsed<Level>> out;
    std::string name = level.name;
    out.push_back({std::move(level), name});
    return out;
}

std::string encode_level(const Level &level) {
    std::string out = "{\n    \"sliceit\": 1,\n";
    if (!level.name.empty()) out += "    \"name\": " + quoted(level.name) + ",\n";
    out += "    \"strokes\": " + std::to_string(level.strokes) + ",\n";
    out += "    \"pieces\": " + std::to_string(level.pieces) + ",\n";
    out += "    \"tolerance\": " + number_text(level.tolerance) + ",\n";
    out += "    \"sliver\": " + number_text(level.sliver) + ",\n";
    out += "    \"shapes\": [";
    for (size_t i = 0; i < level.shapes.size(); ++i) {
        out += i ? ",\n        {\n            \"outer\": " : "\n        {\n            \"outer\": ";
        append_ring(out, level.shapes[i].outer);
        out += ",\n            \"holes\": [";
        for (size_t h = 0; h < level.shapes[i].holes.size(); ++h) {
            out += h ? ",\n                " : "\n                ";
            append_ring(out, level.shapes[i].holes[h]);
        }
        out += level.shapes[i].holes.empty() ? "]\n        }" : "\n            ]\n        }";
    }
    out += "\n    ],\n    \"forbidden\": [";
    for (size_t i = 0; i < level.forbidden.size(); ++i) {
        out += i ? ",\n        " : "\n        ";
        append_ring(out, level.forbidden[i]);
    }
    out += level.forbidden.empty() ? "]\n}\n" : "\n    ]\n}\n";
    return out;
}

} // namespace sliceit
