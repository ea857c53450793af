// generator.hpp -- random SliceIt! levels: a star-shaped outline, optional holes and forbidden zones, kept only when
// the solver finds an equal split with the stroke count asked for (so every generated level is known solvable).
#pragma once
#include "level.hpp"

#include <pluzzle/params.hpp>
#include <pluzzle/solve_control.hpp>

#include <vector>

namespace sliceit {

// strokes, pieces (as the blank level's), vertices (INT 3..12, 6), holes (INT 0..2, 0), zones (INT 0..2, 0),
// tolerance (REAL 1..10, 3 percentage points).
std::vector<pluzzle::ParamDesc> generator_params();

// The first of up to 24 candidates from seeds derived from `seed` that validates and that the solver splits (a
// bounded multistart per candidate); deterministic. bad_argument (field "pieces") when none does: the stroke count
// may be too small for the pieces asked for; pluzzle::stopped when `control` says stop.
Level generate_level(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control);

} // namespace sliceit
