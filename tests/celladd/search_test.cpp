// The searches: the exact line search against brute force, rollout improvement never worse than its base
// policy, alpha-beta against plain minimax, limits honoured, and a small sample of the tournament.
#include "alpha_beta.hpp"
#include "line_search.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>

namespace celladd {
namespace {

pluzzle::SolveControl unlimited() { return pluzzle::SolveControl(nullptr, nullptr); }

// Best final margin for player 0 against the model by plain enumeration (no memo).
int brute_force(Position &p, const Opponent &model) {
    if (p.finished()) return p.margin();
    if (p.to_move() == 1) {
        p.play(published_move(p, model));
        const int v = brute_force(p, model);
        p.undo();
        return v;
    }
    std::vector<int> moves;
    legal_moves(p.board(), p.owner(), moves);
    int best = -1000;
    for (int cell : moves) {
        p.play(cell);
        best = std::max(best, brute_force(p, model));
        p.undo();
    }
    return best;
}

// Plain minimax on the margin, both sides choosing.
int minimax(Position &p) {
    if (p.finished()) return p.to_move() == 0 ? p.margin() : -p.margin();
    std::vector<int> moves;
    legal_moves(p.board(), p.owner(), moves);
    int best = -1000;
    for (int cell : moves) {
        p.play(cell);
        best = std::max(best, -minimax(p));
        p.undo();
    }
    return best;
}

const std::vector<Layout> kSmall = {{Family::petri, 5, 0},  {Family::petri, 9, 0}, {Family::beaker, 2, 4},
                                    {Family::beaker, 3, 3}, {Family::flask, 2, 4}, {Family::beaker, 4, 3}};

TEST(LineSearch, ExactMarginsEqualBruteForceAgainstEveryAi) {
    for (const Layout &layout : kSmall) {
        const Board board = make_board(layout);
        for (PublishedAi ai : {PublishedAi::easy, PublishedAi::medium, PublishedAi::hard, PublishedAi::adaptive})
            for (int first = 0; first < 2; ++first) {
                Position position(board, first);
                auto control = unlimited();
                const Opponent model{ai, 50};
                const auto line = exact_line(position, 0, model, control);
                ASSERT_TRUE(line);
                EXPECT_EQ(line->margin, brute_force(position, model)) << layout_text(layout) << " " << ai_name(ai);
                // The line really is a game against the model with that margin.
                for (int cell : line->moves) {
                    if (position.to_move() == 1) { ASSERT_EQ(cell, published_move(position, model)); }
                    position.play(cell);
                }
                EXPECT_TRUE(position.finished());
                EXPECT_EQ(position.margin(), line->margin);
            }
    }
}

TEST(LineSearch, TheTwoByFourBeakerIsADrawAgainstHard) {
    const Board board = make_board({Family::beaker, 2, 4});
    for (int first = 0; first < 2; ++first) {
        Position position(board, first);
        auto control = unlimited();
        EXPECT_EQ(exact_line(position, 0, {PublishedAi::hard, 50}, control)->margin, 0);
    }
}

TEST(LineSearch, StopsCleanlyAtANodeLimit) {
    const Board board = make_board({Family::petri, 29, 0});
    Position position(board, 0);
    pz_solve_request request{};
    request.struct_size = sizeof(request);
    request.node_limit = 1000;
    pluzzle::SolveControl control(&request, nullptr);
    EXPECT_FALSE(exact_line(position, 0, {PublishedAi::hard, 50}, control));
    EXPECT_EQ(position.moves_played(), 0); // the position is restored
}

// Rollout moves count as nodes, so a node limit alone (no clock) bounds the whole line search, and the line it
// gives is the same on every run: what a fuzzer or a reproducible bench needs.
TEST(BestLine, ANodeLimitAloneBoundsTheSearchAndRepeatsExactly) {
    const Board board = make_board({Family::petri, 49, 0});
    const Opponent hard{PublishedAi::hard, 50};
    auto line_under = [&](uint64_t limit, uint64_t &nodes) {
        Position position(board, 0);
        pz_solve_request request{};
        request.struct_size = sizeof(request);
        request.node_limit = limit;
        pluzzle::SolveControl control(&request, nullptr);
        ModelMoveOptions options;
        options.time_limit_s = 60; // the clock never decides here
        const LineResult line = best_line(position, 0, hard, options, control);
        nodes = control.nodes();
        EXPECT_TRUE(control.stopped());
        EXPECT_EQ(position.moves_played(), 0);
        return line;
    };
    uint64_t nodes_a = 0, nodes_b = 0;
    const LineResult a = line_under(2000, nodes_a), b = line_under(2000, nodes_b);
    EXPECT_EQ(a.moves, b.moves);
    EXPECT_EQ(a.margin, b.margin);
    EXPECT_GE(nodes_a, 2000u);
    EXPECT_LT(nodes_a, 2000u + 200u); // one rollout (at most the board's 49 cells) past the limit, then the policy
    EXPECT_EQ(nodes_a, nodes_b);
}

TEST(ModelMove, RolloutImprovementBeatsItsBasePolicyAndStaysInTime) {
    for (Layout layout : {Layout{Family::petri, 49, 0}, Layout{Family::beaker, 6, 7}, Layout{Family::flask, 4, 8}})
        for (int first = 0; first < 2; ++first) {
            const Board board = make_board(layout);
            const Opponent hard{PublishedAi::hard, 50};
            Position position(board, first);
            const int base = rollout(position, 0, hard);
            double slowest = 0;
            while (!position.finished()) {
                if (position.to_move() == 1) {
                    position.play(published_move(position, hard));
                    continue;
                }
                auto control = unlimited();
                ModelMoveOptions options;
                options.time_limit_s = 0.2;
                const auto t0 = std::chrono::steady_clock::now();
                position.play(model_move(position, hard, options, control));
                slowest =
                    std::max(slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            }
            EXPECT_GE(position.margin(), base) << layout_text(layout);
            EXPECT_GT(position.margin(), 0) << layout_text(layout) << " first " << first;
            EXPECT_LT(slowest, 0.5) << layout_text(layout);
        }
}

TEST(AlphaBeta, ExactOnSmallBoardsAgreesWithMinimax) {
    for (Layout layout : {Layout{Family::petri, 5, 0}, Layout{Family::beaker, 2, 3}, Layout{Family::beaker, 3, 3}}) {
        const Board board = make_board(layout);
        Position position(board, 0);
        auto control = unlimited();
        const AlphaBetaResult result = alpha_beta_move(position, 10.0, control);
        EXPECT_TRUE(result.exact) << layout_text(layout);
        EXPECT_EQ(result.value, minimax(position)) << layout_text(layout);
        EXPECT_TRUE(is_legal(board, position.owner(), result.move));
    }
}

TEST(AlphaBeta, AlwaysAnswersALegalMoveWithinItsTime) {
    const Board board = make_board({Family::petri, 120, 0});
    Position position(board, 0);
    auto control = unlimited();
    const auto t0 = std::chrono::steady_clock::now();
    const AlphaBetaResult result = alpha_beta_move(position, 0.05, control);
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 0.5);
    EXPECT_TRUE(is_legal(board, position.owner(), result.move));
}

TEST(AlphaBeta, BeatsTheHardAiAsAGeneralOpponent) {
    const double kSeconds = std::getenv("CELLADD_AB_SECONDS") ? std::atof(std::getenv("CELLADD_AB_SECONDS")) : 0.05;
    // Not petri 29 with the hard AI first: with playout leaves it ends between -2 and +1 depending on the time
    // per move (README; it was -4 with margin leaves), too close to call at unit-test speed.
    for (auto [layout, first] :
         {std::pair{Layout{Family::petri, 29, 0}, 0}, std::pair{Layout{Family::beaker, 5, 5}, 0},
          std::pair{Layout{Family::beaker, 5, 5}, 1}, std::pair{Layout{Family::flask, 3, 6}, 1}}) {
        const Board board = make_board(layout);
        Position position(board, first);
        while (!position.finished()) {
            auto control = unlimited();
            position.play(position.to_move() == 1 ? published_move(position, {PublishedAi::hard, 50})
                                                  : alpha_beta_move(position, kSeconds, control).move);
        }
        EXPECT_GT(position.margin(), 0) << layout_text(layout) << " first " << first;
    }
}

} // namespace
} // namespace celladd
