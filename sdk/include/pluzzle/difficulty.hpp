// pluzzle/difficulty.hpp -- a solve's difficulty estimate on the common scale (ABI 1.7; the bands are in abi.h).
//
// A plugin fills SolveOutcome::difficulty from what its solver had to do: which kind of reasoning it needed picks the
// band, and how much of it places the value inside the band. effort_in_band does the placing on a log scale, so
// doubling the work always moves a level up by the same step, and a value never leaves its band.
#pragma once
#include <pluzzle/abi.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace pluzzle {

struct Difficulty {
    double value = NAN; // PZ_DIFFICULTY_MIN..PZ_DIFFICULTY_MAX; NaN: no estimate
    std::string label;  // the plugin's word for the band, e.g. "line logic" (at most PZ_DIFFICULTY_LABEL_MAX - 1 bytes)
};

// A value in [low, high]: `low` for no effort, `high` once effort reaches `full`, log-scaled between.
inline double effort_in_band(double effort, double full, double low, double high) {
    if (!(effort > 0) || !(full > 0)) return low;
    const double share = std::min(1.0, std::log1p(effort) / std::log1p(full));
    return low + (high - low) * share;
}

} // namespace pluzzle
