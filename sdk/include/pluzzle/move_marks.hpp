// pluzzle/move_marks.hpp -- the marks of a solution page (ABI 1.9, abi.h rule 14): a move's number in a disc, placed on
// the cell or region where the move is made, with a swatch of the colour it picks when it picks one. One look for every
// plugin's solutions, so a reader of a booklet learns it once.
#pragma once
#include <pluzzle/canvas.hpp>

#include <optional>
#include <string>

namespace pluzzle {

inline constexpr Color kMarkInk{30, 30, 30, 255};
inline constexpr Color kMarkPaper{255, 255, 255, 255};

// Width of a move mark of disc radius `r` (the disc, and the swatch when there is one), to lay several side by side.
inline float move_mark_width(float r, bool with_swatch) { return with_swatch ? 3.7f * r : 2 * r; }

// Move `number` (1-based) as a white disc of radius `r` centred at (x, y), ringed in ink; with `swatch`, a square of
// that colour joined to its right (then (x, y) is the middle of the pair). Both outlined, so they read on any colour.
inline void move_mark(Canvas &canvas, float x, float y, float r, int number, std::optional<Color> swatch = {}) {
    const float cx = swatch ? x - 0.85f * r : x;
    if (swatch) {
        const float side = 1.6f * r;
        canvas.rect(cx + 0.7f * r, y - side / 2, side, side, *swatch, kMarkInk, 0.16f * r);
    }
    canvas.circle(cx, y, r, kMarkPaper, kMarkInk, 0.16f * r);
    const std::string digits = std::to_string(number);
    canvas.text(cx, y, r * (digits.size() > 2 ? 0.85f : digits.size() > 1 ? 1.05f : 1.3f), kMarkInk, digits);
}

} // namespace pluzzle
