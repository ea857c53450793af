// play.cpp -- see play.hpp.
#include "play.hpp"

#include "regions.hpp"
#include "render.hpp"

#include <pluzzle/input.hpp>
#include <pluzzle/text.hpp>

#include <algorithm>
#include <cmath>

namespace kami {
namespace {

std::string plural(size_t n, const char *word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

std::string move_text(const Board &b, int64_t cell, int colour) { return encode_moves(b, {{cell, uint8_t(colour)}}); }

// Colour c chosen (a key or a swatch): in pivot mode the pivot's region takes it at once.
std::string choose(const Board &b, const PlayState &s, int c) {
    if (b.mode == Mode::Pivot) {
        if (one_colour(s.cells) || s.cells[size_t(b.pivot)] == c) return {};
        return move_text(b, b.pivot, c);
    }
    return c == s.selected ? std::string() : "pick " + std::to_string(c);
}

// "pick c": the colour, or nothing when the text is no pick.
std::optional<int> pick_of(const Board &b, std::string_view move) {
    const std::vector<pluzzle::Token> words = pluzzle::tokens(move, " \t\r\n");
    if (words.empty() || words[0].text != "pick") return std::nullopt;
    const std::optional<int> c = words.size() == 2 ? pluzzle::whole_number<int>(words[1].text) : std::nullopt;
    if (!c || *c < 1 || *c > b.colours)
        throw pluzzle::bad_argument("bad move '" + std::string(move) + "': expected 'pick C' with a colour 1.." +
                                        std::to_string(b.colours),
                                    "move");
    return c;
}

// Plays `moves` on `cells`; an illegal move says which one it was.
void replay(const Board &b, std::vector<uint8_t> &cells, std::vector<Move> &played, const std::vector<Move> &moves) {
    for (const Move &m : moves) {
        try {
            cells = apply_move(b, std::move(cells), m);
        } catch (const pluzzle::Error &e) {
            throw pluzzle::invalid(
                "move " + std::to_string(played.size() + 1) + " '" + encode_moves(b, {m}) + "': " + e.what(), "moves");
        }
        played.push_back(m);
    }
}

} // namespace

PlayState start_state(const Board &board) {
    PlayState s;
    s.cells = board.cells;
    return s;
}

PlayState decode_state_text(const Board &board, std::string_view text) {
    PlayState s = start_state(board);
    replay(board, s.cells, s.moves, decode_moves(board, text));
    return s;
}

std::string encode_state_text(const Board &board, const PlayState &state) { return encode_moves(board, state.moves); }

void check_solution(const Board &board, std::string_view text) {
    const auto s = decode_state_text(board, text);
    if (!one_colour(s.cells))
        throw pluzzle::invalid("the moves do not finish the level: " + play_status(board, s).message, "moves");
}

pluzzle::PlayStatus play_status(const Board &board, const PlayState &state) {
    pluzzle::PlayStatus status;
    status.moves = unsigned(state.moves.size());
    const std::string par = board.par ? " (par " + std::to_string(board.par) + ")" : "";
    if (one_colour(state.cells)) {
        status.phase = PZ_PLAY_SOLVED;
        status.message = "solved in " + plural(state.moves.size(), "move") + par;
        return status;
    }
    const RegionGraph g = region_graph(board, state.cells);
    std::vector<uint8_t> colours(g.colour);
    std::sort(colours.begin(), colours.end());
    colours.erase(std::unique(colours.begin(), colours.end()), colours.end());
    status.message = plural(colours.size(), "colour") + ", " + plural(size_t(g.count()), "region") + ", " +
                     plural(state.moves.size(), "move") + par;
    return status;
}

std::string interpret_input(const Board &board, const PlayState &state, const pluzzle::Input &input) {
    if (input.kind == PZ_INPUT_KEY && input.key >= '1' && input.key <= '0' + board.colours)
        return choose(board, state, input.key - '0');
    const bool right = input.kind == PZ_INPUT_PRESS && input.button == 1;
    if (!pluzzle::primary_press(input) && !right) return {};
    if (input.kind == PZ_INPUT_PRESS && !input.has_cell)
        if (const std::optional<int> c = swatch_at(board, input.x, input.y))
            return right ? "" : choose(board, state, *c);
    const std::optional<int64_t> cell = input_cell(board, input);
    if (!cell || !state.cells[size_t(*cell)]) return {};
    const int colour = state.cells[size_t(*cell)];
    if (board.mode == Mode::Pivot) return right ? "" : choose(board, state, colour); // flood towards the click
    if (right) return colour == state.selected ? "" : "pick " + std::to_string(colour);
    if (colour == state.selected || one_colour(state.cells)) return {};
    return move_text(board, *cell, state.selected);
}

PlayState execute_move(const Board &board, const PlayState &state, std::string_view move) {
    PlayState next = state;
    if (const std::optional<int> c = pick_of(board, move)) {
        next.selected = *c;
        return next;
    }
    const std::vector<Move> moves = decode_moves(board, move);
    if (moves.empty()) throw pluzzle::bad_argument("empty move: expected 'x,y=c' or 'pick c'", "move");
    replay(board, next.cells, next.moves, moves);
    return next;
}

std::vector<int32_t> bloom_distances(const Board &board, const std::vector<uint8_t> &cells, int64_t start) {
    std::vector<int32_t> dist(cells.size(), -1);
    if (start < 0 || start >= board.size() || !cells[size_t(start)]) return dist;
    std::vector<int64_t> queue{start};
    dist[size_t(start)] = 0;
    int64_t nb[4] = {};
    for (size_t q = 0; q < queue.size(); ++q) {
        const int64_t i = queue[q];
        const int n = board.neighbours(i, nb);
        for (int k = 0; k < n; ++k)
            if (dist[size_t(nb[k])] < 0 && cells[size_t(nb[k])] == cells[size_t(start)]) {
                dist[size_t(nb[k])] = dist[size_t(i)] + 1;
                queue.push_back(nb[k]);
            }
    }
    return dist;
}

void render_move_frame(const Board &board, const PlayState &state, std::string_view move, float t,
                       pluzzle::Canvas &canvas) {
    const PlayState after = execute_move(board, state, move); // refuses an illegal move
    if (pick_of(board, move) || !(t < 1)) return render_board(board, after.cells, marked_colour(board, after), canvas);
    if (!(t > 0)) return render_board(board, state.cells, marked_colour(board, state), canvas); // also NaN
    // The first recolouring of the text blooms; a text of several moves shows the later ones at the end only.
    const Move first = decode_moves(board, move).front();
    const std::vector<int32_t> dist = bloom_distances(board, state.cells, first.cell);
    const int32_t farthest = *std::max_element(dist.begin(), dist.end());
    std::vector<uint8_t> frame = state.cells;
    for (size_t i = 0; i < frame.size(); ++i)
        if (dist[i] >= 0 && float(dist[i]) <= t * float(farthest)) frame[i] = first.colour;
    render_board(board, frame, marked_colour(board, state), canvas);
}

int marked_colour(const Board &board, const PlayState &state) {
    return board.mode == Mode::Pivot ? state.cells[size_t(board.pivot)] : state.selected;
}

} // namespace kami
