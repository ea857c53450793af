// walk_bound.hpp -- the path bound, made sound: the fewest prints (strange printer) over EVERY walk between two
// groups, not over one shortest path (README.md, "Bounds", path).
//
// Why every walk: Meeks and Scott ("Spanning trees and the complexity of flood-filling games", 2012) show that the
// fewest moves flooding a graph G (free play) are the fewest flooding one of its spanning trees, T. The a-b path P
// of T is a subtree of T, and on a tree a print (a connected set) meets a subtree in a connected set, so the k + 1
// prints that T's k moves give paint P with k + 1 intervals: moves(G) >= prints(P) - 1 for that P, a simple a-b path
// of G, which we do not know -- so the least over all simple a-b paths. A walk's loop-erasure is a simple path and a
// subsequence of it, and erasing cells never needs more prints, so the least over walks is the same number, and
// walks have a recurrence: the strange printer's (the last cell printed alone, or by the print that made an earlier
// cell of its colour, which then covers the cells between) over walks, all pairs of groups at once.
// One shortest path is NOT enough: a 4-cycle with a tail (groups 2-0-{1,3}-4-5-6, colours 2 4 {1,2} 3 2 1) takes 3
// moves, but its shortest path 2 0 1 4 5 6 alone takes 4.
#pragma once
#include "board.hpp"
#include "group_graph.hpp"

#include <cstdint>
#include <vector>

namespace kami {

class WalkPrinter {
  public:
    // The fewest prints painting the colours of a walk from group a to group b, over every such walk; or `cap`
    // when that is `cap` or more (the search stops there). Costs about groups^2 times the degree, plus groups^3 /
    // colours, at worst.
    int least_prints(const GroupGraph &graph, int32_t a, int32_t b, int cap);

    // The steps least_prints() has taken in all (pairs offered, middle pairs made): the search's measure of what the
    // walks cost, deterministic where a clock is not (walk_gate.hpp).
    uint64_t steps() const { return steps_; }

  private:
    std::vector<int32_t> live_, index_;   // compact ids: live_[i] a live group, index_[group] its id
    std::vector<std::vector<int32_t>> adjacent_, same_colour_;
    std::vector<std::vector<int32_t>> into_; // per id x: the ids s whose pair (s, x) has settled
    static constexpr size_t kColourSlots = kMaxColours + 1; // colours 0..kMaxColours
    std::vector<uint8_t> colour_;                           // per id
    std::vector<uint32_t> by_colour_;                       // per id, kColourSlots + 1 starts into its sorted adjacent_
    std::vector<uint8_t> prints_, middle_;                  // per pair (u, v) of ids, 0 = not settled yet
    std::vector<uint8_t> offered_;                          // per pair, the least value offered so far (0xff: none)
    std::vector<std::vector<uint32_t>> level_; // pairs waiting, by the value offered to them
    uint64_t steps_ = 0;
};

} // namespace kami
