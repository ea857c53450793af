// attempt_status.hpp -- what one solve attempt ended with, as the host prints and stores it: the plugin's
// SolveStatus (<pluzzle/solve_status.hpp>), or a failure -- the level no longer parses, the plugin threw -- whose
// text is "error". Bench runs, stored results and `pluzzle solve` lines all use these texts.
#pragma once
#include <pluzzle/solve_status.hpp>

#include <optional>

namespace pluzzle::host {

using AttemptStatus = std::optional<SolveStatus>; // nullopt: the attempt failed

// The text of a failed attempt; it is no SolveStatus text, so the two never mix up when read back.
inline constexpr char kFailedAttemptText[] = "error";

constexpr const char *attempt_status_text(const AttemptStatus &status) noexcept {
    return status ? solve_status_text(*status) : kFailedAttemptText;
}

// A solution was found (a failed attempt found none).
constexpr bool attempt_solved(const AttemptStatus &status) noexcept { return status && counts_as_solved(*status); }

} // namespace pluzzle::host
