// strokes_text.cpp -- reading and writing strokes.
#include "strokes_text.hpp"

#include "formats.hpp"

#include <pluzzle/text.hpp>

#include <cmath>
#include <optional>

namespace sliceit {
namespace {

// A finite coordinate within bounds, or nullopt.
std::optional<double> coordinate(std::string_view s) {
    const std::optional<double> v = pluzzle::whole_number<double>(s);
    if (!v || std::abs(*v) > kMaxStrokeCoordinate) return std::nullopt;
    return v;
}

} // namespace

std::string encode_strokes(const std::vector<Stroke> &strokes) {
    std::string out;
    for (const Stroke &s : strokes)
        out +=
            number_text(s.a.x) + " " + number_text(s.a.y) + " " + number_text(s.b.x) + " " + number_text(s.b.y) + "\n";
    return out;
}

Stroke stroke_from_words(const std::vector<std::string_view> &words, const std::string &field) {
    double v[4];
    if (words.size() != 4) throw pluzzle::bad_argument("a stroke is four numbers 'x1 y1 x2 y2'", field);
    for (int i = 0; i < 4; ++i) {
        const std::optional<double> c = coordinate(words[size_t(i)]);
        if (!c)
            throw pluzzle::bad_argument("'" + std::string(words[size_t(i)]) + "' is not a coordinate within +-1e7",
                                        field);
        v[i] = *c;
    }
    const Stroke s{{v[0], v[1]}, {v[2], v[3]}};
    if (s.a == s.b) throw pluzzle::bad_argument("a stroke needs two different ends", field);
    return s;
}

std::vector<Stroke> decode_strokes(std::string_view text) {
    std::vector<Stroke> strokes;
    for (const pluzzle::Line &line : pluzzle::split_lines(text)) {
        const std::string_view trimmed = pluzzle::trim(line.text);
        if (trimmed.empty() || trimmed.front() == '#') continue;
        const std::vector<pluzzle::Token> tokens = pluzzle::tokens(line);
        if (tokens.size() != 4)
            throw pluzzle::parse_error("expected a stroke 'x1 y1 x2 y2'", line.number,
                                       tokens.empty() ? 1 : tokens[0].column, "strokes");
        double v[4];
        for (int i = 0; i < 4; ++i) {
            const std::optional<double> c = coordinate(tokens[size_t(i)].text);
            if (!c)
                throw pluzzle::parse_error("'" + std::string(tokens[size_t(i)].text) +
                                               "' is not a coordinate within +-1e7",
                                           line.number, tokens[size_t(i)].column, "strokes");
            v[i] = *c;
        }
        if (v[0] == v[2] && v[1] == v[3])
            throw pluzzle::parse_error("a stroke needs two different ends", line.number, 1, "strokes");
        if (strokes.size() == kMaxStateStrokes)
            throw pluzzle::parse_error("more than " + std::to_string(kMaxStateStrokes) + " strokes", line.number, 1,
                                       "strokes");
        strokes.push_back({{v[0], v[1]}, {v[2], v[3]}});
    }
    return strokes;
}

} // namespace sliceit
