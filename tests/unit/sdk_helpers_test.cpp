// The SDK's helpers for plugin authors (char_grid.hpp, rng.hpp, text.hpp, solve_control.hpp, input.hpp),
// tested on their own: each is code every plugin would otherwise write again.
#include <pluzzle/char_grid.hpp>
#include <pluzzle/input.hpp>
#include <pluzzle/params.hpp>
#include <pluzzle/rng.hpp>
#include <pluzzle/solve_control.hpp>
#include <pluzzle/text.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <numeric>
#include <random>
#include <tuple>

using namespace pluzzle;

namespace {

std::string parse_message(const std::function<void()> &f, int *line = nullptr, int *column = nullptr) {
    try {
        f();
    } catch (const Error &e) {
        if (line) *line = e.line();
        if (column) *column = e.column();
        EXPECT_EQ(e.code(), PZ_ERR_PARSE);
        return e.what();
    }
    ADD_FAILURE() << "no parse error";
    return {};
}

} // namespace

TEST(Trim, StripsLineBreaksAndBlanksOnBothSides) {
    EXPECT_EQ(trim("  a b\t\r\n"), "a b");
    EXPECT_EQ(trim("\n\n"), "");
    EXPECT_EQ(trim(""), "");
    EXPECT_EQ(trim("x"), "x");
}

TEST(CharGrid, ReadsRowsWithSeparatorsAndSkipsDrawnLines) {
    const auto lines = split_lines("size\n1 2 | 3\n------\n4 5 | 6\n\nrest");
    size_t next = 1;
    const CharGrid g = read_char_grid(lines, next, {"123456", 0, 0, " |-"});
    EXPECT_EQ(g.width, 3);
    EXPECT_EQ(g.height, 2);
    EXPECT_EQ(g.at(1, 2), '6');
    EXPECT_EQ(g.lines, (std::vector<int>{2, 4}));
    EXPECT_EQ(next, 4u) << "stops at the blank line";
}

TEST(CharGrid, ALineHandedOverWithItsLineBreakReadsTheSame) {
    size_t next = 0;
    const CharGrid g = read_char_grid({{"ab\r\n", 7}}, next, {"ab"});
    EXPECT_EQ(g.width, 2);
    EXPECT_EQ(g.lines, (std::vector<int>{7}));
}

TEST(CharGrid, EveryErrorNamesItsLineAndColumn) {
    const auto lines = split_lines("ab\nax\nabc\n");
    int line = 0, column = 0;
    size_t next = 0;
    std::string m = parse_message([&] { read_char_grid(lines, next, {"ab", 2, 2}); }, &line, &column);
    EXPECT_NE(m.find("bad character 'x' in row 2"), std::string::npos) << m;
    EXPECT_EQ(line, 2);
    EXPECT_EQ(column, 2);

    next = 0;
    m = parse_message([&] { read_char_grid(split_lines("ab\na\n"), next, {"ab"}); }, &line, &column);
    EXPECT_NE(m.find("row 2 has 1 cells, expected 2"), std::string::npos) << m;
    EXPECT_EQ(line, 2);

    next = 0;
    m = parse_message([&] { read_char_grid(split_lines("aa\nabb\n"), next, {"ab", 2}); }, &line, &column);
    EXPECT_NE(m.find("row 2 has 3 cells, expected 2"), std::string::npos) << m;
    EXPECT_EQ(column, 3) << "the first cell too many";

    next = 0;
    m = parse_message([&] { read_char_grid(split_lines("ab\nab\n"), next, {"ab", 2, 3}); }, &line, &column);
    EXPECT_NE(m.find("expected 3 rows, found 2"), std::string::npos) << m;
    EXPECT_EQ(line, 3) << "the line where the missing row belongs";

    next = 0;
    m = parse_message([&] { read_char_grid(split_lines("aaaa\n"), next, {"a", 0, 0, {}, 3}); });
    EXPECT_NE(m.find("more than 3 columns"), std::string::npos) << m;

    next = 0; // the next level's header where a row should be: too few rows, not a bad character
    m = parse_message(
        [&] {
            read_char_grid(split_lines("ab\nlevel 2\n"), next, {"ab", 2, 2, {}, 1000, "level"});
        },
        &line, &column);
    EXPECT_NE(m.find("expected 2 rows, found 1"), std::string::npos) << m;
    EXPECT_EQ(line, 2);
}

TEST(Rng, IsMt19937_64WithPortableMappings) {
    Rng rng(42);
    std::mt19937_64 reference(42);
    for (int i = 0; i < 100; ++i) {
        const uint64_t n = uint64_t(i % 17 + 1);
        EXPECT_EQ(rng.below(n), reference() % n);
    }
    const double u = rng.unit();
    EXPECT_EQ(u, double(reference() >> 11) * 0x1.0p-53);
    EXPECT_GE(u, 0.0);
    EXPECT_LT(u, 1.0);
    for (int i = 0; i < 1000; ++i) {
        const int64_t v = rng.between(-3, 3);
        EXPECT_GE(v, -3);
        EXPECT_LE(v, 3);
    }
}

// Vigna's splitmix64.c seeded with 0 gives these first outputs; a generator's attempt k draws from the k+1-th
// output of a SplitMix64 stream started at the level's seed.
TEST(Rng, SplitMix64AndDerivedSeedsMatchTheReferenceStream) {
    EXPECT_EQ(splitmix64(0), 0xE220A8397B1DCDAFull);
    EXPECT_EQ(derived_seed(0, 0), 0xE220A8397B1DCDAFull);
    EXPECT_EQ(derived_seed(0, 1), 0x6E789E6AA1B965F4ull);
    EXPECT_EQ(derived_seed(0, 2), 0x06C45D188009454Full);
    EXPECT_NE(derived_seed(7, 0), derived_seed(8, 0));
    static_assert(derived_seed(5, 3) == splitmix64(5 + 3 * 0x9E3779B97F4A7C15ull)); // usable in constant expressions
}

TEST(Rng, ShuffleIsFisherYatesAndAPermutation) {
    std::vector<int> v(50), w(50);
    std::iota(v.begin(), v.end(), 0);
    w = v;
    Rng a(7);
    a.shuffle(v);
    std::mt19937_64 reference(7);
    for (size_t i = w.size(); i > 1; --i)
        std::swap(w[i - 1], w[reference() % i]);
    EXPECT_EQ(v, w) << "the same draws on every standard library";
    std::sort(v.begin(), v.end());
    for (int i = 0; i < 50; ++i)
        EXPECT_EQ(v[size_t(i)], i);
    std::vector<int> empty;
    a.shuffle(empty);
    EXPECT_TRUE(empty.empty());
}

TEST(SolveControl, CountedStatusFromSolutionsFoundAndWhetherTheSearchFinished) {
    auto status_after = [](uint32_t wanted, int found, bool searched_all) {
        pz_solve_request r{};
        r.struct_size = sizeof r;
        r.max_solutions = wanted;
        SolveControl c(&r, nullptr);
        for (int i = 0; i < found; ++i)
            c.solution("s");
        return c.counted_status(searched_all);
    };
    EXPECT_EQ(status_after(2, 0, true), PZ_SOLVE_UNSOLVABLE);
    EXPECT_EQ(status_after(2, 1, true), PZ_SOLVE_UNIQUE);
    EXPECT_EQ(status_after(2, 2, false), PZ_SOLVE_MULTIPLE);
    EXPECT_EQ(status_after(1, 1, false), PZ_SOLVE_SOLVED) << "one wanted, one found: uniqueness unknown";
    EXPECT_EQ(status_after(2, 0, false), PZ_SOLVE_LIMIT) << "stopped with nothing: the stop's reason";
}

TEST(SolveControl, HasEnoughAtTheWantedCount) {
    SolveControl c(nullptr, nullptr); // no request: 2 wanted
    EXPECT_FALSE(c.has_enough());
    c.solution("a");
    EXPECT_FALSE(c.has_enough());
    c.solution("b");
    EXPECT_TRUE(c.has_enough());
}

TEST(SubSearch, HasItsOwnLimitsStopsWithItsParentAndCountsItsNodesThere) {
    bool cancel = false;
    pz_solve_request r{};
    r.struct_size = sizeof r;
    r.ctx = &cancel;
    r.should_stop = [](void *ctx) { return *static_cast<bool *>(ctx) ? 1 : 0; };
    SolveControl parent(&r, nullptr);
    {
        SubSearch sub({1, 100});
        int ticks = 0;
        while (!sub.control().tick())
            ++ticks;
        EXPECT_EQ(ticks, 99) << "its own node limit";
        EXPECT_EQ(sub.control().stop_status(), PZ_SOLVE_LIMIT);
        EXPECT_EQ(sub.control().max_solutions(), 1u);
    }
    {
        SubSearch sub({}, &parent);
        cancel = true;
        EXPECT_TRUE(sub.control().poll()) << "the parent's cancel flag stops it";
        EXPECT_EQ(sub.control().stop_status(), PZ_SOLVE_CANCELLED);
        sub.control().tick(41);
    }
    EXPECT_EQ(parent.nodes(), 41u) << "the sub-search's nodes are the parent's";
}

TEST(Input, WordCellReadsAnyWordAndRefusesTheRestNamingTheField) {
    const auto [word, cell] = word_cell("7 2,1", 3, 4, "move");
    EXPECT_EQ(word, "7");
    EXPECT_EQ(cell, (grid::Cell{1, 2}));
    for (const char *bad : {"7", "7 9,9", "7 2,1 x", ""}) {
        try {
            word_cell(bad, 3, 4, "move");
            ADD_FAILURE() << "accepted '" << bad << "'";
        } catch (const Error &e) {
            EXPECT_EQ(e.code(), PZ_ERR_ARGUMENT);
            EXPECT_EQ(e.field(), "move");
        }
    }
}

TEST(Params, RangeErrorsWriteNumbersAsTheyAreDeclared) {
    const std::vector<ParamDesc> declared = {{"clues", PZ_PARAM_INT, "28", 17, 81, "", ""},
                                             {"share", PZ_PARAM_REAL, "0.5", 0.25, 0.75, "", ""}};
    for (const auto &[key, value, expected] :
         {std::tuple<std::string, std::string, std::string>{"clues", "5", "out of range [17, 81]"},
          {"share", "0.9", "out of range [0.25, 0.75]"}}) {
        try {
            Params(declared, {{key, value}});
            ADD_FAILURE() << key << "=" << value << " accepted";
        } catch (const Error &e) {
            EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
            EXPECT_EQ(e.field(), key);
        }
    }
}
