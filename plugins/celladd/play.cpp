// play.cpp -- see play.hpp.
#include "play.hpp"

#include "render.hpp"

#include <pluzzle/input.hpp>
#include <pluzzle/text.hpp>

namespace celladd {
namespace {

std::string scores_text(const Position &p) {
    return "player 1 " + std::to_string(p.score(0)) + " : " + std::to_string(p.score(1)) + " player 2";
}

} // namespace

pluzzle::PlayStatus play_status(const CellLevel &level, const GameState &state) {
    const Position position = replay(level, state.moves);
    pluzzle::PlayStatus status;
    status.players = 2;
    status.to_move = unsigned(position.to_move());
    status.moves = unsigned(position.moves_played());
    status.scores = {double(position.score(0)), double(position.score(1))};
    status.message = scores_text(position);
    if (position.finished()) {
        status.phase = PZ_PLAY_GAME_OVER;
        status.winner = position.margin() > 0 ? 0 : position.margin() < 0 ? 1 : -1;
        status.message += position.margin() == 0  ? ": a draw"
                          : position.margin() > 0 ? ": player 1 wins"
                                                  : ": player 2 wins";
    }
    return status;
}

std::string interpret_input(const CellLevel &level, const GameState &state, const pluzzle::Input &input) {
    if (!pluzzle::primary_press(input)) return {};
    std::optional<int> square;
    if (input.has_cell) {
        const int row = level.board.height - 1 - input.cell_row;
        if (level.board.inside(row, input.cell_col)) square = level.board.index(row, input.cell_col);
    } else {
        square = square_at(level.board, input.x, input.y);
    }
    if (!square) return {};
    const Position position = replay(level, state.moves);
    const int cell =
        level.board.gravity ? landing_cell(level.board, position.owner(), level.board.col_of(*square)) : *square;
    if (cell == kNoCell || !is_legal(level.board, position.owner(), cell)) return {};
    return cell_text(level.board, cell);
}

GameState execute_move(const CellLevel &level, const GameState &state, std::string_view move) {
    const auto words = pluzzle::tokens(move, " \t\r\n");
    std::string why = "expected one cell 'row,col'";
    const std::optional<int> cell = words.size() == 1 ? parse_cell(level.board, words[0].text, why) : std::nullopt;
    if (!cell) throw pluzzle::bad_argument("bad move '" + std::string(move) + "': " + why, "move");
    GameState next = state;
    next.moves.push_back(*cell);
    try {
        (void)replay(level, next.moves);
    } catch (const pluzzle::Error &e) {
        throw pluzzle::invalid(e.what(), "move");
    }
    return next;
}

void check_solution(const CellLevel &level, std::string_view solution) {
    const std::vector<int> moves = decode_moves(level, solution);
    Position position = replay(level, {});
    for (size_t i = 0; i < moves.size(); ++i) {
        if (level.opponent && position.to_move() == 1) {
            const int expected = published_move(position, *level.opponent);
            if (expected != moves[i])
                throw pluzzle::invalid("move " + std::to_string(i + 1) + " is " + cell_text(level.board, moves[i]) +
                                           " but the " + ai_name(level.opponent->kind) + " AI plays " +
                                           cell_text(level.board, expected),
                                       "moves");
        }
        position.play(moves[i]);
    }
    if (!position.finished())
        throw pluzzle::invalid("the game is not finished: " + std::to_string(position.empty_count()) + " cells left");
}

} // namespace celladd
