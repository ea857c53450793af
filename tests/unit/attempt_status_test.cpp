// pluzzle/host/base/attempt_status.hpp: a solve attempt's status as stored and printed -- the plugin's SolveStatus, or a
// failure the host saw. Each failure's text is pinned (databases hold them), none reads as a SolveStatus, every text
// reads back to its status, and no failure is solved or final (a resumed run tries it again).
#include <pluzzle/host/base/attempt_status.hpp>

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

using namespace pluzzle;
using namespace pluzzle::host;

namespace {

std::vector<AttemptStatus> every_status() {
    std::vector<AttemptStatus> all(std::begin(kSolveStatuses), std::end(kSolveStatuses));
    all.insert(all.end(), std::begin(kAttemptFailures), std::end(kAttemptFailures));
    return all;
}

} // namespace

TEST(AttemptStatus, FailuresHaveFixedTextsThatNoSolveStatusReadsAs) {
    EXPECT_STREQ(attempt_status_text(AttemptFailure::error), "error");
    EXPECT_STREQ(attempt_status_text(AttemptFailure::crashed), "crashed");
    EXPECT_STREQ(attempt_status_text(AttemptFailure::timeout), "timeout");
    EXPECT_STREQ(attempt_status_text(AttemptFailure::corrupt), "corrupt");
    for (AttemptFailure f : kAttemptFailures)
        EXPECT_FALSE(parse_solve_status(attempt_failure_text(f))) << attempt_failure_text(f);
    EXPECT_EQ(AttemptStatus(), AttemptStatus(AttemptFailure::error)); // the default is the plain failure
}

TEST(AttemptStatus, EveryTextIsDistinctAndReadsBack) {
    std::set<std::string> texts;
    for (const AttemptStatus &s : every_status()) {
        const std::string text = attempt_status_text(s);
        EXPECT_TRUE(texts.insert(text).second) << text;
        const auto back = parse_attempt_status(text);
        ASSERT_TRUE(back) << text;
        EXPECT_EQ(*back, s) << text;
    }
    for (const char *text : {"", "no-plugin", "Crashed", "timeout ", "unknown", "errors"})
        EXPECT_FALSE(parse_attempt_status(text)) << "'" << text << "'";
}

TEST(AttemptStatus, FailuresAreNeitherSolvedNorFinalAndCompareByKind) {
    for (const AttemptStatus &s : every_status()) {
        EXPECT_EQ(bool(s), !s.failure().has_value()) << attempt_status_text(s);
        if (s) {
            EXPECT_EQ(attempt_solved(s), counts_as_solved(*s));
            EXPECT_EQ(attempt_final(s), is_final(*s));
        } else {
            EXPECT_FALSE(attempt_solved(s)) << attempt_status_text(s);
            EXPECT_FALSE(attempt_final(s)) << attempt_status_text(s);
        }
    }
    EXPECT_NE(AttemptStatus(AttemptFailure::crashed), AttemptStatus(AttemptFailure::timeout));
    EXPECT_NE(AttemptStatus(AttemptFailure::error), AttemptStatus(PZ_SOLVE_LIMIT));
    EXPECT_EQ(AttemptStatus(PZ_SOLVE_LIMIT), AttemptStatus(PZ_SOLVE_LIMIT));
}
