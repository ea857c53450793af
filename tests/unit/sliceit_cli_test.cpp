// sliceit through the real CLI and the built plugin: a solve reports every counted piece's area share, and those
// shares agree with the level's rules (M pieces, each within tolerance, the largest deviation as reported).
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <sstream>

using namespace pluzzle::test;

namespace {

TEST(SliceitCli, SolveReportsPieceSharesWithinTolerance) {
    RunResult r = run(cli() + " --json solve --timeout 30 " + data_dir() + "/sliceit/house.sliceit");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 1u) << r.out;
    ASSERT_STREQ(lines[0]["status"].GetString(), "solved");
    ASSERT_TRUE(lines[0].HasMember("stats")) << r.out;
    const auto &stats = lines[0]["stats"];
    ASSERT_TRUE(stats.HasMember("piece_shares") && stats.HasMember("largest_deviation")) << r.out;
    std::istringstream list(stats["piece_shares"].GetString());
    std::vector<double> shares;
    for (std::string item; std::getline(list, item, ',');) shares.push_back(std::strtod(item.c_str(), nullptr));
    ASSERT_EQ(shares.size(), 10u); // the house level asks for 10 pieces
    double sum = 0, worst = 0;
    for (const double s : shares) {
        sum += s;
        worst = std::max(worst, std::fabs(s - 10.0));
    }
    EXPECT_NEAR(sum, 100.0, 1e-3);
    EXPECT_LE(worst, 3.0); // the default tolerance, percentage points
    EXPECT_NEAR(worst, std::strtod(stats["largest_deviation"].GetString(), nullptr), 1e-5);
}

} // namespace
