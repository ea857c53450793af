// generator.hpp -- levels from generator parameters: every layout, the opponent, the first mover, and a number of
// random opening moves (seeded).
#pragma once
#include "level.hpp"

#include <pluzzle/params.hpp>

namespace celladd {

std::vector<pluzzle::ParamDesc> generator_params();
CellLevel generate_level(const pluzzle::Params &params, uint64_t seed);

} // namespace celladd
