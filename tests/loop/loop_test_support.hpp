// loop_test_support.hpp -- small boards, a brute-force reference solver and file access for the loop tests.
#pragma once
#include "board.hpp"
#include "formats.hpp"
#include "play.hpp"
#include "solver.hpp"

#include "test_support.hpp"

#include <gtest/gtest.h>
#include <pluzzle/union_find.hpp>

#include <algorithm>
#include <functional>

#include <filesystem>
#include <random>

namespace loop::test {

using pluzzle::test::read_file;

// The shared benchmark data beside the checkout; tests that need it skip when it is absent.
inline std::string shared_loop(const std::string &name) {
    return std::string(PLUZZLE_SHARED_DATA_DIR) + "/loop/" + name;
}

inline Board board_from(std::string_view text, std::string_view format = "") {
    auto levels = parse_levels(text, format);
    EXPECT_EQ(levels.size(), 1u);
    return std::move(levels.at(0).level);
}

inline SolveReport solve(const Board &b, unsigned max_solutions = 2, bool count = true,
                         SolveOptions options = {}) {
    pluzzle::SolveControl control(nullptr, nullptr);
    options.max_solutions = max_solutions;
    options.count = count;
    return solve_board(b, control, options);
}

// A reference for boards too large for brute force: tiles turned in row-major order, each turn kept only when it
// matches the tiles already turned (and points at no border) and closes no cycle among them; every full board is
// then checked with the play rules. Counts distinct solved boards, stopping at `cap`.
inline uint64_t reference_count(const Board &b, uint64_t cap) {
    const int k = directions(b.shape);
    std::vector<uint8_t> masks(b.tiles.size(), 0);
    uint64_t count = 0;
    const auto closes_cycle = [&](int64_t upto) {
        pluzzle::UnionFind uf(b.size());
        for (int64_t i = 0; i <= upto; ++i)
            for (int d = 0; d < k; ++d) {
                const int64_t j = b.neighbour(i, d);
                if (j < 0 || j > upto || !(masks[size_t(i)] >> d & 1)) continue;
                if (i * k + d < j * k + opposite(b.shape, d) && !uf.unite(i, j)) return true;
            }
        return false;
    };
    const std::function<void(int64_t)> place = [&](int64_t i) {
        if (count >= cap) return;
        if (i == b.size()) {
            count += solved(b, masks);
            return;
        }
        std::vector<uint8_t> tried;
        for (int r = 0; r < (b.is_locked(i) ? 1 : k); ++r) {
            const uint8_t m = rotate(b.shape, b.tiles[size_t(i)], r);
            if (std::find(tried.begin(), tried.end(), m) != tried.end()) continue;
            tried.push_back(m);
            bool fits = true;
            for (int d = 0; d < k && fits; ++d) {
                const int64_t j = b.neighbour(i, d);
                if (j < 0) fits = !(m >> d & 1);
                else if (j < i) fits = (m >> d & 1) == (masks[size_t(j)] >> opposite(b.shape, d) & 1);
                else if (j == i) fits = (m >> d & 1) == (m >> opposite(b.shape, d) & 1);
            }
            if (!fits) continue;
            masks[size_t(i)] = m;
            if (b.rule == Rule::Net && closes_cycle(i)) continue;
            place(i + 1);
        }
        masks[size_t(i)] = 0;
    };
    place(0);
    return count;
}

// Every combination of rotations, checked with the play rules: the reference count of distinct solved boards.
inline uint64_t brute_force_count(const Board &b) {
    const int k = directions(b.shape);
    std::vector<uint8_t> masks = b.tiles;
    std::vector<int> turn(size_t(b.size()), 0);
    std::vector<std::vector<uint8_t>> seen;
    uint64_t count = 0;
    for (;;) {
        if (solved(b, masks)) {
            // Symmetric tiles reach the same mask by several turns: count distinct boards.
            bool repeat = false;
            for (auto &s : seen) repeat = repeat || s == masks;
            if (!repeat) seen.push_back(masks), ++count;
        }
        size_t i = 0;
        for (; i < turn.size(); ++i) {
            if (b.is_locked(int64_t(i))) continue;
            if (++turn[i] < k) break;
            turn[i] = 0;
        }
        if (i == turn.size()) return count;
        for (size_t j = 0; j <= i; ++j) masks[j] = rotate(b.shape, b.tiles[j], turn[j]);
    }
}

// A random small board: random tiles (not planted, so many have no solution), shape, rules and wrap as given.
inline Board random_board(std::mt19937_64 &rng, Shape shape, Rule rule, bool wrap, int rows, int cols) {
    Board b;
    b.shape = shape;
    b.rule = rule;
    b.wrap = wrap;
    b.rows = rows;
    b.cols = cols;
    for (int64_t i = 0; i < b.size(); ++i) b.tiles.push_back(uint8_t(rng() & all_directions(shape)));
    return b;
}

} // namespace loop::test
