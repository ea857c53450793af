// The Net solver's rollback forest: random merges and exit removals, then undo, against a plain recomputation.
#include "exit_forest.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

using loop::ExitForest;

namespace {

// What a forest says, per tile: its component's members and exits, as sets (order is the lists' business).
struct Picture {
    std::vector<std::set<int64_t>> members;
    std::vector<std::multiset<uint32_t>> exits;
    bool operator==(const Picture &o) const { return members == o.members && exits == o.exits; }
};

Picture picture(const ExitForest &f, int64_t n) {
    Picture p;
    for (int64_t i = 0; i < n; ++i) {
        const int32_t r = f.find(i);
        std::set<int64_t> members;
        int64_t m = r;
        do {
            members.insert(m);
            m = f.next_member(m);
        } while (m != r);
        std::multiset<uint32_t> exits;
        f.for_each_exit(r, [&](uint32_t h) { exits.insert(h); });
        EXPECT_EQ(int64_t(members.size()), f.size(r));
        EXPECT_EQ(int64_t(exits.size()), f.exits(r));
        p.members.push_back(std::move(members));
        p.exits.push_back(std::move(exits));
    }
    return p;
}

} // namespace

TEST(ExitForest, UndoRestoresEveryListExactly) {
    constexpr int64_t n = 40;
    constexpr int k = 4;
    std::mt19937_64 rng(3);
    for (int round = 0; round < 50; ++round) {
        ExitForest f(n, k);
        // Each tile starts with a few exits (half-edges of its own).
        std::vector<std::vector<uint32_t>> exits_of(n);
        for (int64_t i = 0; i < n; ++i)
            for (int d = 0; d < k; ++d)
                if (rng() % 2) {
                    f.add_exit_initially(i, uint32_t(i * k + d));
                    exits_of[size_t(i)].push_back(uint32_t(i * k + d));
                }
        std::vector<std::pair<size_t, Picture>> checkpoints;
        for (int step = 0; step < 120; ++step) {
            if (rng() % 4 == 0) checkpoints.emplace_back(f.mark(), picture(f, n));
            const int64_t a = int64_t(rng() % n), b = int64_t(rng() % n);
            if (rng() % 2) {
                const int32_t ra = f.find(a), rb = f.find(b);
                if (ra != rb) {
                    const int32_t root = f.unite(ra, rb);
                    EXPECT_TRUE(root == ra || root == rb);
                    EXPECT_EQ(f.find(a), f.find(b));
                }
            } else if (!exits_of[size_t(a)].empty()) { // decide one of a's exits
                auto &list = exits_of[size_t(a)];
                const size_t pick = size_t(rng() % list.size());
                const uint32_t h = list[pick];
                const int32_t before = f.exits(f.find(a));
                f.remove_exit(f.find(a), h);
                list.erase(list.begin() + std::ptrdiff_t(pick));
                EXPECT_EQ(f.exits(f.find(a)), before - 1);
            }
        }
        // Back through every checkpoint, newest first: each picture comes back exactly.
        while (!checkpoints.empty()) {
            f.undo(checkpoints.back().first);
            EXPECT_EQ(picture(f, n), checkpoints.back().second) << "round " << round;
            checkpoints.pop_back();
        }
    }
}
