// lightsout_solver.cpp -- a complete solver: Gauss-Jordan elimination over GF(2).
//
// Presses p switch the lights L off exactly when A p = L (mod 2), where row i of A lists the presses that toggle
// light i. Elimination yields the whole solution space at once: nothing, or one particular solution plus any
// combination of the null space, i.e. 2^nullity solutions. So the status is a proof, not a search result.
#include "lightsout.hpp"

#include <algorithm>
#include <cstddef>
#include <utility>

namespace lightsout {
namespace {

// Up to 2^16 solutions are enumerated to report the ones with fewest presses first; beyond, any will do.
constexpr size_t kEnumerateNullity = 16;

pluzzle::SolveOutcome stopped(const pluzzle::SolveControl &control) {
    pluzzle::SolveOutcome outcome;
    outcome.status = control.stop_status();
    return outcome;
}

// The first `wanted` solutions to report, fewest presses first when the null space is small; nullopt if
// control.tick() asked to stop.
std::optional<std::vector<Cells>> pick_solutions(const SolutionSpace &space, size_t wanted,
                                                 pluzzle::SolveControl &control) {
    const size_t nullity = space.null_basis.size();
    if (nullity > kEnumerateNullity) {
        std::vector<Cells> picked{space.particular};
        for (size_t i = 0; i < nullity && picked.size() < wanted; ++i)
            picked.push_back(space.particular ^ space.null_basis[i]);
        return picked;
    }
    // Visit every solution in Gray-code order: each step XORs in a single basis vector.
    std::vector<std::pair<size_t, uint32_t>> ranked; // (presses, which basis vectors), sorts deterministically
    Cells solution = space.particular;
    for (uint32_t step = 0; step < (uint32_t(1) << nullity); ++step) {
        if (control.tick()) return std::nullopt;
        if (step > 0) {
            size_t flip = 0;
            while (!((step >> flip) & 1u)) ++flip;
            solution ^= space.null_basis[flip];
        }
        ranked.emplace_back(solution.count(), step ^ (step >> 1));
    }
    const size_t n = std::min(wanted, ranked.size());
    std::partial_sort(ranked.begin(), ranked.begin() + std::ptrdiff_t(n), ranked.end());
    std::vector<Cells> picked;
    for (size_t i = 0; i < n; ++i) {
        Cells s = space.particular;
        for (size_t b = 0; b < nullity; ++b)
            if ((ranked[i].second >> b) & 1u) s ^= space.null_basis[b];
        picked.push_back(s);
    }
    return picked;
}

} // namespace

std::optional<SolutionSpace> solution_space(const Board &board, pluzzle::SolveControl &control, const Fixed &fixed) {
    const int n = board.cells();
    // Light i is toggled by pressing j exactly when pressing i toggles j, so row i of A is press_effect(i).
    std::vector<Cells> rows(n);
    for (int i = 0; i < n; ++i) rows[i] = press_effect(board, i);
    // The fixed presses are no variables: their lights move to the right-hand side.
    Cells rhs = lights_after(board, fixed.presses);
    std::vector<int> pivot_column; // pivot_column[r]: the variable row r solves for

    for (int column = fixed.count; column < n; ++column) {
        if (control.tick()) return std::nullopt; // one node = one column eliminated
        control.progress(double(column) / n, "eliminating");
        const int rank = int(pivot_column.size());
        int pivot = rank;
        while (pivot < n && !rows[pivot][column]) ++pivot;
        if (pivot == n) continue; // a free variable: one more dimension of the null space
        std::swap(rows[pivot], rows[rank]);
        const bool pivot_rhs = rhs[pivot];
        rhs[pivot] = rhs[rank];
        rhs[rank] = pivot_rhs;
        for (int r = 0; r < n; ++r)
            if (r != rank && rows[r][column]) {
                rows[r] ^= rows[rank];
                rhs[r] = rhs[r] != rhs[rank];
            }
        pivot_column.push_back(column);
    }

    SolutionSpace space;
    const int rank = int(pivot_column.size());
    // Rows past the rank are now all zero: a 1 on their right-hand side reads 0 = 1.
    space.solvable = true;
    for (int r = rank; r < n; ++r) space.solvable = space.solvable && !rhs[r];
    for (int r = 0; r < rank && space.solvable; ++r) space.particular[pivot_column[r]] = rhs[r];
    space.particular |= fixed.presses;
    // Each free variable f gives a null vector: press f, plus every pivot variable whose row contains f.
    Cells is_pivot;
    for (int c : pivot_column) is_pivot.set(c);
    for (int f = fixed.count; f < n; ++f) {
        if (is_pivot[f]) continue;
        Cells v;
        v.set(f);
        for (int r = 0; r < rank; ++r)
            if (rows[r][f]) v.set(pivot_column[r]);
        space.null_basis.push_back(v);
    }
    return space;
}

pluzzle::SolveOutcome solve_board(const Board &board, pluzzle::SolveControl &control, const Fixed &fixed) {
    // tick() reads the host's cancel flag every 256 calls and a small board needs fewer: look once up front.
    if (control.poll()) return stopped(control);
    const std::optional<SolutionSpace> space = solution_space(board, control, fixed);
    if (!space) return stopped(control);

    const size_t nullity = space->null_basis.size();
    pluzzle::SolveOutcome outcome;
    outcome.stats = {{"rank", std::to_string(size_t(board.cells()) - nullity)},
                     {"nullity", std::to_string(nullity)}};
    if (!space->solvable) {
        outcome.status = PZ_SOLVE_UNSOLVABLE;
        outcome.stats.emplace_back("solutions", "0");
        return outcome;
    }
    outcome.stats.emplace_back("solutions", nullity < 64 ? std::to_string(uint64_t(1) << nullity)
                                                         : "2^" + std::to_string(nullity));

    const std::optional<std::vector<Cells>> picked = pick_solutions(*space, control.max_solutions(), control);
    if (!picked) return stopped(control);
    for (const Cells &presses : *picked) control.solution(encode_presses(board, presses));
    // ABI 1.7, optional: how hard the board is on the common scale (<pluzzle/difficulty.hpp>). A person chases the
    // lights press by press, so the presses of the solution place it (a whole 9x9 board of them at the top); a
    // board with several solutions (nullity > 0) lets a wrong start still finish, so it does not count extra.
    const size_t presses = picked->front().count();
    outcome.difficulty = {pluzzle::effort_in_band(double(presses), 81, PZ_DIFFICULTY_MIN, PZ_DIFFICULTY_EXPERT),
                          std::to_string(presses) + (presses == 1 ? " press" : " presses")};
    if (nullity <= kEnumerateNullity)
        outcome.stats.emplace_back("fewest_presses", std::to_string(picked->front().count()));
    outcome.status = nullity == 0 ? PZ_SOLVE_UNIQUE : PZ_SOLVE_MULTIPLE;
    return outcome;
}

} // namespace lightsout
