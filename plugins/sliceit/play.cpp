// play.cpp -- play status, pointer input and moves.
#include "play.hpp"

#include "cut.hpp"
#include "formats.hpp"
#include "render.hpp"
#include "strokes_text.hpp"

#include <pluzzle/text.hpp>

#include <cmath>

namespace sliceit {
namespace {

std::vector<std::string_view> words_of(std::string_view text) {
    std::vector<std::string_view> out;
    for (const pluzzle::Token &t : pluzzle::tokens(text, " \t\r\n"))
        out.push_back(t.text);
    return out;
}

} // namespace

pluzzle::PlayStatus play_status(const Level &level, const PlayState &state) {
    pluzzle::PlayStatus status;
    status.moves = state.moves;
    const Verdict verdict = judge(Board(level), state.strokes);
    status.phase = verdict.solved ? PZ_PLAY_SOLVED : PZ_PLAY_ONGOING;
    status.message = verdict.message;
    return status;
}

std::string interpret_input(const Level &level, const PlayState &state, const pluzzle::Input &input) {
    if (input.kind == PZ_INPUT_KEY)
        return (input.key == PZ_KEY_BACKSPACE || input.key == PZ_KEY_DELETE) && !state.strokes.empty()
                   ? "erase " + std::to_string(state.strokes.size())
                   : std::string();
    if (input.kind != PZ_INPUT_RELEASE || input.button != 0) return {};
    if (!std::isfinite(input.x) || !std::isfinite(input.y) || !std::isfinite(input.start_x) ||
        !std::isfinite(input.start_y) || std::hypot(input.x - input.start_x, input.y - input.start_y) < 3)
        return {}; // a click, not a stroke
    const Layout layout = layout_of(level);
    const Vec a = layout.to_level(input.start_x, input.start_y), b = layout.to_level(input.x, input.y);
    if (std::abs(a.x) > kMaxStrokeCoordinate || std::abs(a.y) > kMaxStrokeCoordinate ||
        std::abs(b.x) > kMaxStrokeCoordinate || std::abs(b.y) > kMaxStrokeCoordinate)
        return {};
    return "stroke " + number_text(a.x) + " " + number_text(a.y) + " " + number_text(b.x) + " " + number_text(b.y);
}

PlayState execute_move(const PlayState &state, std::string_view move) {
    const std::vector<std::string_view> words = words_of(move);
    PlayState next = state; // states are immutable: copy, then change
    ++next.moves;
    if (words.size() == 5 && words[0] == "stroke") {
        if (next.strokes.size() >= kMaxStateStrokes)
            throw pluzzle::bad_argument("at most " + std::to_string(kMaxStateStrokes) + " strokes", "move");
        next.strokes.push_back(stroke_from_words({words.begin() + 1, words.end()}, "move"));
        return next;
    }
    if (words.size() == 2 && words[0] == "erase") {
        const std::string k(words[1]);
        const size_t index = k.size() < 4 && k.find_first_not_of("0123456789") == std::string::npos && !k.empty()
                                 ? size_t(std::stoi(k))
                                 : 0;
        if (index < 1 || index > next.strokes.size())
            throw pluzzle::bad_argument("no stroke " + k + " to erase", "move");
        next.strokes.erase(next.strokes.begin() + long(index - 1));
        return next;
    }
    if (words.size() == 1 && words[0] == "clear") {
        next.strokes.clear();
        return next;
    }
    throw pluzzle::bad_argument("unknown move '" + std::string(move) + "' (moves: stroke x1 y1 x2 y2, erase K, clear)",
                                "move");
}

} // namespace sliceit
