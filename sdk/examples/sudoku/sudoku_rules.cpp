// sudoku_rules.cpp -- the rules, the complete solver and the generator, none of which know about files or drawing.
#include "sudoku.hpp"

#include <pluzzle/char_grid.hpp>
#include <pluzzle/input.hpp>
#include <pluzzle/rng.hpp>

#include <algorithm>
#include <numeric>

namespace sudoku {

std::string to_line(const Grid &g) {
    std::string s;
    for (const uint8_t d : g.digit)
        s += d ? char('0' + d) : '.';
    return s;
}

Grid from_line(std::string_view text, int line_number) {
    size_t next = 0;
    const pluzzle::CharGrid cells = pluzzle::read_char_grid({{text, line_number}}, next, {".0123456789", 81, 1, " \t"});
    Grid g;
    for (int i = 0; i < 81; ++i)
        g.digit[i] = uint8_t(std::max(0, cells.at(0, i) - '0'));
    return g;
}

namespace {
int box_of(int i) { return i / 27 * 3 + i % 9 / 3; }

// Digits used per row, column and box as bit masks (bit d for digit d), kept up to date as cells are filled.
struct Units {
    std::array<uint16_t, 9> row{}, col{}, box{};
    uint16_t used(int i) const { return row[i / 9] | col[i % 9] | box[box_of(i)]; }
    void flip(int i, int d) {
        row[i / 9] ^= uint16_t(1u << d), col[i % 9] ^= uint16_t(1u << d), box[box_of(i)] ^= uint16_t(1u << d);
    }
};

// Depth-first search on the empty cell with the fewest candidates. Returns true when it must stop.
bool fill(Grid &g, Units &u, pluzzle::SolveControl &control) {
    if (control.tick()) return true;
    int best = -1, fewest = 10;
    uint16_t options = 0;
    for (int i = 0; i < 81 && fewest > 1; ++i) {
        if (g.digit[i]) continue;
        const uint16_t free = uint16_t(~u.used(i) & 0x3FE);
        const int n = __builtin_popcount(free);
        if (n == 0) return false; // a dead end
        if (n < fewest) best = i, fewest = n, options = free;
    }
    if (best < 0) return control.solution(to_line(g)); // a full grid: true when enough are found
    for (int d = 1; d <= 9; ++d) {
        if (!(options >> d & 1)) continue;
        g.digit[best] = uint8_t(d), u.flip(best, d);
        if (fill(g, u, control)) return true; // leaves the solution that ended the search in g
        g.digit[best] = 0, u.flip(best, d);
    }
    return false;
}
} // namespace

std::string conflict(const Grid &g) {
    for (int i = 0; i < 81; ++i)
        for (int j = i + 1; j < 81; ++j)
            if (g.digit[i] && g.digit[i] == g.digit[j] && (i / 9 == j / 9 || i % 9 == j % 9 || box_of(i) == box_of(j)))
                return "two " + std::to_string(g.digit[i]) + "s in one unit, at " + pluzzle::xy_text({i / 9, i % 9}) +
                       " and " + pluzzle::xy_text({j / 9, j % 9});
    return {};
}

bool search(Grid &g, pluzzle::SolveControl &control) {
    Units u;
    for (int i = 0; i < 81; ++i)
        if (g.digit[i]) u.flip(i, g.digit[i]);
    return !fill(g, u, control);
}

// Solutions of g, counted up to `wanted` (2 decides uniqueness); when `wanted` are found, g holds the last.
int count(Grid &g, uint32_t wanted) {
    pluzzle::SubSearch sub({wanted});
    search(g, sub.control());
    return int(sub.control().solutions_found());
}

// A random full grid (a shuffled first row, completed by the solver), then clues removed in random order while
// the solution stays unique, down to `clues` or as far as uniqueness allows.
Grid generate_grid(int clues, uint64_t seed, pluzzle::SolveControl &control) {
    pluzzle::Rng rng(seed);
    Grid g;
    std::array<uint8_t, 9> first_row{1, 2, 3, 4, 5, 6, 7, 8, 9};
    rng.shuffle(first_row);
    std::copy(first_row.begin(), first_row.end(), g.digit.begin());
    count(g, 1); // completes any valid first row
    std::array<int, 81> order;
    std::iota(order.begin(), order.end(), 0);
    rng.shuffle(order);
    for (int i : order) {
        if (81 - std::count(g.digit.begin(), g.digit.end(), 0) <= clues) break;
        if (control.poll()) throw pluzzle::stopped("generation");
        Grid trial = g;
        trial.digit[i] = 0;
        if (count(trial, 2) == 1) g = trial; // one solution: the search ran out and restored trial
    }
    return g;
}

} // namespace sudoku
