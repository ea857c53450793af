// walk_gate.hpp -- whether the free-play search's path bound (walk_bound.hpp) is worth computing at a node.
//
// The walks are the strongest bound the search has, and by far its dearest: groups^2 x degree steps a node, where
// bounding a child costs a few word operations. Whether they pay depends on the board, not on anything a setting
// could know: on KAMI 2's long-armed story levels they cut Bud3's proof from 72.6M nodes to 6.0M, but on random
// square boards they cut almost nothing (the same node counts) and made the proofs 10-20x slower. So the search
// measures, per number of moves left at a node: how often the walks cut there, what they cost, and what a subtree
// they would have cut costs; and computes them only where the expected saving (cut rate x subtree cost) exceeds the
// cost. Every measure is counted work (walk steps, nodes), not time, so a proof takes the same nodes on every
// machine and under any load (the bench signatures stay deterministic). Skipping a bound never makes the search
// unsound: it only cuts less.
#pragma once
#include <cstdint>
#include <vector>

namespace kami {

class WalkGate {
  public:
    // One node bounded (a child of a searched node) costs about this many walk steps (measured on Threegrid1 and
    // random square boards: ~0.18 us a node, ~6 ns a walk step).
    static constexpr uint64_t kNodeSteps = 30;

    // Whether a node with `left` moves to spend should compute its walks (nothing remembered for it); `total` is
    // the search's work so far.
    bool worth(int left, uint64_t total) {
        Level &l = level(left);
        exploring_ = false;
        if (!on_) return true;
        if (l.calls < kWarmup) return true;
        const double cost = double(l.walk_work) / double(l.calls);
        const double subtree = l.subtrees ? double(l.subtree_work) / double(l.subtrees) : 0;
        if (double(l.cuts) / double(l.calls) * subtree >= cost) return true;
        // Now and then anyway, so a level's figures follow the search as it deepens; such walks are kept to a small
        // share of all the work.
        if (++l.skipped % kExplore || explored_ * kExploreShare > total) return false;
        exploring_ = true;
        return true;
    }
    // The walks were computed at a node with `left` moves to spend: they took `work` steps and cut it or not.
    void walked(int left, uint64_t work, bool cut) {
        Level &l = level(left);
        ++l.calls, l.cuts += cut, l.walk_work += work;
        if (exploring_) explored_ += work;
    }
    // A node with `left` moves to spend was searched (not cut by the walks): its subtree took `work`.
    void searched(int left, uint64_t work) {
        Level &l = level(left);
        ++l.subtrees, l.subtree_work += work;
    }

    // The figures another search of the same board measured (a cube after the cubes before it, split.cpp): without
    // them each cube would compute the walks at kWarmup nodes per level before its figures decide, which on a board
    // of 340 cubes costs more than the search. The exploring share is this search's own.
    void carry_figures_from(const WalkGate &other) { levels_ = other.levels_; }

    // Off: the walks at every node that would take them (the benchmarks' baseline, solver option walk_gate=false).
    void set_on(bool on) { on_ = on; }

  private:
    bool on_ = true;
    static constexpr uint64_t kWarmup = 32;  // walks computed at a level before its figures decide
    static constexpr uint64_t kExplore = 16; // of the nodes the figures skip, one in this many computes them anyway
    static constexpr uint64_t kExploreShare = 20; // ... while those walks took less than 1/20 of the work
    uint64_t explored_ = 0;                       // the work of those walks
    bool exploring_ = false;                      // whether worth()'s last yes was one of them
    struct Level {
        uint64_t calls = 0, cuts = 0, walk_work = 0, subtrees = 0, subtree_work = 0, skipped = 0;
    };
    Level &level(int left) {
        if (size_t(left) >= levels_.size()) levels_.resize(size_t(left) + 1);
        return levels_[size_t(left)];
    }
    std::vector<Level> levels_;
};

} // namespace kami
