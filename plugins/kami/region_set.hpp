// region_set.hpp -- sets of regions as bit rows with value semantics: the pivot solver's blobs, fronts and board
// rows. FixedSet<W> keeps its W words in place, so copies, unions and subset tests on a board of up to 64·W regions
// are a few register operations (what the pivot solver's speed rests on); DynamicSet is the same interface on the
// heap, for boards with more regions. Missing words of a DynamicSet count as zero, so sets of any length mix.
#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace kami {

namespace region_set_detail {
inline uint64_t mix(uint64_t h, uint64_t word) {
    h = (h ^ word) * 0xff51afd7ed558ccdULL;
    return h ^ (h >> 32);
}
} // namespace region_set_detail

// Without a target with a popcount instruction, the builtin is a library call; this is a few inline operations.
inline int popcount64(uint64_t x) {
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return int((x * 0x0101010101010101ULL) >> 56);
}

template <int W> struct FixedSet {
    std::array<uint64_t, W> w{};

    bool empty() const {
        uint64_t x = 0;
        for (int i = 0; i < W; ++i)
            x |= w[i];
        return !x;
    }
    bool operator==(const FixedSet &o) const {
        uint64_t x = 0;
        for (int i = 0; i < W; ++i)
            x |= w[i] ^ o.w[i];
        return !x;
    }
    bool subset_of(const FixedSet &o) const {
        uint64_t x = 0;
        for (int i = 0; i < W; ++i)
            x |= w[i] & ~o.w[i];
        return !x;
    }
    bool intersects(const FixedSet &o) const {
        uint64_t x = 0;
        for (int i = 0; i < W; ++i)
            x |= w[i] & o.w[i];
        return x != 0;
    }
    FixedSet operator|(const FixedSet &o) const {
        FixedSet r;
        for (int i = 0; i < W; ++i)
            r.w[i] = w[i] | o.w[i];
        return r;
    }
    FixedSet operator&(const FixedSet &o) const {
        FixedSet r;
        for (int i = 0; i < W; ++i)
            r.w[i] = w[i] & o.w[i];
        return r;
    }
    FixedSet minus(const FixedSet &o) const {
        FixedSet r;
        for (int i = 0; i < W; ++i)
            r.w[i] = w[i] & ~o.w[i];
        return r;
    }
    FixedSet &operator|=(const FixedSet &o) {
        for (int i = 0; i < W; ++i)
            w[i] |= o.w[i];
        return *this;
    }
    void set(int32_t r) { w[size_t(r) / 64] |= uint64_t(1) << (r % 64); }
    bool has(int32_t r) const { return w[size_t(r) / 64] >> (r % 64) & 1; }
    int count() const {
        int n = 0;
        for (int i = 0; i < W; ++i)
            n += popcount64(w[i]);
        return n;
    }
    template <class F> void each(F &&f) const {
        for (int i = 0; i < W; ++i)
            for (uint64_t b = w[i]; b; b &= b - 1)
                f(int32_t(i * 64 + __builtin_ctzll(b)));
    }
    // Calls f on each region while it returns true; returns whether it always did.
    template <class F> bool all_of(F &&f) const {
        for (int i = 0; i < W; ++i)
            for (uint64_t b = w[i]; b; b &= b - 1)
                if (!f(int32_t(i * 64 + __builtin_ctzll(b)))) return false;
        return true;
    }
    uint64_t hash() const {
        uint64_t h = 0x9e3779b97f4a7c15ULL;
        for (int i = 0; i < W; ++i)
            h = region_set_detail::mix(h, w[i]);
        return h;
    }
};

struct DynamicSet {
    std::vector<uint64_t> w;

    uint64_t word(size_t i) const { return i < w.size() ? w[i] : 0; }
    bool empty() const {
        return std::all_of(w.begin(), w.end(), [](uint64_t x) { return x == 0; });
    }
    bool operator==(const DynamicSet &o) const {
        for (size_t i = 0, n = std::max(w.size(), o.w.size()); i < n; ++i)
            if (word(i) != o.word(i)) return false;
        return true;
    }
    bool subset_of(const DynamicSet &o) const {
        for (size_t i = 0; i < w.size(); ++i)
            if (w[i] & ~o.word(i)) return false;
        return true;
    }
    bool intersects(const DynamicSet &o) const {
        for (size_t i = 0, n = std::min(w.size(), o.w.size()); i < n; ++i)
            if (w[i] & o.w[i]) return true;
        return false;
    }
    DynamicSet operator|(const DynamicSet &o) const {
        DynamicSet r = *this;
        return r |= o;
    }
    DynamicSet operator&(const DynamicSet &o) const {
        DynamicSet r;
        r.w.resize(std::min(w.size(), o.w.size()));
        for (size_t i = 0; i < r.w.size(); ++i)
            r.w[i] = w[i] & o.w[i];
        return r;
    }
    DynamicSet minus(const DynamicSet &o) const {
        DynamicSet r = *this;
        for (size_t i = 0; i < r.w.size(); ++i)
            r.w[i] &= ~o.word(i);
        return r;
    }
    DynamicSet &operator|=(const DynamicSet &o) {
        if (w.size() < o.w.size()) w.resize(o.w.size(), 0);
        for (size_t i = 0; i < o.w.size(); ++i)
            w[i] |= o.w[i];
        return *this;
    }
    void set(int32_t r) {
        if (w.size() <= size_t(r) / 64) w.resize(size_t(r) / 64 + 1, 0);
        w[size_t(r) / 64] |= uint64_t(1) << (r % 64);
    }
    bool has(int32_t r) const { return word(size_t(r) / 64) >> (r % 64) & 1; }
    int count() const {
        int n = 0;
        for (uint64_t x : w)
            n += popcount64(x);
        return n;
    }
    template <class F> void each(F &&f) const {
        for (size_t i = 0; i < w.size(); ++i)
            for (uint64_t b = w[i]; b; b &= b - 1)
                f(int32_t(i * 64 + size_t(__builtin_ctzll(b))));
    }
    template <class F> bool all_of(F &&f) const {
        for (size_t i = 0; i < w.size(); ++i)
            for (uint64_t b = w[i]; b; b &= b - 1)
                if (!f(int32_t(i * 64 + size_t(__builtin_ctzll(b))))) return false;
        return true;
    }
    uint64_t hash() const { // trailing zero words left out, as == ignores them
        size_t n = w.size();
        while (n && !w[n - 1])
            --n;
        uint64_t h = 0x9e3779b97f4a7c15ULL;
        for (size_t i = 0; i < n; ++i)
            h = region_set_detail::mix(h, w[i]);
        return h;
    }
};

} // namespace kami
