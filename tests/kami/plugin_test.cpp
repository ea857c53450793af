// The plugin module as the host sees it: the built pluzzle_kami.so loaded with dlopen through the host library, every
// operation called through the C table -- descriptors, texts, solving and checking, play, drawing, the animation,
// the editor's tools, the generator and the hint.
#include "kami_plugin_support.hpp"

#include <pluzzle/solve_status.hpp>

#include <cstring>
#include <sstream>

using namespace kami::test;
using pluzzle::host::KeyValues;
using pluzzle::host::SolveOptions;

namespace {

const std::string kLevel = "kami 1\n"
                           "name Tide\n"
                           "grid triangle\n"
                           "mode free\n"
                           "size 6 3\n"
                           "colours 3\n"
                           "palette #112233 #445566 #778899\n"
                           "par 3\n"
                           "cells\n"
                           "112233\n"
                           "231312\n"
                           "3.2211\n";

std::string value_of(const KeyValues &kv, const std::string &key) {
    for (auto &[k, v] : kv)
        if (k == key) return v;
    return "(none)";
}

std::vector<std::string> words(const std::string &text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

} // namespace

TEST(KamiPlugin, LoadsWithItsDescriptors) {
    const auto &p = plugin();
    EXPECT_EQ(p.id(), "kami");
    EXPECT_EQ(p.version(), "1.0.0");
    for (pz_capability cap :
         {PZ_CAP_SOLVE, PZ_CAP_OPTIMAL, PZ_CAP_GENERATE, PZ_CAP_PLAY, PZ_CAP_EDIT, PZ_CAP_BLANK, PZ_CAP_ANIMATE})
        EXPECT_TRUE(p.can(cap)) << pluzzle::host::capability_name(cap);
    EXPECT_FALSE(p.can(PZ_CAP_COUNT_SOLUTIONS)) << "optimal lists are rarely unique: not counted";
    ASSERT_EQ(p.formats().size(), 3u);
    EXPECT_EQ(p.formats()[0].name, "canonical");
    EXPECT_TRUE(p.has_extension("kami"));
    EXPECT_TRUE(p.has_extension("puz"));
    std::string tools;
    for (auto &t : p.tools())
        tools += t.id + " ";
    EXPECT_EQ(tools, "paint fill colour settings ");
    ASSERT_EQ(p.ais().size(), 1u);
    EXPECT_EQ(p.ais()[0].id, "hint");
    ASSERT_EQ(p.solver_options().size(), 4u);
    EXPECT_EQ(p.solver_options()[0].name, "optimal");
    EXPECT_EQ(p.solver_options()[1].name, "plain_astar"); // the pivot benchmark's same-run baseline
    EXPECT_EQ(p.solver_options()[2].name, "walk_gate");   // the free-play proofs' same-run baseline
    EXPECT_EQ(p.solver_options()[3].name, "colour_wait"); // likewise
}

TEST(KamiPlugin, TextsRoundTripAndDescribeTheLevel) {
    const auto &p = plugin();
    const auto level = plugin_level(kLevel);
    EXPECT_EQ(p.encode(level.get()), kLevel);
    EXPECT_EQ(p.encode(plugin_level(p.encode(level.get())).get()), kLevel);
    const KeyValues meta = p.describe(level.get());
    EXPECT_EQ(value_of(meta, "title"), "Tide");
    EXPECT_EQ(value_of(meta, "size"), "6x3");
    EXPECT_EQ(value_of(meta, "grid"), "triangle");
    EXPECT_EQ(value_of(meta, "mode"), "free");
    EXPECT_EQ(value_of(meta, "colours"), "3");
    EXPECT_EQ(value_of(meta, "par"), "3");
    // The other formats, detected by content.
    EXPECT_EQ(p.parse("01|Default|0|0|2|8|11221122|2||0|\n", "", "a.puz").size(), 1u);
    EXPECT_EQ(p.parse("1212\n2121\n", "", "lines").size(), 2u);
}

TEST(KamiPlugin, SolvesAndTheSolutionPlaysAndChecks) {
    const auto &p = plugin();
    const auto level = plugin_level(kLevel);
    const auto solved = p.solve(level.get(), SolveOptions{});
    ASSERT_EQ(solved.status, PZ_SOLVE_SOLVED) << "SOLVED, never UNIQUE";
    ASSERT_EQ(solved.solutions.size(), 1u);
    const std::string solution = solved.solutions[0];
    EXPECT_EQ(solved.lower_bound, solved.upper_bound);
    EXPECT_EQ(double(words(solution).size()), solved.upper_bound);
    EXPECT_EQ(value_of(solved.stats, "moves"), std::to_string(words(solution).size()));
    EXPECT_NE(value_of(solved.stats, "regions"), "(none)");
    EXPECT_NE(value_of(solved.stats, "nodes"), "(none)");
    EXPECT_TRUE(p.check(level.get(), solution).ok);

    // Played move by move from the start, the solution finishes the level.
    auto state = p.new_state(level);
    EXPECT_EQ(p.status(state.get()).phase, PZ_PLAY_ONGOING);
    for (const std::string &move : words(solution))
        state = p.execute(state, move);
    EXPECT_EQ(p.status(state.get()).phase, PZ_PLAY_SOLVED);
    EXPECT_EQ(p.status(state.get()).moves, words(solution).size());
    EXPECT_EQ(p.encode_state(state.get()), solution);
    // Decoded whole, too.
    const auto decoded = p.decode_state(level, solution, "solution");
    EXPECT_EQ(p.status(decoded.get()).phase, PZ_PLAY_SOLVED);

    // The quick mode: a valid list, no shorter than the optimum.
    SolveOptions quick;
    quick.params = {{"optimal", "false"}};
    const auto fast = p.solve(level.get(), quick);
    ASSERT_EQ(fast.status, PZ_SOLVE_SOLVED);
    ASSERT_EQ(fast.solutions.size(), 1u);
    EXPECT_TRUE(p.check(level.get(), fast.solutions[0]).ok);
    EXPECT_GE(words(fast.solutions[0]).size(), words(solution).size());
}

TEST(KamiPlugin, CheckRejectsAWrongListNamingTheMoves) {
    const auto &p = plugin();
    const auto level = plugin_level(kLevel);
    const auto report = p.check(level.get(), "0,0=2");
    EXPECT_FALSE(report.ok) << "one move does not finish it";
    // Through the C table, to see the error's field.
    for (const char *wrong : {"0,0=1", "0,1=2", "9,9=1", "0,0=2 0,0=2", "x"}) {
        pz_error err{};
        const pz_code code = p.table().check(level.get(), wrong, std::strlen(wrong), &err);
        EXPECT_EQ(code, PZ_ERR_INVALID) << wrong;
        EXPECT_STREQ(err.field, "moves") << wrong << ": " << err.message;
    }
    pz_error err{};
    EXPECT_EQ(p.table().check(level.get(), "0,0=2", 5, &err), PZ_ERR_INVALID);
    EXPECT_NE(std::string(err.message).find("do not finish"), std::string::npos) << err.message;
}

TEST(KamiPlugin, DrawsAndAnimates) {
    const auto &p = plugin();
    const auto level = plugin_level(kLevel);
    const auto list = p.render(level.get(), nullptr);
    EXPECT_EQ(list.count_in_group("cells"), 17u) << "18 cells, one hole";
    EXPECT_EQ(list.count_in_group("palette"), 6u) << "three swatches and their digits";
    auto state = p.new_state(level);
    const auto frame = p.render_move(state.get(), "0,0=2", 0.5f);
    EXPECT_EQ(frame.count_in_group("cells"), 17u);
    const auto end = p.render_move(state.get(), "0,0=2", 1);
    state = p.execute(state, "0,0=2");
    const auto after = p.render(level.get(), state.get());
    ASSERT_EQ(end.items.size(), after.items.size());
    for (size_t i = 0; i < end.items.size(); ++i)
        EXPECT_EQ(std::memcmp(&end.items[i].fill, &after.items[i].fill, 4), 0);
    EXPECT_THROW(p.render_move(state.get(), "0,0=2", 0.5f), pluzzle::host::InputError) << "an illegal move";
}

TEST(KamiPlugin, PlayInputEditToolsGeneratorAndHint) {
    const auto &p = plugin();
    const auto level = plugin_level(kLevel);
    auto state = p.new_state(level);
    pz_input key{};
    key.struct_size = sizeof key;
    key.kind = PZ_INPUT_KEY;
    key.key = '2';
    EXPECT_EQ(p.interpret(state.get(), key), "pick 2");

    // Editing: choose colour 3, paint the hole's cell with it through the host's cell (keyboard cursor).
    EXPECT_EQ(p.edit_interpret(level.get(), "colour", key), "colour 2");
    auto edited = p.edit_execute(level.get(), "colour 3");
    pz_input space{};
    space.struct_size = sizeof space;
    space.kind = PZ_INPUT_KEY;
    space.key = ' ';
    space.has_cell = 1, space.cell_row = 2, space.cell_col = 1;
    const std::string paint = p.edit_interpret(edited.get(), "paint", space);
    EXPECT_EQ(paint, "paint 1,2 3");
    edited = p.edit_execute(edited.get(), paint);
    EXPECT_NE(p.encode(edited.get()).find("\n332211\n"), std::string::npos) << p.encode(edited.get());
    EXPECT_THROW(p.edit_execute(edited.get(), "colours 12"), pluzzle::host::InputError);

    // The generator: seeded, with a proven par that the solver confirms.
    const KeyValues params = {{"width", "4"}, {"height", "6"}, {"colours", "3"}};
    const auto a = p.generate(params, 5, SolveOptions{}), b = p.generate(params, 5, SolveOptions{});
    EXPECT_EQ(p.encode(a.get()), p.encode(b.get()));
    const auto again = p.solve(a.get(), SolveOptions{});
    EXPECT_EQ(value_of(p.describe(a.get()), "par"), std::to_string(int(again.upper_bound)));
    const auto blank = p.blank(params);
    const std::string blank_text = p.encode(blank.get());
    EXPECT_EQ(blank_text.find_first_of("23", blank_text.find("cells")), std::string::npos) << "one colour";

    // The hint: followed to the end, it finishes in the optimum's number of moves.
    const auto optimum = p.solve(level.get(), SolveOptions{});
    SolveOptions limits;
    limits.time_limit_s = 10;
    unsigned hints = 0;
    while (p.status(state.get()).phase == PZ_PLAY_ONGOING && hints < 20) {
        const std::string move = p.ai_move(state.get(), "hint", limits);
        ASSERT_EQ(words(move).size(), 1u) << move;
        state = p.execute(state, move);
        ++hints;
    }
    EXPECT_EQ(double(hints), optimum.upper_bound);
    EXPECT_EQ(p.ai_move(state.get(), "hint", limits), "") << "solved: no hint";
    EXPECT_THROW(p.ai_move(state.get(), "oracle", SolveOptions{}), pluzzle::host::InputError);
}
