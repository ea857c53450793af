// The SliceIt! generator (issue 16): every level it makes validates and is split into equal pieces by the number of
// strokes asked for (checked here with the rules' own judge, not the generator's word), the same seed gives the
// same level, holes and zones appear when asked, and an impossible request is refused naming the field.
#include "cut.hpp"
#include "formats.hpp"
#include "generator.hpp"
#include "solver.hpp"

#include <gtest/gtest.h>

using namespace sliceit;

namespace {

using Given = std::vector<std::pair<std::string, std::string>>;

std::unique_ptr<Level> make(const Given &given, uint64_t seed) {
    pluzzle::Params params(generator_params(), given);
    pluzzle::SolveControl control(nullptr, nullptr);
    return std::make_unique<Level>(generate_level(params, seed, control));
}

} // namespace

TEST(SliceitGenerator, EveryLevelValidatesAndIsSplitEquallyWithTheStrokesAskedFor) {
    for (const auto &given : std::vector<Given>{
             {}, {{"pieces", "3"}, {"strokes", "2"}}, {{"holes", "1"}, {"zones", "1"}, {"vertices", "9"}}}) {
        for (uint64_t seed : {1u, 2u, 3u}) {
            const auto level = make(given, seed);
            EXPECT_NO_THROW(validate_level(*level));
            pluzzle::SolveControl control(nullptr, nullptr);
            const SolveReport r = solve_level(*level, control, seed, 4000);
            ASSERT_EQ(r.status, PZ_SOLVE_SOLVED) << encode_level(*level);
            EXPECT_EQ(int(r.strokes.size()), level->strokes);
            const Verdict v = judge(Board(*level), r.strokes);
            EXPECT_TRUE(v.solved) << v.message << "\n" << encode_level(*level);
        }
    }
}

TEST(SliceitGenerator, SameSeedSameLevelAndTheParametersShowInIt) {
    EXPECT_EQ(encode_level(*make({}, 5)), encode_level(*make({}, 5)));
    EXPECT_NE(encode_level(*make({}, 5)), encode_level(*make({}, 6)));
    const auto level = make({{"holes", "2"}, {"zones", "2"}, {"pieces", "2"}, {"strokes", "1"}}, 4);
    ASSERT_EQ(level->shapes.size(), 1u);
    EXPECT_GE(level->shapes[0].holes.size(), 1u); // a hole that fits nowhere after 40 draws is left out
    EXPECT_GE(level->forbidden.size(), 1u);
    EXPECT_EQ(level->pieces, 2);
    EXPECT_EQ(level->strokes, 1);
}

TEST(SliceitGenerator, AnImpossibleRequestIsRefusedNamingTheField) {
    try {
        make({{"strokes", "1"}, {"pieces", "7"}}, 1); // one straight cut never makes 7 pieces of a star shape
        FAIL() << "a level was made";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.field(), "pieces");
        EXPECT_NE(std::string(e.what()).find("ask for fewer pieces or more strokes"), std::string::npos) << e.what();
    }
}
