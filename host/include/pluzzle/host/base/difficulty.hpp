// difficulty.hpp -- how the host shows a plugin's difficulty estimate (ABI 1.7; the scale is in abi.h).
#pragma once
#include <cstdio>
#include <string>

namespace pluzzle::host {

// "4.3 (probing)", or "4.3" without a label: one decimal, because the estimates are coarse.
inline std::string difficulty_text(double value, const std::string &label) {
    char number[32];
    std::snprintf(number, sizeof number, "%.1f", value);
    return label.empty() ? std::string(number) : std::string(number) + " (" + label + ")";
}

} // namespace pluzzle::host
