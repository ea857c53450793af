// superset_index.hpp -- the pivot solver's dominance test: has a blob strictly containing this one been expanded
// at this depth or less? (Then this one needs no expansion; the argument is in pivot_solver.cpp.)
//
// Per region, a ring of the latest expanded blobs holding it. A query scans, newest first, the ring of its rarest
// region (every superset holds that region too). Rings are bounded, and regions that most blobs hold are not
// indexed (no query picks them), so a query may miss a dominating blob -- the state is then expanded, which only
// costs time -- but never reports a false one.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace kami {

template <class S> class SupersetIndex {
  public:
    // Memory stays within about `budget` bytes (a ring holds 16 to 512 blobs).
    SupersetIndex(int regions, size_t budget)
        : rings_(size_t(regions)), seen_(size_t(regions), 0), newest_(size_t(regions), 0),
          ring_(std::max<size_t>(16, std::min<size_t>(512, budget / (size_t(std::max(regions, 1)) * sizeof(Entry))))) {}

    void add(const S &blob, int depth) {
        ++added_;
        blob.minus(common_).each([&](int32_t r) {
            const uint64_t n = seen_[size_t(r)]++;
            if (n > added_ * 3 / 4 + 64) { // held by most blobs: never a query's rarest region
                common_.set(r);
                return;
            }
            std::vector<Entry> &ring = rings_[size_t(r)];
            const size_t at = size_t(n % ring_);
            if (ring.size() < ring_)
                ring.push_back({blob, depth});
            else
                ring[at] = {blob, depth};
            newest_[size_t(r)] = uint32_t(at);
        });
    }

    // Whether an indexed blob strictly contains `blob` and was expanded at `depth` or less.
    bool covers(const S &blob, int depth) const {
        uint64_t fewest = ~uint64_t(0);
        int32_t rare = -1;
        blob.minus(common_).each([&](int32_t r) {
            if (seen_[size_t(r)] < fewest) fewest = seen_[size_t(r)], rare = r;
        });
        if (rare < 0) return false;
        const std::vector<Entry> &ring = rings_[size_t(rare)];
        const size_t n = ring.size();
        for (size_t k = 0, i = newest_[size_t(rare)]; k < n; ++k, i = i ? i - 1 : n - 1) {
            const Entry &e = ring[i];
            if (e.depth <= depth && blob.subset_of(e.blob) && !(blob == e.blob)) return true;
        }
        return false;
    }

  private:
    struct Entry {
        S blob;
        int depth;
    };
    std::vector<std::vector<Entry>> rings_;
    std::vector<uint64_t> seen_;   // per region: how many added blobs held it
    std::vector<uint32_t> newest_; // per region: the ring slot written last
    size_t ring_;
    uint64_t added_ = 0;
    S common_; // regions left out of the index
};

} // namespace kami
