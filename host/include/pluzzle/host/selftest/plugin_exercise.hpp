// plugin_exercise.hpp -- drives a plugin through everything a user's files and clicks can make it do, and holds it
// to the contract of abi.h (rule 5: a level that passed validate must never crash, hang or corrupt memory; its
// canonical text round-trips; its solver's solutions check). Shared by the two tools authors run on their plugin:
// `pluzzle selftest` (seconds, on their own files plus mutations) and `pluzzle-fuzz` (libFuzzer, millions of inputs).
#pragma once
#include <pluzzle/host/plugin/plugin.hpp>
#include <pluzzle/rng.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pluzzle::host {

// A broken rule of the contract (not the input's fault): what both tools report as a finding.
class ContractViolation : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// One pointer or key event, in fractions of the drawing's extent so it lands on any board.
struct ExerciseMove {
    uint8_t what; // low 2 bits: press, drag, release, key; bit 2: right button; bit 3: an edit tool (bits 4..: which)
    float x, y;
    uint8_t extra; // the key: < 8 an arrow or editing key, else a character
};
// Up to 16 moves from 4 bytes each (the fuzzer's input after the level text).
std::vector<ExerciseMove> moves_from_bytes(std::string_view bytes);
// `count` random moves (selftest).
std::vector<ExerciseMove> random_moves(Rng &rng, int count);

// What a run did, for the self-test's report.
struct ExerciseTally {
    size_t texts = 0, refused_texts = 0; // texts tried in some format; texts no format read (with a reason)
    size_t levels = 0, solved = 0, solve_refused = 0, moves = 0, edits = 0;
    size_t splits_compared = 0; // levels whose cubes were all solved and gave the whole solve's answer (ABI 1.8)
    void add(const ExerciseTally &o);
};

// Limits small enough for thousands of runs a second, large enough to reach a solver's inner loops.
SolveOptions tiny_solve_limits();

// One level: encode -> parse -> encode is exact, describe, render, solve within `limits` (its solutions must check, and
// draw as a solution page: ABI 1.9), a split's cubes solved within `limits` each, which must give the whole solve's
// answer when both finish (ABI 1.8), `moves` played (state text round trip after each) and used on the edit tools (the
// edited level round-trips). Throws ContractViolation for anything that is the plugin's fault.
void exercise_level(const Plugin &plugin, const LevelPtr &level, const std::vector<ExerciseMove> &moves,
                    const SolveOptions &limits, ExerciseTally &tally);

// A text in every format the plugin declares: a text no format reads must be refused with an InputError; each
// level read is exercised. Throws ContractViolation, with the format, for a finding.
void exercise_text(const Plugin &plugin, std::string_view text, const std::vector<ExerciseMove> &moves,
                   const SolveOptions &limits, ExerciseTally &tally);

// A random small damage of `text` (replace, delete, insert, truncate, duplicate a piece): the mutation pass.
std::string mutate_text(const std::string &text, Rng &rng);

} // namespace pluzzle::host
