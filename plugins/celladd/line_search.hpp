// line_search.hpp -- the puzzle view: the published AIs are deterministic, so against one of them a game is a
// one-player search over our own moves. Exact search (memoised on the Zobrist hash) for small boards and
// endgames; rollout improvement of a greedy base policy (never worse than the policy) for large ones.
#pragma once
#include "game.hpp"
#include "published_ai.hpp"

#include <pluzzle/difficulty.hpp>
#include <pluzzle/solve_control.hpp>

#include <optional>
#include <vector>

namespace celladd {

// Our greedy base policy for rollouts: the hard AI's weights from our side, the centre counted as very central.
int policy_move(const Position &position);

// Plays the game out (`me` by the base policy, the other side by `model`) and takes the moves back. Returns the
// final margin for `me`; appends the moves to `line` when given.
int rollout(Position &position, int me, const Opponent &model, std::vector<int> *line = nullptr);

struct LineResult {
    std::vector<int> moves; // from the position to the end of the game, both sides
    int margin = 0;         // final margin for `me`
    bool exact = false;     // proved best against the model
};

// The best line for `me` against the model, proved; nullopt when control stops first (time or node limit).
std::optional<LineResult> exact_line(Position &position, int me, const Opponent &model, pluzzle::SolveControl &control);

// The common-scale estimate (ABI 1.7) of finding `line` against the AI: the tighter its margin, the harder (a line
// that cannot win at all is at the top), plus the search's nodes.
pluzzle::Difficulty estimate_difficulty(const LineResult &line, uint64_t nodes);

struct ModelMoveOptions {
    double time_limit_s = 1.0; // per move, besides whatever control says
    int exact_empties = 24;    // try the exact search (half the move's time at most) when this few cells are left
};
// Our move against a known deterministic opponent (`me` is to move). Fills `expected` with the margin the
// chosen move guarantees against the model, when given.
int model_move(Position &position, const Opponent &model, const ModelMoveOptions &options,
               pluzzle::SolveControl &control, int *expected = nullptr);

// A whole game line for `me` from the position: model_move at each of our turns, the model's replies between.
// Exact when the exact search finishes from the start.
LineResult best_line(Position &position, int me, const Opponent &model, const ModelMoveOptions &options,
                     pluzzle::SolveControl &control);

} // namespace celladd
