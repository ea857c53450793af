// path_bound.hpp -- the free-play search's strongest bound (README.md, "Bounds", the path bound): the moves every
// walk between two far groups needs on its own, with a memo by state, since IDA*'s iterations meet the same states
// again.
#pragma once
#include "group_graph.hpp"
#include "radius_bound.hpp"
#include "walk_bound.hpp"

#include <cstdint>
#include <vector>

namespace kami {

// The path bounds computed, by state: what PathBound::remembered() looks up first. Direct-mapped, replaced on
// collision; shared by the islands like the BoundTable (their keys differ by their seeds).
class WalkMemo {
  public:
    struct Slot {
        Key key;
        uint8_t value = 0;
        bool exact = false, known = false;
    };
    Slot &slot(const Key &k) {
        if (slots_.empty()) slots_.resize(kSlots);
        return slots_[size_t(k.a) & (kSlots - 1)];
    }

  private:
    static constexpr size_t kSlots = size_t(1) << 16; // 1.5 MB, allocated by the first path bound
    std::vector<Slot> slots_;
};

// The path bound of one island's graph, as its moves change it.
class PathBound {
  public:
    // The double sweep starts at the radius bound's centre.
    PathBound(const GroupGraph &graph, const RadiusBound &radius, WalkMemo &memo)
        : graph_(graph), radius_(radius), memo_(memo), seen_(size_t(graph.words())) {}

    // Moves every walk between two far groups needs on its own, when that is more than `h` (else 0), or `cap`
    // moves when it is that many or more: a bound on the whole graph's moves (walk_bound.hpp says why every walk,
    // not one shortest path). The two groups are the ends of a double sweep (the group farthest from the centre,
    // and the group farthest from that), about as far apart as the graph is wide.
    int bound(int h, int cap);

    // bound(left, left + 1) for the graph's state `state`, remembered: IDA*'s iterations meet the same states
    // again with one move more to spend, and the walks cost nearly all of a node's time (98% on Threegrid1). The
    // bound is the state's alone (the graph's walks), so an exact value holds for any `left`, and a capped one (the
    // walks stopped at the cap) still bounds from below.
    int remembered(const Key &state, int left);

    // What the walks have cost so far, in WalkPrinter steps.
    uint64_t work() const { return walks_.steps(); }

  private:
    // Breadth-first from `from`: the last group reached, with far_[u] the group u was reached from.
    int32_t farthest(int32_t from);
    // The fewest prints that paint the colours `s` on a strip, each print one colour over an interval (the strange
    // printer's recurrence: the last cell's colour is printed alone, or by the print that also made an earlier cell
    // of that colour, which then covers everything between). On one shortest path it is NOT a bound (walk_bound.hpp),
    // but it is at least the least over every walk, so bound() skips the walks when it is too small to matter.
    int printed(const std::vector<uint8_t> &s);

    const GroupGraph &graph_;
    const RadiusBound &radius_;
    WalkMemo &memo_;
    std::vector<uint64_t> seen_;       // farthest()'s row of groups reached
    std::vector<int32_t> far_, queue_; // bound()'s breadth-first searches
    std::vector<uint8_t> colours_on_path_;
    std::vector<int> printer_; // printed()'s table, per interval
    WalkPrinter walks_;        // bound()'s prints over walks
    bool walk_exact_ = false;  // whether bound()'s last walks ran below their cap
};

} // namespace kami
