// lightsout_format.cpp -- level files: the canonical format (what encode writes) and the plain 0/1 import.
//
// Canonical; several levels may follow each other, each starting with its header:
//   lightsout 1        header and format version
//   # a comment        comment lines may sit between the header and the size line
//   name Corner        optional level name
//   size 5 3           width and height, 1..30
//   #...#              `height` rows of `width` cells: '#' on, '.' off
//   .....
//   #...#
// Plain (one level): rows of '1' (on) and '0' (off), all the same length.
//
// Every error names its line and column: a pack file can hold hundreds of levels.
#include "lightsout.hpp"

#include <pluzzle/char_grid.hpp>
#include <pluzzle/text.hpp>

#include <algorithm>

namespace lightsout {
namespace {

using pluzzle::Line;
using pluzzle::parse_error;

bool blank(const Line &line) { return pluzzle::trim(line.text).empty(); }
bool comment(const Line &line) { return !line.text.empty() && line.text.front() == '#'; }
bool header(const Line &line) { return pluzzle::trim(line.text).substr(0, 9) == "lightsout"; }

// Line number to blame when the text ends early: the line that is missing.
int line_after(const std::vector<Line> &lines) { return lines.empty() ? 1 : lines.back().number + 1; }

// Copies a grid read by pluzzle::read_char_grid (which checked the characters and the row lengths, with line and
// column) into `board`.
void set_lights(const pluzzle::CharGrid &grid, char on, Board &board) {
    board.width = grid.width;
    board.height = grid.height;
    for (int y = 0; y < grid.height; ++y)
        for (int x = 0; x < grid.width; ++x)
            if (grid.at(y, x) == on) board.lights.set(board.index(x, y));
}

// Anything after the last token a line should have.
void no_more(const std::vector<pluzzle::Token> &words, size_t expected, const Line &line, const char *after) {
    if (words.size() > expected)
        throw parse_error("unexpected '" + std::string(words[expected].text) + "' after " + after, line.number,
                          words[expected].column);
}

void read_header(const Line &line) {
    const auto words = pluzzle::tokens(line);
    if (words.empty() || words[0].text != "lightsout")
        throw parse_error("expected the header 'lightsout 1', found '" + std::string(pluzzle::trim(line.text)) + "'",
                          line.number, words.empty() ? 1 : words[0].column);
    if (words.size() < 2)
        throw parse_error("expected a format version after 'lightsout'", line.number, int(line.text.size()) + 1);
    if (words[1].text != "1")
        throw parse_error("unsupported format version '" + std::string(words[1].text) + "' (this plugin reads 1)",
                          line.number, words[1].column);
    no_more(words, 2, line, "the header");
}

void read_size(const Line &line, Board &board) {
    const auto words = pluzzle::tokens(line);
    if (words.empty() || words[0].text != "size")
        throw parse_error("expected 'size <width> <height>', found '" + std::string(pluzzle::trim(line.text)) + "'",
                          line.number, words.empty() ? 1 : words[0].column);
    if (words.size() < 3)
        throw parse_error("expected 'size <width> <height>'", line.number, int(line.text.size()) + 1, "size");
    board.width = int(pluzzle::to_int(words[1], line.number, 1, kMaxSide, "width"));
    board.height = int(pluzzle::to_int(words[2], line.number, 1, kMaxSide, "height"));
    no_more(words, 3, line, "the size");
}

std::vector<pluzzle::Parsed<Board>> parse_canonical(std::string_view text) {
    const std::vector<Line> lines = pluzzle::split_lines(text);
    size_t i = 0;
    auto skip_blank = [&] {
        while (i < lines.size() && blank(lines[i])) ++i;
    };
    // The next line that is neither blank nor a comment (only called inside a level's head).
    auto next_statement = [&](const char *expected) -> const Line & {
        while (i < lines.size() && (blank(lines[i]) || comment(lines[i]))) ++i;
        if (i == lines.size())
            throw parse_error(std::string("unexpected end of file: expected ") + expected, line_after(lines), 1);
        return lines[i++];
    };

    std::vector<pluzzle::Parsed<Board>> levels;
    skip_blank();
    if (i == lines.size()) throw parse_error("empty file: expected the header 'lightsout 1'", 1, 1);
    while (i < lines.size()) {
        Board board;
        read_header(lines[i++]);

        const Line *line = &next_statement("'name <text>' or 'size <width> <height>'");
        const auto words = pluzzle::tokens(*line);
        if (words[0].text == "name") {
            const size_t after = size_t(words[0].column) - 1 + words[0].text.size(); // the rest is the name
            board.name = std::string(pluzzle::trim(line->text.substr(after)));
            if (board.name.empty()) throw parse_error("empty level name", line->number, words[0].column, "name");
            line = &next_statement("'size <width> <height>'");
        }
        read_size(*line, board);

        // Rows follow the size line directly; no comments inside the grid ('#' is a lit cell there). A header where
        // a row should be means the size line overcounts.
        set_lights(pluzzle::read_char_grid(lines, i, {"#.", board.width, board.height, {}, kMaxSide, "lightsout"}),
                   '#', board);

        // Between levels only blank lines: a row-like line here means the size line undercounts.
        skip_blank();
        if (i < lines.size() && !header(lines[i])) {
            const std::string_view junk = pluzzle::trim(lines[i].text);
            const int column = int(lines[i].text.find_first_not_of(" \t")) + 1;
            if (junk.find_first_not_of("#.") == std::string_view::npos)
                throw parse_error("too many rows: expected " + std::to_string(board.height), lines[i].number, column);
            throw parse_error("unexpected text after the grid (a new level starts with 'lightsout 1')",
                              lines[i].number, column);
        }
        std::string name = board.name;
        levels.push_back({std::move(board), std::move(name)});
    }
    return levels;
}

std::vector<pluzzle::Parsed<Board>> parse_plain(std::string_view text) {
    const std::vector<Line> lines = pluzzle::split_lines(text);
    size_t first = 0;
    while (first < lines.size() && blank(lines[first])) ++first;
    size_t end = first;
    while (end < lines.size() && !blank(lines[end])) ++end;
    if (first == end) throw parse_error("no grid found: expected rows of '0' and '1'", 1, 1);
    for (size_t i = end; i < lines.size(); ++i)
        if (!blank(lines[i]))
            throw parse_error("unexpected text after the grid (a plain file holds one level)", lines[i].number, 1);

    Board board;
    size_t next = first;
    set_lights(pluzzle::read_char_grid(lines, next, {"01", 0, 0, {}, kMaxSide}), '1', board);

    std::vector<pluzzle::Parsed<Board>> levels;
    levels.push_back({std::move(board), ""});
    return levels;
}

// The first line that is not blank decides: rows of 0/1 are plain, anything else is read as canonical (whose
// errors then explain what was expected).
bool looks_plain(std::string_view text) {
    for (const Line &line : pluzzle::split_lines(text))
        if (!blank(line)) return pluzzle::trim(line.text).find_first_not_of("01") == std::string_view::npos;
    return false;
}

} // namespace

std::vector<pluzzle::Parsed<Board>> parse_levels(std::string_view text, std::string_view format) {
    if (format.empty()) format = looks_plain(text) ? "plain" : "canonical";
    if (format == "canonical") return parse_canonical(text);
    if (format == "plain") return parse_plain(text);
    throw pluzzle::bad_argument("unknown format '" + std::string(format) + "' (known: canonical, plain)", "format");
}

std::string encode_board(const Board &board) {
    std::string text = "lightsout 1\n";
    if (!board.name.empty()) text += "name " + board.name + "\n";
    text += "size " + std::to_string(board.width) + " " + std::to_string(board.height) + "\n";
    for (int y = 0; y < board.height; ++y) {
        for (int x = 0; x < board.width; ++x) text += board.lights[board.index(x, y)] ? '#' : '.';
        text += '\n';
    }
    return text;
}

} // namespace lightsout
