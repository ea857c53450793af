// The hint AI: its move starts an optimal solution from wherever the player stands (the fewest moves left drop by
// exactly one, checked by a breadth-first search independent of the solvers); limits fall back to the quick search;
// a cancel stops it.
#include "hint.hpp"
#include "kami_test_support.hpp"

using namespace kami;
using namespace kami::test;

namespace {

const char *kBoards[] = {
    "kami 1\ngrid triangle\nmode free\nsize 6 3\ncolours 3\ncells\n112233\n231312\n3.2211\n",
    "kami 1\ngrid square\nmode free\nsize 4 3\ncolours 3\ncells\n1231\n2312\n3123\n",
    "kami 1\ngrid square\nmode pivot\nsize 4 3\ncolours 4\npivot 0 0\ncells\n1234\n4321\n1243\n",
    // a tile cut off from the pivot by holes: the pivot's part must end with its colour
    "kami 1\ngrid square\nmode pivot\nsize 4 3\ncolours 3\npivot 0 0\ncells\n123.\n312.\n33.2\n",
};

std::string hint(const Board &b, const PlayState &s, pz_solve_request *request = nullptr) {
    pluzzle::SolveControl control(request, nullptr);
    return hint_move(b, s, control);
}

} // namespace

TEST(KamiHint, TheHintStartsAnOptimalSolutionFromAnyPosition) {
    for (const char *text : kBoards) {
        SCOPED_TRACE(text);
        const Board b = board_from(text);
        auto s = start_state(b);
        int left = brute_force_par(b, s.cells);
        ASSERT_GT(left, 0);
        // Follow the hints to the end: each one leaves one move fewer to go.
        while (left > 0) {
            const std::string move = hint(b, s);
            ASSERT_FALSE(move.empty());
            s = execute_move(b, s, move);
            const int now = brute_force_par(b, s.cells);
            EXPECT_EQ(now, left - 1) << "after the hint " << move;
            left = now;
        }
        EXPECT_TRUE(one_colour(s.cells));
        EXPECT_EQ(hint(b, s), "") << "nothing to hint once solved";
    }
    // From a position off the optimal path, too.
    const Board b = board_from(kBoards[1]);
    const auto s = decode_state_text(b, "0,0=2 3,2=1");
    const std::string move = hint(b, s);
    EXPECT_EQ(brute_force_par(b, execute_move(b, s, move).cells), brute_force_par(b, s.cells) - 1);
}

TEST(KamiHint, ALimitFallsBackToTheQuickSearchAndACancelStops) {
    const Board b = board_from(kBoards[0]);
    const auto s = start_state(b);
    pz_solve_request tight{};
    tight.struct_size = sizeof tight;
    tight.time_limit_s = 1e-9; // the optimal search stops at once
    const std::string quick = hint(b, s, &tight);
    ASSERT_FALSE(quick.empty());
    EXPECT_NO_THROW(execute_move(b, s, quick)) << "a legal move all the same";

    pz_solve_request cancel{};
    cancel.struct_size = sizeof cancel;
    cancel.should_stop = [](void *) { return 1; };
    try {
        hint(b, s, &cancel);
        ADD_FAILURE() << "a cancelled hint";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.code(), PZ_ERR_STOPPED);
    }

    const Board cut = board_from("kami 1\ngrid square\nmode pivot\nsize 5 1\ncolours 3\npivot 0 0\ncells\n1.2.3\n");
    try {
        hint(cut, start_state(cut));
        ADD_FAILURE() << "a hint for a board no move list finishes";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.code(), PZ_ERR_INVALID);
    }
}
