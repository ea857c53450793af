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

namespace kami::test {

using pluzzle::test::read_file;

// The shared benchmark data beside the checkout; tests that need it skip when it is absent.
inline std::string shared_kami(const std::string &name) {
    return std::string(PLUZZLE_SHARED_DATA_DIR) + "/kami/" + name;
}

inline Board board_from(std::string_view text, std::string_view format = "") {
    auto levels = parse_levels(text, format);
    EXPECT_EQ(levels.size(), 1u);
    return pluzzle::as<Board>(*levels.at(0).level);
}

// Plays the moves from the level's start; true when they end with one colour. Throws on an illegal move.
inline bool replays_to_one_colour(const Board &b, const std::vector<Move> &moves) {
    std::vector<uint8_t> cells = b.cells;
    for (const Move &m : moves) cells = apply_move(b, cells, m);
    return one_colour(cells);
}

} // namespace kami::test
