// adaptive_skill.hpp -- the adaptive AI's skill after a game, as the original kept it per player profile:
// diff = human - AI; skill += floor(diff * (diff < 0 ? 0.5 : 1)), clamped to 1..100. A loss moves the AI down
// half as fast as a win moves it up.
#pragma once

namespace celladd {

int updated_skill(int skill, int human_score, int ai_score);

} // namespace celladd
