// loop_test_support.hpp -- small boards, a brute-force reference solver and file access for the loop tests.
#pragma once
#include "board.hpp"
#include "formats.hpp"
#include "play.hpp"
#include "solver.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace loop::test {

inline std::string read_text(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The shared benchmark data beside the checkout; tests that need it skip when it is absent.
inline std::string shared_loop(const std::string &name) {
    return std::string(PLUZZLE_SHARED_DATA_DIR) + "/loop/" + name;
}

inline Board board_from(std::string_view text, std::string_view format = "") {
    auto levels = parse_levels(text, format);
    EXPECT_EQ(levels.size(), 1u);
    return pluzzle::as<Board>(*levels.at(0).level);
}

inline SolveReport solve(const Board &b, unsigned max_solutions = 2, bool count = true) {
    pluzzle::SolveControl control(nullptr, nullptr);
    SolveOptions options;
    options.max_solutions = max_solutions;
    options.count = count;
    return solve_board(b, control, options);
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
