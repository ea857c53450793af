// pluzzle/solve_status.hpp -- the C++ face of pz_solve_status: its text form and the two questions every caller asks
// of it. Plugins return a status from their solve(); the host prints it, stores it in its database and reads it
// back with the same functions, so plugins, host and editor share one definition of "solved" and "final".
//
// The texts ("solved", "unique", "multiple", "unsolvable", "limit", "cancelled") are a stable interface: databases
// hold them and `pluzzle ... --json` prints them. Never rename one; a new status gets a new text.
#pragma once
#include <pluzzle/abi.h>

#include <optional>
#include <string_view>

namespace pluzzle {

// The ABI's enumeration is the type: no conversion at the boundary, and switch statements over it stay checked.
using SolveStatus = pz_solve_status;

// Every status, in the ABI's order (for listings and tests that must cover them all).
inline constexpr SolveStatus kSolveStatuses[] = {PZ_SOLVE_SOLVED,     PZ_SOLVE_UNIQUE, PZ_SOLVE_MULTIPLE,
                                                 PZ_SOLVE_UNSOLVABLE, PZ_SOLVE_LIMIT,  PZ_SOLVE_CANCELLED};

// The text form. A value outside the enumeration (which the host refuses from a plugin) reads "unknown", which no
// status parses back from.
constexpr const char *solve_status_text(SolveStatus status) noexcept {
    switch (status) {
    case PZ_SOLVE_SOLVED: return "solved";
    case PZ_SOLVE_UNIQUE: return "unique";
    case PZ_SOLVE_MULTIPLE: return "multiple";
    case PZ_SOLVE_UNSOLVABLE: return "unsolvable";
    case PZ_SOLVE_LIMIT: return "limit";
    case PZ_SOLVE_CANCELLED: return "cancelled";
    }
    return "unknown";
}

// The status whose text is exactly `text` (case-sensitive, no spaces), or nullopt: callers turn that into an error
// naming the field the text came from.
constexpr std::optional<SolveStatus> parse_solve_status(std::string_view text) noexcept {
    for (SolveStatus s : kSolveStatuses)
        if (text == solve_status_text(s)) return s;
    return std::nullopt;
}

// A solution was found (solved, unique, multiple): the level counts as solved and a solution text comes with it.
constexpr bool counts_as_solved(SolveStatus status) noexcept {
    return status == PZ_SOLVE_SOLVED || status == PZ_SOLVE_UNIQUE || status == PZ_SOLVE_MULTIPLE;
}

// The answer stands: a later run of the same plugin version would say the same (solved, unique, multiple,
// unsolvable). A limit or a cancellation says nothing about the level, so a resumed bulk solve tries it again.
constexpr bool is_final(SolveStatus status) noexcept {
    return counts_as_solved(status) || status == PZ_SOLVE_UNSOLVABLE;
}

} // namespace pluzzle
