// split.cpp -- see split.hpp.
#include "split.hpp"

#include "propagation.hpp"
#include "rule_solvers.hpp"

#include <pluzzle/text.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>

namespace loop {
namespace {

using TileTurns = std::vector<std::pair<int64_t, uint8_t>>;

constexpr size_t kMaxCubeTiles = 12; // a cube text stays about 100 bytes
// Tiles the look-ahead tries, spread over the component: each costs one (local) propagation per turn.
constexpr size_t kLookAheadTiles = 256;
// Loop rules: components this small are counted in microseconds, so a cube would cost more than it saves; the
// split counts the level itself.
constexpr size_t kSmallestComponentWorthCubes = 16;
// Loop rules: every cube repeats the whole board's propagation, which costs about as much as a count's node per 3
// tiles (measured on 10^6 tiles: 0.3 s a cube, 0.8 us a node), and the host asks for 8 cubes a slot. A component
// counted in under one node per 64 tiles of the board, and in fewer nodes than the rest took (cubes share out only
// the component's count), is far cheaper than its cubes, so the root counts it.
constexpr int64_t kTilesPerCheapNode = 64;

// The state every cube starts from: arc consistency and, under net rules, the forest of decided connections
// (solve_net starts the same way), so a cube either refutes is never sent. False: the level has no solution.
bool propagate_root(Search &s, const Board &b) {
    if (!s.propagate_all()) return false;
    if (b.rule == Rule::Loop) return true;
    const PipeCount pipes = pipe_count(b.tiles);
    return pipes.fits_a_tree() && s.start_net(pipes.tiles);
}

// The most undecided tiles joined by undecided edges (decided edges decouple, since arc consistency holds).
std::vector<int64_t> largest_component(const Search &s) {
    std::vector<uint8_t> seen(size_t(s.size()), 0);
    std::vector<int64_t> largest, component;
    for (int64_t i = 0; i < s.size(); ++i) {
        if (seen[size_t(i)] || single(s.domain(i))) continue;
        component.assign(1, i);
        seen[size_t(i)] = 1;
        grow_pocket(s, component, seen, SIZE_MAX);
        if (component.size() > largest.size()) std::swap(component, largest);
    }
    return largest;
}

// Whether the cube's tiles, fixed in the current state, survive propagation; the state is restored.
bool holds(Search &s, const TileTurns &cube) {
    s.node();
    const Search::Mark before = s.mark();
    // One tile at a time: propagation never revises a decided tile, so two neighbours fixed together would never
    // be checked against each other.
    bool ok = true;
    for (size_t k = 0; k < cube.size() && ok; ++k) ok = s.restrict(cube[k].first, cube[k].second) && s.propagate();
    s.undo(before);
    return ok;
}

struct Scored {
    double score;
    int64_t tile;
};

// One pass of look-ahead over tiles spread across `component`: each turn of a tile is propagated alone. A turn that
// fails is removed at the root for good (no solution turns the tile so); a tile with no turn left refutes the level
// (nothing is returned). The others are scored by their weakest turn: the fewest domains a turn narrows. A tile whose
// every turn decides much gives cubes that are each much smaller than the component and about even in work, which
// the count's own branching rule (most undecided connections) does not promise. The weakest turn, not the product
// over turns: a product favours tiles of many turns (a Net dead end has six), most of them wrong, and a wrong turn
// of a Net tile can be slow to refute (measured: a 200x200 hex Net split ran 176 s so, each cube under 1.2 s now).
// The failed turns found on the way shrink every cube for free.
std::optional<std::vector<Scored>> look_ahead(Search &s, const std::vector<int64_t> &component) {
    std::vector<int64_t> tried = component;
    if (tried.size() > kLookAheadTiles) {
        tried.clear();
        for (size_t k = 0; k < kLookAheadTiles; ++k) tried.push_back(component[component.size() * k / kLookAheadTiles]);
    }
    std::vector<Scored> scored;
    for (const int64_t t : tried) {
        if (single(s.domain(t))) continue; // decided since by a failed turn of an earlier tile
        uint8_t holding = 0;
        double score = INFINITY;
        for (uint8_t dom = s.domain(t); dom; dom &= uint8_t(dom - 1)) {
            const uint8_t option = uint8_t(dom & -dom);
            const uint64_t before = s.changes();
            if (!holds(s, {{t, option}})) continue;
            holding |= option;
            score = std::min(score, double(s.changes() - before)); // changes() counts on across the undo
        }
        if (!holding) return std::nullopt;
        if (holding != s.domain(t) && !(s.restrict(t, holding) && s.propagate())) return std::nullopt;
        if (!single(s.domain(t))) scored.push_back({score, t});
    }
    scored.erase(std::remove_if(scored.begin(), scored.end(), [&](const Scored &x) { return single(s.domain(x.tile)); }),
                 scored.end());
    std::stable_sort(scored.begin(), scored.end(), [](const Scored &a, const Scored &b) { return a.score > b.score; });
    return scored;
}

// The cubes over the best-scored tiles, one tile at a time: every cube so far times each turn of the next tile,
// keeping those propagation does not refute, until there are `want` or kMaxCubeTiles tiles. A tile that splits no
// cube is passed over. Nothing when every cube is refuted (the level has no solution).
std::vector<TileTurns> make_cubes(Search &s, const std::vector<Scored> &tiles, size_t want) {
    std::vector<TileTurns> cubes{TileTurns{}};
    size_t used = 0;
    for (const Scored &t : tiles) {
        if (cubes.size() >= want || used == kMaxCubeTiles) break;
        std::vector<TileTurns> longer;
        for (const TileTurns &cube : cubes)
            for (uint8_t dom = s.domain(t.tile); dom; dom &= uint8_t(dom - 1)) {
                TileTurns next = cube;
                next.push_back({t.tile, uint8_t(dom & -dom)});
                if (holds(s, next)) longer.push_back(std::move(next));
            }
        if (longer.empty()) return {};
        if (longer.size() == cubes.size()) continue;
        cubes = std::move(longer);
        ++used;
    }
    return cubes;
}

std::vector<uint8_t> marks_of(const Search &s, const std::vector<int64_t> &tiles) {
    std::vector<uint8_t> marks(size_t(s.size()), 0);
    for (const int64_t t : tiles) marks[size_t(t)] = 1;
    return marks;
}

// Loop rules: the exact count of the undecided tiles beyond `component`, the split's rest (the same in every cube,
// since decided edges decouple it from the component).
BigCount count_rest(Search &s, const std::vector<int64_t> &component) {
    const std::vector<uint8_t> in_component = marks_of(s, component);
    std::vector<int64_t> rest;
    for (int64_t i = 0; i < s.size(); ++i)
        if (!single(s.domain(i)) && !in_component[size_t(i)]) rest.push_back(i);
    return count_loop_tiles(s, rest);
}

// Whether `component` is counted within `budget` nodes; the state is restored.
bool counts_within(Search &s, const std::vector<int64_t> &component, uint64_t budget) {
    const Search::Mark before = s.mark();
    s.limit_nodes(s.nodes() + budget);
    bool within = true;
    try {
        count_loop_tiles(s, component);
    } catch (const OverBudget &) {
        within = false;
    }
    s.limit_nodes(UINT64_MAX);
    s.undo(before);
    return within;
}

// The level's outcome at the root, as solve()'s: the component counted (again: the trial kept no count) times the
// rest's, the solutions assembled from every component's (a second one in the component when it has two).
pluzzle::SolveOutcome decide_at_root(Search &s, const Board &board, const std::vector<int64_t> &component,
                                     const BigCount &rest, pluzzle::SolveControl &control) {
    SolveOptions options = solve_options(control);
    options.rest_solutions = rest;
    const std::vector<uint8_t> part = marks_of(s, component);
    SolveReport report;
    solve_loop(s, options, report, &part);
    report.nodes = s.nodes();
    return solve_outcome(board, control, report);
}

// The cubes of the board, or none when the root decides it: then `outcome` when the root put it together, else
// solve()'s to be run (see split_board).
struct RootSplit {
    std::vector<Cube> cubes;
    std::optional<pluzzle::SolveOutcome> outcome;
};

// Under loop rules with counting each cube carries the rest's count, and a cheap component is counted at the root
// instead (kTilesPerCheapNode). Throws Stopped at a limit.
RootSplit cubes_of(const Board &board, size_t want, pluzzle::SolveControl &control) {
    Search s(board, control);
    if (!propagate_root(s, board)) return {};
    const std::vector<int64_t> component = largest_component(s);
    if (component.empty() || (board.rule == Rule::Loop && component.size() < kSmallestComponentWorthCubes)) return {};
    std::optional<BigCount> rest;
    if (board.rule == Rule::Loop && control.options().boolean("count")) {
        const uint64_t before = s.nodes();
        rest = count_rest(s, component);
        if (*rest == 0) return {};
        const uint64_t rest_nodes = s.nodes() - before;
        if (counts_within(s, component, std::min(rest_nodes, uint64_t(board.size()) / kTilesPerCheapNode)))
            return {{}, decide_at_root(s, board, component, *rest, control)};
    }
    const std::optional<std::vector<Scored>> tiles = look_ahead(s, component);
    if (!tiles) return {};
    const std::vector<TileTurns> turns = make_cubes(s, *tiles, want);
    if (turns.size() == 1 && turns[0].empty()) return {}; // no tile split: the look-ahead decided the component
    RootSplit root;
    for (const TileTurns &t : turns) root.cubes.push_back({t, rest});
    return root;
}

std::string hex_mask(const Board &board, uint8_t mask) {
    char digits[4];
    std::snprintf(digits, sizeof digits, board.shape == Shape::Square ? "%x" : "%02x", unsigned(mask));
    return digits;
}

} // namespace

pluzzle::Split split_board(const Board &board, unsigned want, pluzzle::SolveControl &control) {
    pluzzle::Split split;
    split.combine = pluzzle::Combine::count;
    RootSplit root;
    try {
        root = cubes_of(board, std::max(want, 2u), control);
        if (root.outcome) split.outcome = std::move(*root.outcome);
        else if (root.cubes.empty()) split.outcome = solve_level(board, control); // exactly as solve() would
    } catch (const Stopped &) {
        split.outcome.status = control.stop_status();
        return split;
    }
    if (root.cubes.empty()) return split;
    for (const Cube &cube : root.cubes) split.cubes.push_back(cube_text(board, cube));
    split.outcome.status = PZ_SOLVE_LIMIT;
    return split;
}

std::string cube_text(const Board &board, const Cube &cube) {
    const Tables &t = tables(board.shape);
    std::string text = "tiles";
    for (const auto &[tile, option] : cube.tiles)
        text += " " + std::to_string(tile % board.cols) + "," + std::to_string(tile / board.cols) + "=" +
                hex_mask(board, t.rotated[board.tiles[size_t(tile)]][lowest(option)]);
    if (cube.rest_solutions) text += " times " + cube.rest_solutions->str();
    return text;
}

Cube read_cube(const Board &board, std::string_view text) {
    const auto bad = [&](const std::string &why) {
        return pluzzle::bad_argument("cube '" + std::string(text.substr(0, 40)) + (text.size() > 40 ? "...'" : "'") +
                                         ": " + why,
                                     "cube");
    };
    std::vector<pluzzle::Token> words = pluzzle::tokens(text, " \t\r\n");
    if (words.empty() || words[0].text != "tiles") throw bad("expected 'tiles X,Y=MASK ...'");
    Cube cube;
    const auto times = std::find_if(words.begin(), words.end(), [](const pluzzle::Token &w) { return w.text == "times"; });
    if (times != words.end()) {
        const std::string count = times + 1 == words.end() ? "" : std::string(times[1].text);
        // Decimal only, no leading zero: cpp_int would read "0x.." as hex and "012" as octal.
        const bool decimal = !count.empty() && count[0] != '0' &&
                             std::all_of(count.begin(), count.end(), [](char c) { return std::isdigit(uint8_t(c)); });
        if (!decimal || times + 2 != words.end())
            throw bad("expected 'times N' at the end (N, the solutions beyond the cube's component: a whole number "
                      "of at least 1), found 'times" + (count.empty() ? "" : " " + count.substr(0, 20)) + "'" +
                      (times + 2 < words.end() ? " followed by more" : ""));
        if (board.rule != Rule::Loop) throw bad("'times' is for loop rules (a net board's cube fixes tiles only)");
        if (times == words.begin() + 1) throw bad("'times' needs the tiles of a component before it");
        cube.rest_solutions = BigCount(count);
        words.erase(times, words.end());
    }
    const Tables &t = tables(board.shape);
    for (size_t w = 1; w < words.size(); ++w) {
        const std::string entry(words[w].text);
        const size_t comma = entry.find(','), eq = entry.find('=');
        if (comma == std::string::npos || eq == std::string::npos || eq < comma)
            throw bad("expected X,Y=MASK, found '" + entry + "'");
        const std::optional<int> x = pluzzle::whole_number<int>(std::string_view(entry).substr(0, comma));
        const std::optional<int> y = pluzzle::whole_number<int>(std::string_view(entry).substr(comma + 1, eq - comma - 1));
        if (!x || !y || *x < 0 || *x >= board.cols || *y < 0 || *y >= board.rows)
            throw bad("no tile at '" + entry.substr(0, eq) + "' (X is a column of " + std::to_string(board.cols) +
                      ", Y a row of " + std::to_string(board.rows) + ")");
        const std::string digits = entry.substr(eq + 1);
        const bool is_hex = !digits.empty() && digits.size() <= 2 &&
                            std::all_of(digits.begin(), digits.end(), [](char c) { return std::isxdigit(uint8_t(c)); });
        const unsigned long mask = is_hex ? std::stoul(digits, nullptr, 16) : 0;
        if (!is_hex || mask > all_directions(board.shape))
            throw bad("MASK '" + digits + "' of '" + entry + "' is not a hex mask of this grid's pipes");
        const int64_t tile = int64_t(*y) * board.cols + *x;
        const uint8_t pipes = board.tiles[size_t(tile)];
        const uint8_t domain = board.is_locked(tile) ? 1 : t.distinct[pipes];
        uint8_t option = 0;
        for (uint8_t dom = domain; dom && !option; dom &= uint8_t(dom - 1))
            if (t.rotated[pipes][lowest(dom)] == mask) option = uint8_t(dom & -dom);
        if (!option)
            throw bad("'" + entry + "': " + (board.is_locked(tile) ? "the tile is locked as " : "no turn of the tile ") +
                      hex_mask(board, pipes) + (board.is_locked(tile) ? "" : " gives " + digits));
        for (const auto &[seen, unused] : cube.tiles)
            if (seen == tile) throw bad("'" + entry + "': tile " + entry.substr(0, eq) + " is fixed twice");
        cube.tiles.emplace_back(tile, option);
    }
    return cube;
}

pluzzle::SolveOutcome solve_cube_text(const Board &board, std::string_view text, pluzzle::SolveControl &control) {
    Cube cube = read_cube(board, text);
    return solve_level(board, control, std::move(cube.tiles), std::move(cube.rest_solutions));
}

} // namespace loop
