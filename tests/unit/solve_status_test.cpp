// pluzzle/solve_status.hpp: the texts are stored in databases and printed in --json lines, so each one is pinned
// here, reads back to its status, and nothing else reads as a status; the two predicates hold for exactly the
// statuses the README lists.
#include <pluzzle/solve_status.hpp>

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace pluzzle;

TEST(SolveStatus, EveryStatusHasItsFixedTextAndReadsBack) {
    const std::pair<SolveStatus, std::string> expected[] = {
        {PZ_SOLVE_SOLVED, "solved"},         {PZ_SOLVE_UNIQUE, "unique"}, {PZ_SOLVE_MULTIPLE, "multiple"},
        {PZ_SOLVE_UNSOLVABLE, "unsolvable"}, {PZ_SOLVE_LIMIT, "limit"},   {PZ_SOLVE_CANCELLED, "cancelled"}};
    ASSERT_EQ(std::size(kSolveStatuses), std::size(expected));
    for (size_t i = 0; i < std::size(expected); ++i) {
        const auto &[status, text] = expected[i];
        EXPECT_EQ(kSolveStatuses[i], status);
        EXPECT_EQ(solve_status_text(status), text);
        EXPECT_EQ(parse_solve_status(text), status) << text;
    }
}

TEST(SolveStatus, UnknownTextIsNoStatus) {
    for (const char *text :
         {"", "error", "no-plugin", "unknown", "Solved", "UNIQUE", " solved", "solved ", "limit\n", "solve", "solvedx"})
        EXPECT_FALSE(parse_solve_status(text)) << "'" << text << "'";
    EXPECT_FALSE(parse_solve_status(std::string_view("solved\0", 7))); // the whole text counts, not a prefix
}

TEST(SolveStatus, AValueOutsideTheEnumerationHasATextNoStatusReadsAs) {
    const auto outside = static_cast<SolveStatus>(6);
    EXPECT_STREQ(solve_status_text(outside), "unknown");
    EXPECT_FALSE(counts_as_solved(outside));
    EXPECT_FALSE(is_final(outside));
}

TEST(SolveStatus, CountsAsSolvedWhenASolutionWasFound) {
    std::set<SolveStatus> solved;
    for (SolveStatus s : kSolveStatuses)
        if (counts_as_solved(s)) solved.insert(s);
    EXPECT_EQ(solved, (std::set<SolveStatus>{PZ_SOLVE_SOLVED, PZ_SOLVE_UNIQUE, PZ_SOLVE_MULTIPLE}));
}

TEST(SolveStatus, FinalWhenALaterRunWouldSayTheSame) {
    std::set<SolveStatus> final_statuses;
    for (SolveStatus s : kSolveStatuses)
        if (is_final(s)) final_statuses.insert(s);
    EXPECT_EQ(final_statuses,
              (std::set<SolveStatus>{PZ_SOLVE_SOLVED, PZ_SOLVE_UNIQUE, PZ_SOLVE_MULTIPLE, PZ_SOLVE_UNSOLVABLE}));
}

// Usable where a constant is needed (e.g. a static table of texts).
static_assert(parse_solve_status("unique") == PZ_SOLVE_UNIQUE);
static_assert(is_final(PZ_SOLVE_UNSOLVABLE) && !counts_as_solved(PZ_SOLVE_UNSOLVABLE));
