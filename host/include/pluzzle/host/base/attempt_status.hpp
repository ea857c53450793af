// attempt_status.hpp -- what one solve attempt ended with, as the host prints and stores it: the plugin's
// SolveStatus (<pluzzle/solve_status.hpp>), or a failure the host saw instead of an answer. Bench runs, stored
// results and `pluzzle solve` lines all use these texts; like the SDK's, they are a stable interface (databases
// hold them): never rename one.
#pragma once
#include <pluzzle/solve_status.hpp>

#include <cstdint>
#include <optional>
#include <string_view>

namespace pluzzle::host {

// Failures, each with its own text; none is a SolveStatus text, so the two never mix up when read back.
enum class AttemptFailure : uint8_t {
    error,   // "error": the level no longer parses, or the plugin threw
    crashed, // "crashed": the worker process solving it died (a signal, an abort, out of memory); info says how
    timeout, // "timeout": the worker gave no answer within the time limit and its grace period, and was killed
    corrupt, // "corrupt": the level's stored text no longer matches its hash (a damaged database); never solved
};

inline constexpr AttemptFailure kAttemptFailures[] = {AttemptFailure::error, AttemptFailure::crashed,
                                                      AttemptFailure::timeout, AttemptFailure::corrupt};

constexpr const char *attempt_failure_text(AttemptFailure failure) noexcept {
    switch (failure) {
    case AttemptFailure::error: return "error";
    case AttemptFailure::crashed: return "crashed";
    case AttemptFailure::timeout: return "timeout";
    case AttemptFailure::corrupt: return "corrupt";
    }
    return "error";
}

// A SolveStatus or an AttemptFailure. Reads like std::optional<SolveStatus> for the common question -- did the
// plugin answer, and what -- so `if (status && is_final(*status))` asks it; failure() tells the failures apart.
class AttemptStatus {
  public:
    constexpr AttemptStatus(SolveStatus status) noexcept : code_(int(status)) {}
    constexpr AttemptStatus(AttemptFailure failure = AttemptFailure::error) noexcept
        : code_(kFailureBase + int(failure)) {}

    constexpr explicit operator bool() const noexcept { return code_ < kFailureBase; } // the plugin answered
    constexpr SolveStatus operator*() const noexcept { return SolveStatus(code_); }
    constexpr std::optional<SolveStatus> solve_status() const noexcept {
        return *this ? std::optional<SolveStatus>(SolveStatus(code_)) : std::nullopt;
    }
    constexpr std::optional<AttemptFailure> failure() const noexcept {
        return *this ? std::nullopt : std::optional<AttemptFailure>(AttemptFailure(code_ - kFailureBase));
    }

    constexpr bool operator==(const AttemptStatus &o) const noexcept { return code_ == o.code_; }
    constexpr bool operator!=(const AttemptStatus &o) const noexcept { return code_ != o.code_; }

  private:
    static constexpr int kFailureBase = 1000; // beyond any pz_solve_status value
    int code_;                                // a pz_solve_status, or kFailureBase + an AttemptFailure
};

constexpr const char *attempt_status_text(const AttemptStatus &status) noexcept {
    return status ? solve_status_text(*status) : attempt_failure_text(*status.failure());
}

// The attempt status whose text is exactly `text`, or nullopt (callers name the field it came from).
constexpr std::optional<AttemptStatus> parse_attempt_status(std::string_view text) noexcept {
    if (const auto status = parse_solve_status(text)) return AttemptStatus(*status);
    for (AttemptFailure f : kAttemptFailures)
        if (text == attempt_failure_text(f)) return AttemptStatus(f);
    return std::nullopt;
}

// A solution was found (a failed attempt found none).
constexpr bool attempt_solved(const AttemptStatus &status) noexcept { return status && counts_as_solved(*status); }

// The answer stands (is_final); no failure does: a resumed bulk solve tries crashed and timed-out levels again.
constexpr bool attempt_final(const AttemptStatus &status) noexcept { return status && is_final(*status); }

} // namespace pluzzle::host
