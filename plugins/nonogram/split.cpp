// split.cpp -- see split.hpp.
#include "split.hpp"

#include "play.hpp"

#include <pluzzle/text.hpp>

#include <algorithm>

namespace nonogram {
namespace {

constexpr int kMaxCubeCells = 12; // 4096 cubes at most
// Cells the look-ahead tries, spread over the grid: each costs two propagations of the whole grid, and the split
// must stay cheap beside the cubes' work.
constexpr int kLookAheadCells = 256;

int count_unknown(const Grid &g) { return int(std::count(g.cells.begin(), g.cells.end(), kUnknown)); }

// The grid after `cell` takes `value` and line logic runs, or nothing when that contradicts.
std::optional<Grid> after(const Puzzle &p, Grid g, int cell, int8_t value) {
    g.cells[size_t(cell)] = value;
    if (!propagate(p, g)) return std::nullopt;
    return g;
}

std::string cube_text(const Puzzle &p, const std::vector<std::pair<int, int8_t>> &cells) {
    std::string text = "cells";
    for (const auto &[cell, value] : cells)
        text += " " + std::to_string(cell / p.width) + "," + std::to_string(cell % p.width) + "=" +
                (value == kFilled ? "1" : "0");
    return text;
}

} // namespace

pluzzle::Split split_puzzle(const Puzzle &puzzle, unsigned want, pluzzle::SolveControl &control) {
    pluzzle::Split split;
    split.combine = pluzzle::Combine::count;
    Grid root(puzzle.width, puzzle.height);
    if (!propagate(puzzle, root)) {
        split.outcome.status = PZ_SOLVE_UNSOLVABLE;
        return split;
    }
    // One pass of failed-literal look-ahead over cells spread across the grid: a value that contradicts decides its
    // cell the other way; the others are scored by how much both values decide.
    std::vector<int> candidates;
    for (int cell = 0; cell < int(root.cells.size()); ++cell)
        if (root.cells[size_t(cell)] == kUnknown) candidates.push_back(cell);
    if (candidates.size() > size_t(kLookAheadCells)) {
        std::vector<int> spread;
        for (int i = 0; i < kLookAheadCells; ++i) spread.push_back(candidates[candidates.size() * size_t(i) / kLookAheadCells]);
        candidates = std::move(spread);
    }
    std::vector<std::pair<long, int>> scores; // (cells each value decides, multiplied), cell
    for (const int cell : candidates) {
        if (root.cells[size_t(cell)] != kUnknown) continue; // decided by a forced cell before it
        if (control.tick()) break;
        const int unknown = count_unknown(root);
        const std::optional<Grid> filled = after(puzzle, root, cell, kFilled);
        const std::optional<Grid> empty = after(puzzle, root, cell, kEmpty);
        if (!filled && !empty) {
            split.outcome.status = PZ_SOLVE_UNSOLVABLE;
            return split;
        }
        if (!filled || !empty) {
            root = filled ? *filled : *empty;
            continue;
        }
        scores.push_back({long(unknown - count_unknown(*filled) + 1) * (unknown - count_unknown(*empty) + 1), cell});
    }
    // Scores taken before a later forced cell may name cells decided since: only undecided ones make cubes.
    scores.erase(std::remove_if(scores.begin(), scores.end(),
                                [&](const auto &s) { return root.cells[size_t(s.second)] != kUnknown; }),
                 scores.end());
    if (control.stopped()) {
        split.outcome.status = control.stop_status();
        return split;
    }
    if (count_unknown(root) == 0) { // logic decided every cell
        control.solution(encode_grid(root));
        split.outcome.status = control.max_solutions() == 1 ? PZ_SOLVE_SOLVED : PZ_SOLVE_UNIQUE;
        return split;
    }
    std::sort(scores.begin(), scores.end(), std::greater<>());
    int k = 0;
    while (k < kMaxCubeCells && k < int(scores.size()) && (1u << k) < std::max(want, 2u)) ++k;
    for (uint32_t bits = 0; bits < (1u << k); ++bits) {
        std::vector<std::pair<int, int8_t>> cells;
        for (int i = 0; i < k; ++i) cells.push_back({scores[size_t(i)].second, int8_t((bits >> i) & 1u)});
        Grid g = root;
        for (const auto &[cell, value] : cells) g.cells[size_t(cell)] = value;
        if (!propagate(puzzle, g)) continue; // refuted at once: no solution there
        split.cubes.push_back(cube_text(puzzle, cells));
    }
    if (split.cubes.empty()) split.outcome.status = PZ_SOLVE_UNSOLVABLE;
    return split;
}

std::vector<std::pair<int, int8_t>> read_cube(const Puzzle &puzzle, std::string_view cube) {
    const auto bad = [&](const std::string &why) {
        return pluzzle::bad_argument("cube '" + std::string(cube.substr(0, 40)) + "': " + why, "cube");
    };
    const std::vector<pluzzle::Token> words = pluzzle::tokens(cube);
    if (words.empty() || words[0].text != "cells") throw bad("expected 'cells R,C=V ...'");
    std::vector<std::pair<int, int8_t>> cells;
    for (size_t i = 1; i < words.size(); ++i) {
        const std::string_view w = words[i].text;
        const size_t comma = w.find(','), eq = w.find('=');
        if (comma == std::string_view::npos || eq == std::string_view::npos || eq < comma || eq + 2 != w.size())
            throw bad("expected R,C=V, found '" + std::string(w) + "'");
        const auto row = pluzzle::whole_number<int>(w.substr(0, comma));
        const auto col = pluzzle::whole_number<int>(w.substr(comma + 1, eq - comma - 1));
        const char value = w[eq + 1];
        if (!row || !col || *row < 0 || *row >= puzzle.height || *col < 0 || *col >= puzzle.width ||
            (value != '0' && value != '1'))
            throw bad("no cell or value '" + std::string(w) + "'");
        cells.push_back({*row * puzzle.width + *col, value == '1' ? kFilled : kEmpty});
    }
    return cells;
}

} // namespace nonogram
