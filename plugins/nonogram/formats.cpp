// formats.cpp -- parse and encode nonogram level files (canonical, .non, tournament) and validate levels.
// The formats are described in formats.hpp.
#include "formats.hpp"

#include <pluzzle/text.hpp>

#include <algorithm>
#include <charconv>

namespace nonogram {
namespace {

using pluzzle::Line;
using pluzzle::parse_error;
using pluzzle::Token;

// Parsers accept any size up to this (so a too-big level reaches validate_puzzle and gets its clear "invalid"
// message), but never more: nothing is allocated from an unchecked number.
constexpr long long kParseLimit = 1000000;

const char *const kReserved[] = {"nonogram", "size", "rows", "columns", "goal", "width", "height"};

bool reserved(std::string_view key) {
    for (const char *r : kReserved)
        if (key == r) return true;
    return false;
}

bool blank(const Line &line) { return pluzzle::trim(line.text).empty(); }
bool ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool ident_char(char c) { return ident_start(c) || (c >= '0' && c <= '9') || c == '-'; }
bool valid_key(std::string_view key) {
    if (key.empty() || !ident_start(key[0])) return false;
    return std::all_of(key.begin(), key.end(), ident_char);
}

int first_column(const Line &line) {
    const size_t at = line.text.find_first_not_of(" \t");
    return at == std::string_view::npos ? 1 : int(at) + 1;
}
int line_after(const std::vector<Line> &lines) { return lines.empty() ? 1 : lines.back().number + 1; }

// Reads one clue line: numbers separated by blanks (and commas when `commas`), or a lone `0` for a blank line.
// An empty line is a blank clue too (only the .non reader passes those).
Clue read_clue(const Line &line, bool commas, const std::string &field) {
    const std::vector<Token> words = pluzzle::tokens(line, commas ? " \t," : " \t");
    Clue clue;
    for (const Token &w : words) {
        const long long v = pluzzle::to_int(w, line.number, 0, kParseLimit, field);
        if (v == 0) {
            if (words.size() > 1)
                throw parse_error("0 stands alone for a blank line; runs are 1 or more", line.number, w.column, field);
            continue;
        }
        clue.push_back(int(v));
    }
    return clue;
}

// A quoted value starting at `at` of the line, with \" and \\ escapes, closed by the line's last '"'.
std::string read_escaped(const Line &line, size_t at, const std::string &field) {
    const std::string_view s = line.text;
    std::string value;
    size_t i = at + 1;
    for (; i < s.size() && s[i] != '"'; ++i) {
        if (s[i] == '\\') {
            if (i + 1 >= s.size() || (s[i + 1] != '"' && s[i + 1] != '\\'))
                throw parse_error("bad escape: only \\\" and \\\\ are allowed in a quoted value", line.number,
                                  int(i) + 1, field);
            ++i;
        }
        value += s[i];
    }
    if (i >= s.size()) throw parse_error("unterminated quoted value", line.number, int(at) + 1, field);
    const std::string_view rest = pluzzle::trim(s.substr(i + 1));
    if (!rest.empty())
        throw parse_error("unexpected text after the closing quote", line.number, int(s.size() - rest.size()) + 1, field);
    return value;
}

// "key rest": the key (identifier) and the column where the rest starts (after blanks), or parse errors.
struct KeyLine {
    std::string_view key;
    size_t rest_at; // index of the first non-blank after the key, or text.size()
};
KeyLine read_key(const Line &line) {
    const std::string_view s = line.text;
    size_t i = s.find_first_not_of(" \t");
    const size_t start = i;
    while (i < s.size() && ident_char(s[i])) ++i;
    if (i < s.size() && s[i] != ' ' && s[i] != '\t')
        throw parse_error(std::string("unexpected character '") + s[i] + "' in a keyword", line.number, int(i) + 1);
    KeyLine k{s.substr(start, i - start), i};
    while (k.rest_at < s.size() && (s[k.rest_at] == ' ' || s[k.rest_at] == '\t')) ++k.rest_at;
    return k;
}
std::string_view rest_of(const Line &line, const KeyLine &k) { return pluzzle::trim(line.text.substr(k.rest_at)); }

void nothing_after(const Line &line, const KeyLine &k, const char *what) {
    if (!rest_of(line, k).empty())
        throw parse_error(std::string("unexpected text after '") + what + "'", line.number, int(k.rest_at) + 1);
}

// ------------------------------------------------------------------------------------------------ canonical

bool canonical_header(const Line &line) {
    const auto words = pluzzle::tokens(line);
    return !words.empty() && words[0].text == "nonogram";
}

void read_header(const Line &line) {
    const auto words = pluzzle::tokens(line);
    if (words.empty() || words[0].text != "nonogram")
        throw parse_error("expected the header 'nonogram 1'", line.number, first_column(line));
    if (words.size() < 2)
        throw parse_error("expected a format version after 'nonogram'", line.number, int(line.text.size()) + 1);
    if (words[1].text != "1")
        throw parse_error("unsupported format version '" + std::string(words[1].text) + "' (this plugin reads 1)",
                          line.number, words[1].column);
    if (words.size() > 2)
        throw parse_error("unexpected text after the header", line.number, words[2].column);
}

std::vector<pluzzle::Parsed<Puzzle>> parse_canonical(std::string_view text) {
    const std::vector<Line> lines = pluzzle::split_lines(text);
    size_t i = 0;
    auto skip_blank = [&] {
        while (i < lines.size() && blank(lines[i])) ++i;
    };
    auto next = [&](const std::string &expected) -> const Line & {
        skip_blank();
        if (i == lines.size())
            throw parse_error("unexpected end of file: expected " + expected, line_after(lines), 1);
        return lines[i++];
    };
    // `count` clue lines directly after a section keyword.
    auto read_section = [&](int count, const char *what, std::vector<Clue> &out) {
        for (int k = 0; k < count; ++k) {
            if (i == lines.size() || blank(lines[i]) || ident_start(pluzzle::trim(lines[i].text)[0]))
                throw parse_error(std::string(what) + ": expected " + std::to_string(count) + " clues, found " +
                                      std::to_string(k) + " (write 0 for a blank line)",
                                  i == lines.size() ? line_after(lines) : lines[i].number, 1, what);
            out.push_back(read_clue(lines[i++], false, what));
        }
    };

    std::vector<pluzzle::Parsed<Puzzle>> levels;
    skip_blank();
    if (i == lines.size()) throw parse_error("empty file: expected the header 'nonogram 1'", 1, 1);
    while (i < lines.size()) {
        Puzzle p;
        read_header(lines[i++]);

        // Metadata until the size line.
        for (;;) {
            const Line &line = next("'size <width> <height>'");
            const KeyLine k = read_key(line);
            if (k.key.empty() || !ident_start(k.key[0]))
                throw parse_error("expected 'key \"value\"' or 'size <width> <height>'", line.number, first_column(line));
            if (k.key == "size") {
                const auto words = pluzzle::tokens(line);
                if (words.size() < 3)
                    throw parse_error("expected 'size <width> <height>'", line.number, int(line.text.size()) + 1, "size");
                p.width = int(pluzzle::to_int(words[1], line.number, 0, kParseLimit, "width"));
                p.height = int(pluzzle::to_int(words[2], line.number, 0, kParseLimit, "height"));
                if (words.size() > 3) throw parse_error("unexpected text after the size", line.number, words[3].column);
                break;
            }
            if (reserved(k.key))
                throw parse_error("'" + std::string(k.key) + "' before 'size'", line.number, first_column(line));
            if (k.rest_at >= line.text.size() || line.text[k.rest_at] != '"')
                throw parse_error("expected a quoted value after '" + std::string(k.key) + "'", line.number,
                                  int(k.rest_at) + 1, std::string(k.key));
            p.meta.emplace_back(std::string(k.key), read_escaped(line, k.rest_at, std::string(k.key)));
        }

        const Line &rows_line = next("'rows'");
        const KeyLine rk = read_key(rows_line);
        if (rk.key != "rows") throw parse_error("expected 'rows'", rows_line.number, first_column(rows_line));
        nothing_after(rows_line, rk, "rows");
        read_section(p.height, "rows", p.rows);

        const Line &cols_line = next("'columns'");
        const KeyLine ck = read_key(cols_line);
        if (ck.key != "columns") throw parse_error("expected 'columns'", cols_line.number, first_column(cols_line));
        nothing_after(cols_line, ck, "columns");
        read_section(p.width, "columns", p.cols);

        skip_blank();
        if (i < lines.size() && !canonical_header(lines[i])) {
            const Line &goal_line = lines[i++];
            const KeyLine gk = read_key(goal_line);
            if (gk.key != "goal")
                throw parse_error("expected 'goal' or the next puzzle's header 'nonogram 1'", goal_line.number,
                                  first_column(goal_line));
            nothing_after(goal_line, gk, "goal");
            for (int r = 0; r < p.height; ++r) {
                if (i == lines.size())
                    throw parse_error("goal: expected " + std::to_string(p.height) + " rows, found " + std::to_string(r),
                                      line_after(lines), 1, "goal");
                const Line &line = lines[i++];
                std::string_view cells = line.text;
                while (!cells.empty() && (cells.back() == ' ' || cells.back() == '\t')) cells.remove_suffix(1);
                for (size_t c = 0; c < cells.size() && c < size_t(p.width); ++c) {
                    if (cells[c] != '#' && cells[c] != '.')
                        throw parse_error(std::string("bad goal cell '") + cells[c] + "': expected '#' or '.'",
                                          line.number, int(c) + 1, "goal");
                    p.goal += cells[c] == '#' ? '1' : '0';
                }
                if (cells.size() != size_t(p.width))
                    throw parse_error("goal row " + std::to_string(r + 1) + " has " + std::to_string(cells.size()) +
                                          " cells, expected " + std::to_string(p.width),
                                      line.number, int(std::min(cells.size(), size_t(p.width))) + 1, "goal");
            }
            skip_blank();
            if (i < lines.size() && !canonical_header(lines[i]))
                throw parse_error("unexpected text after the puzzle (a new puzzle starts with 'nonogram 1')",
                                  lines[i].number, first_column(lines[i]));
        }
        std::string name;
        for (auto &[key, value] : p.meta)
            if (key == "title") {
                name = value;
                break;
            }
        levels.push_back({std::move(p), std::move(name)});
    }
    return levels;
}

// ------------------------------------------------------------------------------------------------ .non

struct Section {
    const Line *header = nullptr;
    std::vector<const Line *> lines; // everything up to the next keyword, blank lines included
};

// Fits a section's lines to `expected` clues: blank lines at its ends are separators unless they are needed as
// blank clues (a puzzle whose last row is blank may end its section with an empty line).
std::vector<Clue> read_non_section(const Section &s, long long expected, const char *what) {
    size_t first = 0, last = s.lines.size();
    while (first < last && blank(*s.lines[first])) ++first;
    while (last > first && blank(*s.lines[last - 1])) --last;
    const size_t core = last - first;
    const size_t available = s.lines.size();
    if ((long long)core > expected || (long long)available < expected) {
        const size_t found = (long long)core > expected ? core : available;
        throw parse_error(std::string(what) + ": expected " + std::to_string(expected) + " clues, found " +
                              std::to_string(found),
                          s.header->number, first_column(*s.header), what);
    }
    // Use trailing blanks first, then leading ones.
    size_t end = last;
    while ((long long)(end - first) < expected && end < s.lines.size()) ++end;
    while ((long long)(end - first) < expected && first > 0) --first;
    std::vector<Clue> out;
    out.reserve(size_t(expected));
    for (size_t k = first; k < end; ++k) out.push_back(read_clue(*s.lines[k], true, what));
    return out;
}

std::vector<pluzzle::Parsed<Puzzle>> parse_non(std::string_view text) {
    const std::vector<Line> lines = pluzzle::split_lines(text);
    Puzzle p;
    long long width = -1, height = -1;
    const Line *width_line = nullptr, *height_line = nullptr, *goal_line = nullptr;
    Section rows, cols;
    Section *current = nullptr;
    size_t goal_column = 0;

    for (const Line &line : lines) {
        const std::string_view t = pluzzle::trim(line.text);
        if (t.empty() || !ident_start(t[0])) {
            if (current) {
                current->lines.push_back(&line);
                continue;
            }
            if (t.empty()) continue;
            throw parse_error("unexpected text outside the 'rows' and 'columns' sections", line.number,
                              first_column(line));
        }
        current = nullptr;
        const KeyLine k = read_key(line);
        const std::string key(k.key);
        const std::string_view rest = rest_of(line, k);
        if (key == "rows" || key == "columns") {
            Section &s = key == "rows" ? rows : cols;
            if (s.header) throw parse_error("second '" + key + "' section", line.number, first_column(line), key);
            nothing_after(line, k, key.c_str());
            s.header = &line;
            current = &s;
            continue;
        }
        if (rest.empty())
            throw parse_error("expected a value after '" + key + "'", line.number, int(line.text.size()) + 1, key);
        if (key == "width" || key == "height") {
            const Line *&seen = key == "width" ? width_line : height_line;
            if (seen) throw parse_error("second '" + key + "' line", line.number, first_column(line), key);
            seen = &line;
            const auto words = pluzzle::tokens(line);
            (key == "width" ? width : height) = pluzzle::to_int(words[1], line.number, 0, kParseLimit, key);
            if (words.size() > 2) throw parse_error("unexpected text after the " + key, line.number, words[2].column);
            continue;
        }
        // A value: quoted (the line's first and last '"'; inner quotes are kept as they are, as webpbn writes
        // them), or the rest of the line.
        std::string value(rest);
        if (rest.front() == '"') {
            if (rest.size() < 2 || rest.back() != '"')
                throw parse_error("unterminated quoted value", line.number, int(k.rest_at) + 1, key);
            value = std::string(rest.substr(1, rest.size() - 2));
        }
        if (key == "goal") {
            if (goal_line) throw parse_error("second 'goal' line", line.number, first_column(line), "goal");
            goal_line = &line;
            goal_column = k.rest_at + (rest.front() == '"' ? 1 : 0);
            for (size_t c = 0; c < value.size(); ++c)
                if (value[c] != '0' && value[c] != '1')
                    throw parse_error(std::string("bad goal cell '") + value[c] + "': expected '0' or '1'", line.number,
                                      int(goal_column + c) + 1, "goal");
            p.goal = value;
            continue;
        }
        p.meta.emplace_back(key, value);
    }

    if (width < 0) throw parse_error("missing 'width'", line_after(lines), 1, "width");
    if (height < 0) throw parse_error("missing 'height'", line_after(lines), 1, "height");
    if (!rows.header) throw parse_error("missing the 'rows' section", line_after(lines), 1, "rows");
    if (!cols.header) throw parse_error("missing the 'columns' section", line_after(lines), 1, "columns");
    p.width = int(width);
    p.height = int(height);
    p.rows = read_non_section(rows, height, "rows");
    p.cols = read_non_section(cols, width, "columns");
    if (goal_line && p.goal.size() != size_t(width) * size_t(height))
        throw parse_error("goal has " + std::to_string(p.goal.size()) + " cells, expected " +
                              std::to_string(width * height) + " (width x height)",
                          goal_line->number, int(goal_column) + 1, "goal");

    std::string name;
    for (auto &[key, value] : p.meta)
        if (key == "title") {
            name = value;
            break;
        }
    std::vector<pluzzle::Parsed<Puzzle>> levels;
    levels.push_back({std::move(p), std::move(name)});
    return levels;
}

// ------------------------------------------------------------------------------------------------ tournament

// Hand-rolled: a file holds 1000 puzzles of 50 lines each and must parse in milliseconds.
Clue read_tournament_clue(const Line &line) {
    Clue clue;
    const std::string_view s = line.text;
    size_t i = 0;
    bool zero = false;
    int count = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == ',')) ++i;
        if (i == s.size()) break;
        const size_t start = i;
        long long v = 0;
        const auto [end, ec] = std::from_chars(s.data() + i, s.data() + s.size(), v);
        const size_t stop = size_t(end - s.data());
        if (ec != std::errc() || (stop < s.size() && s[stop] != ' ' && s[stop] != '\t' && s[stop] != ',')) {
            size_t j = start;
            while (j < s.size() && s[j] != ' ' && s[j] != '\t' && s[j] != ',') ++j;
            throw parse_error("expected an integer, found '" + std::string(s.substr(start, j - start)) + "'",
                              line.number, int(start) + 1);
        }
        if (v < 0 || v > kParseLimit)
            throw parse_error(std::to_string(v) + " is out of range", line.number, int(start) + 1);
        ++count;
        if (v == 0) {
            zero = true;
        } else {
            clue.push_back(int(v));
        }
        if (zero && count > 1)
            throw parse_error("0 stands alone for a blank line; runs are 1 or more", line.number, int(start) + 1);
        i = stop;
    }
    return clue;
}

std::vector<pluzzle::Parsed<Puzzle>> parse_tournament(std::string_view text) {
    const std::vector<Line> lines = pluzzle::split_lines(text);
    std::vector<pluzzle::Parsed<Puzzle>> levels;
    size_t i = 0;
    while (i < lines.size() && blank(lines[i])) ++i;
    if (i == lines.size()) throw parse_error("empty file: expected a '$N' line", 1, 1);
    while (i < lines.size()) {
        const Line &head = lines[i];
        const std::string_view name = pluzzle::trim(head.text);
        if (name.empty() || name[0] != '$')
            throw parse_error("expected a '$N' line starting a puzzle", head.number, first_column(head));
        size_t end = ++i;
        while (end < lines.size() && pluzzle::trim(lines[end].text).substr(0, 1) != "$") ++end;
        size_t last = end;
        while (last > i && blank(lines[last - 1])) --last;
        const size_t n = last - i;
        if (n == 0 || n % 2 != 0)
            throw parse_error(std::string(name) + ": expected an even number of clue lines (columns, then as many rows)"
                              ", found " + std::to_string(n),
                              head.number, first_column(head));
        Puzzle p;
        p.width = p.height = int(n / 2);
        p.cols.reserve(n / 2);
        p.rows.reserve(n / 2);
        for (size_t k = 0; k < n; ++k) (k < n / 2 ? p.cols : p.rows).push_back(read_tournament_clue(lines[i + k]));
        levels.push_back({std::move(p), std::string(name)});
        i = end;
    }
    return levels;
}

std::string_view detect(std::string_view text) {
    for (const Line &line : pluzzle::split_lines(text.substr(0, std::min<size_t>(text.size(), 4096)))) {
        const std::string_view t = pluzzle::trim(line.text);
        if (t.empty()) continue;
        if (t[0] == '$') return "tournament";
        const auto words = pluzzle::tokens(t);
        return !words.empty() && words[0].text == "nonogram" ? "canonical" : "non";
    }
    return "non";
}

std::string quote(const std::string &value) {
    std::string out = "\"";
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string side(const char *what, int index) { return std::string(what) + " " + std::to_string(index + 1); }

} // namespace

std::vector<pluzzle::Parsed<Puzzle>> parse_levels(std::string_view text, std::string_view format) {
    if (format.empty()) format = detect(text);
    if (format == "canonical") return parse_canonical(text);
    if (format == "non") return parse_non(text);
    if (format == "tournament") return parse_tournament(text);
    throw pluzzle::bad_argument("unknown format '" + std::string(format) + "' (known: canonical, non, tournament)",
                                "format");
}

std::string clue_text(const Clue &clue) {
    if (clue.empty()) return "0";
    std::string s;
    for (size_t k = 0; k < clue.size(); ++k) {
        if (k) s += ' ';
        s += std::to_string(clue[k]);
    }
    return s;
}

std::string encode_canonical(const Puzzle &p) {
    std::string text = "nonogram 1\n";
    for (auto &[key, value] : p.meta) text += key + " " + quote(value) + "\n";
    text += "size " + std::to_string(p.width) + " " + std::to_string(p.height) + "\nrows\n";
    for (const Clue &c : p.rows) text += clue_text(c) + "\n";
    text += "columns\n";
    for (const Clue &c : p.cols) text += clue_text(c) + "\n";
    if (!p.goal.empty() && p.width > 0) {
        text += "goal\n";
        for (size_t k = 0; k < p.goal.size(); ++k) {
            text += p.goal[k] == '1' ? '#' : '.';
            if ((k + 1) % size_t(p.width) == 0) text += '\n';
        }
    }
    return text;
}

Grid goal_grid(const Puzzle &p) {
    Grid g(p.width, p.height, kEmpty);
    for (size_t k = 0; k < g.cells.size() && k < p.goal.size(); ++k) g.cells[k] = p.goal[k] == '1' ? kFilled : kEmpty;
    return g;
}

std::string goal_string(const Grid &g) {
    std::string s(g.cells.size(), '0');
    for (size_t k = 0; k < g.cells.size(); ++k)
        if (g.cells[k] == kFilled) s[k] = '1';
    return s;
}

void validate_puzzle(const Puzzle &p) {
    using pluzzle::invalid;
    if (p.width < 1 || p.width > kMaxSide)
        throw invalid("width " + std::to_string(p.width) + " is outside 1.." + std::to_string(kMaxSide), "width");
    if (p.height < 1 || p.height > kMaxSide)
        throw invalid("height " + std::to_string(p.height) + " is outside 1.." + std::to_string(kMaxSide), "height");
    if (p.rows.size() != size_t(p.height))
        throw invalid("expected " + std::to_string(p.height) + " row clues, found " + std::to_string(p.rows.size()),
                      "rows");
    if (p.cols.size() != size_t(p.width))
        throw invalid("expected " + std::to_string(p.width) + " column clues, found " + std::to_string(p.cols.size()),
                      "columns");
    long long totals[2] = {0, 0};
    for (int axis = 0; axis < 2; ++axis) {
        const std::vector<Clue> &clues = axis == 0 ? p.rows : p.cols;
        const char *what = axis == 0 ? "row" : "column";
        const int length = axis == 0 ? p.width : p.height;
        for (size_t k = 0; k < clues.size(); ++k) {
            long long need = 0;
            for (int run : clues[k]) {
                if (run < 1 || run > kMaxSide)
                    throw invalid(side(what, int(k)) + ": run " + std::to_string(run) + " is outside 1.." +
                                      std::to_string(kMaxSide),
                                  axis == 0 ? "rows" : "columns");
                need += run;
                totals[axis] += run;
            }
            need += clues[k].empty() ? 0 : (long long)clues[k].size() - 1;
            if (need > length) {
                pluzzle::Error error =
                    invalid(side(what, int(k)) + ": clue " + clue_text(clues[k]) + " needs " + std::to_string(need) +
                                " cells, the " + what + " has " + std::to_string(length),
                            axis == 0 ? "rows" : "columns");
                for (int i = 0; i < length; ++i) // the whole line, for an editor to mark (ABI 1.7)
                    axis == 0 ? error.at_cell(int(k), i) : error.at_cell(i, int(k));
                throw error;
            }
        }
    }
    if (totals[0] != totals[1])
        throw invalid("the row clues fill " + std::to_string(totals[0]) + " cells but the column clues " +
                          std::to_string(totals[1]),
                      "clues");
    for (auto &[key, value] : p.meta) {
        if (!valid_key(key) || reserved(key))
            throw invalid("metadata key '" + key + "' is not a name or is reserved", "meta");
        if (value.find_first_of("\r\n") != std::string::npos)
            throw invalid("metadata '" + key + "' spans several lines", "meta");
    }
    if (!p.goal.empty()) {
        if (p.goal.size() != size_t(p.width) * size_t(p.height))
            throw invalid("goal has " + std::to_string(p.goal.size()) + " cells, expected " +
                              std::to_string(p.width * p.height),
                          "goal");
        if (p.goal.find_first_not_of("01") != std::string::npos) throw invalid("goal holds a cell other than 0/1", "goal");
        const Grid g = goal_grid(p);
        for (int r = 0; r < p.height; ++r) {
            const Clue runs = runs_of(&g.cells[size_t(r) * size_t(p.width)], p.width);
            if (runs != p.rows[size_t(r)])
                throw invalid("goal: row " + std::to_string(r + 1) + " of the picture reads " + clue_text(runs) +
                                  ", its clue is " + clue_text(p.rows[size_t(r)]),
                              "goal");
        }
        for (int c = 0; c < p.width; ++c) {
            const Clue runs = runs_of(&g.cells[size_t(c)], p.height, p.width);
            if (runs != p.cols[size_t(c)])
                throw invalid("goal: column " + std::to_string(c + 1) + " of the picture reads " + clue_text(runs) +
                                  ", its clue is " + clue_text(p.cols[size_t(c)]),
                              "goal");
        }
    }
}

} // namespace nonogram
