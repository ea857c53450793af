// move_text.cpp -- cells as "row,col" (1-based, row 1 at the bottom) and move lists "moves r,c r,c ...".
#include "level.hpp"

#include <pluzzle/text.hpp>

namespace celladd {
namespace {

std::optional<int> read_number(std::string_view text) { return pluzzle::whole_number<int>(text); }

} // namespace

std::string cell_text(const Board &board, int cell) {
    return std::to_string(board.row_of(cell) + 1) + "," + std::to_string(board.col_of(cell) + 1);
}

std::optional<int> parse_cell(const Board &board, std::string_view text, std::string &why) {
    const size_t comma = text.find(',');
    const auto row = comma == std::string_view::npos ? std::nullopt : read_number(text.substr(0, comma));
    const auto col = comma == std::string_view::npos ? std::nullopt : read_number(text.substr(comma + 1));
    if (!row || !col) {
        why = "expected 'row,col' (row 1 = bottom), found '" + std::string(text) + "'";
        return std::nullopt;
    }
    if (!board.inside(*row - 1, *col - 1)) {
        why = "cell " + std::string(text) + " is off the " + std::to_string(board.height) + "x" +
              std::to_string(board.width) + " board";
        return std::nullopt;
    }
    if (!board.is_playable(*row - 1, *col - 1)) {
        why = "cell " + std::string(text) + " is not part of the board";
        return std::nullopt;
    }
    return board.index(*row - 1, *col - 1);
}

std::string encode_moves(const Board &board, const std::vector<int> &moves) {
    std::string text = "moves";
    for (int cell : moves)
        text += " " + cell_text(board, cell);
    return text;
}

Position replay(const CellLevel &level, const std::vector<int> &moves) {
    Position position(level.board, level.first);
    auto play = [&](int cell, const std::string &what) {
        if (position.finished()) throw pluzzle::invalid(what + ": the board is already full", "moves");
        if (!is_legal(level.board, position.owner(), cell)) {
            std::string why = position.owner()[size_t(cell)] != kEmpty ? "is taken" : "is not where a move lands";
            if (level.board.gravity && position.owner()[size_t(cell)] == kEmpty)
                why += " (gravity: column " + std::to_string(level.board.col_of(cell) + 1) + " fills from the bottom)";
            throw pluzzle::invalid(what + " " + cell_text(level.board, cell) + " " + why, "moves");
        }
        position.play(cell);
    };
    for (size_t i = 0; i < level.opening.size(); ++i)
        play(level.opening[i], "opening move " + std::to_string(i + 1));
    for (size_t i = 0; i < moves.size(); ++i)
        play(moves[i], "move " + std::to_string(i + 1));
    return position;
}

std::vector<int> decode_moves(const CellLevel &level, std::string_view text) {
    const auto lines = pluzzle::split_lines(text);
    std::vector<int> moves;
    bool header = false;
    for (const auto &line : lines) {
        const auto words = pluzzle::tokens(line, " \t,;");
        if (words.empty()) continue;
        // Cells contain a comma, so split on blanks only once the line is known to be a move line.
        const auto cells = pluzzle::tokens(line, " \t");
        size_t from = 0;
        if (!header) {
            if (cells[0].text != "moves")
                throw pluzzle::parse_error("expected the move list 'moves r,c r,c ...', found '" +
                                               std::string(cells[0].text) + "'",
                                           line.number, cells[0].column, "moves");
            header = true;
            from = 1;
        }
        for (size_t i = from; i < cells.size(); ++i) {
            std::string why;
            const auto cell = parse_cell(level.board, cells[i].text, why);
            if (!cell)
                throw pluzzle::parse_error("move " + std::to_string(moves.size() + 1) + ": " + why, line.number,
                                           cells[i].column, "moves");
            moves.push_back(*cell);
        }
    }
    if (!header) throw pluzzle::parse_error("empty move list: expected 'moves r,c r,c ...'", 1, 1, "moves");
    (void)replay(level, moves); // legality, move by move
    return moves;
}

} // namespace celladd
