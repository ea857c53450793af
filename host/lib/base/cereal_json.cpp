#include "base/cereal_json.hpp"

#include <pluzzle/host/base/errors.hpp>

#include <pluzzle/internal/json_copy.hpp>

#include <algorithm>

namespace pluzzle::host {

namespace {

// Far deeper than any host document needs, far shallower than what overflows the stack in cereal's parser.
constexpr int kMaxDepth = 256;

} // namespace

std::string check_json_object(std::string_view json, const std::string &source, const char *not_an_object) {
    cereal_rj::MemoryStream memory(json.data(), json.size());
    cereal_rj::EncodedInputStream<cereal_rj::UTF8<>, cereal_rj::MemoryStream> in(memory);
    cereal_rj::Reader reader;
    cereal_rj::StringBuffer copy;
    cereal_rj::Writer<cereal_rj::StringBuffer> writer(copy);
    ExactJsonCopy<cereal_rj::Writer<cereal_rj::StringBuffer>, cereal_rj::SizeType, cereal_rj::Type> shape(
        writer, kMaxDepth, cereal_rj::kNumberType);
    cereal_rj::ParseResult result =
        reader.Parse<cereal_rj::kParseIterativeFlag | cereal_rj::kParseNumbersAsStringsFlag |
                     cereal_rj::kParseNanAndInfFlag>(in, shape);
    if (result.IsError()) {
        size_t offset = std::min(result.Offset(), json.size());
        int line = 1, column = 1;
        for (size_t i = 0; i < offset; ++i) {
            if (json[i] == '\n') line++, column = 1;
            else column++;
        }
        std::string message = shape.too_deep()
                                  ? std::string("JSON nested too deeply")
                                  : std::string("invalid JSON: ") + cereal_rj::GetParseError_En(result.Code());
        throw InputError(source, message, line, column);
    }
    if (!shape.root_is_object()) throw InputError(source, not_an_object);
    return std::string(copy.GetString(), copy.GetSize());
}

} // namespace pluzzle::host
