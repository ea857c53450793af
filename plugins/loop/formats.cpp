// formats.cpp -- see formats.hpp. Million-tile boards are read in one pass over the text, without a token list.
#include "formats.hpp"

#define RAPIDJSON_NAMESPACE loop_rapidjson // private to this plugin: never clashes with another module's copy
#define RAPIDJSON_NAMESPACE_BEGIN namespace loop_rapidjson {
#define RAPIDJSON_NAMESPACE_END }
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include <pluzzle/text.hpp>

#include <cctype>

namespace loop {
namespace {

namespace rj = RAPIDJSON_NAMESPACE;
using pluzzle::parse_error;

// ---------------------------------------------------------------- shared checks

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

void check_size(long long cols, long long rows, int line, int column) {
    if (cols < 1 || rows < 1 || cols > kMaxSide || rows > kMaxSide || cols * rows > kMaxTiles)
        throw parse_error("a board is 1 to " + std::to_string(kMaxSide) + " tiles wide and high, at most " +
                              std::to_string(kMaxTiles) + " tiles (found " + std::to_string(cols) + "x" +
                              std::to_string(rows) + ")",
                          line, column, "size");
}

// Runs validate_board and turns its complaint into a parse error at the level's first line.
Board checked(Board board, int line) {
    try {
        validate_board(board);
    } catch (const pluzzle::Error &e) {
        throw parse_error(e.what(), line, 0, e.field());
    }
    return board;
}

// ---------------------------------------------------------------- canonical

bool skippable(const pluzzle::Line &line) {
    const std::string_view t = pluzzle::trim(line.text);
    return t.empty() || t[0] == '#';
}

Board parse_canonical_level(const std::vector<pluzzle::Line> &lines, size_t &i) {
    const int header_line = lines[i].number;
    {
        const auto words = pluzzle::tokens(lines[i]);
        if (words.size() != 2 || words[0].text != "loop" || words[1].text != "1")
            throw parse_error("expected the header 'loop 1'", lines[i].number, 1, "header");
        ++i;
    }
    Board board;
    bool have_rules = false, have_grid = false, have_size = false;
    for (;; ++i) {
        if (i == lines.size()) throw parse_error("the level ends before its 'tiles' block", lines.back().number, 0, "tiles");
        if (skippable(lines[i])) continue;
        const auto words = pluzzle::tokens(lines[i]);
        const std::string_view key = words[0].text;
        const int n = lines[i].number;
        auto one_value = [&](const char *field) {
            if (words.size() != 2) throw parse_error(std::string("expected '") + field + " <value>'", n, words[0].column, field);
            return words[1].text;
        };
        if (key == "tiles") {
            if (words.size() != 1) throw parse_error("'tiles' stands alone on its line", n, words[1].column, "tiles");
            ++i;
            break;
        }
        if (key == "name") {
            board.name = std::string(pluzzle::trim(pluzzle::trim(lines[i].text).substr(4)));
        } else if (key == "rules") {
            const auto v = one_value("rules");
            if (v != "loop" && v != "net") throw parse_error("rules are 'loop' or 'net'", n, words[1].column, "rules");
            board.rule = v == "loop" ? Rule::Loop : Rule::Net;
            have_rules = true;
        } else if (key == "grid") {
            const auto v = one_value("grid");
            if (v != "square" && v != "hex") throw parse_error("the grid is 'square' or 'hex'", n, words[1].column, "grid");
            board.shape = v == "square" ? Shape::Square : Shape::Hex;
            have_grid = true;
        } else if (key == "wrap") {
            const auto v = one_value("wrap");
            if (v != "yes" && v != "no") throw parse_error("wrap is 'yes' or 'no'", n, words[1].column, "wrap");
            board.wrap = v == "yes";
        } else if (key == "size") {
            if (words.size() != 3) throw parse_error("expected 'size <width> <height>'", n, words[0].column, "size");
            const long long w = pluzzle::to_int(words[1], n, 1, kMaxSide, "size");
            const long long h = pluzzle::to_int(words[2], n, 1, kMaxSide, "size");
            check_size(w, h, n, words[1].column);
            board.cols = int(w);
            board.rows = int(h);
            have_size = true;
        } else {
            throw parse_error("unknown line '" + std::string(key) + "' (expected name, rules, grid, wrap, size or tiles)",
                              n, words[0].column, std::string(key));
        }
    }
    const int tiles_line = i > 0 ? lines[i - 1].number : header_line;
    if (!have_rules) throw parse_error("the level has no 'rules' line", tiles_line, 0, "rules");
    if (!have_grid) throw parse_error("the level has no 'grid' line", tiles_line, 0, "grid");
    if (!have_size) throw parse_error("the level has no 'size' line", tiles_line, 0, "size");

    const int per_tile = board.shape == Shape::Square ? 1 : 2;
    board.tiles.resize(size_t(board.size()));
    for (int r = 0; r < board.rows; ++r, ++i) {
        if (i == lines.size())
            throw parse_error("expected " + std::to_string(board.rows) + " rows of tiles", lines.back().number, 0,
                              "tiles");
        const std::string_view row = pluzzle::trim(lines[i].text);
        if (row.size() != size_t(board.cols) * size_t(per_tile))
            throw parse_error("row " + std::to_string(r + 1) + " has " + std::to_string(row.size()) +
                                  " characters, expected " + std::to_string(board.cols * per_tile) + " (" +
                                  (per_tile == 1 ? "one hex digit" : "two hex digits") + " per tile)",
                              lines[i].number, 1, "tiles");
        for (int c = 0; c < board.cols; ++c) {
            int mask = 0;
            for (int k = 0; k < per_tile; ++k) {
                const int v = hex_value(row[size_t(c * per_tile + k)]);
                if (v < 0) throw parse_error("a tile is written in hex digits", lines[i].number, c * per_tile + k + 1, "tiles");
                mask = mask * 16 + v;
            }
            if (mask > all_directions(board.shape))
                throw parse_error("tile " + std::to_string(mask) + " has a connection this grid does not have", lines[i].number,
                                  c * per_tile + 1, "tiles");
            board.tiles[size_t(r) * size_t(board.cols) + size_t(c)] = uint8_t(mask);
        }
    }
    while (i < lines.size() && pluzzle::trim(lines[i].text).empty()) ++i;
    if (i < lines.size() && pluzzle::trim(lines[i].text) == "locked") {
        ++i;
        board.locked.assign(size_t(board.size()), 0);
        for (int r = 0; r < board.rows; ++r, ++i) {
            if (i == lines.size())
                throw parse_error("expected " + std::to_string(board.rows) + " rows after 'locked'",
                                  lines.back().number, 0, "locked");
            const std::string_view row = pluzzle::trim(lines[i].text);
            if (row.size() != size_t(board.cols))
                throw parse_error("a locked row has one '.' or '#' per tile", lines[i].number, 1, "locked");
            for (int c = 0; c < board.cols; ++c) {
                if (row[size_t(c)] != '.' && row[size_t(c)] != '#')
                    throw parse_error("a locked row has one '.' or '#' per tile", lines[i].number, c + 1, "locked");
                board.locked[size_t(r) * size_t(board.cols) + size_t(c)] = row[size_t(c)] == '#';
            }
        }
    }
    return checked(std::move(board), header_line);
}

std::vector<pluzzle::Parsed<Board>> parse_canonical(std::string_view text) {
    const std::vector<pluzzle::Line> lines = pluzzle::split_lines(text);
    std::vector<pluzzle::Parsed<Board>> out;
    size_t i = 0;
    for (;;) {
        while (i < lines.size() && skippable(lines[i])) ++i;
        if (i == lines.size()) break;
        auto board = parse_canonical_level(lines, i);
        std::string name = board.name;
        out.push_back({std::move(board), std::move(name)});
    }
    if (out.empty()) throw parse_error("no level found (expected 'loop 1')", 1, 1, "header");
    return out;
}

// ---------------------------------------------------------------- numbers separated by white space

// Walks the whitespace-separated unsigned numbers of a text, keeping line and column for errors.
class NumberReader {
public:
    explicit NumberReader(std::string_view text) : text_(text) {}
    bool next(uint64_t &value) {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) {
            if (text_[pos_] == '\n') ++line_, line_start_ = pos_ + 1;
            ++pos_;
        }
        if (pos_ == text_.size()) return false;
        start_ = pos_;
        token_line_ = line_;
        token_line_start_ = line_start_;
        value = 0;
        while (pos_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[pos_]))) {
            const char c = text_[pos_];
            if (c < '0' || c > '9' || value > 1'000'000'000)
                throw parse_error("expected a whole number, found '" + std::string(token()) + "'", line(), column(), field_);
            value = value * 10 + uint64_t(c - '0');
            ++pos_;
        }
        return true;
    }
    // Where the last number read starts (at the end of the text: still the last number, not the empty line after it).
    int line() const { return token_line_; }
    int column() const { return int(start_ - token_line_start_) + 1; }
    void field(const char *f) { field_ = f; }

private:
    std::string_view token() const {
        size_t end = start_;
        while (end < text_.size() && !std::isspace(static_cast<unsigned char>(text_[end]))) ++end;
        return text_.substr(start_, std::min<size_t>(end - start_, 20));
    }
    std::string_view text_;
    size_t pos_ = 0, start_ = 0, line_start_ = 0, token_line_start_ = 0;
    int line_ = 1, token_line_ = 1;
    std::string field_;
};

// hwab: `rows cols 0` and rows*cols masks.
std::vector<pluzzle::Parsed<Board>> parse_hwab(std::string_view text) {
    NumberReader in(text);
    uint64_t rows = 0, cols = 0, zero = 0;
    in.field("size");
    if (!in.next(rows) || !in.next(cols)) throw parse_error("expected 'rows cols 0' and the tiles", in.line(), 0, "size");
    check_size((long long)cols, (long long)rows, in.line(), in.column());
    if (!in.next(zero)) throw parse_error("expected 'rows cols 0' and the tiles", in.line(), 0, "size");
    Board board;
    board.rows = int(rows);
    board.cols = int(cols);
    board.tiles.resize(size_t(board.size()));
    in.field("tiles");
    for (auto &tile : board.tiles) {
        uint64_t mask = 0;
        if (!in.next(mask))
            throw parse_error("expected " + std::to_string(board.size()) + " tiles after 'rows cols 0'", in.line(), 0,
                              "tiles");
        if (mask > 15) throw parse_error("a square tile is 0..15 (N=1 E=2 S=4 W=8)", in.line(), in.column(), "tiles");
        tile = uint8_t(mask);
    }
    uint64_t extra = 0;
    if (in.next(extra)) throw parse_error("more tiles than rows x cols", in.line(), in.column(), "tiles");
    std::vector<pluzzle::Parsed<Board>> out;
    out.push_back({checked(std::move(board), 1), ""});
    return out;
}

// ---------------------------------------------------------------- hexapipes JSON lines

const rj::Value &member(const rj::Value &object, const char *name, int line) {
    const auto it = object.FindMember(name);
    if (it == object.MemberEnd()) throw parse_error(std::string("missing \"") + name + "\"", line, 0, name);
    return it->value;
}

int dimension(const rj::Value &object, const char *name, int line) {
    const rj::Value &v = member(object, name, line);
    if (!v.IsInt() || v.GetInt() < 1 || v.GetInt() > kMaxSide)
        throw parse_error(std::string("\"") + name + "\" is a whole number from 1 to " + std::to_string(kMaxSide), line, 0, name);
    return v.GetInt();
}

std::vector<pluzzle::Parsed<Board>> parse_hexapipes(std::string_view text) {
    std::vector<pluzzle::Parsed<Board>> out;
    for (const pluzzle::Line &line : pluzzle::split_lines(text)) {
        if (pluzzle::trim(line.text).empty()) continue;
        rj::Document doc;
        doc.Parse<rj::kParseStopWhenDoneFlag>(line.text.data(), line.text.size());
        if (doc.HasParseError())
            throw parse_error(std::string("not JSON: ") + rj::GetParseError_En(doc.GetParseError()), line.number,
                              int(doc.GetErrorOffset()) + 1, "json");
        if (!doc.IsObject()) throw parse_error("each line is one JSON object", line.number, 1, "json");
        const rj::Value &grid = member(doc, "grid", line.number);
        if (!grid.IsString() || std::string_view(grid.GetString(), grid.GetStringLength()) != "hexagonal")
            throw parse_error("only \"grid\": \"hexagonal\" boards are read (found " +
                                  (grid.IsString() ? std::string(grid.GetString(), grid.GetStringLength()) : std::string("no text")) +
                                  ")",
                              line.number, 0, "grid");
        Board board;
        board.shape = Shape::Hex;
        board.rule = Rule::Net;
        board.cols = dimension(doc, "width", line.number);
        board.rows = dimension(doc, "height", line.number);
        check_size(board.cols, board.rows, line.number, 0);
        if (const auto wrap = doc.FindMember("wrap"); wrap != doc.MemberEnd()) {
            if (!wrap->value.IsBool()) throw parse_error("\"wrap\" is true or false", line.number, 0, "wrap");
            board.wrap = wrap->value.GetBool();
        }
        const rj::Value &tiles = member(doc, "tiles", line.number);
        if (!tiles.IsArray() || tiles.Size() != uint64_t(board.size()))
            throw parse_error("\"tiles\" is an array of width x height = " + std::to_string(board.size()) + " masks",
                              line.number, 0, "tiles");
        board.tiles.reserve(size_t(board.size()));
        for (const rj::Value &t : tiles.GetArray()) {
            if (!t.IsInt() || t.GetInt() < 0 || t.GetInt() > 63)
                throw parse_error("a hexagonal tile is 0..63 (E=1 NE=2 NW=4 W=8 SW=16 SE=32)", line.number, 0, "tiles");
            board.tiles.push_back(uint8_t(t.GetInt()));
        }
        std::string name;
        if (const auto id = doc.FindMember("id"); id != doc.MemberEnd() && id->value.IsInt())
            name = "hexapipes " + std::to_string(id->value.GetInt());
        board.name = name;
        out.push_back({checked(std::move(board), line.number), std::move(name)});
    }
    if (out.empty()) throw parse_error("no level found (expected one JSON object a line)", 1, 1, "json");
    return out;
}

// ---------------------------------------------------------------- Tatham's Net game IDs

// "WxH[w]:<hex digits>", one a line. Tatham's bits are R=1 U=2 L=4 D=8; ours N=1 E=2 S=4 W=8.
Board parse_tatham_line(const pluzzle::Line &line) {
    const std::string_view id = pluzzle::trim(line.text);
    const size_t colon = id.find(':');
    if (id.find('#') != std::string_view::npos && colon == std::string_view::npos)
        throw parse_error("a random-seed ID ('#') names no board: give the game ID with ':'", line.number, 1, "id");
    if (colon == std::string_view::npos) throw parse_error("expected 'WxH:<tiles>'", line.number, 1, "id");
    const std::string_view params = id.substr(0, colon), desc = id.substr(colon + 1);
    size_t p = 0;
    auto number = [&](const char *what) {
        long long v = 0;
        const size_t start = p;
        while (p < params.size() && std::isdigit(static_cast<unsigned char>(params[p])) && v <= kMaxSide) v = v * 10 + (params[p++] - '0');
        if (p == start) throw parse_error(std::string("expected the ") + what + " in 'WxH'", line.number, int(p) + 1, "size");
        return v;
    };
    const long long w = number("width");
    if (p >= params.size() || params[p] != 'x') throw parse_error("expected 'WxH'", line.number, int(p) + 1, "size");
    ++p;
    const long long h = number("height");
    check_size(w, h, line.number, 1);
    Board board;
    board.rule = Rule::Net;
    board.cols = int(w);
    board.rows = int(h);
    for (; p < params.size(); ++p) { // other parameters: w = wrapping; b<prob> and a (unique) are generator settings
        if (params[p] == 'w')
            board.wrap = true;
        else if (params[p] != 'a' && params[p] != 'b' && params[p] != '.' && !std::isdigit(static_cast<unsigned char>(params[p])))
            throw parse_error(std::string("unknown Net parameter '") + params[p] + "'", line.number, int(p) + 1, "params");
    }
    static const uint8_t to_ours[16] = {0, 2, 1, 3, 8, 10, 9, 11, 4, 6, 5, 7, 12, 14, 13, 15};
    board.tiles.reserve(size_t(board.size()));
    for (size_t k = 0; k < desc.size(); ++k) {
        const int column = int(colon + 2 + k);
        const int v = hex_value(desc[k]);
        if (desc[k] == 'h' || desc[k] == 'v')
            throw parse_error("barriers ('h', 'v') are not supported", line.number, column, "tiles");
        if (v < 0) throw parse_error(std::string("unexpected '") + desc[k] + "' (a tile is one hex digit)", line.number, column, "tiles");
        if (int64_t(board.tiles.size()) == board.size())
            throw parse_error("more tiles than W x H", line.number, column, "tiles");
        board.tiles.push_back(to_ours[v]);
    }
    if (int64_t(board.tiles.size()) != board.size())
        throw parse_error("expected " + std::to_string(board.size()) + " tiles, found " +
                              std::to_string(board.tiles.size()),
                          line.number, int(id.size()) + 1, "tiles");
    return checked(std::move(board), line.number);
}

std::vector<pluzzle::Parsed<Board>> parse_tatham(std::string_view text) {
    std::vector<pluzzle::Parsed<Board>> out;
    for (const pluzzle::Line &line : pluzzle::split_lines(text))
        if (!pluzzle::trim(line.text).empty()) out.push_back({parse_tatham_line(line), ""});
    if (out.empty()) throw parse_error("no level found (expected 'WxH:<tiles>')", 1, 1, "id");
    return out;
}

bool looks_like_tatham(std::string_view first) {
    size_t p = 0;
    while (p < first.size() && std::isdigit(static_cast<unsigned char>(first[p]))) ++p;
    return p > 0 && p < first.size() && first[p] == 'x' && first.find_first_of(":#") != std::string_view::npos;
}

std::string_view first_line(std::string_view text) {
    for (const pluzzle::Line &line : pluzzle::split_lines(text.substr(0, std::min<size_t>(text.size(), 4096))))
        if (!pluzzle::trim(line.text).empty()) return pluzzle::trim(line.text);
    return {};
}

} // namespace

std::vector<pluzzle::Parsed<Board>> parse_levels(std::string_view text, std::string_view format) {
    if (format.empty()) {
        const std::string_view first = first_line(text);
        if (first.rfind("loop", 0) == 0 || first.rfind("#", 0) == 0) format = "canonical";
        else if (first.rfind("{", 0) == 0) format = "hexapipes";
        else if (looks_like_tatham(first)) format = "tatham";
        else format = "hwab";
    }
    if (format == "canonical") return parse_canonical(text);
    if (format == "hwab") return parse_hwab(text);
    if (format == "hexapipes") return parse_hexapipes(text);
    if (format == "tatham") return parse_tatham(text);
    throw pluzzle::bad_argument("unknown format '" + std::string(format) + "' (known: canonical, hwab, hexapipes, tatham)",
                                "format");
}

std::string encode_board(const Board &board) {
    static const char digits[] = "0123456789abcdef";
    std::string out = "loop 1\n";
    if (!board.name.empty()) out += "name " + board.name + "\n";
    out += std::string("rules ") + rule_name(board.rule) + "\ngrid " + shape_name(board.shape) + "\nwrap " +
           (board.wrap ? "yes" : "no") + "\nsize " + std::to_string(board.cols) + " " + std::to_string(board.rows) +
           "\ntiles\n";
    const int per_tile = board.shape == Shape::Square ? 1 : 2;
    out.reserve(out.size() + size_t(board.size()) * size_t(per_tile + (board.locked.empty() ? 0 : 1)) + size_t(board.rows) * 2 + 8);
    for (int r = 0; r < board.rows; ++r) {
        for (int c = 0; c < board.cols; ++c) {
            const uint8_t m = board.tiles[size_t(r) * size_t(board.cols) + size_t(c)];
            if (per_tile == 2) out += digits[m >> 4];
            out += digits[m & 15];
        }
        out += '\n';
    }
    bool any_locked = false;
    for (uint8_t l : board.locked) any_locked = any_locked || l;
    if (any_locked) {
        out += "locked\n";
        for (int r = 0; r < board.rows; ++r) {
            for (int c = 0; c < board.cols; ++c) out += board.locked[size_t(r) * size_t(board.cols) + size_t(c)] ? '#' : '.';
            out += '\n';
        }
    }
    return out;
}

std::string encode_masks(const Board &board, const std::vector<uint8_t> &masks) {
    static const char digits[] = "0123456789abcdef";
    const bool two = board.shape == Shape::Hex;
    std::string out;
    out.reserve(size_t(board.size()) * (two ? 2 : 1) + size_t(board.rows));
    for (int r = 0; r < board.rows; ++r) {
        for (int c = 0; c < board.cols; ++c) {
            const uint8_t m = masks[size_t(r) * size_t(board.cols) + size_t(c)];
            if (two) out += digits[m >> 4];
            out += digits[m & 15];
        }
        out += '\n';
    }
    return out;
}

namespace {

// The state's rows as the level's tiles block writes them: hex digits, one per square tile, two per hex tile, one
// row a line. Same interface as NumberReader, so one check reads either form.
class HexRowReader {
  public:
    HexRowReader(std::string_view text, int per_tile) : text_(text), per_tile_(per_tile) {}
    bool next(uint64_t &value) {
        while (pos_ < text_.size() && (text_[pos_] == '\n' || text_[pos_] == '\r')) {
            if (text_[pos_] == '\n') ++line_, line_start_ = pos_ + 1;
            ++pos_;
        }
        if (pos_ == text_.size()) return false;
        start_ = pos_, token_line_ = line_, token_line_start_ = line_start_;
        value = 0;
        for (int k = 0; k < per_tile_; ++k, ++pos_) {
            const int d = pos_ < text_.size() ? hex_value(text_[pos_]) : -1;
            if (d < 0)
                throw parse_error(std::string("expected ") + (per_tile_ == 2 ? "two hex digits" : "a hex digit") +
                                      " for the tile",
                                  line_, int(pos_ - line_start_) + 1, "state");
            value = value * 16 + uint64_t(d);
        }
        return true;
    }
    int line() const { return token_line_; }
    int column() const { return int(start_ - token_line_start_) + 1; }

  private:
    static int hex_value(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }
    std::string_view text_;
    int per_tile_;
    size_t pos_ = 0, start_ = 0, line_start_ = 0, token_line_start_ = 0;
    int line_ = 1, token_line_ = 1;
};

template <class Reader> std::vector<uint8_t> read_masks(const Board &board, Reader &in) {
    std::vector<uint8_t> masks(size_t(board.size()));
    const int k = directions(board.shape);
    for (int64_t i = 0; i < board.size(); ++i) {
        uint64_t m = 0;
        if (!in.next(m))
            throw parse_error("expected " + std::to_string(board.size()) + " masks (one per tile, row-major)", in.line(), 0, "state");
        bool turned = false;
        for (int r = 0; r < k && !turned && m <= all_directions(board.shape); ++r)
            turned = rotate(board.shape, board.tiles[size_t(i)], r) == m;
        if (!turned)
            throw parse_error("tile " + std::to_string(i % board.cols) + "," + std::to_string(i / board.cols) + ": " +
                                  std::to_string(m) + " is not a rotation of " + std::to_string(board.tiles[size_t(i)]),
                              in.line(), in.column(), "state");
        if (board.is_locked(i) && m != board.tiles[size_t(i)])
            throw parse_error("tile " + std::to_string(i % board.cols) + "," + std::to_string(i / board.cols) + " is locked",
                              in.line(), in.column(), "state");
        masks[size_t(i)] = uint8_t(m);
    }
    uint64_t extra = 0;
    if (in.next(extra)) throw parse_error("more masks than tiles", in.line(), in.column(), "state");
    return masks;
}

} // namespace

std::vector<uint8_t> decode_masks(const Board &board, std::string_view text) {
    // Decimal masks separated by spaces (what we wrote before the hex rows): any space or tab says so. A board one
    // tile wide gives no space either way; its decimal rows are read when the hex reading fails.
    if (text.find_first_of(" \t") == std::string_view::npos) {
        HexRowReader hex(text, board.shape == Shape::Hex ? 2 : 1);
        if (board.cols > 1) return read_masks(board, hex);
        try {
            return read_masks(board, hex);
        } catch (const pluzzle::Error &) {
        }
    }
    NumberReader in(text);
    in.field("state");
    return read_masks(board, in);
}

} // namespace loop
