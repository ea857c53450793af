// lightsout_generator.cpp -- random levels from parameters and a seed (same seed + params = same level).
#include "lightsout.hpp"

#include <pluzzle/rng.hpp>

#include <numeric>

namespace lightsout {

std::vector<pluzzle::ParamDesc> generator_params() {
    return {
        {"width", PZ_PARAM_INT, "5", 1, kMaxSide, "", "columns"},
        {"height", PZ_PARAM_INT, "5", 1, kMaxSide, "", "rows"},
        {"presses", PZ_PARAM_INT, "0", 0, kMaxCells, "", "random presses that make the pattern; 0: about half the cells"},
        {"unique", PZ_PARAM_BOOL, "false", 0, 0, "", "require exactly one solution (possible only for some sizes)"},
    };
}

Board generate_board(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control) {
    // Params already checked every value against its declared range.
    Board board;
    board.width = int(params.integer("width"));
    board.height = int(params.integer("height"));
    const int n = board.cells();
    const std::string size = std::to_string(board.width) + "x" + std::to_string(board.height);
    int presses = int(params.integer("presses"));
    if (presses > n)
        throw pluzzle::bad_argument("presses = " + std::to_string(presses) + " is more than the " + std::to_string(n) +
                                        " cells of a " + size + " grid",
                                    "presses");
    if (presses == 0) presses = (n + 1) / 2;

    if (params.boolean("unique")) {
        // The number of solutions is 2^nullity of the press matrix, which depends on the size alone: no other
        // seed could help, so say so at once.
        Board dark;
        dark.width = board.width;
        dark.height = board.height;
        const std::optional<SolutionSpace> space = solution_space(dark, control);
        if (!space) throw pluzzle::stopped("generation");
        if (!space->null_basis.empty())
            throw pluzzle::bad_argument("no " + size + " level has a unique solution (nullity " +
                                            std::to_string(space->null_basis.size()) + "); choose another size",
                                        "unique");
    }

    // Press random distinct cells of a dark grid, so the level is solvable by construction. pluzzle::Rng draws the
    // same numbers on every standard library (the std:: distributions and std::shuffle do not).
    pluzzle::Rng rng(seed);
    std::vector<int> cells(n);
    std::iota(cells.begin(), cells.end(), 0);
    // A press set from the null space leaves every light off; draw again (a bounded number of times) so the
    // level does not start solved.
    for (int attempt = 0; attempt < 8 && board.lights.none(); ++attempt) {
        if (control.tick()) throw pluzzle::stopped("generation");
        for (int i = 0; i < presses; ++i) { // partial Fisher-Yates: cells[0..i] are the chosen ones
            std::swap(cells[i], cells[i + int(rng.below(uint64_t(n - i)))]);
            board.lights ^= press_effect(board, cells[i]);
        }
    }
    return board;
}

} // namespace lightsout
