// relaxed_game.hpp -- the pivot solver's bound: A. Puchert's relaxed game, and which moves lower it.
//
// From a blob B with no colour to wipe out, the relaxed game wipes out every colour it can (one move each), and
// when it can wipe out none it takes every region touching the blob in one "blind" move. With I_0 = B and I_t the
// blob after t blind moves and the wipe-outs that follow them, and k the colours left outside B, the bound is
// h(B) = k + (the blind moves until I_t holds every region). It never exceeds the real game (by induction on the
// real optimum: a wipe-out is an optimal move, since the colour needs a move of its own anyway and a larger blob
// never needs more moves; otherwise every real move takes a subset of what the blind move takes). A blind move
// never finishes a colour (it is made only when each colour left has a region beyond the front), so every colour
// is finished by a wipe-out, and k counts them.
//
// Levels: region r's level is the first t with r in I_t. Both steps of the run are monotone in the blob, so for a
// move d from B (X = B plus d's regions in the front, a subset of B plus its front, which is I_1's start):
// I_t(B) ⊆ I_t(X) ⊆ I_{t+1}(B). Every region's level drops by one or not at all, and h(X) = h(B) - 1 exactly when
// every region of the last level drops, else h(X) = h(B) (X finishes no colour: that colour would have been one
// to wipe out from B). lowering_moves() follows, level by level, each move's wave -- the regions of the level its
// child takes one level earlier (at level 1, the move's own regions): a level-L region joins when it touches the
// wave at level L-1 (the child's blind move takes it one level earlier), or when its colour's wipe-out comes one
// level earlier, which is when each region of that colour that B's run wiped out at level L is in the wave or
// touches it (the regions of the colour B's blind move took touch I_(L-1)(B) anyway). The bound drops when the
// wave covers the last level. So one run per expanded state gives every child's bound (a test checks it
// against fresh runs from the children); the search runs nothing for its children.
#pragma once
#include "blob_rules.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace kami {

template <class S> class RelaxedGame {
  public:
    explicit RelaxedGame(const BlobRules<S> &rules) : rules_(rules) {}

    // The bound from a blob with no colour to wipe out (front: the regions touching it). Remembers the run's
    // levels for lowering_moves().
    int run(const S &blob, const S &front) {
        S inside = blob, edge = front;
        level_[0] = S(), wiped_[0] = S(), wiped_colours_[0] = 0;
        unsigned left = rules_.colours_outside(inside);
        int k = 0;
        for (unsigned m = left; m; m &= m - 1)
            ++k;
        int t = 0;
        while (left) {
            const unsigned wipe = rules_.wipeable(inside, edge, left);
            S taken;
            if (wipe) {
                left &= ~wipe;
                for (unsigned m = wipe; m; m &= m - 1)
                    taken |= rules_.of_colour(__builtin_ctz(m));
                taken = taken & edge;
                wiped_[size_t(t)] |= taken;
                wiped_colours_[size_t(t)] |= wipe;
            } else {
                if (level_.size() < size_t(t) + 2)
                    level_.resize(size_t(t) + 2), wiped_.resize(size_t(t) + 2), wiped_colours_.resize(size_t(t) + 2);
                ++t;
                level_[size_t(t)] = S(), wiped_[size_t(t)] = S(), wiped_colours_[size_t(t)] = 0;
                taken = edge;
            }
            inside |= taken;
            level_[size_t(t)] |= taken;
            S grown = edge.minus(taken);
            taken.each([&](int32_t r) { grown |= rules_.adjacent(r); });
            edge = grown.minus(inside);
        }
        blind_ = t;
        return k + t;
    }

    // After run(blob, front): the colours whose move lowers the bound by one (the others leave it as it is).
    unsigned lowering_moves(const S &front) {
        if (blind_ == 0) return 0;
        // wave[d]: the regions of the current level that the child after colour d takes one level earlier
        unsigned alive = rules_.colours_in(front);
        for (unsigned rest = alive; rest; rest &= rest - 1) {
            const int d = __builtin_ctz(rest);
            wave_[size_t(d)] = front & rules_.of_colour(d); // B's blind move took the front at level 1
        }
        for (int lv = 1;; ++lv) {
            if (const unsigned wipes = wiped_colours_[size_t(lv)]) {
                const S &here = level_[size_t(lv)];
                // one wipe-out may enable another at the same level; a single one settles in a pass
                const bool single = (wipes & (wipes - 1)) == 0;
                for (bool changed = true; changed;) {
                    changed = false;
                    for (unsigned rest = wipes; rest; rest &= rest - 1) {
                        const int c = __builtin_ctz(rest);
                        unsigned ok = alive;
                        (wiped_[size_t(lv)] & rules_.of_colour(c)).all_of([&](int32_t r) {
                            S near = rules_.adjacent(r);
                            near.set(r);
                            for (unsigned m = ok; m; m &= m - 1)
                                if (!near.intersects(wave_[size_t(__builtin_ctz(m))])) ok &= ~(m & (0u - m));
                            return ok != 0;
                        });
                        const S all = here & rules_.of_colour(c);
                        for (; ok; ok &= ok - 1) {
                            S &w = wave_[size_t(__builtin_ctz(ok))];
                            if (!all.subset_of(w)) w |= all, changed = !single;
                        }
                    }
                }
            }
            if (lv == blind_) break;
            const S &next = level_[size_t(lv) + 1];
            for (unsigned rest = alive; rest; rest &= rest - 1) {
                S &w = wave_[size_t(__builtin_ctz(rest))];
                S to;
                w.each([&](int32_t r) { to |= rules_.adjacent(r); });
                w = to & next;
                if (w.empty()) alive &= ~(rest & (0u - rest)); // no move reaches further: it lowers nothing
            }
            if (!alive) return 0;
        }
        unsigned lower = 0;
        for (unsigned rest = alive; rest; rest &= rest - 1)
            if (level_[size_t(blind_)].subset_of(wave_[size_t(__builtin_ctz(rest))])) lower |= rest & (0u - rest);
        return lower;
    }

  private:
    const BlobRules<S> &rules_;
    std::array<S, BlobRules<S>::kColours> wave_{};                         // per move colour, see lowering_moves()
    std::vector<S> level_ = std::vector<S>(2), wiped_ = std::vector<S>(2); // per level: taken, taken by wipe-outs
    std::vector<unsigned> wiped_colours_ = std::vector<unsigned>(2, 0u);   // per level: the colours wiped out
    int blind_ = 0;                                                        // the last run's blind moves
};

} // namespace kami
