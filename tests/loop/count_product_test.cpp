// count_product_test.cpp -- the exact count of a board of thousands of independent components against the product
// of its blocks' counts, each found by brute force: the components' counts are multiplied correctly (loop_count.cpp
// multiplies them as a balanced product tree).
#include "loop_test_support.hpp"

#include <boost/multiprecision/cpp_int.hpp>

using namespace loop;
using namespace loop::test;

namespace {

// A small board with a planted solution (each edge a pipe at random), every tile then turned at random.
Board planted_block(std::mt19937_64 &rng, int rows, int cols) {
    Board b = random_board(rng, Shape::Square, Rule::Loop, false, rows, cols);
    std::fill(b.tiles.begin(), b.tiles.end(), 0);
    for (int64_t i = 0; i < b.size(); ++i)
        for (int d = 0; d < 4; ++d) {
            const int64_t j = b.neighbour(i, d);
            if (j > i && rng() % 2) {
                b.tiles[size_t(i)] |= uint8_t(1u << d);
                b.tiles[size_t(j)] |= uint8_t(1u << opposite(Shape::Square, d));
            }
        }
    for (auto &t : b.tiles) t = rotate(Shape::Square, t, int(rng() % 4));
    return b;
}

// `blocks` (block_rows x block_cols of them, the i-th being blocks[i % blocks.size()]) on one board, each block
// in its own cell of a grid whose cells are kept apart by a row and a column of empty tiles: no pipe can cross
// them, so each block is solved on its own and the board's count is the product of the blocks' counts.
Board board_of_blocks(const std::vector<Board> &blocks, int block_rows, int block_cols, int cell) {
    Board b;
    b.shape = Shape::Square;
    b.rule = Rule::Loop;
    b.rows = block_rows * (cell + 1);
    b.cols = block_cols * (cell + 1);
    b.tiles.assign(size_t(b.size()), 0);
    for (int n = 0; n < block_rows * block_cols; ++n) {
        const Board &block = blocks[size_t(n) % blocks.size()];
        const int top = n / block_cols * (cell + 1), left = n % block_cols * (cell + 1);
        for (int r = 0; r < block.rows; ++r)
            for (int c = 0; c < block.cols; ++c)
                b.tiles[size_t(int64_t(top + r) * b.cols + left + c)] = block.tiles[size_t(r * block.cols + c)];
    }
    return b;
}

} // namespace

TEST(LoopCount, ThousandsOfComponentsMultiplyToTheProductOfTheirCounts) {
    std::mt19937_64 rng(45);
    // Blocks of a few tiles with 2 or more solutions (brute force), of differing counts.
    std::vector<Board> blocks;
    std::vector<uint64_t> block_counts;
    for (int tries = 0; blocks.size() < 7 && tries < 1000; ++tries) {
        const Board block = planted_block(rng, 2, 3 + tries % 2);
        const uint64_t count = brute_force_count(block);
        if (count < 2) continue;
        blocks.push_back(block);
        block_counts.push_back(count);
    }
    ASSERT_EQ(blocks.size(), 7u);
    // 61 x 59 blocks: an odd number of them, so that the product tree has odd rounds.
    const int block_rows = 61, block_cols = 59;
    const Board board = board_of_blocks(blocks, block_rows, block_cols, 4);
    BigCount expected = 1;
    for (size_t i = 0; i < blocks.size(); ++i) {
        const int copies = (block_rows * block_cols - int(i) + int(blocks.size()) - 1) / int(blocks.size());
        expected *= boost::multiprecision::pow(BigCount(block_counts[i]), unsigned(copies));
    }
    const SolveReport r = solve(board, 2);
    ASSERT_TRUE(r.counted);
    EXPECT_GE(r.components, uint64_t(block_rows * block_cols));
    EXPECT_GT(expected.str().size(), 1000u); // a count of more than a thousand digits
    EXPECT_EQ(r.count, expected);
    EXPECT_EQ(r.status, PZ_SOLVE_MULTIPLE);
    ASSERT_EQ(r.solutions.size(), 2u);
    for (auto &s : r.solutions) EXPECT_TRUE(solved(board, s));

    // One block with no solution among them: the count is 0 and the board unsolvable.
    Board broken = board;
    broken.tiles[0] = 1; // a pipe end in the first block's corner, with no pipe beside it to meet
    broken.tiles[1] = 0, broken.tiles[size_t(board.cols)] = 0;
    const SolveReport none = solve(broken, 2);
    EXPECT_TRUE(none.counted);
    EXPECT_EQ(none.count, 0);
    EXPECT_EQ(none.status, PZ_SOLVE_UNSOLVABLE);
}
