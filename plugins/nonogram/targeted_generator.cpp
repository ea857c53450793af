// targeted_generator.cpp -- a nonogram near a target difficulty: random puzzles from a fixed sequence of seeds, each
// solved and graded as the plugin's solve grades it, until one lies within the tolerance. Rejection, not repair: the
// estimate depends on the whole puzzle, and a size and density have their own spread of difficulties to draw from.
#include "generator.hpp"
#include "solver.hpp"

#include <pluzzle/rng.hpp>

#include <cmath>
#include <sstream>

namespace nonogram {
namespace {

constexpr int kTries = 64;
constexpr double kTolerance = 0.75; // a quarter of a band on either side: "easy", not "4.0"
// Try k draws from pluzzle::derived_seed(seed, k): the same puzzles on every machine.
} // namespace

Puzzle generate_near_difficulty(const GeneratorOptions &options, double target, uint64_t seed,
                                pluzzle::SolveControl &control) {
    double closest = NAN;
    for (int k = 0; k < kTries; ++k) {
        Puzzle puzzle = generate_puzzle(options, pluzzle::derived_seed(seed, uint64_t(k)), control);
        SolverReport report;
        {
            pluzzle::SubSearch grading({2, 0, 0}, &control); // stops when the generation's control does
            report = solve(puzzle, grading.control());
        }
        if (control.poll()) throw pluzzle::stopped("generation");
        const double d = estimate_difficulty(report).value;
        if (std::abs(d - target) <= kTolerance) {
            std::ostringstream note;
            note << " difficulty=" << target << " try=" << k;
            for (auto &[key, value] : puzzle.meta)
                if (key == "generator") value += note.str();
            return puzzle;
        }
        if (std::isnan(closest) || std::abs(d - target) < std::abs(closest - target)) closest = d;
    }
    std::ostringstream why;
    why << "no " << options.width << "x" << options.height << " nonogram at density " << options.density
        << " came within " << kTolerance << " of difficulty " << target << " in " << kTries
        << " tries (the closest was " << std::round(closest * 10) / 10
        << "): larger boards reach higher, denser pictures lower";
    throw pluzzle::bad_argument(why.str(), "difficulty");
}

} // namespace nonogram
