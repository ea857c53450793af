// The layouts built in code: the families' counts and shapes, and agreement with every mask the original app
// offers (board_masks.txt, read from the golden-data folder when present).
#include "golden_games.hpp"

#include <pluzzle/error.hpp>

#include <gtest/gtest.h>

namespace celladd::test {
namespace {

TEST(Layouts, TheOriginalOffers26PetriDishes81BeakersAnd28Flasks) {
    int petri = 0, beaker = 0, flask = 0;
    for (const Layout &layout : all_layouts()) {
        const Board board = make_board(layout);
        (layout.family == Family::petri ? petri : layout.family == Family::beaker ? beaker : flask)++;
        if (layout.family == Family::petri) { EXPECT_EQ(board.playable_count, layout.a) << layout_text(layout); }
        if (layout.family == Family::beaker) { EXPECT_EQ(board.playable_count, layout.a * layout.b); }
        EXPECT_EQ(board.gravity, layout.family != Family::petri);
    }
    EXPECT_EQ(petri, 26);
    EXPECT_EQ(beaker, 81);
    EXPECT_EQ(flask, 28);
}

TEST(Layouts, UnknownLayoutsAreRejectedNamingTheField) {
    for (Layout bad : {Layout{Family::petri, 30, 0}, Layout{Family::beaker, 1, 4}, Layout{Family::beaker, 3, 11},
                       Layout{Family::flask, 3, 5}, Layout{Family::flask, 9, 6}}) {
        try {
            (void)make_board(bad);
            ADD_FAILURE() << layout_text(bad) << " accepted";
        } catch (const pluzzle::Error &e) {
            EXPECT_EQ(e.field(), "layout");
        }
    }
}

TEST(Layouts, FlaskColumnsFillFromTheBottomWithoutGaps) {
    for (const Layout &layout : all_layouts()) {
        const Board board = make_board(layout);
        if (!board.gravity) continue;
        for (int col = 0; col < board.width; ++col)
            for (int i = board.column_start[size_t(col)]; i < board.column_start[size_t(col) + 1]; ++i)
                EXPECT_EQ(board.row_of(board.column_cells[size_t(i)]), i - board.column_start[size_t(col)])
                    << layout_text(layout) << " column " << col + 1;
    }
}

// board_masks.txt: "layout <family> k=v ..." then the rows, top first.
TEST(Layouts, MasksAgreeWithTheOriginalsRecordedMasks) {
    std::ifstream in(golden_dir() + "/board_masks.txt");
    if (!in) GTEST_SKIP() << "no board_masks.txt in " << golden_dir() << " (set CELLADD_GOLDEN_DIR)";
    std::string line;
    std::vector<std::pair<Layout, std::vector<std::string>>> recorded;
    while (std::getline(in, line)) {
        if (line.rfind("layout ", 0) == 0) {
            std::map<std::string, int> kv;
            std::stringstream words(line.substr(7));
            std::string family, word;
            words >> family;
            while (words >> word)
                if (auto eq = word.find('='); eq != std::string::npos && word.find('.') == std::string::npos)
                    kv[word.substr(0, eq)] = std::stoi(word.substr(eq + 1));
            Layout layout = family == "petri"   ? Layout{Family::petri, kv["n_cells"], 0}
                            : family == "flask" ? Layout{Family::flask, kv["neck_h"], kv["base_w"]}
                                                : Layout{Family::beaker, kv["h"], kv["w"]};
            recorded.push_back({layout, {}});
        } else if (!recorded.empty() && !line.empty() && (line[0] == '.' || line[0] == '#')) {
            recorded.back().second.push_back(line);
        }
    }
    ASSERT_GE(recorded.size(), 54u);
    for (auto &[layout, rows] : recorded)
        EXPECT_EQ(mask_rows(make_board(layout)), rows) << layout_text(layout);
}

} // namespace
} // namespace celladd::test
