// Cube-and-conquer for loop (split.hpp), through the built plugin module (dlopen, the C table): a level's cubes,
// each solved as the whole level is, give the whole solve's status under the host's own combine rule (CubeTally)
// and, summed, its exact count -- on every bundled level and on generated boards of both rule sets, both grids,
// with and without wrap, under several solution caps. The cubes partition the level (same tiles, distinct turns),
// none is refuted by propagation, a level the root decides gets no cube, and a malformed cube text is refused
// with the field and the entry named.
#include "generator.hpp"
#include "loop_test_support.hpp"
#include "propagation.hpp"
#include "split.hpp"

#include <pluzzle/host/plugin/plugin_registry.hpp>
#include <pluzzle/host/solve/cube_tally.hpp>

#include <map>
#include <set>

using namespace loop;
using namespace loop::test;
namespace host = pluzzle::host;

namespace {

const host::Plugin &plugin() {
    static const host::PluginRegistry registry = [] {
        host::PluginRegistry r;
        r.load_file(PLUZZLE_PLUGIN_FILE);
        return r;
    }();
    const auto p = registry.find("loop");
    if (!p) {
        ADD_FAILURE() << "loop plugin not loaded from " << PLUZZLE_PLUGIN_FILE;
        std::abort();
    }
    return *p;
}

std::string stat(const host::SolveReport &r, const std::string &key) {
    for (const auto &[k, v] : r.stats)
        if (k == key) return v;
    return "";
}

bool is_status(pz_solve_status got, std::initializer_list<pz_solve_status> any) {
    return std::find(any.begin(), any.end(), got) != any.end();
}

// Whether the cubes' combined status answers as the whole solve did. At a cap of one solution the tally stops at
// the first solution found (SOLVED), where loop rules' whole solve, which counts exactly, says UNIQUE or MULTIPLE.
bool agrees(pz_solve_status split, pz_solve_status whole, uint32_t cap) {
    if (cap == 1 && is_status(whole, {PZ_SOLVE_UNIQUE, PZ_SOLVE_MULTIPLE})) return split == PZ_SOLVE_SOLVED;
    return split == whole;
}

struct Compared {
    size_t cubes = 0;
};

// The level split into about `want` cubes, each solved; checks everything against the whole solve.
Compared compare(const std::string &text, uint32_t cap, unsigned want = 8) {
    const auto levels = plugin().parse(text, "", "level");
    EXPECT_EQ(levels.size(), 1u);
    const host::LevelPtr level = levels.at(0).level;
    const Board board = board_from(text);
    host::SolveOptions options;
    options.max_solutions = cap;
    const host::SolveReport whole = plugin().solve(level.get(), options);
    EXPECT_TRUE(pluzzle::is_final(whole.status)) << text;
    const host::SplitReport split = plugin().split(level.get(), options, want);
    EXPECT_EQ(split.combine, PZ_COMBINE_COUNT);
    if (split.cubes.empty()) { // decided at the root: solve()'s own answer
        EXPECT_EQ(split.outcome.status, whole.status) << text;
        EXPECT_EQ(stat(split.outcome, "solutions"), stat(whole, "solutions")) << text;
        EXPECT_EQ(split.outcome.solutions.size(), whole.solutions.size()) << text;
        return {};
    }
    EXPECT_EQ(split.outcome.status, PZ_SOLVE_LIMIT);
    host::CubeTally tally(split.combine, split.cubes.size(), cap, NAN);
    BigCount sum = 0;
    bool all_counted = true;
    std::set<std::vector<std::pair<int64_t, uint8_t>>> distinct;
    std::set<int64_t> tiles_of_first;
    for (const auto &[tile, option] : read_cube(board, split.cubes[0]).tiles) tiles_of_first.insert(tile);
    for (size_t i = 0; i < split.cubes.size(); ++i) {
        const Cube cube = read_cube(board, split.cubes[i]);
        const auto &fixed = cube.tiles;
        EXPECT_EQ(cube_text(board, cube), split.cubes[i]) << "a cube reads back to its own text";
        EXPECT_EQ(cube.rest_solutions.has_value(), board.rule == Rule::Loop)
            << "loop rules (counting) carry the rest's count: " << split.cubes[i];
        std::set<int64_t> tiles;
        for (const auto &[tile, option] : fixed) tiles.insert(tile);
        EXPECT_EQ(tiles, tiles_of_first) << "every cube fixes the same tiles: " << split.cubes[i];
        EXPECT_TRUE(distinct.insert(fixed).second) << "cubes are distinct: " << split.cubes[i];
        // Never a cube that the root's propagation refutes (the split drops those).
        pluzzle::SolveControl control(nullptr, nullptr);
        Search s(board, control);
        bool holds = true;
        for (const auto &[tile, option] : fixed) holds = s.restrict(tile, option) && holds;
        holds = s.propagate_all() && holds;
        if (board.rule == Rule::Net) holds = holds && s.start_net(pipe_count(board.tiles).tiles);
        EXPECT_TRUE(holds) << "a refuted cube was sent: " << split.cubes[i];

        const host::SolveReport r = plugin().solve_cube(level.get(), split.cubes[i], options);
        EXPECT_TRUE(pluzzle::is_final(r.status)) << split.cubes[i];
        for (const std::string &solution : r.solutions) EXPECT_TRUE(plugin().check(level.get(), solution).ok);
        const std::string count = stat(r, "solutions");
        if (count.empty()) all_counted = false;
        else sum += BigCount(count);
        // Two solutions when the cube has two, wherever the second differs (its component or the rest).
        if (board.rule == Rule::Loop && cap >= 2 && BigCount(count) >= 2) {
            EXPECT_EQ(r.solutions.size(), 2u) << split.cubes[i];
            if (r.solutions.size() == 2) {
                EXPECT_NE(r.solutions[0], r.solutions[1]) << split.cubes[i];
            }
        }
        host::WorkResult answer;
        answer.status = r.status;
        answer.solution = r.solutions.empty() ? "" : r.solutions[0];
        answer.solutions_found = uint32_t(r.solutions.size());
        tally.add(i, answer);
    }
    EXPECT_TRUE(tally.decided());
    const host::WorkResult combined = tally.level_result(1);
    EXPECT_TRUE(agrees(*combined.status, whole.status, cap))
        << "cap " << cap << ": cubes say " << host::attempt_status_text(combined.status) << ", the whole solve "
        << pluzzle::solve_status_text(whole.status) << "\n"
        << text;
    if (!stat(whole, "solutions").empty()) { // loop rules always; net rules when the count stayed below the cap
        EXPECT_TRUE(all_counted) << "cap " << cap << ": a part of a counted level is counted";
        EXPECT_EQ(sum.str(), stat(whole, "solutions")) << "cap " << cap << "\n" << text;
    }
    if (board.rule == Rule::Loop) {
        EXPECT_TRUE(all_counted) << "loop rules count every cube exactly";
    }
    return {split.cubes.size()};
}

std::string generated(const std::string &grid, const std::string &rules, bool wrap, int width, int height,
                      uint64_t seed, const std::string &density = "0.5") {
    const pluzzle::Params params(generator_params(), {{"width", std::to_string(width)},
                                                      {"height", std::to_string(height)},
                                                      {"grid", grid},
                                                      {"rules", rules},
                                                      {"wrap", wrap ? "true" : "false"},
                                                      {"density", density}});
    pluzzle::SolveControl control(nullptr, nullptr);
    return encode_board(generate_board(params, seed, control));
}

} // namespace

TEST(LoopSplit, CubesAgreeWithTheWholeSolveOnEveryBundledLevel) {
    size_t levels = 0, split_levels = 0;
    for (const auto &entry : std::filesystem::directory_iterator(std::string(PLUZZLE_SOURCE_DIR) + "/data/loop")) {
        if (entry.path().extension() != ".loop") continue;
        ++levels;
        bool was_split = false;
        for (const uint32_t cap : {1u, 2u, 3u, 1000u}) {
            SCOPED_TRACE(entry.path().string() + " cap " + std::to_string(cap));
            was_split = compare(read_file(entry.path().string()), cap).cubes > 0 || was_split;
        }
        split_levels += was_split;
    }
    EXPECT_EQ(levels, 11u);
    EXPECT_GE(split_levels, 2u) << "the two large loop levels have components worth splitting";
}

// Boards of every grid, rule set and wrap; loop boards large enough to leave components worth cubes, net boards
// whose trees can all be counted below the cap.
TEST(LoopSplit, CubesAgreeWithTheWholeSolveOnGeneratedBoards) {
    std::map<std::string, size_t> split_boards;
    uint64_t seed = 100;
    for (const std::string grid : {"square", "hex"})
        for (const bool wrap : {false, true})
            for (int round = 0; round < 4; ++round) {
                const std::string loop_board =
                    generated(grid, "loop", wrap, 24 + round * 6, 20, ++seed, round % 2 ? "0.35" : "0.5");
                // Planted trees: wrap leaves small boards open, without wrap propagation decides boards this size
                // alone, so larger ones.
                const int net_side = wrap ? 8 + 2 * round : 30 + 4 * round;
                const std::string net_board = generated(grid, "net", wrap, net_side, net_side, ++seed);
                for (const uint32_t cap : {1u, 2u, 5u}) {
                    SCOPED_TRACE(grid + (wrap ? " wrap" : "") + " round " + std::to_string(round) + " cap " +
                                 std::to_string(cap));
                    if (compare(loop_board, cap, cap == 5 ? 40 : 8).cubes) ++split_boards[grid + " loop"];
                    if (compare(net_board, cap).cubes) ++split_boards[grid + " net"];
                }
                SCOPED_TRACE("net, every tree counted");
                compare(net_board, 1000);
            }
    for (const char *kind : {"square loop", "hex loop", "square net", "hex net"}) {
        EXPECT_GE(split_boards[kind], 6u) << kind << ": many boards are split (not decided at the root)";
        std::cout << kind << ": " << split_boards[kind] << " of 24 splits gave cubes\n";
    }
}

// A level the root decides has no cube and the whole solve's answer: one propagation solves, another refutes.
TEST(LoopSplit, ALevelTheRootDecidesGetsNoCube) {
    for (const char *text : {"loop 1\nrules loop\ngrid square\nsize 2 1\ntiles\n28\n", // unique
                             "loop 1\nrules loop\ngrid square\nsize 2 1\ntiles\n23\n"}) { // refuted
        const auto levels = plugin().parse(text, "", "level");
        const host::SplitReport split = plugin().split(levels.at(0).level.get(), {}, 8);
        const host::SolveReport whole = plugin().solve(levels.at(0).level.get(), {});
        EXPECT_TRUE(split.cubes.empty()) << text;
        EXPECT_EQ(split.outcome.status, whole.status) << text;
        EXPECT_TRUE(pluzzle::is_final(split.outcome.status));
        EXPECT_EQ(split.outcome.solutions, whole.solutions);
    }
}

// About `want` cubes: more when more are asked for, never a flood (a 60x60 board whose largest component has 79
// tiles).
TEST(LoopSplit, TheCubesAreAboutAsManyAsAskedFor) {
    const auto levels = plugin().parse(generated("square", "loop", false, 60, 60, 5), "", "level");
    const size_t few = plugin().split(levels.at(0).level.get(), {}, 4).cubes.size();
    const size_t many = plugin().split(levels.at(0).level.get(), {}, 64).cubes.size();
    EXPECT_GE(few, 4u);
    EXPECT_LE(few, 4u * 4);
    EXPECT_GE(many, 64u);
    EXPECT_LE(many, 64u * 4);
}

TEST(LoopSplit, AMalformedCubeIsRefusedNamingTheFieldAndTheEntry) {
    const std::string text = "loop 1\nrules loop\ngrid square\nsize 3 2\ntiles\n6c5\n3a9\nlocked\n..#\n...\n";
    const auto levels = plugin().parse(text, "", "level");
    const host::LevelPtr level = levels.at(0).level;
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"", "expected 'tiles X,Y=MASK ...'"},
        {"cells 0,0=1", "expected 'tiles X,Y=MASK ...'"},
        {"tiles 0,0", "expected X,Y=MASK, found '0,0'"},
        {"tiles 0=0,1", "expected X,Y=MASK, found '0=0,1'"},
        {"tiles 3,0=6", "no tile at '3,0'"},
        {"tiles 0,-1=6", "no tile at '0,-1'"},
        {"tiles a,0=6", "no tile at 'a,0'"},
        {"tiles 0,0=", "MASK '' of '0,0=' is not a hex mask"},
        {"tiles 0,0=g", "MASK 'g' of '0,0=g' is not a hex mask"},
        {"tiles 0,0=1f", "MASK '1f' of '0,0=1f' is not a hex mask"},
        {"tiles 0,0=+3", "MASK '+3' of '0,0=+3' is not a hex mask"},
        {"tiles 0,0=5", "'0,0=5': no turn of the tile 6 gives 5"},
        {"tiles 2,0=a", "'2,0=a': the tile is locked as 5"},
        {"tiles 0,0=6 0,0=3", "tile 0,0 is fixed twice"},
        {"tiles 0,0=6 times", "expected 'times N' at the end"},
        {"tiles 0,0=6 times 0", "found 'times 0'"},
        {"tiles 0,0=6 times 012", "found 'times 012'"},
        {"tiles 0,0=6 times 0x10", "found 'times 0x10'"},
        {"tiles 0,0=6 times -2", "found 'times -2'"},
        {"tiles 0,0=6 times 3e2", "found 'times 3e2'"},
        {"tiles 0,0=6 times 2 3", "followed by more"},
        {"tiles times 2 0,0=6", "followed by more"},
        {"tiles times 2", "'times' needs the tiles of a component before it"},
    };
    for (const auto &[cube, why] : cases) {
        try {
            plugin().solve_cube(level.get(), cube, {});
            ADD_FAILURE() << "accepted: '" << cube << "'";
        } catch (const host::InputError &e) {
            EXPECT_EQ(e.field(), "cube") << cube;
            EXPECT_NE(e.reason().find(why), std::string::npos) << cube << ": " << e.what();
        }
    }
    // The same tiles, well formed: the locked tile as given, a free one turned.
    EXPECT_TRUE(pluzzle::is_final(plugin().solve_cube(level.get(), "tiles 2,0=5 0,0=c", {}).status));
}

// A net board's cubes fix tiles only: 'times' is refused there.
TEST(LoopSplit, ANetCubeWithTimesIsRefused) {
    const std::string text = "loop 1\nrules net\ngrid square\nsize 2 1\ntiles\n28\n";
    const auto levels = plugin().parse(text, "", "level");
    try {
        plugin().solve_cube(levels.at(0).level.get(), "tiles 0,0=2 times 3", {});
        ADD_FAILURE() << "accepted 'times' on a net board";
    } catch (const host::InputError &e) {
        EXPECT_EQ(e.field(), "cube");
        EXPECT_NE(e.reason().find("'times' is for loop rules"), std::string::npos) << e.what();
    }
}

// A loop cube counts only its component and multiplies in the split's count of the rest: the same tiles with
// another 'times' scale the count and change none of the solutions (each still a whole-board solution).
TEST(LoopSplit, ALoopCubeMultipliesInTheRestsCount) {
    const std::string text = generated("square", "loop", false, 60, 60, 5);
    const Board board = board_from(text);
    const auto levels = plugin().parse(text, "", "level");
    const host::LevelPtr level = levels.at(0).level;
    const host::SplitReport split = plugin().split(level.get(), {}, 4);
    ASSERT_FALSE(split.cubes.empty());
    Cube cube = read_cube(board, split.cubes[0]);
    ASSERT_TRUE(cube.rest_solutions);
    EXPECT_GE(*cube.rest_solutions, 2) << "a 60x60 board's rest has many solutions";
    const host::SolveReport given = plugin().solve_cube(level.get(), split.cubes[0], {});
    cube.rest_solutions = *cube.rest_solutions * 7;
    const host::SolveReport sevenfold = plugin().solve_cube(level.get(), cube_text(board, cube), {});
    EXPECT_EQ(BigCount(stat(sevenfold, "solutions")), BigCount(stat(given, "solutions")) * 7);
    EXPECT_EQ(sevenfold.solutions, given.solutions);
    for (const std::string &solution : given.solutions) EXPECT_TRUE(plugin().check(level.get(), solution).ok);
}

// 'times' says the tiles are one undecided component of the root; a tile the root decides, or one of another
// component, is refused (the cube was not split from this board), wherever it stands in the cube.
TEST(LoopSplit, ALoopCubeWithTilesOutsideOneComponentIsRefused) {
    const std::string text = generated("square", "loop", false, 60, 60, 5);
    const Board board = board_from(text);
    const auto levels = plugin().parse(text, "", "level");
    const host::SplitReport split = plugin().split(levels.at(0).level.get(), {}, 4);
    ASSERT_FALSE(split.cubes.empty());
    const Cube cube = read_cube(board, split.cubes[0]);
    pluzzle::SolveControl control(nullptr, nullptr);
    Search s(board, control);
    ASSERT_TRUE(s.propagate_all());
    std::vector<uint8_t> in_cube_component(size_t(board.size()), 0);
    std::vector<int64_t> component{cube.tiles[0].first};
    in_cube_component[size_t(component[0])] = 1;
    grow_pocket(s, component, in_cube_component, SIZE_MAX);
    int64_t decided = -1, elsewhere = -1;
    for (int64_t i = 0; i < board.size(); ++i) {
        if (single(s.domain(i)) && !board.is_locked(i) && decided < 0) decided = i;
        if (!single(s.domain(i)) && !in_cube_component[size_t(i)] && elsewhere < 0) elsewhere = i;
    }
    ASSERT_GE(decided, 0);
    ASSERT_GE(elsewhere, 0);
    for (const int64_t outside : {decided, elsewhere})
        for (const bool first : {true, false}) {
            Cube mismatched = cube;
            const std::pair<int64_t, uint8_t> turn{outside, uint8_t(s.domain(outside) & -s.domain(outside))};
            mismatched.tiles.insert(first ? mismatched.tiles.begin() : mismatched.tiles.end(), turn);
            const std::string where = std::to_string(outside % board.cols) + "," + std::to_string(outside / board.cols);
            const std::string first_tile = std::to_string(cube.tiles[0].first % board.cols) + "," +
                                           std::to_string(cube.tiles[0].first / board.cols);
            const std::string why = outside == decided && first ? "tile " + where + " is decided at the root"
                                    : first                     ? "tile " + first_tile + " is not in its first tile's"
                                                                : "tile " + where + " is not in its first tile's";
            try {
                plugin().solve_cube(levels.at(0).level.get(), cube_text(board, mismatched), {});
                ADD_FAILURE() << "accepted: " << cube_text(board, mismatched);
            } catch (const host::InputError &e) {
                EXPECT_EQ(e.field(), "cube");
                EXPECT_NE(e.reason().find(why), std::string::npos)
                    << e.what();
            }
        }
}

// A large board whose largest component counts in a few nodes (a cube would repeat the whole board's propagation
// for it) is decided at the split's root, with the whole solve's count and two whole-board solutions.
TEST(LoopSplit, ALargeBoardWithACheapComponentIsCountedAtTheRoot) {
    const std::string text = generated("square", "loop", false, 500, 500, 7);
    const auto levels = plugin().parse(text, "", "level");
    const host::LevelPtr level = levels.at(0).level;
    const host::SplitReport split = plugin().split(level.get(), {}, 8);
    const host::SolveReport whole = plugin().solve(level.get(), {});
    EXPECT_TRUE(split.cubes.empty());
    EXPECT_EQ(split.outcome.status, whole.status);
    EXPECT_EQ(stat(split.outcome, "solutions"), stat(whole, "solutions"));
    EXPECT_EQ(stat(split.outcome, "components"), stat(whole, "components"));
    ASSERT_EQ(split.outcome.solutions.size(), 2u);
    EXPECT_NE(split.outcome.solutions[0], split.outcome.solutions[1]);
    for (const std::string &solution : split.outcome.solutions) EXPECT_TRUE(plugin().check(level.get(), solution).ok);
}
