// bitboard.hpp -- a 256-bit set of grid squares. The largest boards (petri 120 in 12x12, flask 8 10 in 10x13)
// need more than 128 bits once padded: bit = (row + 2) * (width + 1) + col, so one empty padding column stops
// horizontal shifts from wrapping into the next row and two empty rows above and below keep P + 2d in range.
#pragma once
#include <cstdint>

namespace celladd {

constexpr int kBitWords = 4;
constexpr int kMaxBits = 64 * kBitWords;

struct Bits {
    uint64_t w[kBitWords] = {};

    bool test(int i) const { return (w[i >> 6] >> (i & 63)) & 1; }
    void set(int i) { w[i >> 6] |= uint64_t(1) << (i & 63); }
    void reset(int i) { w[i >> 6] &= ~(uint64_t(1) << (i & 63)); }
    bool none() const { return (w[0] | w[1] | w[2] | w[3]) == 0; }
    int count() const {
        return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]) + __builtin_popcountll(w[2]) +
               __builtin_popcountll(w[3]);
    }

    Bits operator&(const Bits &o) const { return {{w[0] & o.w[0], w[1] & o.w[1], w[2] & o.w[2], w[3] & o.w[3]}}; }
    Bits operator|(const Bits &o) const { return {{w[0] | o.w[0], w[1] | o.w[1], w[2] | o.w[2], w[3] | o.w[3]}}; }
    Bits operator~() const { return {{~w[0], ~w[1], ~w[2], ~w[3]}}; }
    Bits &operator|=(const Bits &o) { return *this = *this | o; }
    Bits &operator&=(const Bits &o) { return *this = *this & o; }
    bool operator==(const Bits &o) const {
        return w[0] == o.w[0] && w[1] == o.w[1] && w[2] == o.w[2] && w[3] == o.w[3];
    }

    // Bit i moves to i + k (k may be negative); bits pushed past either end are dropped.
    Bits shifted(int k) const {
        Bits r;
        if (k >= 0) {
            const int words = k >> 6, bits = k & 63;
            for (int i = kBitWords - 1; i >= words; --i) {
                r.w[i] = w[i - words] << bits;
                if (bits && i - words - 1 >= 0) r.w[i] |= w[i - words - 1] >> (64 - bits);
            }
        } else {
            const int words = (-k) >> 6, bits = (-k) & 63;
            for (int i = 0; i + words < kBitWords; ++i) {
                r.w[i] = w[i + words] >> bits;
                if (bits && i + words + 1 < kBitWords) r.w[i] |= w[i + words + 1] << (64 - bits);
            }
        }
        return r;
    }
};

} // namespace celladd
