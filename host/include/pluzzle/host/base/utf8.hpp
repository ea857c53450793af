// utf8.hpp -- UTF-8 checks. The ABI says all text is UTF-8; the host makes it so at its edges: files are checked
// when read, and whatever goes out (JSON lines, SVG) is repaired, so one bad byte from a plugin can never make
// the output unreadable.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace pluzzle::host {

// Length of the valid UTF-8 sequence starting at s[i], or 0 if it is not one (overlong, surrogate, > U+10FFFF).
inline size_t utf8_sequence(std::string_view s, size_t i) {
    const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    if (c < 0x80) return 1;
    size_t n;
    unsigned min;
    unsigned cp;
    if ((c & 0xE0) == 0xC0) n = 2, min = 0x80, cp = c & 0x1F;
    else if ((c & 0xF0) == 0xE0) n = 3, min = 0x800, cp = c & 0x0F;
    else if ((c & 0xF8) == 0xF0) n = 4, min = 0x10000, cp = c & 0x07;
    else return 0;
    if (i + n > s.size()) return 0;
    for (size_t k = 1; k < n; ++k) {
        if ((b(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (b(i + k) & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

// Offset of the first byte that is not valid UTF-8, or npos.
inline size_t first_invalid_utf8(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        const size_t n = utf8_sequence(s, i);
        if (!n) return i;
        i += n;
    }
    return std::string_view::npos;
}

// Invalid bytes become U+FFFD.
inline std::string repair_utf8(std::string_view s) {
    if (first_invalid_utf8(s) == std::string_view::npos) return std::string(s);
    std::string out;
    for (size_t i = 0; i < s.size();) {
        const size_t n = utf8_sequence(s, i);
        if (n) {
            out.append(s.substr(i, n));
            i += n;
        } else {
            out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    return out;
}

} // namespace pluzzle::host
