// lightsout_split.cpp -- cube-and-conquer (ABI 1.8, abi.h rule 13): a level split into parts that several solvers
// work on at once. Here a cube decides whether each of the first k cells is pressed ("first 3 101": cell 0 and cell
// 2 pressed, cell 1 not); the 2^k cubes cover every set of presses once, so their solution counts add up
// (Combine::count). Gauss-Jordan solves any board at once, so this plugin splits only to show how: a puzzle whose
// search takes minutes splits where its search would branch (see the nonogram and kami plugins).
#include "lightsout.hpp"

#include <pluzzle/error.hpp>
#include <pluzzle/text.hpp>

namespace lightsout {

pluzzle::Split split_board(const Board &board, unsigned want) {
    int k = 0; // 2^k cubes: the least k with 2^k >= want, and no more cells than the board has
    while (k < board.cells() && k < 20 && (1u << k) < want) ++k;
    pluzzle::Split split;
    split.combine = pluzzle::Combine::count;
    for (uint32_t bits = 0; bits < (1u << k); ++bits) {
        std::string cube = "first " + std::to_string(k) + " ";
        for (int i = 0; i < k; ++i) cube += (bits >> (k - 1 - i)) & 1u ? '1' : '0';
        split.cubes.push_back(std::move(cube));
    }
    return split;
}

Fixed read_cube(const Board &board, std::string_view cube) {
    const auto bad = [&](const std::string &why) {
        return pluzzle::bad_argument("cube '" + std::string(cube.substr(0, 40)) + "': " + why, "cube");
    };
    const std::vector<pluzzle::Token> words = pluzzle::tokens(cube);
    if (words.size() < 2 || words.size() > 3 || words[0].text != "first") throw bad("expected 'first K BITS'");
    const std::optional<int> count = pluzzle::whole_number<int>(words[1].text);
    if (!count || *count < 0 || *count > board.cells())
        throw bad("K must be a number of cells, 0 to " + std::to_string(board.cells()));
    const std::string_view bits = words.size() == 3 ? words[2].text : std::string_view();
    if (int(bits.size()) != *count || bits.find_first_not_of("01") != std::string_view::npos)
        throw bad("expected " + std::to_string(*count) + " digits 0 or 1");
    Fixed fixed;
    fixed.count = *count;
    for (int i = 0; i < *count; ++i) fixed.presses[size_t(i)] = bits[size_t(i)] == '1';
    return fixed;
}

} // namespace lightsout
