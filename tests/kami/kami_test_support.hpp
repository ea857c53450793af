// kami_test_support.hpp -- reading levels and files for the kami tests.
#pragma once
#include "board.hpp"
#include "formats.hpp"
#include "regions.hpp"

#include "test_support.hpp"

#include <gtest/gtest.h>
#include <pluzzle/text.hpp>

#include <algorithm>
#include <filesystem>
#include <random>
#include <set>

namespace kami::test {

using pluzzle::test::read_file;

// The shared benchmark data beside the checkout; tests that need it skip when it is absent.
inline std::string shared_kami(const std::string &name) {
    return std::string(PLUZZLE_SHARED_DATA_DIR) + "/kami/" + name;
}

// A random free-play board: square or triangle grid, each cell a random colour or (holes_in_ten in ten) a hole.
inline Board random_board(std::mt19937_64 &rng, int rows, int cols, int colours, int holes_in_ten) {
    Board b;
    b.grid = rng() % 2 ? Grid::Square : Grid::Triangle;
    b.mode = Mode::Free;
    b.rows = rows;
    b.cols = b.grid == Grid::Triangle ? 2 * ((cols + 1) / 2) : cols; // about as many triangles as squares
    b.colours = colours;
    for (int64_t i = 0; i < b.size(); ++i)
        b.cells.push_back(int(rng() % 10) < holes_in_ten ? 0 : uint8_t(1 + rng() % uint64_t(colours)));
    if (std::all_of(b.cells.begin(), b.cells.end(), [](uint8_t c) { return c == 0; })) b.cells[0] = 1;
    validate_board(b);
    return b;
}

inline Board board_from(std::string_view text, std::string_view format = "") {
    auto levels = parse_levels(text, format);
    EXPECT_EQ(levels.size(), 1u);
    return std::move(levels.at(0).level);
}

// Plays the moves from the level's start; true when they end with one colour. Throws on an illegal move.
inline bool replays_to_one_colour(const Board &b, const std::vector<Move> &moves) {
    std::vector<uint8_t> cells = b.cells;
    for (const Move &m : moves) cells = apply_move(b, cells, m);
    return one_colour(cells);
}

// The fewest moves by breadth-first search over colourings of the cells -- every region, every other colour (pivot
// mode: the pivot's region only) -- independent of the solvers. Small boards only; -1 beyond `max_depth`.
inline int brute_force_par(const Board &b, const std::vector<uint8_t> &start, int max_depth = 20) {
    std::set<std::vector<uint8_t>> seen{start};
    std::vector<std::vector<uint8_t>> layer{start};
    for (int depth = 0; depth <= max_depth && !layer.empty(); ++depth) {
        std::vector<std::vector<uint8_t>> next;
        for (const auto &cells : layer) {
            if (one_colour(cells)) return depth;
            const RegionGraph g = region_graph(b, cells);
            for (int r = 0; r < g.count(); ++r) {
                if (b.mode == Mode::Pivot && g.region_of[size_t(b.pivot)] != r) continue;
                for (int c = 1; c <= b.colours; ++c) {
                    if (c == g.colour[size_t(r)]) continue;
                    std::vector<uint8_t> after = apply_move(b, cells, {g.cell[size_t(r)], uint8_t(c)});
                    if (seen.insert(after).second) next.push_back(std::move(after));
                }
            }
        }
        layer.swap(next);
    }
    return -1;
}

} // namespace kami::test
