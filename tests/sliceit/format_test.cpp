// Level files: the exact round trip, defaults, and clear errors (line and field) for bad input.
#include "sliceit_test_support.hpp"

#include <gtest/gtest.h>

#include <filesystem>

using namespace sliceit;
using namespace sliceit::test;

namespace {

// The error parse raises, or an empty one when it accepts the text.
pluzzle::Error parse_failure(const std::string &text) {
    try {
        parse_levels(text);
    } catch (const pluzzle::Error &e) {
        return e;
    }
    return pluzzle::Error(PZ_OK, "");
}

} // namespace

TEST(SliceItFormat, EveryBundledLevelRoundTripsExactly) {
    size_t files = 0;
    for (const auto &entry : std::filesystem::directory_iterator(std::string(PLUZZLE_SOURCE_DIR) + "/data/sliceit")) {
        if (entry.path().extension() != ".sliceit") continue;
        ++files;
        const std::string text = data_file(entry.path().filename().string());
        const std::string canonical = encode_level(*level_from(text));
        EXPECT_EQ(encode_level(*level_from(canonical)), canonical) << entry.path();
        EXPECT_EQ(canonical, text) << entry.path() << " is stored in canonical form";
    }
    EXPECT_GE(files, 31u);
}

TEST(SliceItFormat, DefaultsAndHolesAreOptional) {
    const auto level = level_from(square_level(2, 4));
    EXPECT_EQ(level->tolerance, 3);
    EXPECT_EQ(level->sliver, 1);
    EXPECT_TRUE(level->shapes.at(0).holes.empty());
    EXPECT_TRUE(level->forbidden.empty());
}

TEST(SliceItFormat, NumbersRoundTripExactly) {
    auto level = level_from(square_level(2, 4));
    level->shapes[0].outer[1] = {0.1 + 0.2, 1.0 / 3};
    const auto again = level_from(encode_level(*level));
    EXPECT_EQ(again->shapes[0].outer[1].x, 0.1 + 0.2);
    EXPECT_EQ(again->shapes[0].outer[1].y, 1.0 / 3);
}

TEST(SliceItFormat, MalformedJsonNamesLineAndColumn) {
    const pluzzle::Error e = parse_failure("{\n  \"sliceit\": 1,\n  \"strokes\": 2,,\n}");
    EXPECT_EQ(e.code(), PZ_ERR_PARSE);
    EXPECT_EQ(e.line(), 3);
    EXPECT_GT(e.column(), 0);
    EXPECT_EQ(parse_failure("[1, 2]").code(), PZ_ERR_PARSE);
    EXPECT_EQ(parse_failure(std::string(200, '[')).code(), PZ_ERR_PARSE);
}

TEST(SliceItFormat, BadFieldsAreNamed) {
    struct Case {
        std::string text, field;
    } cases[] = {
        {"{\"sliceit\": 1, \"pieces\": 2, \"shapes\": []}", "strokes"},
        {"{\"sliceit\": 2, \"strokes\": 1, \"pieces\": 2, \"shapes\": []}", "sliceit"},
        {square_level(0, 2), "strokes"},
        {square_level(13, 2), "strokes"},
        {square_level(1, 0), "pieces"},
        {square_level(1, 101), "pieces"},
        {"{\"sliceit\": 1, \"strokes\": 1.5, \"pieces\": 2, \"shapes\": []}", "strokes"},
        {square_level(1, 2, ", \"tolerance\": -1"), "tolerance"},
        {square_level(1, 2, ", \"sliver\": \"x\""), "sliver"},
        {square_level(1, 3), "pieces"}, // one stroke cuts a convex shape into two pieces at most
        {square_level(4, 20, ", \"tolerance\": 1, \"sliver\": 10"), "sliver"},
        {"{\"sliceit\": 1, \"strokes\": 1, \"pieces\": 2, \"shapes\": [{\"outer\": [[0,0],[1,1]]}]}",
         "shapes[0].outer"},
        {"{\"sliceit\": 1, \"strokes\": 1, \"pieces\": 2, \"shapes\": [{\"outer\": [[0,0],[1,0,5],[0,1]]}]}",
         "shapes[0].outer"},
        {"{\"sliceit\": 1, \"strokes\": 1, \"pieces\": 2, \"shapes\": [{\"outer\": [[0,0],[2,0],[4,0]]}]}",
         "shapes[0].outer"},
        // A bow tie: self-intersecting.
        {"{\"sliceit\": 1, \"strokes\": 1, \"pieces\": 2, \"shapes\": [{\"outer\": [[0,0],[10,10],[10,0],[0,20]]}]}",
         "shapes[0]"},
        // A hole sticking out of its shape.
        {"{\"sliceit\": 1, \"strokes\": 1, \"pieces\": 2, \"shapes\": [{\"outer\": [[0,0],[10,0],[10,10],[0,10]], "
         "\"holes\": [[[5,5],[15,5],[15,8]]]}]}",
         "shapes[0]"},
        {"{\"sliceit\": 1, \"strokes\": 2, \"pieces\": 4, \"shapes\": [{\"outer\": [[0,0],[10,0],[10,10],[0,10]]}, "
         "{\"outer\": [[5,5],[15,5],[15,15],[5,15]]}]}",
         "shapes[1]"},
        {square_level(1, 2, ", \"forbidden\": [[[0,0],[1,1],[2,2]]]"), "forbidden[0]"},
        {square_level(1, 2, ", \"forbidden\": [[[0,0],[1e9,0],[0,1]]]"), "forbidden[0]"},
    };
    for (const Case &c : cases) {
        const pluzzle::Error e = parse_failure(c.text);
        EXPECT_EQ(e.code(), PZ_ERR_PARSE) << c.text;
        EXPECT_EQ(e.field(), c.field) << c.text << ": " << e.what();
        EXPECT_FALSE(std::string(e.what()).empty());
    }
}

TEST(SliceItFormat, ErrorsPointAtTheFieldsLine) {
    const pluzzle::Error e = parse_failure("{\n\"sliceit\": 1,\n\"strokes\": 1,\n\"pieces\": 0,\n\"shapes\": []\n}");
    EXPECT_EQ(e.field(), "pieces");
    EXPECT_EQ(e.line(), 4);
}

// Numbers RapidJSON 1.1.0 misreads in full-precision mode (a zero with an exponent or a long fraction: an undefined
// value, Tencent/rapidjson#1249; pluzzle-fuzz found "sliceit": 0e-91) are read exactly, and the rest unchanged.
TEST(SliceItFormat, EveryNumberIsReadExactlyZerosWithExponentsToo) {
    EXPECT_NE(std::string(parse_failure(R"({"sliceit": 0e-91, "strokes": 1, "pieces": 2, "shapes": []})").what())
                  .find("format version"),
              std::string::npos);
    const std::string zero_tolerance =
        parse_failure(square_level(1, 2, ", \"tolerance\": 0.000000000000000000000000")).what();
    EXPECT_NE(zero_tolerance.find("tolerance must be in (0, 50]"), std::string::npos)
        << "read as 0: " << zero_tolerance;
    EXPECT_EQ(level_from(square_level(1, 2, ", \"tolerance\": 25000000000000000000000000e-25"))->tolerance, 2.5);
    EXPECT_EQ(level_from(square_level(1, 2, ", \"tolerance\": 0.1"))->tolerance, 0.1);
    EXPECT_EQ(level_from(square_level(1, 2, ", \"sliver\": 2e0"))->sliver, 2.0);
    EXPECT_EQ(parse_failure(square_level(1, 2, ", \"tolerance\": 0e400")).code(), PZ_ERR_PARSE) << "0 is out of range";
    EXPECT_EQ(parse_failure(R"({"sliceit": 1.0, "strokes": 1, "pieces": 2, "shapes": []})").code(), PZ_ERR_PARSE)
        << "a whole number written as a fraction is still no integer";
}
