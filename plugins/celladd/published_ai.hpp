// published_ai.hpp -- the original app's four greedy AIs, reproduced move for move: each scores every candidate
// cell by a weighted sum of four features and plays the first best one.
#pragma once
#include "game.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace celladd {

enum class PublishedAi { easy, medium, hard, adaptive };

struct Opponent {
    PublishedAi kind = PublishedAi::hard;
    int skill = 50; // adaptive only, 1..100 (0 is read as 1, as the original's clamp does)
    bool operator==(const Opponent &o) const { return kind == o.kind && skill == o.skill; }
};

std::string ai_name(PublishedAi kind);
std::optional<PublishedAi> parse_ai_name(std::string_view name);

// f = (gain for the AI, gain for its opponent, empty playable neighbours, centrality).
using Features = std::array<double, 4>;
using Weights = std::array<double, 4>;

Features features(const Position &position, int cell, int ai_player);
// 1 / (|r - (h+1)/2| + |c - (w+1)/2|) with 1-based r, c: +infinity at an exact centre.
double centrality(const Board &board, int cell);
// The adaptive AI's weight on "hard" for the move about to be made (t = moves played so far).
double adaptive_alpha(const Position &position, int skill);
Weights weights(const Position &position, const Opponent &opponent);
// ((f1 c1 + f2 c2) + f3 c3) + f4 c4, no fused multiply-add (the library is built with -ffp-contract=off).
double move_value(const Features &f, const Weights &c);

// The published AI's move for the player to move. With no legal move: kNoCell. When every value is NaN (the
// original crashed) it plays the first candidate.
int published_move(const Position &position, const Opponent &opponent);

} // namespace celladd
