#include "cereal_json.hpp"

#include <pluzzle/host/errors.hpp>

#include <algorithm>

namespace pluzzle::host {

namespace {

// Far deeper than any host document needs, far shallower than what overflows the stack in cereal's parser.
constexpr int kMaxDepth = 256;

// Walks the document with RapidJSON's SAX reader (iterative: no input can overflow the stack, and no DOM is
// built) to check its syntax, its nesting depth and that the root is an object. Errors carry line and column.
struct ShapeCheck : cereal_rj::BaseReaderHandler<cereal_rj::UTF8<>, ShapeCheck> {
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
    bool EndObject(cereal_rj::SizeType) { return --depth, true; }
    bool EndArray(cereal_rj::SizeType) { return --depth, true; }
    bool open() {
        started = true;
        too_deep = ++depth > kMaxDepth;
        return !too_deep;
    }
};

} // namespace

void check_json_object(std::string_view json, const std::string &source, const char *not_an_object) {
    cereal_rj::MemoryStream memory(json.data(), json.size());
    cereal_rj::EncodedInputStream<cereal_rj::UTF8<>, cereal_rj::MemoryStream> in(memory);
    cereal_rj::Reader reader;
    ShapeCheck shape;
    cereal_rj::ParseResult result =
        reader.Parse<cereal_rj::kParseIterativeFlag | cereal_rj::kParseFullPrecisionFlag | cereal_rj::kParseNanAndInfFlag>(in, shape);
    if (result.IsError()) {
        size_t offset = std::min(result.Offset(), json.size());
        int line = 1, column = 1;
        for (size_t i = 0; i < offset; ++i) {
            if (json[i] == '\n') line++, column = 1;
            else column++;
        }
        std::string message = shape.too_deep ? std::string("JSON nested too deeply")
                                             : std::string("invalid JSON: ") + cereal_rj::GetParseError_En(result.Code());
        throw InputError(source, message, line, column);
    }
    if (!shape.root_is_object) throw InputError(source, not_an_object);
}

} // namespace pluzzle::host
