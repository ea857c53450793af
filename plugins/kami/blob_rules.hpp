// blob_rules.hpp -- pivot mode on region sets: the board as rows (each region's neighbours, each colour's regions)
// and a move on the pivot's blob (the regions of the starting board it has absorbed), with its front (the regions
// touching it) kept alongside so that a move costs a few words per region it absorbs.
//
// A move with colour c absorbs every region of colour c in the front (regions of one colour never touch, so nothing
// more joins). A colour is wiped out when all its regions left lie in the front: one move takes them all.
#pragma once
#include "region_set.hpp"
#include "regions.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace kami {

template <class S> class BlobRules {
  public:
    static constexpr int kColours = 10; // colour 0 is a hole, 1..9 a palette colour

    explicit BlobRules(const RegionGraph &g) : adjacent_(size_t(g.count())) {
        for (int32_t r = 0; r < g.count(); ++r) {
            for (int32_t a : g.adjacent[size_t(r)])
                adjacent_[size_t(r)].set(a);
            colour_[g.colour[size_t(r)]].set(r);
            all_.set(r);
            present_ |= 1u << g.colour[size_t(r)];
        }
    }

    const S &adjacent(int32_t r) const { return adjacent_[size_t(r)]; }
    // The union of the neighbours of x's regions (the rows' address held in a register: this is the inner loop of
    // every relaxed run).
    S touching(const S &x) const {
        const S *adjacent = adjacent_.data();
        S out;
        x.each([&](int32_t r) { out |= adjacent[r]; });
        return out;
    }
    const S &of_colour(int c) const { return colour_[size_t(c)]; }

    S neighbours(const S &b) const { return touching(b).minus(b); }
    // The colours with regions outside b (bit c).
    unsigned colours_outside(const S &b, unsigned among = ~0u) const {
        unsigned m = 0;
        for (unsigned rest = present_ & among; rest; rest &= rest - 1)
            if (!colour_[size_t(__builtin_ctz(rest))].subset_of(b)) m |= rest & (0u - rest);
        return m;
    }
    // The colours among `left` all of whose regions lie in the blob or its front.
    unsigned wipeable(const S &blob, const S &front, unsigned left) const {
        const S reached = blob | front;
        unsigned m = 0;
        for (unsigned rest = left; rest; rest &= rest - 1)
            if (colour_[size_t(__builtin_ctz(rest))].subset_of(reached)) m |= rest & (0u - rest);
        return m;
    }
    // The colours a move can take something with.
    unsigned colours_in(const S &front) const {
        unsigned m = 0;
        for (unsigned rest = present_; rest; rest &= rest - 1)
            if (colour_[size_t(__builtin_ctz(rest))].intersects(front)) m |= rest & (0u - rest);
        return m;
    }
    // Whether every region can be reached from b at all (holes may cut a board apart for good).
    bool reaches_all(const S &b) const {
        S reach = b;
        for (S f = neighbours(reach); !f.empty(); f = neighbours(reach))
            reach |= f;
        return all_.subset_of(reach);
    }

    void play(S &blob, S &front, int c) const {
        const S taken = front & colour_[size_t(c)];
        blob |= taken;
        front = (front.minus(taken) | touching(taken)).minus(blob);
    }
    // Wipes out every colour that can be (each wipe-out may enable another); returns the colours wiped out. Taking
    // them at once is safe for an optimal search: a colour's last move is needed anyway, and a larger blob never
    // needs more moves (see pivot_solver.cpp).
    // Only colours among `among` are tried (the caller may know that no other can be).
    unsigned wipe_out(S &blob, S &front, unsigned among = ~0u) const {
        unsigned wiped = 0;
        among &= present_;
        if (!among) return 0;
        for (unsigned w; (w = wipeable(blob, front, colours_outside(blob, among))) != 0;) {
            const int c = __builtin_ctz(w);
            play(blob, front, c);
            wiped |= 1u << c;
        }
        return wiped;
    }

  private:
    std::vector<S> adjacent_;
    std::array<S, kColours> colour_{};
    S all_;
    unsigned present_ = 0;
};

} // namespace kami
