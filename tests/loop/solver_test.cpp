// The solver against a brute-force reference on small boards, and on real boards from the wild.
#include "loop_test_support.hpp"

using namespace loop;
using namespace loop::test;

namespace {

// Planted small boards (a random solution, then each tile turned) so that most have solutions, plus raw random
// boards so that many have none.
Board planted(std::mt19937_64 &rng, Shape shape, Rule rule, bool wrap, int rows, int cols) {
    Board b = random_board(rng, shape, rule, wrap, rows, cols);
    std::fill(b.tiles.begin(), b.tiles.end(), 0);
    for (int64_t i = 0; i < b.size(); ++i)
        for (int d = 0; d < directions(shape); ++d) {
            const int64_t j = b.neighbour(i, d);
            if (j > i && rng() % 2) {
                b.tiles[size_t(i)] |= uint8_t(1u << d);
                b.tiles[size_t(j)] |= uint8_t(1u << opposite(shape, d));
            }
        }
    for (auto &t : b.tiles) t = rotate(shape, t, int(rng() % uint64_t(directions(shape))));
    return b;
}

// A random spanning tree (Kruskal over the edges in random order), then each tile turned: a solvable Net board.
Board planted_tree(std::mt19937_64 &rng, Shape shape, bool wrap, int rows, int cols) {
    Board b = random_board(rng, shape, Rule::Net, wrap, rows, cols);
    std::fill(b.tiles.begin(), b.tiles.end(), 0);
    std::vector<std::pair<int64_t, int>> edges;
    for (int64_t i = 0; i < b.size(); ++i)
        for (int d = 0; d < directions(shape); ++d)
            if (b.neighbour(i, d) > i) edges.emplace_back(i, d);
    std::shuffle(edges.begin(), edges.end(), rng);
    pluzzle::UnionFind uf(b.size());
    for (auto [i, d] : edges) {
        const int64_t j = b.neighbour(i, d);
        if (!uf.unite(i, j)) continue;
        b.tiles[size_t(i)] |= uint8_t(1u << d);
        b.tiles[size_t(j)] |= uint8_t(1u << opposite(shape, d));
    }
    for (auto &t : b.tiles) t = rotate(shape, t, int(rng() % uint64_t(directions(shape))));
    return b;
}

void expect_matches_brute_force(const Board &b) {
    const uint64_t expected = brute_force_count(b);
    const SolveReport r = solve(b, 2);
    ASSERT_TRUE(r.status == PZ_SOLVE_UNIQUE || r.status == PZ_SOLVE_MULTIPLE || r.status == PZ_SOLVE_UNSOLVABLE);
    if (b.rule == Rule::Loop) {
        ASSERT_TRUE(r.counted);
        EXPECT_EQ(r.count, expected) << encode_board(b);
    }
    EXPECT_EQ(r.status, expected == 0 ? PZ_SOLVE_UNSOLVABLE : expected == 1 ? PZ_SOLVE_UNIQUE : PZ_SOLVE_MULTIPLE)
        << encode_board(b);
    EXPECT_EQ(r.solutions.size(), std::min<uint64_t>(expected, 2));
    for (auto &s : r.solutions) EXPECT_TRUE(solved(b, s)) << encode_board(b);
    if (r.solutions.size() == 2) {
        EXPECT_NE(r.solutions[0], r.solutions[1]);
    }
}

} // namespace

TEST(LoopSolver, CountsMatchBruteForceOnSmallSquareBoards) {
    std::mt19937_64 rng(11);
    for (int round = 0; round < 150; ++round) {
        const bool wrap = round % 3 == 0;
        const int rows = 2 + (round % 10 == 0), cols = 2 + int(rng() % 2) + (round % 10 != 0); // up to 3x3, 4^9 turns
        expect_matches_brute_force(planted(rng, Shape::Square, Rule::Loop, wrap, rows, cols));
        expect_matches_brute_force(random_board(rng, Shape::Square, Rule::Loop, wrap, rows, cols));
    }
}

TEST(LoopSolver, CountsMatchBruteForceOnSmallHexBoards) {
    std::mt19937_64 rng(12);
    for (int round = 0; round < 60; ++round) {
        const bool wrap = round % 3 == 0;
        const int rows = 2, cols = 2 + int(rng() % 2);
        expect_matches_brute_force(planted(rng, Shape::Hex, Rule::Loop, wrap, rows, cols));
    }
}

TEST(LoopSolver, NetVerdictsMatchBruteForce) {
    std::mt19937_64 rng(13);
    for (int round = 0; round < 120; ++round) {
        const Shape shape = round % 2 ? Shape::Hex : Shape::Square;
        const int rows = 2, cols = shape == Shape::Hex ? 2 + int(rng() % 2) : 2 + int(rng() % 3);
        expect_matches_brute_force(planted(rng, shape, Rule::Net, round % 4 == 0, rows, cols));
    }
}

// Boards too large for brute force, where the Net search guesses, hits dead ends and backjumps: verdicts against
// the reference, with the pocket checks as they run by default and forced on from the first guess.
TEST(LoopSolver, NetVerdictsMatchTheReferenceOnLargerBoards) {
    std::mt19937_64 rng(14);
    SolveOptions forced;
    forced.net_large_board = 0;
    forced.net_struggle = 0;
    int multiple = 0, unique = 0, unsolvable = 0;
    for (int round = 0; round < 150; ++round) {
        const Shape shape = round % 3 == 2 ? Shape::Hex : Shape::Square;
        const bool wrap = round % 4 == 0;
        const int rows = 4 + int(rng() % 2), cols = 4 + int(rng() % 3);
        Board b = planted_tree(rng, shape, wrap, rows, cols);
        const std::vector<uint8_t> tree = b.tiles;
        if (round % 5 == 4) // one tile changed for another shape with as many pipe ends: mostly unsolvable
            for (int64_t i = 0; i < b.size() && b.tiles == tree; ++i) {
                const uint8_t t = b.tiles[size_t(i)];
                for (uint8_t m = 1; m <= all_directions(shape) && t; ++m) {
                    bool a_turn_of_t = false;
                    for (int r = 0; r < directions(shape); ++r) a_turn_of_t = a_turn_of_t || rotate(shape, t, r) == m;
                    if (bit_count(m) == bit_count(t) && !a_turn_of_t) {
                        b.tiles[size_t(i)] = m;
                        break;
                    }
                }
            }
        const uint64_t expected = reference_count(b, 3);
        const pz_solve_status verdict = expected == 0   ? PZ_SOLVE_UNSOLVABLE
                                        : expected == 1 ? PZ_SOLVE_UNIQUE
                                                        : PZ_SOLVE_MULTIPLE;
        (verdict == PZ_SOLVE_MULTIPLE ? multiple : verdict == PZ_SOLVE_UNIQUE ? unique : unsolvable) += 1;
        for (const SolveOptions &options : {SolveOptions{}, forced}) {
            const SolveReport r = solve(b, 2, true, options);
            EXPECT_EQ(r.status, verdict) << encode_board(b);
            EXPECT_EQ(r.solutions.size(), std::min<uint64_t>(expected, 2)) << encode_board(b);
            for (auto &s : r.solutions) EXPECT_TRUE(solved(b, s)) << encode_board(b);
        }
    }
    // The set exercises every verdict (planted boards of this size are often ambiguous).
    EXPECT_GT(multiple, 10);
    EXPECT_GT(unique, 3);
    EXPECT_GT(unsolvable, 3);
}

// Planted trees large enough for dead ends far from their cause, where the search backjumps: always solved, and
// the verdict (unique or not) the same whether pocket checks run from the start or not.
TEST(LoopSolver, NetPlantedTreesAreAlwaysSolvedAndVerdictsAgree) {
    std::mt19937_64 rng(15);
    SolveOptions forced, never;
    forced.net_large_board = 0;
    forced.net_struggle = 0;
    never.net_large_board = int64_t(1) << 40;
    never.net_struggle = uint64_t(1) << 40;
    for (int round = 0; round < 24; ++round) {
        const Shape shape = round % 3 == 2 ? Shape::Hex : Shape::Square;
        const int side = 16 + int(rng() % 32);
        const Board b = planted_tree(rng, shape, round % 4 == 0, side, side);
        const SolveReport with = solve(b, 2, true, forced), without = solve(b, 2, true, never);
        ASSERT_TRUE(with.status == PZ_SOLVE_UNIQUE || with.status == PZ_SOLVE_MULTIPLE) << encode_board(b);
        EXPECT_EQ(with.status, without.status) << encode_board(b);
        for (const SolveReport *r : {&with, &without})
            for (auto &s : r->solutions) EXPECT_TRUE(solved(b, s)) << encode_board(b);
    }
}

TEST(LoopSolver, LockedTilesStayAsGiven) {
    // A 1x2 row "east end, west end": unique when locked as given, and the lock is respected.
    Board b = board_from("loop 1\nrules loop\ngrid square\nsize 2 1\ntiles\n28\nlocked\n#.\n");
    const SolveReport r = solve(b);
    ASSERT_EQ(r.status, PZ_SOLVE_UNIQUE);
    EXPECT_EQ(r.solutions[0], (std::vector<uint8_t>{2, 8}));
    b.tiles = {1, 8}; // the locked tile points north, off the board: no solution
    EXPECT_EQ(solve(b).status, PZ_SOLVE_UNSOLVABLE);
}

TEST(LoopSolver, StopsWhenTheControlSaysSo) {
    std::mt19937_64 rng(5);
    Board b = planted(rng, Shape::Square, Rule::Loop, false, 60, 60);
    pz_solve_request request{};
    request.struct_size = sizeof request;
    request.node_limit = 3;
    pluzzle::SolveControl control(&request, nullptr);
    const SolveReport r = solve_board(b, control, {});
    EXPECT_EQ(r.status, PZ_SOLVE_LIMIT);
    EXPECT_TRUE(r.solutions.empty());
    EXPECT_FALSE(r.counted);
}

// Real files from the wild: the hwab instances (bearific5 has 80,640 solutions, as its author reports).
TEST(LoopSolver, EveryHwabInstanceIsSolvedAndCounted) {
    const std::string dir = shared_loop("hwab");
    if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << "no " << dir;
    size_t files = 0;
    for (const auto &e : std::filesystem::directory_iterator(dir)) {
        if (e.path().filename().string().find("500x500") != std::string::npos) continue; // the benchmark's job
        SCOPED_TRACE(e.path().string());
        const Board b = board_from(read_file(e.path().string()), "hwab");
        const SolveReport r = solve(b);
        ASSERT_TRUE(r.counted);
        EXPECT_GE(r.count, 1);
        ASSERT_FALSE(r.solutions.empty());
        EXPECT_TRUE(solved(b, r.solutions[0]));
        if (e.path().filename() == "infinity_loop_bearific5.txt") {
            EXPECT_EQ(r.count, 80640);
        }
        ++files;
    }
    EXPECT_GE(files, 10u);
}

// One tile changed (keeping the number of pipe ends even) makes a board unsolvable: refuted, not timed out.
TEST(LoopSolver, UnsolvableVariantsAreRefuted) {
    const std::string path = shared_loop("hwab/infinity_loop_bearific5.txt");
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
    const Board original = board_from(read_file(path), "hwab");
    std::mt19937_64 rng(3);
    int refuted = 0;
    for (int round = 0; round < 40; ++round) {
        Board b = original;
        const size_t i = size_t(rng() % uint64_t(b.size()));
        // An end (one pipe) becomes a corner-free straight or back: ends stay even by changing two tiles' parity.
        b.tiles[i] = uint8_t(b.tiles[i] ^ 1u);
        const size_t j = (i + 1 + size_t(rng() % uint64_t(b.size() - 1))) % size_t(b.size());
        b.tiles[j] = uint8_t(b.tiles[j] ^ 2u);
        const SolveReport r = solve(b);
        ASSERT_NE(r.status, PZ_SOLVE_LIMIT);
        ASSERT_TRUE(r.counted);
        if (r.status == PZ_SOLVE_UNSOLVABLE) {
            EXPECT_EQ(r.count, 0);
            ++refuted;
        } else {
            EXPECT_TRUE(solved(b, r.solutions.at(0)));
        }
    }
    EXPECT_GT(refuted, 20);
}

TEST(LoopSolver, HexapipesBoardsAreSolvedAndProvenUnique) {
    for (const char *file : {"hexapipes/hexagonal_10x10.jsonl", "hexapipes/hexagonal-wrap_40x40.jsonl"}) {
        const std::string path = shared_loop(file);
        if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
        std::istringstream lines(read_file(path));
        std::string line;
        for (int n = 0; n < 25 && std::getline(lines, line); ++n) {
            const Board b = board_from(line, "hexapipes");
            const SolveReport r = solve(b);
            ASSERT_EQ(r.status, PZ_SOLVE_UNIQUE) << file << " line " << n + 1;
            EXPECT_TRUE(solved(b, r.solutions.at(0)));
        }
    }
}

// The host hears how far a long solve is: within each phase (counting, then solving the components) the fraction
// rises and stays within [0, 1).
TEST(LoopSolver, ReportsProgressOnALongSolve) {
    std::mt19937_64 rng(21);
    const Board b = planted(rng, Shape::Square, Rule::Loop, false, 1000, 1000);
    struct Seen {
        std::vector<std::pair<std::string, double>> reports;
    } seen;
    pz_solve_request request{};
    request.struct_size = sizeof request;
    request.ctx = &seen;
    request.progress = [](void *ctx, const pz_progress *p) {
        static_cast<Seen *>(ctx)->reports.emplace_back(p->message ? p->message : "", p->fraction);
    };
    pluzzle::SolveControl control(&request, nullptr);
    const SolveReport r = solve_board(b, control, {});
    ASSERT_TRUE(r.counted);
    ASSERT_FALSE(seen.reports.empty()) << "a solve of a million tiles takes well over the 0.1 s between reports";
    for (size_t i = 0; i < seen.reports.size(); ++i) {
        const auto &[phase, fraction] = seen.reports[i];
        EXPECT_TRUE(phase == "counting components" || phase == "solving components") << phase;
        EXPECT_GE(fraction, 0);
        EXPECT_LT(fraction, 1);
        if (i > 0 && seen.reports[i - 1].first == phase) {
            EXPECT_GE(fraction, seen.reports[i - 1].second) << phase;
        }
    }
}
