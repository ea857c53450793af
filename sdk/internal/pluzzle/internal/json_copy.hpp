// pluzzle/internal/json_copy.hpp -- a checked copy of a JSON document whose numbers read back exactly, for formats
// read with RapidJSON (and cereal, which reads with it). Header-only and RapidJSON-agnostic: include RapidJSON first.
// In-tree only (target pluzzle_sdk_internal, never installed): a RapidJSON workaround for the host's JSON and
// sliceit's level files, not part of what a plugin author needs.
//
// Why: RapidJSON 1.1.0 (Debian 12's, and the one under cereal) reads a zero with an exponent or a long fraction
// ("0e-91", "0.000000000000000000000000") into an undefined value in its full-precision mode (Tencent/rapidjson#1249,
// fixed upstream after 1.1.0), and cereal reads in that mode. Run the text through this handler first, with
// rapidjson::Reader and kParseIterativeFlag | kParseNumbersAsStringsFlag | kParseNanAndInfFlag, into a
// rapidjson::Writer: every number with a fraction or an exponent is converted by std::from_chars and written back by
// std::to_chars (exact both ways, and still a fraction when whole: "3.0" stays "3.0"); integers, NaN and Infinity
// stay as written. It also stops at `max_depth` (an iterative reader cannot overflow the stack; cereal's recursive
// one can) and notes whether the root is an object. Hand the copy to cereal; report errors at the original's places.
#pragma once
#include <charconv>
#include <cmath>
#include <cstddef>
#include <string_view>
#include <system_error>

namespace pluzzle {

// Writer: rapidjson::Writer<...>; SizeType: rapidjson::SizeType; Type: rapidjson::Type (give kNumberType).
template <class Writer, class SizeType, class Type> class ExactJsonCopy {
  public:
    ExactJsonCopy(Writer &out, int max_depth, Type number_type)
        : out_(out), max_depth_(max_depth), number_type_(number_type) {}

    bool too_deep() const { return too_deep_; }
    bool root_is_object() const { return root_is_object_; }

    bool Null() { return value(), out_.Null(); }
    bool Bool(bool b) { return value(), out_.Bool(b); }
    bool Int(int i) { return value(), out_.Int(i); } // (the reader gives numbers as text: these are for its types)
    bool Uint(unsigned u) { return value(), out_.Uint(u); }
    bool Int64(int64_t i) { return value(), out_.Int64(i); }
    bool Uint64(uint64_t u) { return value(), out_.Uint64(u); }
    bool Double(double d) { return value(), out_.Double(d); }
    bool RawNumber(const char *str, SizeType len, bool) {
        value();
        const std::string_view token(str, len);
        double number = 0;
        const auto [end, ec] = std::from_chars(str, str + len, number);
        if (token.find_first_of(".eE") == std::string_view::npos || ec != std::errc() || end != str + len ||
            !std::isfinite(number))
            return out_.RawValue(str, len, number_type_);
        char text[64];
        char *last = std::to_chars(text, text + sizeof text - 2, number).ptr;
        if (std::string_view(text, size_t(last - text)).find_first_of(".e") == std::string_view::npos)
            *last++ = '.', *last++ = '0';
        return out_.RawValue(text, size_t(last - text), number_type_);
    }
    bool String(const char *str, SizeType len, bool) { return value(), out_.String(str, len); }
    bool Key(const char *str, SizeType len, bool) { return out_.Key(str, len); }
    bool StartObject() {
        if (!started_) root_is_object_ = true;
        return open() && out_.StartObject();
    }
    bool EndObject(SizeType members) { return --depth_, out_.EndObject(members); }
    bool StartArray() { return open() && out_.StartArray(); }
    bool EndArray(SizeType elements) { return --depth_, out_.EndArray(elements); }

  private:
    void value() { started_ = true; }
    bool open() {
        started_ = true;
        too_deep_ = ++depth_ > max_depth_;
        return !too_deep_;
    }

    Writer &out_;
    int max_depth_, depth_ = 0;
    Type number_type_;
    bool started_ = false, root_is_object_ = false, too_deep_ = false;
};

} // namespace pluzzle
