// adaptive_skill.cpp -- the skill update rule (floor rounds a negative half difference away from zero).
#include "adaptive_skill.hpp"

#include <algorithm>
#include <cmath>

namespace celladd {

int updated_skill(int skill, int human_score, int ai_score) {
    const int diff = human_score - ai_score;
    const double step = std::floor(diff * (diff < 0 ? 0.5 : 1.0));
    return int(std::clamp(double(skill) + step, 1.0, 100.0));
}

} // namespace celladd
