// strokes_text.hpp -- the play state and solution text: one stroke per line, "x1 y1 x2 y2" in level coordinates
// (blank lines and lines starting with '#' are ignored). The same text is the solver's answer, so a solution
// decodes to a finished play state.
#pragma once
#include "level.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace sliceit {

// A state holds at most this many strokes (more than any level asks for), so a cut stays cheap.
constexpr size_t kMaxStateStrokes = 4 * kMaxStrokes;
// Stroke ends must stay within this box (|x|, |y|).
constexpr double kMaxStrokeCoordinate = 1e7;

std::string encode_strokes(const std::vector<Stroke> &strokes);
// Parse errors name the line and column.
std::vector<Stroke> decode_strokes(std::string_view text);
// "x1 y1 x2 y2" from four words; throws bad_argument naming `field`.
Stroke stroke_from_words(const std::vector<std::string_view> &words, const std::string &field);

} // namespace sliceit
