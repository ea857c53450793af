// generator.hpp -- random nonograms from a seed, made unique by flipping ambiguous cells (no rejection loop).
#pragma once
#include "nonogram.hpp"

#include <pluzzle/params.hpp>
#include <pluzzle/solve_control.hpp>

#include <cstdint>
#include <vector>

namespace nonogram {

struct GeneratorOptions {
    int width = 20, height = 20;
    double density = 0.5; // share of filled cells in the random picture
    bool unique = true;
};

// width, height (INT 1..100, 20), density (REAL 0.05..0.95, 0.5), unique (BOOL, true), difficulty (REAL -1..10,
// -1: any; else the solve's estimate must come within 0.75 of it, generate_near_difficulty).
std::vector<pluzzle::ParamDesc> generator_params();

// A random picture at `density` from pluzzle::Rng(seed) (std::mt19937_64, portable: the same level on every
// standard library). With `unique`, the picture is repaired, never redrawn: flips of cells that line logic leaves
// undecided (kept when they leave no more cells undecided), and once few cells are open, full solves (max 2
// solutions) whose second solution names a cell to flip; at most 4*width*height rounds. Every solve runs under
// `control`; throws pluzzle::stopped("generation") when it says stop. Sparse pictures need more filled cells to
// be unique, so their final density ends above the asked one. The puzzle's goal is the final picture; meta holds
// one `generator` line with the parameters and the seed.
Puzzle generate_puzzle(const GeneratorOptions &options, uint64_t seed, pluzzle::SolveControl &control);
Puzzle generate_puzzle(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control);

// A puzzle whose difficulty estimate (the plugin's solve's, estimate_difficulty) lies within 0.75 of `target`: the
// first of up to 64 puzzles from seeds derived from `seed` that does (deterministic). The generator meta line says
// the target and the try. bad_argument (field "difficulty") naming the closest estimate when none does.
Puzzle generate_near_difficulty(const GeneratorOptions &options, double target, uint64_t seed,
                                pluzzle::SolveControl &control);

} // namespace nonogram
