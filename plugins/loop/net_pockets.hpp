// net_pockets.hpp -- net rules' checks beyond arc consistency (used by net_search.cpp): whole-board reachability,
// and pockets of undecided tiles that must still have a completion.
#pragma once
#include "propagation.hpp"

#include <cstdint>
#include <vector>

namespace loop {

// Every tile with a pipe can still be reached from the first one through connections that remain possible. The
// forest catches a closed island once its connections are decided; this whole-board pass catches it earlier.
bool reaches_every_tile(const Search &s, int64_t pipe_tiles, int64_t first);

// The pocket of undecided tiles around `start` (joined by undecided edges), in breadth-first order, into `out`;
// false when it has more than `limit` tiles (`out` then holds some of them).
bool small_pocket(const Search &s, int64_t start, size_t limit, std::vector<uint8_t> &seen,
                  std::vector<int64_t> &out);

// Pocket consistency: the pockets of each group of tiles the forest flagged since the last call (see
// Search::take_touched) must still have a joint completion, and each of their tiles keeps only the options some
// joint completion uses. Without it a pocket that can only close a cycle, or pockets that cannot all leave a
// component a way out, are found when the search reaches them -- possibly far from, and many guesses after, the
// decision that doomed them. False on a contradiction.
class PocketCheck {
public:
    explicit PocketCheck(int64_t tiles)
        : seen_(size_t(tiles), 0), stamp_(size_t(tiles), 0), checked_(size_t(tiles), 0), large_(size_t(tiles), 0) {}

    // The tiles whose pockets had no joint completion when run() last returned false.
    const std::vector<int64_t> &failed_tiles() const { return failed_; }

    bool run(Search &s);

private:
    static constexpr size_t kPocket = 32, kTiles = 64; // one pocket, all pockets of a group
    static constexpr int kProbeNodes = 256;

    // The undecided tiles of the small pockets of `group` into tiles_; false when there is nothing new to check
    // (all of them checked already this round) or they are too many.
    bool gather(const Search &s, const std::vector<int64_t> &group, uint32_t round);

    std::vector<uint8_t> seen_;
    std::vector<uint32_t> stamp_, checked_, large_; // per tile: this group's mark, the rounds it was probed, seen large
    uint32_t clock_ = 0;
    std::vector<int64_t> pocket_, tiles_, failed_;
};

// True when the tiles of `cause` have no joint completion in the current state (so no solution extends it);
// false when they have one or the probe ran out of budget.
bool refutes(Search &s, const std::vector<int64_t> &cause);

} // namespace loop
