// pluzzle/text.hpp -- small helpers for level parsers that report line and column on every error.
#pragma once
#include <pluzzle/error.hpp>

#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace pluzzle {

// One line of input with its 1-based number, without the line break.
struct Line {
    std::string_view text;
    int number;
};

// Splits text into lines (LF or CRLF); keeps empty lines so numbers stay right.
inline std::vector<Line> split_lines(std::string_view text) {
    std::vector<Line> lines;
    int n = 1;
    while (!text.empty()) {
        size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back({line, n++});
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

// Without leading and trailing whitespace, line breaks included (a solution file arrives with its final newline).
inline std::string_view trim(std::string_view s) {
    constexpr std::string_view blanks = " \t\r\n\v\f";
    const size_t first = s.find_first_not_of(blanks);
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(blanks) - first + 1);
}

// A token of a line and its 1-based column.
struct Token {
    std::string_view text;
    int column;
};

// Splits on any of `separators` (default: blanks), dropping empty tokens.
inline std::vector<Token> tokens(const Line &line, std::string_view separators = " \t") {
    std::vector<Token> out;
    size_t i = 0;
    const std::string_view s = line.text;
    while (i < s.size()) {
        while (i < s.size() && separators.find(s[i]) != std::string_view::npos) ++i;
        size_t j = i;
        while (j < s.size() && separators.find(s[j]) == std::string_view::npos) ++j;
        if (j > i) out.push_back({s.substr(i, j - i), int(i) + 1});
        i = j;
    }
    return out;
}

// The same for a one-line text (line number 1).
inline std::vector<Token> tokens(std::string_view text, std::string_view separators = " \t") {
    return tokens(Line{text, 1}, separators);
}

// The whole of `s` as a number of type T, or nothing: no blanks, no trailing characters, no '+', no '-' for an
// unsigned T, and a floating-point value must be finite. For edit and move texts, whose errors name a field.
template <class T> std::optional<T> whole_number(std::string_view s) {
    T v{};
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    if constexpr (std::is_floating_point_v<T>) {
        if (!std::isfinite(v)) return std::nullopt;
    }
    return v;
}

// Reads a whole token as an integer in [lo, hi], or throws a parse error pointing at it.
inline long long to_int(const Token &t, int line, long long lo, long long hi, const std::string &field = {}) {
    const std::optional<long long> number = whole_number<long long>(t.text);
    if (!number)
        throw parse_error("expected an integer, found '" + std::string(t.text) + "'", line, t.column, field);
    const long long v = *number;
    if (v < lo || v > hi)
        throw parse_error(std::to_string(v) + " is out of range [" + std::to_string(lo) + ", " + std::to_string(hi) +
                              "]",
                          line, t.column, field);
    return v;
}

} // namespace pluzzle
