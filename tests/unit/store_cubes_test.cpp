// store_cubes_test.cpp -- a level's split into cubes and their answers (schema 9, issue 48) on a real database file:
// written, answered, read back by another connection, replaced, dropped, and gone with its level.
#include <gtest/gtest.h>

#include "test_support.hpp"

#include <pluzzle/host/store/store.hpp>

using namespace pluzzle::host;
using pluzzle::test::TempDir;

TEST(StoreCubes, ASplitAndItsAnswersRoundTripAndGoWithTheirLevel) {
    TempDir dir;
    const std::string path = dir / "cubes.db";
    int64_t level = 0;
    {
        Store store(path);
        LevelRecord l;
        l.type = "kami";
        l.text = "kami 1";
        store.add_levels(store.ensure_pack("p"), {l});
        level = store.levels()[0].id;
        StoredSplit split;
        split.combine = PZ_COMBINE_BEST;
        split.root_lower = 12; // root_upper stays NaN: none found
        split.root_solution = "";
        for (const char *text : {"move 1 2", "move 3 4", "move 5 6"}) {
            StoredCube c;
            c.text = text;
            split.cubes.push_back(c);
        }
        store.save_split(level, "kami", "1.0.0", split);
        StoredCube answer;
        answer.status = "solved";
        answer.lower_bound = answer.upper_bound = 14;
        answer.solutions = 1;
        answer.solution = "1=2 3=4";
        answer.nodes = 99;
        answer.time_ms = 1.5;
        store.save_cube_answer(level, "kami", "1.0.0", 1, answer);
    }
    Store store(path); // another connection
    EXPECT_FALSE(store.split_of(level, "kami", "1.0.1").has_value()) << "another version's split is not this one's";
    const std::optional<StoredSplit> back = store.split_of(level, "kami", "1.0.0");
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(back->combine, PZ_COMBINE_BEST);
    EXPECT_EQ(back->root_lower, 12);
    EXPECT_TRUE(std::isnan(back->root_upper));
    ASSERT_EQ(back->cubes.size(), 3u);
    EXPECT_EQ(back->cubes[0].text, "move 1 2");
    EXPECT_EQ(back->cubes[0].status, "") << "not answered";
    EXPECT_TRUE(std::isnan(back->cubes[0].lower_bound));
    EXPECT_EQ(back->cubes[1].status, "solved");
    EXPECT_EQ(back->cubes[1].upper_bound, 14);
    EXPECT_EQ(back->cubes[1].solution, "1=2 3=4");
    EXPECT_EQ(back->cubes[1].nodes, 99u);

    StoredSplit again; // a new split replaces the old one, answers and all
    again.combine = PZ_COMBINE_BEST;
    StoredCube only;
    only.text = "move 7 8";
    again.cubes = {only};
    store.save_split(level, "kami", "1.0.0", again);
    ASSERT_EQ(store.split_of(level, "kami", "1.0.0")->cubes.size(), 1u);
    EXPECT_EQ(store.split_of(level, "kami", "1.0.0")->cubes[0].status, "");

    store.drop_split(level, "kami", "1.0.0");
    EXPECT_FALSE(store.split_of(level, "kami", "1.0.0").has_value());
    store.save_split(level, "kami", "1.0.0", again);
    store.delete_levels({level});
    EXPECT_FALSE(store.split_of(level, "kami", "1.0.0").has_value()) << "gone with its level";
    EXPECT_TRUE(store.check().empty());
}
