// level_format.cpp -- the canonical level text (see level.hpp), several levels a file, each starting with its
// header line; and the plain move-list file (no header: 'layout ...', optional first/opponent/name lines, then
// 'moves r,c ...' lines: the game so far, read as the level's opening). Every error names its line, column and
// field.
#include "level.hpp"

#include <pluzzle/text.hpp>

namespace celladd {
namespace {

using pluzzle::Line;
using pluzzle::parse_error;
using pluzzle::Token;

bool blank(const Line &line) { return pluzzle::trim(line.text).empty(); }
bool comment(const Line &line) { return pluzzle::trim(line.text).substr(0, 2) == "//"; }
bool header(const Line &line) { return pluzzle::trim(line.text).substr(0, 7) == "celladd"; }

void expect_words(const std::vector<Token> &words, size_t count, const Line &line, const std::string &usage) {
    if (words.size() < count)
        throw parse_error("expected '" + usage + "'", line.number, int(line.text.size()) + 1,
                          std::string(words[0].text));
    if (words.size() > count)
        throw parse_error("unexpected '" + std::string(words[count].text) + "' after '" + usage + "'", line.number,
                          words[count].column, std::string(words[0].text));
}

Layout read_layout(const std::vector<Token> &words, const Line &line) {
    if (words.size() < 2)
        throw parse_error("expected 'layout petri <cells>', 'layout beaker <height> <width>' or 'layout flask <neck> "
                          "<base>'",
                          line.number, int(line.text.size()) + 1, "layout");
    Layout layout;
    if (words[1].text == "petri") {
        expect_words(words, 3, line, "layout petri <cells>");
        layout = {Family::petri, int(pluzzle::to_int(words[2], line.number, 1, 1000, "layout")), 0};
    } else if (words[1].text == "beaker" || words[1].text == "flask") {
        const bool beaker = words[1].text == "beaker";
        expect_words(words, 4, line,
                     beaker ? "layout beaker <height> <width>" : "layout flask <neck height> <base width>");
        layout = {beaker ? Family::beaker : Family::flask,
                  int(pluzzle::to_int(words[2], line.number, 1, 1000, "layout")),
                  int(pluzzle::to_int(words[3], line.number, 1, 1000, "layout"))};
    } else {
        throw parse_error("unknown layout '" + std::string(words[1].text) + "' (petri, beaker or flask)", line.number,
                          words[1].column, "layout");
    }
    try {
        check_layout(layout);
    } catch (const pluzzle::Error &e) {
        throw parse_error(e.what(), line.number, words[2].column, "layout");
    }
    return layout;
}

Opponent read_opponent(const std::vector<Token> &words, const Line &line, bool &none) {
    if (words.size() < 2)
        throw parse_error("expected 'opponent easy|medium|hard|adaptive <skill>|none'", line.number,
                          int(line.text.size()) + 1, "opponent");
    none = words[1].text == "none";
    if (none) {
        expect_words(words, 2, line, "opponent none");
        return {};
    }
    const auto kind = parse_ai_name(words[1].text);
    if (!kind)
        throw parse_error("unknown opponent '" + std::string(words[1].text) +
                              "' (easy, medium, hard, adaptive <skill> or none)",
                          line.number, words[1].column, "opponent");
    Opponent opponent{*kind, 50};
    if (*kind == PublishedAi::adaptive) {
        expect_words(words, 3, line, "opponent adaptive <skill 0..100>");
        opponent.skill = int(pluzzle::to_int(words[2], line.number, 0, 100, "skill"));
    } else {
        expect_words(words, 2, line, "opponent " + std::string(words[1].text));
    }
    return opponent;
}

// The mask rows must be exactly the layout's: a level file cannot redefine a board.
void read_mask(const std::vector<Line> &lines, size_t &i, const CellLevel &level) {
    const std::vector<std::string> expected = mask_rows(level.board);
    for (size_t r = 0; r < expected.size(); ++r) {
        if (i == lines.size() || blank(lines[i]) || header(lines[i]))
            throw parse_error("the mask has " + std::to_string(r) + " rows, the " + layout_text(level.layout) +
                                  " board has " + std::to_string(expected.size()),
                              i == lines.size() ? (lines.empty() ? 1 : lines.back().number + 1) : lines[i].number, 1,
                              "mask");
        const Line &line = lines[i++];
        const std::string_view row = pluzzle::trim(line.text);
        for (size_t c = 0; c < row.size() || c < expected[r].size(); ++c) {
            if (c >= row.size() || c >= expected[r].size() || row[c] != expected[r][c])
                throw parse_error("mask row " + std::to_string(r + 1) + " (board row " +
                                      std::to_string(expected.size() - r) + ") differs from the " +
                                      layout_text(level.layout) + " board at column " + std::to_string(c + 1) +
                                      ": expected '" + expected[r] + "'",
                                  line.number, int(c) + 1, "mask");
        }
    }
}

// An opening move and where it was written, so an illegal one is reported at its own line and column.
struct WrittenMove {
    int cell, line, column;
};

void read_opening(const std::vector<Token> &words, const Line &line, const Board &board, const std::string &field,
                  std::vector<WrittenMove> &out) {
    for (size_t k = 1; k < words.size(); ++k) {
        std::string why;
        const auto cell = parse_cell(board, words[k].text, why);
        if (!cell)
            throw parse_error((field == "moves" ? std::string("move ") : field + " move ") +
                                  std::to_string(out.size() + 1) + ": " + why,
                              line.number, words[k].column, field);
        out.push_back({*cell, line.number, words[k].column});
    }
}

// Plays the opening move by move; the first illegal one is named with its line and column.
void check_opening(CellLevel &level, const std::vector<WrittenMove> &written, const std::string &field) {
    Position position(level.board, level.first);
    for (size_t k = 0; k < written.size(); ++k) {
        const WrittenMove &m = written[k];
        const std::string what = (field == "moves" ? std::string("move ") : field + " move ") + std::to_string(k + 1) +
                                 " " + cell_text(level.board, m.cell);
        if (position.finished()) throw parse_error(what + ": the board is already full", m.line, m.column, field);
        if (!is_legal(level.board, position.owner(), m.cell))
            throw parse_error(what + (position.owner()[size_t(m.cell)] != kEmpty
                                          ? " is taken"
                                          : " is not where a move lands (gravity: columns fill from the bottom)"),
                              m.line, m.column, field);
        position.play(m.cell);
        level.opening.push_back(m.cell);
    }
}

bool starts_with_word(const Line &line, std::string_view word) {
    const auto words = pluzzle::tokens(line);
    return !words.empty() && words[0].text == word;
}

} // namespace

std::vector<pluzzle::Parsed<CellLevel>> parse_levels(std::string_view text) {
    const std::vector<Line> lines = pluzzle::split_lines(text);
    std::vector<pluzzle::Parsed<CellLevel>> levels;
    size_t i = 0;
    auto skip = [&] {
        while (i < lines.size() && (blank(lines[i]) || comment(lines[i])))
            ++i;
    };
    skip();
    if (i == lines.size()) throw parse_error("empty file: expected the header 'celladd 1'", 1, 1);
    // The plain move-list file: no header, 'layout ...' first, then the moves played so far (see README.md).
    const bool move_list = starts_with_word(lines[i], "layout");
    while (i < lines.size()) {
        const Line &head = lines[move_list ? i : i++];
        if (!move_list) {
            const auto head_words = pluzzle::tokens(head);
            if (head_words[0].text != "celladd")
                throw parse_error("expected the header 'celladd 1', found '" + std::string(pluzzle::trim(head.text)) +
                                      "'",
                                  head.number, head_words[0].column);
            if (head_words.size() < 2 || head_words[1].text != "1")
                throw parse_error("expected format version 1 after 'celladd'", head.number,
                                  head_words.size() < 2 ? int(head.text.size()) + 1 : head_words[1].column, "version");
            expect_words(head_words, 2, head, "celladd 1");
        }

        CellLevel level;
        bool has_layout = false, has_first = false, has_opponent = false, has_opening = false, has_mask = false;
        std::vector<const Line *> move_lines; // read once the layout is known, wherever they stand
        for (skip(); i < lines.size() && !header(lines[i]); skip()) {
            const Line &line = lines[i++];
            const auto words = pluzzle::tokens(line);
            const std::string key(words[0].text);
            auto once = [&](bool &seen) {
                if (seen) throw parse_error("'" + key + "' given twice", line.number, words[0].column, key);
                seen = true;
            };
            if (key == "name") {
                if (!level.name.empty()) throw parse_error("'name' given twice", line.number, words[0].column, "name");
                level.name = std::string(pluzzle::trim(line.text.substr(size_t(words[0].column) + 3)));
                if (level.name.empty()) throw parse_error("empty level name", line.number, words[0].column, "name");
            } else if (key == "layout") {
                once(has_layout);
                level.layout = read_layout(words, line);
                level.board = make_board(level.layout);
            } else if (key == "first") {
                once(has_first);
                expect_words(words, 2, line, "first player|opponent");
                if (words[1].text != "player" && words[1].text != "opponent")
                    throw parse_error("expected 'first player' or 'first opponent'", line.number, words[1].column,
                                      "first");
                level.first = words[1].text == "player" ? 0 : 1;
            } else if (key == "opponent") {
                once(has_opponent);
                bool none = false;
                const Opponent opponent = read_opponent(words, line, none);
                if (!none) level.opponent = opponent;
            } else if (key == (move_list ? "moves" : "opening")) {
                // A move list may run over several 'moves' lines; the canonical opening is one line.
                if (!move_list) once(has_opening);
                move_lines.push_back(&line);
            } else if (key == "mask") {
                once(has_mask);
                expect_words(words, 1, line, "mask");
                if (!has_layout) throw parse_error("'mask' before 'layout'", line.number, words[0].column, "mask");
                read_mask(lines, i, level);
            } else {
                throw parse_error("unknown key '" + key + "' (" +
                                      (move_list ? "name, layout, first, opponent, moves"
                                                 : "name, layout, first, opponent, opening, mask") +
                                      ")",
                                  line.number, words[0].column, key);
            }
        }
        if (!has_layout) throw parse_error("the level has no 'layout' line", head.number, 1, "layout");
        // A move list defaults to player 1 first and no opponent (two people).
        if (!has_first && !move_list)
            throw parse_error("the level has no 'first player|opponent' line", head.number, 1, "first");
        if (!has_opponent && !move_list)
            throw parse_error("the level has no 'opponent' line", head.number, 1, "opponent");
        const std::string field = move_list ? "moves" : "opening";
        std::vector<WrittenMove> written;
        for (const Line *line : move_lines)
            read_opening(pluzzle::tokens(*line), *line, level.board, field, written);
        check_opening(level, written, field);
        if (move_list && i < lines.size())
            throw parse_error("a move-list file holds one level: no 'celladd' header after it", lines[i].number, 1);
        std::string name = level.name;
        levels.push_back({std::move(level), std::move(name)});
    }
    return levels;
}

std::string encode_level(const CellLevel &level) {
    std::string text = "celladd 1\n";
    if (!level.name.empty()) text += "name " + level.name + "\n";
    text += "layout " + layout_text(level.layout) + "\n";
    text += std::string("first ") + (level.first == 0 ? "player" : "opponent") + "\n";
    text += "opponent ";
    if (!level.opponent)
        text += "none";
    else {
        text += ai_name(level.opponent->kind);
        if (level.opponent->kind == PublishedAi::adaptive) text += " " + std::to_string(level.opponent->skill);
    }
    text += "\n";
    if (!level.opening.empty()) {
        text += "opening";
        for (int cell : level.opening)
            text += " " + cell_text(level.board, cell);
        text += "\n";
    }
    text += "mask\n";
    for (const auto &row : mask_rows(level.board))
        text += row + "\n";
    return text;
}

void validate_level(const CellLevel &level) {
    check_layout(level.layout);
    if (!(make_board(level.layout).playable == level.board.playable))
        throw pluzzle::invalid("the board does not match the layout", "mask");
    if (level.first != 0 && level.first != 1) throw pluzzle::invalid("first must be player or opponent", "first");
    if (level.opponent && (level.opponent->skill < 0 || level.opponent->skill > 100))
        throw pluzzle::invalid("skill must be 0..100", "skill");
    if (level.name != pluzzle::trim(level.name) || level.name.find('\n') != std::string::npos)
        throw pluzzle::invalid("the name must be one line without outer blanks", "name");
    (void)replay(level, {});
}

} // namespace celladd
