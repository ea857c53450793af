// targeted_generator.cpp -- a nonogram near a target difficulty: random puzzles from a fixed sequence of seeds, each
// solved and graded as the plugin's solve grades it, until one lies within the tolerance. Rejection, not repair: the
// estimate depends on the whole puzzle, and a size and density have their own spread of difficulties to draw from.
#include "generator.hpp"
#include "solver.hpp"

#include <cmath>
#include <sstream>

namespace nonogram {
namespace {

constexpr int kTries = 64;
constexpr double kTolerance = 0.75; // a quarter of a band on either side: "easy", not "4.0"

// The k-th try's seed: distinct for every (seed, k), and the same on every machine.
uint64_t try_seed(uint64_t seed, int k) {
    uint64_t z = seed + 0x9E3779B97F4A7C15ull * uint64_t(k + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

} // namespace

std::unique_ptr<Puzzle> generate_near_difficulty(const GeneratorOptions &options, double target, uint64_t seed,
                                                 pluzzle::SolveControl &control) {
    double closest = NAN;
    for (int k = 0; k < kTries; ++k) {
        std::unique_ptr<Puzzle> puzzle = generate_puzzle(options, try_seed(seed, k), control);
        SolverReport report;
        {
            pluzzle::SubSearch grading({2, 0, 0}, &control); // stops when the generation's control does
            report = solve(*puzzle, grading.control());
        }
        if (control.poll()) throw pluzzle::stopped("generation");
        const double d = estimate_difficulty(report).value;
        if (std::abs(d - target) <= kTolerance) {
            std::ostringstream note;
            note << " difficulty=" << target << " try=" << k;
            for (auto &[key, value] : puzzle->meta)
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
