// relaxed_game.hpp -- the pivot solver's bound: A. Puchert's relaxed game, and which moves lower it.
//
// From a blob B with no colour to wipe out, the relaxed game wipes out every colour it can (one move each), and
// when it can wipe out none it takes every region touching the blob in one "blind" move. With I_0 = B and I_t the
// blob after t blind moves and the wipe-outs that follow them, and k the colours left outside B, the bound is
// h(B) = k + (the blind moves until I_t holds every region). It never exceeds the real game (by induction on the
// real optimum: a wipe-out is an optimal move, since the colour needs a move of its own anyway and a larger blob
// never needs more moves; otherwise every real move takes a subset of what the blind move takes). A blind move
// never finishes a colour (it is made only when each colour left has a region beyond the front), so every colour
// is finished by a wipe-out, and k counts them; each colour wiped out at a level has a region there that the
// blind move did not take (one beyond the front).
//
// Levels: region r's level is the first t with r in I_t. Both steps of the run are monotone in the blob, so for a
// move d from B (X = B plus d's regions in the front, a subset of B plus its front, which is I_1's start):
// I_t(B) ⊆ I_t(X) ⊆ I_{t+1}(B). Every region's level drops by one or not at all, and h(X) = h(B) - 1 exactly when
// every region of the last level drops, else h(X) = h(B) (X finishes no colour: that colour would have been one
// to wipe out from B). lowering_moves() follows, level by level, each move's wave -- the regions of the level its
// child takes one level earlier (at level 1, the move's own regions): a level-L region joins when it touches the
// wave at level L-1 (the child's blind move takes it one level earlier), or when its colour's wipe-out comes one
// level earlier, which is when each region of that colour that B's run wiped out at level L (the others touch
// I_(L-1)(B) anyway) touches the wave, counting the regions of colours found to come earlier (one wipe-out may
// enable another: a least fixpoint). Every region of the last level has a colour wiped out there, so the bound
// drops exactly when each of those wipe-outs comes earlier. So one run per expanded state gives every child's
// bound (a test checks it against fresh runs from the children); the search runs nothing for its children.
//
// The waves also give the child's levels (follow()): a run from a child that lowers the bound is needed only when
// its parent's levels are gone (a test checks the derived levels against fresh runs).
#pragma once
#include "blob_rules.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace kami {

template <class S> class RelaxedGame {
    static constexpr size_t K = BlobRules<S>::kColours;

  public:
    explicit RelaxedGame(const BlobRules<S> &rules) : rules_(rules) {}

    // The bound from a blob with no colour to wipe out (front: the regions touching it). Remembers the run's
    // levels for lowering_moves().
    int run(const S &blob, const S &front) {
        blob_ = blob;
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
            if (!left) break; // nothing left to reach
            edge = (edge.minus(taken) | rules_.touching(taken)).minus(inside);
        }
        blind_ = t;
        return k + t;
    }

    // After run(blob, front) or follow(): the colours whose move lowers the bound by one (the others leave it as
    // it is). Keeps the waves for follow(). (Not inlined: the search's loop around it stays small.)
    [[gnu::noinline]] unsigned lowering_moves(const S &front) {
        if (blind_ == 0) return 0;
        if (waves_.size() < size_t(blind_ + 1) * K) waves_.resize(size_t(blind_ + 1) * K), early_.resize(waves_.size());
        unsigned alive = rules_.colours_in(front);
        for (unsigned rest = alive; rest; rest &= rest - 1) {
            const int d = __builtin_ctz(rest);
            waves_[K + size_t(d)] = front & rules_.of_colour(d); // B's blind move took the front at level 1
        }
        for (int lv = 1;; ++lv) {
            const unsigned wipes = wiped_colours_[size_t(lv)];
            if (wipes) {
                const unsigned all = wiped_out(lv, wipes, alive);
                if (lv == blind_) return all;
            }
            if (lv == blind_) break; // not reached: the last level has wipe-outs
            const S *waves = &waves_[size_t(lv) * K];
            const S &next = level_[size_t(lv) + 1];
            S *up = &waves_[size_t(lv + 1) * K];
            for (unsigned rest = alive; rest; rest &= rest - 1) {
                const size_t d = size_t(__builtin_ctz(rest));
                // At a level with wipe-outs, what the wave grown by its early colours touches (from wiped_out()).
                up[d] = (wipes ? grown_touch_[d] : rules_.touching(waves[d])) & next;
                if (up[d].empty()) alive &= ~(rest & (0u - rest)); // no move reaches further: it lowers nothing
            }
            if (!alive) return 0;
        }
        unsigned lower = 0;
        for (unsigned rest = alive; rest; rest &= rest - 1)
            if (level_[size_t(blind_)].subset_of(waves_[size_t(blind_) * K + size_t(__builtin_ctz(rest))]))
                lower |= rest & (0u - rest);
        return lower;
    }

    // After lowering_moves(): turns the levels into those a run from the child after move d would find, for a d
    // that lowers the bound (blob: the child's, with its wipe-outs). A region's level in the child is its level
    // here, less one when it is in d's wave; a colour's wipe-out comes a level earlier when d's wave takes it
    // early. Left to find: which regions of a level the child's wipe-outs take rather than its blind move -- those
    // touching none of its lower levels. Only two kinds can be such: regions wiped out here that stay, and regions
    // the wave took through a wipe-out (the others touch the wave one level down). Returns false, changing nothing,
    // when `blob` is not d's child.
    bool follow(int d, const S &blob) {
        const size_t c = size_t(d);
        const int t = blind_;
        if (t == 0) return false;
        // d's wave at a level, with the colours whose wipe-out it takes early
        const auto wave = [&](int lv, unsigned &early) {
            early = wiped_colours_[size_t(lv)] ? early_[size_t(lv) * K + c] : 0;
            S w = waves_[size_t(lv) * K + c];
            for (unsigned m = early; m; m &= m - 1)
                w |= level_[size_t(lv)] & rules_.of_colour(__builtin_ctz(m));
            return w;
        };
        unsigned early = 0, early_up = 0;
        S down = t == 1 ? level_[1] : wave(1, early); // what drops from this level (level 1: into the blob)
        if (!((blob_ | down) == blob)) return false;
        S inside = blob;
        for (int lv = 1; lv < t; ++lv) {
            const bool last = lv + 1 == t; // the next level is the last: d's wave takes all of it
            const S up = last ? level_[size_t(t)] : wave(lv + 1, early_up);
            if (last) early_up = wiped_colours_[size_t(t)];
            S taken;
            (wiped_[size_t(lv)].minus(down) | up.minus(waves_[size_t(lv + 1) * K + c])).each([&](int32_t r) {
                if (!rules_.adjacent(r).intersects(inside)) taken.set(r);
            });
            level_[size_t(lv)] = level_[size_t(lv)].minus(down) | up, wiped_[size_t(lv)] = taken;
            wiped_colours_[size_t(lv)] = (wiped_colours_[size_t(lv)] & ~early) | early_up;
            inside |= level_[size_t(lv)];
            down = up, early = early_up;
        }
        level_[0] = level_[size_t(t)] = wiped_[0] = wiped_[size_t(t)] = S();
        wiped_colours_[0] = wiped_colours_[size_t(t)] = 0;
        blob_ = blob;
        blind_ = t - 1;
        return true;
    }

    // The colours a child of the last run's blob may wipe out at once: only those the run wiped out at level 1
    // (the child and its front lie within what level 1 reaches), or any without a blind move.
    unsigned child_wipes() const { return blind_ >= 1 ? wiped_colours_[1] : ~0u; }

    // Whether two games hold the same levels (all lowering_moves() reads): for the tests of follow().
    bool same_levels(const RelaxedGame &o) const {
        if (blind_ != o.blind_) return false;
        for (int lv = 1; lv <= blind_; ++lv)
            if (!(level_[size_t(lv)] == o.level_[size_t(lv)]) || !(wiped_[size_t(lv)] == o.wiped_[size_t(lv)]) ||
                wiped_colours_[size_t(lv)] != o.wiped_colours_[size_t(lv)])
                return false;
        return true;
    }

  private:
    // At level lv, where B's run wiped out colours (wipes): the colours d among alive whose child has each of those
    // wipe-outs a level earlier (the header's fixpoint). Below the last level, grown_touch_ gets what the waves
    // touch with the regions of the colours that come early.
    unsigned wiped_out(int lv, unsigned wipes, unsigned alive) {
        const S &here = level_[size_t(lv)], &beyond = wiped_[size_t(lv)];
        unsigned touched = 0; // the colours whose touch_ is made (lazily: most levels need few)
        unsigned all = alive;
        for (unsigned rest = alive; rest; rest &= rest - 1) {
            const int d = __builtin_ctz(rest);
            const S &wave = waves_[size_t(lv) * K + size_t(d)];
            const S near = rules_.touching(wave);
            S missing = beyond.minus(near); // regions wiped out here that the wave does not touch
            unsigned early = 0;
            while (!missing.empty()) {
                unsigned now = wipes & ~early; // the colours with nothing missing (the test's outcome is anyone's
                for (unsigned m = now; m; m &= m - 1) // guess: it takes no branch)
                    now &= ~(unsigned(missing.intersects(rules_.of_colour(__builtin_ctz(m)))) << __builtin_ctz(m));
                if (!now) break;
                early |= now;
                for (unsigned m = now; m; m &= m - 1) {
                    const int c = __builtin_ctz(m);
                    if (!(touched >> c & 1)) touch_[size_t(c)] = rules_.touching(here & rules_.of_colour(c));
                    touched |= 1u << c;
                    missing = missing.minus(touch_[size_t(c)]);
                }
            }
            if (missing.empty())
                early = wipes;
            else
                all &= ~(1u << d);
            if (lv == blind_) continue;
            // The grown wave's touch: the wave's and the early colours' (made once per colour, not per move).
            grown_touch_[size_t(d)] = near;
            for (unsigned m = early & ~touched; m; m &= m - 1)
                touch_[size_t(__builtin_ctz(m))] = rules_.touching(here & rules_.of_colour(__builtin_ctz(m)));
            touched |= early;
            for (unsigned m = early; m; m &= m - 1)
                grown_touch_[size_t(d)] |= touch_[size_t(__builtin_ctz(m))];
            early_[size_t(lv) * K + size_t(d)] = early;
        }
        return all;
    }

    const BlobRules<S> &rules_;
    S blob_;                                                               // the blob of the levels
    std::vector<S> level_ = std::vector<S>(2), wiped_ = std::vector<S>(2); // per level: taken, taken by wipe-outs
    std::vector<unsigned> wiped_colours_ = std::vector<unsigned>(2, 0u);   // per level: the colours wiped out
    int blind_ = 0;                                                        // the blind moves
    // Per level, K entries (one per move colour): the part of the wave that touches the wave a level down, and at
    // levels with wipe-outs, the colours whose wipe-out comes early. follow() reads them.
    std::vector<S> waves_;
    std::vector<unsigned> early_;
    std::array<S, K> grown_touch_{}; // per move colour: what touches the wave at a level with wipe-outs, grown by them
    std::array<S, K> touch_{}; // per colour: what touches its regions of the level (wiped_out())
};

} // namespace kami
