// Pivot mode (Flood-It): A* against breadth-first search over the same blob states on small boards, and the
// ColorFill project's published optimal solutions replayed through our rules.
#include "kami_test_support.hpp"

#include "pivot_solver.hpp"
#include "relaxed_game.hpp"
#include "superset_index.hpp"

#include <optional>
#include <random>
#include <set>

using namespace kami;
using namespace kami::test;

namespace {

// The fewest moves by breadth-first search over the cells themselves (no regions, no bound): the reference.
int fewest_moves(const Board &b) {
    std::set<std::vector<uint8_t>> seen{b.cells};
    std::vector<std::vector<uint8_t>> layer{b.cells};
    for (int moves = 0;; ++moves) {
        std::vector<std::vector<uint8_t>> next;
        for (const auto &cells : layer) {
            if (one_colour(cells)) return moves;
            for (uint8_t c = 1; c <= b.colours; ++c) {
                if (c == cells[size_t(b.pivot)]) continue;
                auto after = apply_move(b, cells, {b.pivot, c});
                if (seen.insert(after).second) next.push_back(std::move(after));
            }
        }
        layer = std::move(next);
    }
}

Board random_board(std::mt19937_64 &rng, int rows, int cols, int colours) {
    Board b;
    b.grid = rng() % 2 ? Grid::Square : Grid::Triangle;
    b.mode = Mode::Pivot;
    b.rows = rows;
    b.cols = b.grid == Grid::Triangle ? 2 * cols : cols;
    b.colours = colours;
    for (int64_t i = 0; i < b.size(); ++i)
        b.cells.push_back(uint8_t(1 + rng() % uint64_t(colours)));
    b.pivot = int64_t(rng() % uint64_t(b.size()));
    validate_board(b);
    return b;
}

// A published Flood-It set (ColorFill's pc19, or b14c8 with 8 colours) and its optimal move lists (as owned strings),
// or nothing without the data.
struct PublishedSet {
    std::vector<pluzzle::Parsed<Board>> levels;
    std::vector<std::string> optima;
    const Board &board(size_t i) const { return levels.at(i).level; }
};
std::optional<PublishedSet> published_set(const std::string &boards_file, const std::string &optima_file) {
    const std::string boards = shared_kami("floodit/" + boards_file);
    if (!std::filesystem::exists(boards)) return std::nullopt;
    PublishedSet data;
    data.levels = parse_levels(read_file(boards), "floodit");
    const std::string optima = read_file(shared_kami("floodit/" + optima_file));
    for (const pluzzle::Line &line : pluzzle::split_lines(optima))
        if (!pluzzle::trim(line.text).empty()) data.optima.emplace_back(pluzzle::trim(line.text));
    return data;
}
std::optional<PublishedSet> pc19() { return published_set("pc19_tiles.txt", "pc19_optimal_solutions.txt"); }

// Solves boards [0, count) of a set and compares each with its published optimum, replay-checked.
void expect_published_optima(const PublishedSet &data, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        const Board &b = data.board(i);
        pluzzle::SolveControl control(nullptr, nullptr);
        const PivotReport r = solve_pivot(b, control);
        ASSERT_EQ(r.status, PZ_SOLVE_SOLVED) << "board " << i;
        EXPECT_EQ(r.moves.size(), data.optima.at(i).size()) << "board " << i;
        EXPECT_EQ(r.lower_bound, int(r.moves.size())) << "board " << i;
        EXPECT_TRUE(replays_to_one_colour(b, r.moves)) << "board " << i;
    }
}

} // namespace

TEST(KamiPivotSolver, MatchesBreadthFirstSearchOnSmallBoards) {
    std::mt19937_64 rng(21);
    for (int round = 0; round < 60; ++round) {
        const Board b = random_board(rng, 3 + int(rng() % 3), 3 + int(rng() % 3), 3 + int(rng() % 3));
        pluzzle::SolveControl control(nullptr, nullptr);
        const PivotReport r = solve_pivot(b, control);
        ASSERT_EQ(r.status, PZ_SOLVE_SOLVED) << encode_board(b);
        EXPECT_EQ(int(r.moves.size()), fewest_moves(b)) << encode_board(b);
        EXPECT_EQ(r.lower_bound, int(r.moves.size()));
        EXPECT_TRUE(replays_to_one_colour(b, r.moves)) << encode_board(b);
    }
}

// Boards beyond breadth-first search's reach: the fast search and the textbook A* with the same bound (no
// dominance, no partial expansion, no derived levels, no grandparent replacement) agree on every optimum.
TEST(KamiPivotSolver, AgreesWithThePlainAStarOnLargerBoards) {
    std::mt19937_64 rng(23);
    uint64_t fast_nodes = 0, plain_nodes = 0;
    for (int round = 0; round < 40; ++round) {
        const Board b = random_board(rng, 7 + int(rng() % 4), 7 + int(rng() % 4), 4 + int(rng() % 3));
        pluzzle::SolveControl control(nullptr, nullptr);
        const PivotReport fast = solve_pivot(b, control);
        PivotSearch plain;
        plain.plain = true;
        const PivotReport reference = solve_pivot(b, control, plain);
        ASSERT_EQ(fast.status, PZ_SOLVE_SOLVED) << encode_board(b);
        ASSERT_EQ(reference.status, PZ_SOLVE_SOLVED) << encode_board(b);
        EXPECT_EQ(fast.moves.size(), reference.moves.size()) << encode_board(b);
        EXPECT_TRUE(replays_to_one_colour(b, reference.moves)) << encode_board(b);
        fast_nodes += fast.nodes, plain_nodes += reference.nodes;
    }
    EXPECT_LT(fast_nodes, plain_nodes); // two different searches were compared
}

// The bound's shortcut (relaxed_game.hpp): one relaxed run per state gives every child's bound -- the parent's,
// one less after a move that lowers it, less the colours its wipe-outs finish -- and the levels of a child that
// lowers it. Checked against a fresh run from each child, along random games on random boards, with both kinds of
// region set.
template <class S> void check_child_bounds(uint64_t seed) {
    std::mt19937_64 rng(seed);
    int children = 0, lowered = 0, followed = 0;
    for (int round = 0; round < 150; ++round) {
        const Board b = random_board(rng, 4 + int(rng() % 6), 4 + int(rng() % 6), 3 + int(rng() % 5));
        const RegionGraph g = region_graph(b, b.cells);
        const BlobRules<S> rules(g);
        RelaxedGame<S> parent(rules), fresh(rules);
        S blob;
        blob.set(g.region_of[size_t(b.pivot)]);
        S front = rules.neighbours(blob);
        rules.wipe_out(blob, front);
        while (!front.empty()) {
            const int h = parent.run(blob, front);
            const unsigned lower = parent.lowering_moves(front);
            const unsigned moves = rules.colours_in(front);
            EXPECT_EQ(lower & ~moves, 0u);
            for (unsigned rest = moves; rest; rest &= rest - 1) {
                const int c = __builtin_ctz(rest);
                S x = blob, xf = front;
                rules.play(x, xf, c);
                S y = x, yf = xf; // the colours a child may wipe out at once are among those the parent names
                const unsigned wipes = rules.wipe_out(x, xf);
                ASSERT_EQ(rules.wipe_out(y, yf, parent.child_wipes()), wipes) << encode_board(b) << " colour " << c;
                const int wiped = __builtin_popcount(wipes);
                ASSERT_EQ(fresh.run(x, xf), h - wiped - int(lower >> c & 1)) << encode_board(b) << " colour " << c;
                ++children, lowered += int(lower >> c & 1);
                if (!(lower >> c & 1)) continue;
                // The levels of a child that lowers the bound, derived from the parent's, are those its own run
                // finds, and so are the moves that lower its bound.
                RelaxedGame<S> derived = parent;
                ASSERT_TRUE(derived.follow(c, x)) << encode_board(b) << " colour " << c;
                EXPECT_TRUE(derived.same_levels(fresh)) << encode_board(b) << " colour " << c;
                EXPECT_EQ(derived.lowering_moves(xf), fresh.lowering_moves(xf)) << encode_board(b) << " colour " << c;
                ++followed;
            }
            int c = 0; // a random move on
            for (unsigned pick = unsigned(rng() % unsigned(__builtin_popcount(moves))), rest = moves;; rest &= rest - 1)
                if (pick-- == 0) {
                    c = __builtin_ctz(rest);
                    break;
                }
            rules.play(blob, front, c);
            rules.wipe_out(blob, front);
        }
    }
    EXPECT_GT(lowered, children / 20); // both answers are exercised
    EXPECT_LT(lowered, children);
    EXPECT_EQ(followed, lowered);
}

TEST(KamiPivotSolver, EachChildsBoundFollowsFromItsParentsRelaxedRun) {
    check_child_bounds<FixedSet<3>>(31); // boards of at most 9x18 cells
    check_child_bounds<DynamicSet>(32);
}

TEST(KamiPivotSolver, TheSupersetIndexFindsOnlyStrictSupersetsAtNoGreaterDepth) {
    SupersetIndex<FixedSet<1>> index(8);
    FixedSet<1> a, ab, abc, c;
    a.set(0), ab.set(0), ab.set(1), abc.set(0), abc.set(1), abc.set(2), c.set(2);
    index.add(ab, 5);
    EXPECT_TRUE(index.covers(a, 5));    // strictly inside, same depth
    EXPECT_TRUE(index.covers(a, 7));    // strictly inside, reached in more moves
    EXPECT_FALSE(index.covers(a, 4));   // fewer moves than the superset took
    EXPECT_FALSE(index.covers(ab, 9));  // the same blob is no proof
    EXPECT_FALSE(index.covers(abc, 9)); // a superset of it is not covered
    EXPECT_FALSE(index.covers(c, 9));
    index.add(abc, 3);
    EXPECT_TRUE(index.covers(c, 3));
    EXPECT_TRUE(index.covers(ab, 3));
}

// Many more blobs than the index's window, nested ones among them: a query finds every strict superset at no greater
// depth among the latest (the window less a word of slots, which it forgets at once), and reports no false one.
TEST(KamiPivotSolver, TheSupersetIndexKnowsTheLatestBlobs) {
    using S = FixedSet<2>;
    constexpr size_t kWindow = SupersetIndex<S>::kWindow;
    std::mt19937_64 rng(51);
    std::array<std::vector<int32_t>, 3> orders; // blobs are prefixes of these: many contain one another
    for (auto &order : orders) {
        for (int32_t r = 0; r < 100; ++r)
            order.push_back(r);
        std::shuffle(order.begin(), order.end(), rng);
    }
    const auto blob = [&]() {
        S b;
        const auto &order = orders[rng() % orders.size()];
        for (size_t i = 0, n = 20 + rng() % 60; i < n; ++i)
            b.set(order[i]);
        return std::pair{b, int(rng() % 20)};
    };
    SupersetIndex<S> index(100);
    std::vector<std::pair<S, int>> added;
    int found = 0;
    for (size_t i = 0; i < 3 * kWindow; ++i) {
        added.push_back(blob());
        index.add(added.back().first, added.back().second);
        const auto [q, depth] = blob();
        bool sure = false, maybe = false; // a superset among the latest the window always holds; among all it holds
        for (size_t k = 1; k <= std::min(added.size(), kWindow); ++k) {
            const auto &[e, d] = added[added.size() - k];
            if (d > depth || !q.subset_of(e) || q == e) continue;
            maybe = true, sure = sure || k <= kWindow - 64;
        }
        const bool covered = index.covers(q, depth);
        if (sure) {
            EXPECT_TRUE(covered) << i;
        }
        if (!maybe) {
            EXPECT_FALSE(covered) << i;
        }
        found += covered;
    }
    EXPECT_GT(found, int(kWindow)); // the test has something to find
}

// More than 512 regions: the search runs on heap-backed sets. A checkerboard from a corner takes one diagonal a
// move, so its optimum is the distance to the far corner.
TEST(KamiPivotSolver, ABoardWithManyRegionsIsSolvedToo) {
    Board b;
    b.mode = Mode::Pivot, b.grid = Grid::Square, b.rows = 20, b.cols = 30, b.colours = 2;
    for (int64_t i = 0; i < b.size(); ++i)
        b.cells.push_back(uint8_t(1 + (i / b.cols + i % b.cols) % 2));
    validate_board(b);
    pluzzle::SolveControl control(nullptr, nullptr);
    const PivotReport r = solve_pivot(b, control);
    ASSERT_EQ(r.status, PZ_SOLVE_SOLVED);
    EXPECT_EQ(r.regions, 600);
    EXPECT_EQ(r.moves.size(), size_t(b.rows + b.cols - 2));
    EXPECT_TRUE(replays_to_one_colour(b, r.moves));
}

// Real files: every published optimal solution of pc19 replays to one colour under our rules.
TEST(KamiPivotSolver, ThePublishedOptimaReplayUnderOurRules) {
    const auto data = pc19();
    if (!data) GTEST_SKIP() << "no pc19 data";
    ASSERT_EQ(data->levels.size(), 1000u);
    ASSERT_EQ(data->optima.size(), 1000u);
    size_t total = 0;
    for (size_t i = 0; i < data->levels.size(); ++i) {
        const Board &b = data->board(i);
        std::vector<Move> theirs;
        for (char c : data->optima[i])
            theirs.push_back({b.pivot, uint8_t(c - '0')});
        total += theirs.size();
        EXPECT_TRUE(replays_to_one_colour(b, theirs)) << "board " << i;
    }
    EXPECT_EQ(total, 20086u); // the sum the data's README gives
}

// Real boards: the first pc19 boards solved optimally (as many moves as the published optimum), replay-checked.
TEST(KamiPivotSolver, MatchesThePublishedOptimaOnTheFirstPc19Boards) {
    const auto data = pc19();
    if (!data) GTEST_SKIP() << "no pc19 data";
    expect_published_optima(*data, 20);
}

// The 8-colour set (14x14, b14c8n1000): fewer, larger regions per colour and longer optima (about 25 moves).
TEST(KamiPivotSolver, MatchesThePublishedOptimaOnTheFirstEightColourBoards) {
    const auto data = published_set("b14c8n1000.txt", "b14c8n1000_optimal_solutions.txt");
    if (!data) GTEST_SKIP() << "no b14c8 data";
    ASSERT_EQ(data->levels.size(), 1000u);
    expect_published_optima(*data, 10);
}

TEST(KamiPivotSolver, StopsWhenTheControlSaysSoWithAProvenLowerBound) {
    const auto data = pc19();
    if (!data) GTEST_SKIP() << "no pc19 data";
    pz_solve_request request{};
    request.struct_size = sizeof request;
    request.node_limit = 50;
    pluzzle::SolveControl control(&request, nullptr);
    const PivotReport r = solve_pivot(data->board(0), control);
    EXPECT_EQ(r.status, PZ_SOLVE_LIMIT);
    EXPECT_GT(r.lower_bound, 0);
    EXPECT_LE(r.lower_bound, int(data->optima.at(0).size())); // 19
}

// The memory guard: a search whose stored states would outgrow its budget stops as at a node limit, with a proven
// lower bound.
TEST(KamiPivotSolver, StopsWhenItsStatesWouldOutgrowTheMemoryBudget) {
    std::mt19937_64 rng(41);
    const Board b = random_board(rng, 14, 14, 6);
    pluzzle::SolveControl unlimited(nullptr, nullptr);
    const PivotReport full = solve_pivot(b, unlimited);
    ASSERT_EQ(full.status, PZ_SOLVE_SOLVED);
    pluzzle::SolveControl control(nullptr, nullptr);
    PivotSearch small;
    small.memory_budget = 16 << 10;
    const PivotReport r = solve_pivot(b, control, small);
    EXPECT_EQ(r.status, PZ_SOLVE_LIMIT);
    EXPECT_TRUE(r.moves.empty());
    EXPECT_GT(r.lower_bound, 0);
    EXPECT_LE(r.lower_bound, int(full.moves.size()));
    EXPECT_LT(r.nodes, full.nodes);
    PivotSearch room;
    room.memory_budget = size_t(1) << 30;
    EXPECT_EQ(solve_pivot(b, control, room).status, PZ_SOLVE_SOLVED); // room enough
}

// The exact search takes connected boards only: the facade (pivot_mode.hpp) deals with the rest.
TEST(KamiPivotSolver, TheExactSearchRefusesABoardHolesCutApart) {
    const Board b = board_from("kami 1\ngrid square\nmode pivot\nsize 3 1\ncolours 2\npivot 0 0\ncells\n1.2\n");
    pluzzle::SolveControl control(nullptr, nullptr);
    EXPECT_EQ(solve_pivot(b, control).status, PZ_SOLVE_UNSOLVABLE);
}
