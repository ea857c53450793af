// small_puzzles.hpp -- what the search back-end tests share: random small puzzles, every solution by brute
// force, and a solve control without limits.
#pragma once
#include "nonogram.hpp"

#include <pluzzle/solve_control.hpp>

#include <algorithm>
#include <random>
#include <vector>

namespace nonogram::testing {

inline std::vector<Grid> all_solutions_brute(const Puzzle &p) {
    const int n = p.width * p.height;
    std::vector<Grid> out;
    Grid g(p.width, p.height, kEmpty);
    for (uint32_t mask = 0; mask < (1u << n); ++mask) {
        for (int i = 0; i < n; ++i) g.cells[size_t(i)] = int8_t((mask >> i) & 1u);
        if (satisfies(p, g)) out.push_back(g);
    }
    return out;
}

inline bool contains(const std::vector<Grid> &grids, const Grid &g) {
    return std::find(grids.begin(), grids.end(), g) != grids.end();
}

inline pluzzle::SolveControl unlimited_control(pz_solve_request &req) {
    req = pz_solve_request{};
    req.struct_size = sizeof req;
    return pluzzle::SolveControl(&req, nullptr);
}

inline Puzzle random_puzzle(std::mt19937 &rng, bool mix) {
    const int w = std::uniform_int_distribution<int>(1, 4)(rng), h = std::uniform_int_distribution<int>(1, 4)(rng);
    Grid pic(w, h);
    for (auto &c : pic.cells) c = int8_t(rng() % 3 == 0); // sparse: more ambiguity
    Puzzle p;
    derive_clues(pic, p);
    if (mix) { // columns from another picture: often no solution at all
        Grid other(w, h);
        for (auto &c : other.cells) c = int8_t(rng() & 1u);
        Puzzle q;
        derive_clues(other, q);
        p.cols = q.cols;
    }
    return p;
}

// The clues of a random w x h picture with about filled_in_5 of every 5 cells filled.
inline Puzzle random_picture_puzzle(std::mt19937 &rng, int w, int h, unsigned filled_in_5) {
    Grid pic(w, h);
    for (auto &c : pic.cells) c = int8_t(rng() % 5 < filled_in_5);
    Puzzle p;
    derive_clues(pic, p);
    return p;
}

} // namespace nonogram::testing
