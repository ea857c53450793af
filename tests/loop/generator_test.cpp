// The generator: planted boards are solvable, the same seed gives the same board, and net boards asked to be
// unique are proven unique by the solver.
#include "generator.hpp"
#include "loop_test_support.hpp"

using namespace loop;
using namespace loop::test;

namespace {

Board generate(std::vector<std::pair<std::string, std::string>> values, uint64_t seed) {
    pluzzle::Params params(generator_params(), std::move(values));
    pluzzle::SolveControl control(nullptr, nullptr);
    return generate_board(params, seed, control);
}

} // namespace

TEST(LoopGenerator, PlantedBoardsOfEveryKindAreSolvable) {
    for (const char *grid : {"square", "hex"})
        for (const char *rules : {"loop", "net"})
            for (const char *wrap : {"false", "true"})
                for (uint64_t seed = 1; seed <= 4; ++seed) {
                    SCOPED_TRACE(std::string(grid) + " " + rules + " wrap=" + wrap + " seed " + std::to_string(seed));
                    auto b = generate({{"grid", grid}, {"rules", rules}, {"wrap", wrap}, {"width", "9"}, {"height", "7"}},
                                      seed);
                    validate_board(b);
                    const SolveReport r = solve(b);
                    ASSERT_TRUE(r.status == PZ_SOLVE_UNIQUE || r.status == PZ_SOLVE_MULTIPLE) << encode_board(b);
                    EXPECT_TRUE(solved(b, r.solutions.at(0)));
                    if (std::string(rules) == "net") { // a spanning tree: every tile has a pipe
                        for (uint8_t t : b.tiles)
                            EXPECT_NE(t, 0);
                    }
                }
}

TEST(LoopGenerator, TheSameSeedGivesTheSameBoard) {
    const auto a = generate({{"width", "12"}, {"height", "8"}}, 42);
    const auto b = generate({{"width", "12"}, {"height", "8"}}, 42);
    const auto c = generate({{"width", "12"}, {"height", "8"}}, 43);
    EXPECT_EQ(encode_board(a), encode_board(b));
    EXPECT_NE(encode_board(a), encode_board(c));
}

TEST(LoopGenerator, UniqueNetBoardsAreProvenUnique) {
    int changed = 0;
    for (const char *grid : {"square", "hex"})
        for (uint64_t seed = 1; seed <= 6; ++seed) {
            SCOPED_TRACE(std::string(grid) + " seed " + std::to_string(seed));
            const std::vector<std::pair<std::string, std::string>> base = {
                {"grid", grid}, {"rules", "net"}, {"width", "24"}, {"height", "18"}, {"wrap", seed % 2 ? "true" : "false"}};
            auto plain = generate(base, seed);
            auto with_unique = base;
            with_unique.emplace_back("unique", "true");
            auto unique = generate(with_unique, seed);
            const SolveReport r = solve(unique);
            EXPECT_EQ(r.status, PZ_SOLVE_UNIQUE) << encode_board(unique);
            EXPECT_TRUE(solved(unique, r.solutions.at(0)));
            // Where the plain tree was ambiguous, the generator had to change it.
            if (solve(plain).status == PZ_SOLVE_MULTIPLE) {
                EXPECT_NE(encode_board(plain), encode_board(unique));
                ++changed;
            }
        }
    EXPECT_GT(changed, 0) << "no seed exercised the changes";
}

TEST(LoopGenerator, TooManyTilesIsABadArgument) {
    try {
        (void)generate({{"width", "20000"}, {"height", "20000"}}, 1);
        FAIL();
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.code(), PZ_ERR_ARGUMENT);
        EXPECT_EQ(e.field(), "width");
    }
}
