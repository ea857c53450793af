// published_ai.cpp -- the original AIs' features, weights and choice, in the original's order of operations.
#include "published_ai.hpp"

#include <algorithm>
#include <cmath>

namespace celladd {
namespace {

constexpr Weights kEasy = {10, 5, 0, 0};
constexpr Weights kMedium = {6, 3.5, 0.5, 0.5};
constexpr Weights kHard = {2, 2, 1, 1};

} // namespace

std::string ai_name(PublishedAi kind) {
    switch (kind) {
    case PublishedAi::easy: return "easy";
    case PublishedAi::medium: return "medium";
    case PublishedAi::hard: return "hard";
    case PublishedAi::adaptive: return "adaptive";
    }
    return "?";
}

std::optional<PublishedAi> parse_ai_name(std::string_view name) {
    for (PublishedAi kind : {PublishedAi::easy, PublishedAi::medium, PublishedAi::hard, PublishedAi::adaptive})
        if (name == ai_name(kind)) return kind;
    return std::nullopt;
}

double centrality(const Board &board, int cell) {
    return board.centre_value[size_t(cell)]; // computed with the board (layout.cpp): +inf at an exact centre
}

Features features(const Position &position, int cell, int ai_player) {
    return {double(position.gain(cell, ai_player)), double(position.gain(cell, 1 - ai_player)),
            double(position.open_neighbours(cell)), centrality(position.board(), cell)};
}

double adaptive_alpha(const Position &position, int skill) {
    const int t = position.moves_played();
    if (t == 0) return 0.01;
    const int level = std::clamp(skill + position.mover_score(t - 2) - position.mover_score(t - 1), 1, 100);
    return 0.01 * level;
}

Weights weights(const Position &position, const Opponent &opponent) {
    switch (opponent.kind) {
    case PublishedAi::easy: return kEasy;
    case PublishedAi::medium: return kMedium;
    case PublishedAi::hard: return kHard;
    case PublishedAi::adaptive: break;
    }
    const double alpha = adaptive_alpha(position, opponent.skill);
    Weights mixed;
    for (size_t i = 0; i < mixed.size(); ++i)
        mixed[i] = alpha * kHard[i] + (1 - alpha) * kEasy[i];
    return mixed;
}

double move_value(const Features &f, const Weights &c) {
    const double a = f[0] * c[0], b = f[1] * c[1];
    double v = a + b;
    const double open = f[2] * c[2];
    v = v + open;
    const double centre = f[3] * c[3];
    return v + centre;
}

int published_move(const Position &position, const Opponent &opponent) {
    const Board &board = position.board();
    thread_local std::vector<int> candidates; // no allocation per move in rollouts
    position.legal_moves(candidates);
    if (candidates.empty()) return kNoCell;
    if (position.empty_count() == 1) {
        for (int cell : board.column_cells)
            if (position.owner()[size_t(cell)] == kEmpty) return cell;
    }
    const Weights c = weights(position, opponent);
    const int me = position.to_move();
    int best = kNoCell;
    double best_value = 0;
    for (int cell : candidates) {
        const double v = move_value(features(position, cell, me), c);
        if (std::isnan(v)) continue;
        if (best == kNoCell || v > best_value) best = cell, best_value = v;
    }
    return best == kNoCell ? candidates.front() : best;
}

} // namespace celladd
