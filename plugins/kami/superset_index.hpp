// superset_index.hpp -- the pivot solver's dominance test: has a blob strictly containing this one been expanded
// at this depth or less? (Then this one needs no expansion; the argument is in pivot_solver.cpp.)
//
// The latest expanded blobs, a window of a few thousand, in a ring; per region, a bit row over the ring's slots
// (the blobs holding the region), and per depth one (the blobs expanded at that depth or less). A superset holds
// the blob's rarest regions, so the AND of their rows and the depth's, a few dozen words, leaves the only
// candidates to test. Older blobs drop out of the window, so a query may miss a dominating blob -- the state is
// then expanded, which only costs time -- but never reports a false one.
#pragma once
#include "region_set.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace kami {

template <class S> class SupersetIndex {
  public:
    static constexpr size_t kWindow = 4096, kWords = kWindow / 64;

    explicit SupersetIndex(int regions)
        : regions_(size_t(regions)), rows_(regions_ * kWords, 0), seen_(regions_), within_(kWords, 0) {
        for (size_t r = 0; r < regions_; ++r)
            seen_[r] = r;
    }

    void add(const S &blob, int depth) {
        const size_t slot = size_t(added_++ % kWindow), word = slot / 64;
        if (slot % 64 == 0) { // the slots of this word start (over): forget their old blobs
            if (added_ > kWindow)
                for (size_t r = 0; r < regions_; ++r) {
                    seen_[r] -= uint64_t(popcount64(rows_[r * kWords + word])) << 32;
                    rows_[r * kWords + word] = 0;
                }
            for (size_t d = 0; d < depths_; ++d)
                within_[d * kWords + word] = 0;
            // Regions most window blobs hold filter little: queries leave them out (and look at far fewer).
            const uint64_t held = std::min<uint64_t>(added_ - 1, kWindow - 64);
            common_ = S();
            for (size_t r = 0; r < regions_; ++r)
                if ((seen_[r] >> 32) * 2 > held) common_.set(int32_t(r));
        }
        if (entries_.size() <= slot)
            entries_.push_back(blob);
        else
            entries_[slot] = blob;
        const uint64_t bit = uint64_t(1) << (slot % 64);
        for (; depths_ <= size_t(depth); ++depths_) { // a new depth's row starts as the one below
            within_.resize((depths_ + 1) * kWords, 0);
            std::copy_n(within_.begin() + std::ptrdiff_t((depths_ - 1) * kWords), kWords,
                        within_.begin() + std::ptrdiff_t(depths_ * kWords));
        }
        for (size_t d = size_t(depth); d < depths_; ++d)
            within_[d * kWords + word] |= bit;
        blob.each([&](int32_t r) {
            rows_[size_t(r) * kWords + word] |= bit;
            seen_[size_t(r)] += uint64_t(1) << 32;
        });
    }

    // Whether a blob in the window strictly contains `blob` and was expanded at `depth` or less.
    bool covers(const S &blob, int depth) const {
        if (added_ == 0) return false;
        // The blob's rarest regions: the least keys, kept sorted (min and max take no branch).
        std::array<uint64_t, kRare> rare;
        rare.fill(~uint64_t(0));
        const S rarer = blob.minus(common_);
        (rarer.empty() ? blob : rarer).each([&](int32_t r) {
            uint64_t key = seen_[size_t(r)];
            for (uint64_t &low : rare) {
                const uint64_t least = std::min(low, key);
                key = std::max(low, key), low = least;
            }
        });
        if (rare[0] >> 32 == 0) return false; // a region no window blob holds
        const uint64_t *near = &within_[std::min(size_t(depth), depths_ - 1) * kWords];
        std::array<const uint64_t *, kRare> row;
        for (size_t i = 0; i < kRare; ++i) // (a blob of fewer regions repeats the rarest)
            row[i] = &rows_[size_t(uint32_t(rare[rare[i] == ~uint64_t(0) ? 0 : i])) * kWords];
        const size_t used = size_t(std::min<uint64_t>(kWords, (added_ + 63) / 64)); // words holding blobs
        for (size_t w = 0; w < used; ++w) {
            uint64_t m = near[w];
            for (size_t i = 0; i < kRare; ++i)
                m &= row[i][w];
            for (; m; m &= m - 1) {
                const S &e = entries_[w * 64 + size_t(__builtin_ctzll(m))];
                if (blob.subset_of(e) && !(blob == e)) return true;
            }
        }
        return false;
    }

  private:
    static constexpr size_t kRare = 3; // the rows a query ANDs

    size_t regions_;
    std::vector<uint64_t> rows_;   // per region, kWords words: the window's slots whose blob holds it
    std::vector<uint64_t> seen_;   // per region: how many window blobs hold it (high half), the region (low half)
    std::vector<S> entries_;       // the window, by slot
    std::vector<uint64_t> within_; // per depth d, kWords words: the slots whose blob was expanded at d or less
    size_t depths_ = 1;
    uint64_t added_ = 0;
    S common_; // regions most window blobs hold (as of the last word started)
};

} // namespace kami
