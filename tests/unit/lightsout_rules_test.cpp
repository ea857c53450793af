// lightsout_rules_test.cpp -- the SDK template plugin (Lights Out), exercised through its C table exactly as the
// host sees it: the built pluzzle_lightsout.so is loaded with Boost.DLL and only pz_plugin function pointers
// are called.
#include <pluzzle/abi.h>

#include <boost/dll/shared_library.hpp>
#include <gtest/gtest.h>

#include "test_support.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

// ---------------------------------------------------------------- access to the plugin

const pz_plugin &plugin() {
    // Static: the library must outlive every handle and table pointer (the host never unloads either).
    static boost::dll::shared_library library(PLUZZLE_PLUGIN_DIR "/pluzzle_lightsout.so");
    static const pz_plugin *table =
        library.get<const pz_plugin *(uint32_t, uint32_t)>(PZ_ENTRY_SYMBOL)(PZ_ABI_MAJOR, PZ_ABI_MINOR);
    return *table;
}

struct LevelFree {
    void operator()(pz_level *level) const { plugin().level_free(level); }
};
struct StateFree {
    void operator()(pz_state *state) const { plugin().state_free(state); }
};
using Level = std::unique_ptr<pz_level, LevelFree>;
using State = std::unique_ptr<pz_state, StateFree>;

pz_error no_error() {
    pz_error err{};
    return err;
}

pz_text_sink text_sink(std::string &out) {
    return {&out, [](void *ctx, const char *text, size_t len) { static_cast<std::string *>(ctx)->append(text, len); }};
}

struct Parsed {
    pz_code code = PZ_OK;
    pz_error err = no_error();
    std::vector<std::pair<Level, std::string>> levels; // level, name
};

Parsed parse(const std::string &text, const char *format = nullptr) {
    Parsed p;
    const pz_level_sink sink{&p.levels, [](void *ctx, pz_level *level, const char *name) {
                                 static_cast<std::vector<std::pair<Level, std::string>> *>(ctx)->emplace_back(
                                     Level(level), name ? name : "");
                             }};
    p.code = plugin().parse(text.data(), text.size(), format, &sink, &p.err);
    return p;
}

// The single level of `text`; fails the test if it does not parse.
Level level_of(const std::string &text) {
    Parsed p = parse(text);
    EXPECT_EQ(p.code, PZ_OK) << p.err.line << ":" << p.err.column << ": " << p.err.message;
    EXPECT_EQ(p.levels.size(), 1u);
    return p.levels.empty() ? nullptr : std::move(p.levels.front().first);
}

std::string encode(const pz_level *level) {
    std::string out;
    const pz_text_sink sink = text_sink(out);
    pz_error err = no_error();
    EXPECT_EQ(plugin().encode(level, &sink, &err), PZ_OK) << err.message;
    return out;
}

std::map<std::string, std::string> describe(const pz_level *level) {
    std::map<std::string, std::string> meta;
    const pz_kv_sink sink{&meta, [](void *ctx, const char *k, const char *v) {
                              (*static_cast<std::map<std::string, std::string> *>(ctx))[k] = v;
                          }};
    pz_error err = no_error();
    EXPECT_EQ(plugin().describe(level, &sink, &err), PZ_OK) << err.message;
    return meta;
}

pz_code check(const pz_level *level, const std::string &solution, pz_error *err) {
    return plugin().check(level, solution.data(), solution.size(), err);
}

struct Solved {
    pz_code code = PZ_OK;
    pz_solve_result result{};
    std::vector<std::string> solutions;
    std::map<std::string, std::string> stats;
};

Solved solve(const pz_level *level, bool cancel = false, uint64_t node_limit = 0) {
    Solved s;
    pz_solve_request request{};
    request.struct_size = sizeof request;
    request.node_limit = node_limit;
    if (cancel) request.should_stop = [](void *) { return 1; };
    s.result.struct_size = sizeof s.result;
    s.result.stats = {&s.stats, [](void *ctx, const char *k, const char *v) {
                          (*static_cast<std::map<std::string, std::string> *>(ctx))[k] = v;
                      }};
    const pz_solution_sink sink{&s.solutions, [](void *ctx, const char *text, size_t len) {
                                    static_cast<std::vector<std::string> *>(ctx)->emplace_back(text, len);
                                }};
    pz_error err = no_error();
    s.code = plugin().solve(level, &request, &s.result, &sink, &err);
    EXPECT_EQ(s.code, PZ_OK) << err.message;
    return s;
}

struct Generated {
    pz_code code = PZ_OK;
    pz_error err = no_error();
    Level level;
};

Generated generate(const std::vector<std::pair<std::string, std::string>> &params, uint64_t seed) {
    std::vector<pz_param_value> values;
    for (auto &[k, v] : params) values.push_back({k.c_str(), v.c_str()});
    Generated g;
    pz_level *out = nullptr;
    g.code = plugin().generate(values.data(), uint32_t(values.size()), seed, nullptr, &out, &g.err);
    g.level.reset(out);
    return g;
}

pz_input press_at(float x, float y, int button = 0) { return pluzzle::test::pointer_press(x, y, button); }
// The template draws cells of 40 units after a margin of 10.
pz_input press_cell(int x, int y) { return press_at(10 + 40 * (x + 0.5f), 10 + 40 * (y + 0.5f)); }

State execute(const pz_state *state, const std::string &move) {
    pz_state *out = nullptr;
    pz_error err = no_error();
    EXPECT_EQ(plugin().execute(state, move.data(), move.size(), &out, &err), PZ_OK) << move << ": " << err.message;
    return State(out);
}

pz_play_status status(const pz_state *state) {
    pz_play_status st{};
    st.struct_size = sizeof st;
    pz_error err = no_error();
    EXPECT_EQ(plugin().state_status(state, &st, &err), PZ_OK) << err.message;
    return st;
}

std::string encode_state(const pz_state *state) {
    std::string out;
    const pz_text_sink sink = text_sink(out);
    pz_error err = no_error();
    EXPECT_EQ(plugin().state_encode(state, &sink, &err), PZ_OK) << err.message;
    return out;
}

// Counts what render() draws, by group.
struct Drawing {
    int begins = 0, polygons = 0, circles = 0, open_groups = 0;
    float width = 0, height = 0;
    std::vector<std::string> groups;
};

pz_code render(const pz_level *level, const pz_state *state, Drawing &d) {
    pz_canvas c{};
    c.struct_size = sizeof c;
    c.ctx = &d;
    c.begin = [](void *ctx, float w, float h, pz_rgba) {
        auto &d = *static_cast<Drawing *>(ctx);
        ++d.begins;
        d.width = w;
        d.height = h;
    };
    c.group_begin = [](void *ctx, const char *name) {
        auto &d = *static_cast<Drawing *>(ctx);
        d.groups.push_back(name);
        ++d.open_groups;
    };
    c.group_end = [](void *ctx) { --static_cast<Drawing *>(ctx)->open_groups; };
    c.polygon = [](void *ctx, const pz_point *, uint32_t count, pz_rgba, pz_rgba, float) {
        if (count >= 3) ++static_cast<Drawing *>(ctx)->polygons;
    };
    c.circle = [](void *ctx, float, float, float, pz_rgba, pz_rgba, float) { ++static_cast<Drawing *>(ctx)->circles; };
    pz_error err = no_error();
    return plugin().render(level, state, &c, &err);
}

// "press 0,0 2,1" -> {"p 0,0", "p 2,1"}
std::vector<std::string> moves_of(const std::string &solution) {
    std::istringstream words(solution);
    std::string word;
    std::vector<std::string> moves;
    words >> word;
    EXPECT_EQ(word, "press");
    while (words >> word) moves.push_back("p " + word);
    return moves;
}

std::string file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const char *const kThreeByThree = "lightsout 1\nsize 3 3\n#..\n.#.\n..#\n"; // 3x3: nullity 0, one solution
const char *const kAllOn5 = "lightsout 1\nsize 5 5\n#####\n#####\n#####\n#####\n#####\n";
const char *const kCorner5 = "lightsout 1\nsize 5 5\n#....\n.....\n.....\n.....\n.....\n"; // unsolvable

// ---------------------------------------------------------------- metadata

TEST(LightsOutPlugin, DescribesItself) {
    const pz_plugin &p = plugin();
    EXPECT_EQ(p.abi_major, PZ_ABI_MAJOR);
    EXPECT_EQ(p.struct_size, sizeof(pz_plugin));
    EXPECT_STREQ(p.id, "lightsout");
    EXPECT_EQ(p.capabilities, uint64_t(PZ_CAP_SOLVE | PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_GENERATE | PZ_CAP_PLAY |
                                       PZ_CAP_EDIT | PZ_CAP_BLANK | PZ_CAP_SPLIT));
    EXPECT_NE(p.blank_level, nullptr); // declared, so in the table
    EXPECT_NE(p.split, nullptr);
    EXPECT_NE(p.solve_cube, nullptr);
    ASSERT_EQ(p.format_count, 2u);
    EXPECT_STREQ(p.formats[0].name, "canonical");
    EXPECT_STREQ(p.formats[0].extensions, "lightsout");
    EXPECT_STREQ(p.formats[1].name, "plain");
    EXPECT_STREQ(p.formats[1].extensions, "lo01");
    std::set<std::string> params, tools;
    for (uint32_t i = 0; i < p.param_count; ++i) params.insert(p.params[i].name);
    for (uint32_t i = 0; i < p.tool_count; ++i) tools.insert(p.tools[i].id);
    EXPECT_EQ(params, (std::set<std::string>{"width", "height", "presses", "unique"}));
    EXPECT_EQ(tools, (std::set<std::string>{"toggle", "clear"}));
    EXPECT_EQ(p.ai_count, 0u);
}

// ---------------------------------------------------------------- parse / encode / validate / describe

TEST(LightsOutPlugin, RoundTripsMultiLevelFilesExactly) {
    const std::string text = "\nlightsout 1\n# a comment before the name\nname First one\nsize 4 2\n#..#\r\n.##.\n"
                             "\n\nlightsout 1\nsize 2 3\n##\n..\n#.\n";
    Parsed p = parse(text);
    ASSERT_EQ(p.code, PZ_OK) << p.err.message;
    ASSERT_EQ(p.levels.size(), 2u);
    EXPECT_EQ(p.levels[0].second, "First one");
    EXPECT_EQ(p.levels[1].second, "");
    EXPECT_EQ(encode(p.levels[0].first.get()), "lightsout 1\nname First one\nsize 4 2\n#..#\n.##.\n");
    for (auto &[level, name] : p.levels) {
        pz_error err = no_error();
        EXPECT_EQ(plugin().validate(level.get(), &err), PZ_OK) << err.message;
        const std::string once = encode(level.get());
        const Level again = level_of(once);
        EXPECT_EQ(encode(again.get()), once);
    }
}

TEST(LightsOutPlugin, ReadsThePlainFormatByNameAndByDetection) {
    for (const char *format : {"plain", static_cast<const char *>(nullptr)}) {
        Parsed p = parse("010\n111\n010\n\n", format);
        ASSERT_EQ(p.code, PZ_OK) << p.err.message;
        ASSERT_EQ(p.levels.size(), 1u);
        EXPECT_EQ(encode(p.levels[0].first.get()), "lightsout 1\nsize 3 3\n.#.\n###\n.#.\n");
    }
    Parsed canonical = parse(kThreeByThree, "canonical");
    EXPECT_EQ(canonical.code, PZ_OK);
}

TEST(LightsOutPlugin, ParseErrorsSayWhere) {
    struct Case {
        const char *text, *format;
        int line, column;
        const char *message;
    };
    const Case cases[] = {
        {"lights 1\nsize 1 1\n#\n", nullptr, 1, 1, "expected the header 'lightsout 1'"},
        {"lightsout 2\nsize 1 1\n#\n", nullptr, 1, 11, "unsupported format version '2'"},
        {"lightsout 1 x\nsize 1 1\n#\n", nullptr, 1, 13, "unexpected 'x' after the header"},
        {"lightsout 1\nsize 3 x\n", nullptr, 2, 8, "expected an integer"},
        {"lightsout 1\nsize 31 3\n", nullptr, 2, 6, "out of range"},
        {"lightsout 1\nsize 3\n", nullptr, 2, 7, "expected 'size <width> <height>'"},
        {"lightsout 1\nsize 1 1 7\n#\n", nullptr, 2, 10, "unexpected '7' after the size"},
        {"lightsout 1\ngrid 3 3\n", nullptr, 2, 1, "expected 'size <width> <height>'"},
        {"lightsout 1\nsize 5 5\n.....\n.....\n.....\n", nullptr, 6, 1, "expected 5 rows, found 3"},
        {"lightsout 1\nsize 5 3\n.....\n.....\n\n.....\n", nullptr, 5, 1, "expected 3 rows, found 2"},
        {"lightsout 1\nsize 3 2\n...\n..\n", nullptr, 4, 3, "row 2 has 2 cells, expected 3"},
        {"lightsout 1\nsize 3 2\n...\n....\n", nullptr, 4, 4, "row 2 has 4 cells, expected 3"},
        {"lightsout 1\nsize 3 2\n...\n.x.\n", nullptr, 4, 2, "bad character 'x'"},
        {"lightsout 1\nsize 3 1\n...\n#..\n", nullptr, 4, 1, "too many rows: expected 1"},
        {"lightsout 1\nsize 1 1\n#\n\n  junk\n", nullptr, 5, 3, "unexpected text after the grid"},
        {"lightsout 1\nname   \nsize 1 1\n#\n", nullptr, 2, 1, "empty level name"},
        {"lightsout 1\n# only a comment\n", nullptr, 3, 1, "unexpected end of file"},
        {"\n\n", nullptr, 1, 1, "empty file"},
        {"010\n0120\n", nullptr, 2, 3, "bad character '2'"},
        {"010\n01\n", "plain", 2, 3, "row 2 has 2 cells, expected 3"},
        {"01\n\n10\n", "plain", 3, 1, "unexpected text after the grid"},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.text);
        const Parsed p = parse(c.text, c.format);
        EXPECT_EQ(p.code, PZ_ERR_PARSE);
        EXPECT_TRUE(p.levels.empty());
        EXPECT_EQ(p.err.line, c.line);
        EXPECT_EQ(p.err.column, c.column);
        EXPECT_NE(std::string(p.err.message).find(c.message), std::string::npos) << p.err.message;
    }
    const Parsed unknown = parse(kThreeByThree, "xml");
    EXPECT_EQ(unknown.code, PZ_ERR_ARGUMENT);
    EXPECT_STREQ(unknown.err.field, "format");
}

TEST(LightsOutPlugin, DescribesALevel) {
    const Level level = level_of("lightsout 1\nname Two lit\nsize 4 3\n#...\n....\n...#\n");
    const auto meta = describe(level.get());
    EXPECT_EQ(meta.at("title"), "Two lit");
    EXPECT_EQ(meta.at("size"), "4x3");
    EXPECT_EQ(meta.at("lights"), "2");
    EXPECT_EQ(describe(level_of(kThreeByThree).get()).count("title"), 0u);
}

// ---------------------------------------------------------------- solve and check

TEST(LightsOutPlugin, ProvesAUniqueSolutionThatChecks) {
    const Level level = level_of(kThreeByThree);
    const Solved s = solve(level.get());
    EXPECT_EQ(s.result.status, PZ_SOLVE_UNIQUE);
    ASSERT_EQ(s.solutions.size(), 1u);
    EXPECT_GT(s.result.nodes, 0u);
    EXPECT_EQ(s.stats.at("nullity"), "0");
    EXPECT_EQ(s.stats.at("solutions"), "1");
    pz_error err = no_error();
    EXPECT_EQ(check(level.get(), s.solutions[0], &err), PZ_OK) << err.message;
}

TEST(LightsOutPlugin, FindsTwoDistinctSolutionsOfTheFull5x5) {
    const Level level = level_of(kAllOn5);
    const Solved s = solve(level.get());
    EXPECT_EQ(s.result.status, PZ_SOLVE_MULTIPLE);
    ASSERT_EQ(s.solutions.size(), 2u);
    EXPECT_NE(s.solutions[0], s.solutions[1]);
    EXPECT_EQ(s.stats.at("nullity"), "2");
    EXPECT_EQ(s.stats.at("solutions"), "4");
    EXPECT_EQ(s.stats.at("fewest_presses"), "15"); // the known minimum for the all-on 5x5
    EXPECT_EQ(moves_of(s.solutions[0]).size(), 15u);
    for (const std::string &solution : s.solutions) {
        pz_error err = no_error();
        EXPECT_EQ(check(level.get(), solution, &err), PZ_OK) << solution << ": " << err.message;
    }
}

TEST(LightsOutPlugin, ProvesAnUnsolvablePattern) {
    const Level level = level_of(kCorner5);
    const Solved s = solve(level.get());
    EXPECT_EQ(s.result.status, PZ_SOLVE_UNSOLVABLE);
    EXPECT_TRUE(s.solutions.empty());
    EXPECT_EQ(s.stats.at("solutions"), "0");
}

TEST(LightsOutPlugin, StopsWhenCancelledOrOverTheNodeLimit) {
    const Level small = level_of(kAllOn5);
    EXPECT_EQ(solve(small.get(), true).result.status, PZ_SOLVE_CANCELLED);
    const Generated big = generate({{"width", "30"}, {"height", "30"}}, 7);
    ASSERT_EQ(big.code, PZ_OK) << big.err.message;
    const Solved cancelled = solve(big.level.get(), true);
    EXPECT_EQ(cancelled.result.status, PZ_SOLVE_CANCELLED);
    EXPECT_TRUE(cancelled.solutions.empty());
    const Solved limited = solve(big.level.get(), false, 100);
    EXPECT_EQ(limited.result.status, PZ_SOLVE_LIMIT);
    EXPECT_LE(limited.result.nodes, 100u);
}

TEST(LightsOutPlugin, CheckExplainsWrongAndMalformedSolutions) {
    const Level level = level_of(kThreeByThree);
    pz_error err = no_error();
    EXPECT_EQ(check(level.get(), "press", &err), PZ_ERR_INVALID);
    EXPECT_NE(std::string(err.message).find("3 lights on"), std::string::npos) << err.message;
    err = no_error();
    EXPECT_EQ(check(level.get(), "press 0,0 5,1", &err), PZ_ERR_PARSE);
    EXPECT_EQ(err.column, 11);
    EXPECT_NE(std::string(err.message).find("outside the 3x3 grid"), std::string::npos) << err.message;
    err = no_error();
    EXPECT_EQ(check(level.get(), "click 1,1", &err), PZ_ERR_PARSE);
    EXPECT_EQ(err.column, 1);
}

// ---------------------------------------------------------------- generate

TEST(LightsOutPlugin, GeneratesTheSameLevelForTheSameSeed) {
    const std::vector<std::pair<std::string, std::string>> params{{"width", "7"}, {"height", "6"}};
    const Generated a = generate(params, 42), b = generate(params, 42), c = generate(params, 43);
    ASSERT_EQ(a.code, PZ_OK) << a.err.message;
    ASSERT_EQ(c.code, PZ_OK) << c.err.message;
    EXPECT_EQ(encode(a.level.get()), encode(b.level.get()));
    EXPECT_NE(encode(a.level.get()), encode(c.level.get()));
    EXPECT_EQ(describe(a.level.get()).at("size"), "7x6");
    pz_error err = no_error();
    EXPECT_EQ(plugin().validate(a.level.get(), &err), PZ_OK) << err.message;
    const Solved s = solve(a.level.get()); // solvable by construction
    EXPECT_TRUE(s.result.status == PZ_SOLVE_UNIQUE || s.result.status == PZ_SOLVE_MULTIPLE);
}

TEST(LightsOutPlugin, GenerateRejectsBadParametersByName) {
    const Generated zero = generate({{"width", "0"}}, 1);
    EXPECT_EQ(zero.code, PZ_ERR_ARGUMENT);
    EXPECT_STREQ(zero.err.field, "width");
    const Generated too_many = generate({{"width", "3"}, {"height", "3"}, {"presses", "10"}}, 1);
    EXPECT_EQ(too_many.code, PZ_ERR_ARGUMENT);
    EXPECT_STREQ(too_many.err.field, "presses");
    const Generated never_unique = generate({{"unique", "true"}}, 1); // 5x5 has nullity 2
    EXPECT_EQ(never_unique.code, PZ_ERR_ARGUMENT);
    EXPECT_STREQ(never_unique.err.field, "unique");
    const Generated unique = generate({{"width", "3"}, {"height", "3"}, {"unique", "true"}}, 1);
    ASSERT_EQ(unique.code, PZ_OK) << unique.err.message;
    EXPECT_EQ(solve(unique.level.get()).result.status, PZ_SOLVE_UNIQUE);
}

// ---------------------------------------------------------------- play

TEST(LightsOutPlugin, PlayingTheSolutionSolvesTheLevel) {
    const Level level = level_of(kAllOn5);
    const Solved s = solve(level.get());
    ASSERT_FALSE(s.solutions.empty());
    pz_state *raw = nullptr;
    pz_error err = no_error();
    ASSERT_EQ(plugin().state_new(level.get(), &raw, &err), PZ_OK) << err.message;
    State state(raw);
    EXPECT_EQ(status(state.get()).phase, PZ_PLAY_ONGOING);
    EXPECT_STREQ(status(state.get()).message, "25 lights on");
    EXPECT_EQ(encode_state(state.get()), "press");
    std::vector<State> history; // states are immutable: each move makes a new one
    for (const std::string &move : moves_of(s.solutions[0])) {
        history.push_back(std::move(state));
        state = execute(history.back().get(), move);
        ASSERT_TRUE(state);
    }
    const pz_play_status done = status(state.get());
    EXPECT_EQ(done.phase, PZ_PLAY_SOLVED);
    EXPECT_EQ(done.moves, 15u);
    EXPECT_EQ(encode_state(state.get()), s.solutions[0]);
    EXPECT_EQ(status(history.front().get()).phase, PZ_PLAY_ONGOING); // the first state is unchanged

    // Pressing a cell twice is not pressing it.
    const State again = execute(state.get(), "p 0,0");
    const State back = execute(again.get(), "p 0,0");
    EXPECT_EQ(encode_state(back.get()), s.solutions[0]);

    // A solution text decodes straight to the finished state.
    ASSERT_EQ(plugin().state_decode(level.get(), s.solutions[0].data(), s.solutions[0].size(), &raw, &err), PZ_OK);
    const State decoded(raw);
    EXPECT_EQ(status(decoded.get()).phase, PZ_PLAY_SOLVED);
}

TEST(LightsOutPlugin, InterpretsClicksAsPresses) {
    const Level level = level_of(kAllOn5);
    pz_state *raw = nullptr;
    pz_error err = no_error();
    ASSERT_EQ(plugin().state_new(level.get(), &raw, &err), PZ_OK);
    const State state(raw);
    auto interpret = [&](const pz_input &in) {
        std::string move;
        const pz_text_sink sink = text_sink(move);
        EXPECT_EQ(plugin().interpret(state.get(), &in, &sink, &err), PZ_OK) << err.message;
        return move;
    };
    EXPECT_EQ(interpret(press_cell(2, 1)), "p 2,1");
    EXPECT_EQ(interpret(press_cell(4, 4)), "p 4,4");
    EXPECT_EQ(interpret(press_at(5, 5)), "");          // the margin
    EXPECT_EQ(interpret(press_at(500, 70)), "");       // right of the grid
    EXPECT_EQ(interpret(press_at(NAN, 70)), "");
    EXPECT_EQ(interpret(press_at(110, 70, 1)), "");    // right button
    // The host may name the cell itself (keyboard cursor): Space on row 3, column 1 presses that cell.
    pz_input key{};
    key.struct_size = sizeof key;
    key.kind = PZ_INPUT_KEY;
    key.key = ' ';
    key.has_cell = 1;
    key.cell_row = 3;
    key.cell_col = 1;
    EXPECT_EQ(interpret(key), "p 1,3");
    key.cell_row = 7; // off the board
    EXPECT_EQ(interpret(key), "");

    pz_state *out = nullptr;
    for (const std::string bad : {"p 5,0", "p", "press 1,1", "p 1;1"}) {
        err = no_error();
        EXPECT_EQ(plugin().execute(state.get(), bad.data(), bad.size(), &out, &err), PZ_ERR_ARGUMENT) << bad;
        EXPECT_STREQ(err.field, "move");
    }
}

// ---------------------------------------------------------------- edit

TEST(LightsOutPlugin, EditToggleChangesExactlyOneLight) {
    const Level level = level_of(kThreeByThree);
    std::string edit;
    const pz_text_sink sink = text_sink(edit);
    const pz_input in = press_cell(1, 0);
    pz_error err = no_error();
    ASSERT_EQ(plugin().edit_interpret(level.get(), "toggle", &in, &sink, &err), PZ_OK) << err.message;
    EXPECT_EQ(edit, "t 1,0");
    pz_level *raw = nullptr;
    ASSERT_EQ(plugin().edit_execute(level.get(), edit.data(), edit.size(), &raw, &err), PZ_OK) << err.message;
    const Level edited(raw);
    const std::string before = encode(level.get()), after = encode(edited.get());
    ASSERT_EQ(before.size(), after.size());
    int changed = 0;
    for (size_t i = 0; i < before.size(); ++i) changed += before[i] != after[i];
    EXPECT_EQ(changed, 1);
    EXPECT_EQ(after, "lightsout 1\nsize 3 3\n##.\n.#.\n..#\n");
    EXPECT_EQ(encode(level.get()), before); // the original level is untouched
}

TEST(LightsOutPlugin, EditClearAndBadEdits) {
    const Level level = level_of(kAllOn5);
    std::string edit;
    const pz_text_sink sink = text_sink(edit);
    const pz_input in = press_cell(0, 0);
    pz_error err = no_error();
    ASSERT_EQ(plugin().edit_interpret(level.get(), "clear", &in, &sink, &err), PZ_OK);
    EXPECT_EQ(edit, "clear");
    pz_level *raw = nullptr;
    ASSERT_EQ(plugin().edit_execute(level.get(), edit.data(), edit.size(), &raw, &err), PZ_OK);
    EXPECT_EQ(describe(Level(raw).get()).at("lights"), "0");

    EXPECT_EQ(plugin().edit_interpret(level.get(), "paint", &in, &sink, &err), PZ_ERR_ARGUMENT);
    EXPECT_STREQ(err.field, "tool");
    for (const std::string bad : {"t 9,9", "toggle 1,1", "clear all", ""}) {
        err = no_error();
        EXPECT_EQ(plugin().edit_execute(level.get(), bad.data(), bad.size(), &raw, &err), PZ_ERR_ARGUMENT) << bad;
        EXPECT_STREQ(err.field, "edit");
    }
}

// ---------------------------------------------------------------- render

TEST(LightsOutPlugin, RendersTheGridAndAPlayState) {
    const Level level = level_of("lightsout 1\nsize 4 3\n#...\n....\n...#\n");
    Drawing plain;
    ASSERT_EQ(render(level.get(), nullptr, plain), PZ_OK);
    EXPECT_EQ(plain.begins, 1);
    EXPECT_FLOAT_EQ(plain.width, 4 * 40 + 20);
    EXPECT_FLOAT_EQ(plain.height, 3 * 40 + 20);
    EXPECT_EQ(plain.polygons, 1 + 12); // frame + one per cell
    EXPECT_EQ(plain.circles, 0);
    EXPECT_EQ(plain.groups, (std::vector<std::string>{"grid", "lights"}));
    EXPECT_EQ(plain.open_groups, 0);

    pz_state *raw = nullptr;
    pz_error err = no_error();
    ASSERT_EQ(plugin().state_new(level.get(), &raw, &err), PZ_OK);
    const State start(raw);
    const State one = execute(start.get(), "p 1,1");
    const State two = execute(one.get(), "p 3,2");
    Drawing played;
    ASSERT_EQ(render(level.get(), two.get(), played), PZ_OK);
    EXPECT_EQ(played.polygons, 1 + 12);
    EXPECT_EQ(played.circles, 2);
    EXPECT_EQ(played.groups, (std::vector<std::string>{"grid", "lights", "presses"}));
    EXPECT_EQ(played.open_groups, 0);
}

// ---------------------------------------------------------------- the bundled pack

TEST(LightsOutPlugin, BundledLevelsParseValidateAndRoundTrip) {
    const std::filesystem::path dir = std::filesystem::path(PLUZZLE_SOURCE_DIR) / "data" / "lightsout";
    std::map<pz_solve_status, int> statuses;
    int files = 0;
    for (const auto &entry : std::filesystem::directory_iterator(dir)) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".lightsout" && ext != ".lo01") continue;
        SCOPED_TRACE(entry.path().string());
        ++files;
        const Parsed p = parse(file(entry.path().string()), ext == ".lo01" ? "plain" : "canonical");
        ASSERT_EQ(p.code, PZ_OK) << p.err.line << ":" << p.err.column << ": " << p.err.message;
        for (const auto &[level, name] : p.levels) {
            pz_error err = no_error();
            EXPECT_EQ(plugin().validate(level.get(), &err), PZ_OK) << name << ": " << err.message;
            const std::string once = encode(level.get());
            EXPECT_EQ(encode(level_of(once).get()), once) << name;
            const Solved s = solve(level.get());
            ++statuses[static_cast<pz_solve_status>(s.result.status)];
            for (const std::string &solution : s.solutions) EXPECT_EQ(check(level.get(), solution, &err), PZ_OK);
        }
    }
    EXPECT_GE(files, 2);
    EXPECT_GT(statuses[PZ_SOLVE_UNIQUE], 0);
    EXPECT_GT(statuses[PZ_SOLVE_MULTIPLE], 0);
    // The main job bulk-solves this pack and must end green: an impossible level belongs in the tests.
    EXPECT_EQ(statuses[PZ_SOLVE_UNSOLVABLE], 0);
}

} // namespace
