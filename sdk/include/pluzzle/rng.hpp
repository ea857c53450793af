// pluzzle/rng.hpp -- a seeded random source that gives the same numbers on every compiler and standard library.
//
// A generator's seed names a level: `pluzzle generate --seed 7` must give the same board on every machine, and
// stored levels and benchmark signatures rely on it. std::mt19937_64's output is fixed by the standard, but the
// std:: distributions and std::shuffle are not (libstdc++ and libc++ differ), so draw through this class only.
#pragma once
#include <cstdint>
#include <random>
#include <utility>

namespace pluzzle {

// SplitMix64 of x: one 64-bit value from another with every input bit spread over the output (Steele, Lea and Flood,
// 2014). For fixed keys without a table (hash keys) and for the seeds below.
constexpr uint64_t splitmix64(uint64_t x) {
    uint64_t z = x + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// The seed of attempt k (0, 1, ...) of a generator that draws until a candidate fits (a target difficulty, a
// solvable split): attempts differ from each other and from the level's seed, and the same seed and k give the same
// candidate everywhere, so the level a seed names does not move.
constexpr uint64_t derived_seed(uint64_t seed, uint64_t k) { return splitmix64(seed + 0x9E3779B97F4A7C15ull * k); }

class Rng {
  public:
    explicit Rng(uint64_t seed) : engine_(seed) {}

    // 64 random bits.
    uint64_t next() { return engine_(); }
    // A number in [0, n) for n >= 1 (plain modulo: the bias is below 2^-40 for any n under 2^24).
    uint64_t below(uint64_t n) { return engine_() % n; }
    // An integer in [lo, hi], both included.
    int64_t between(int64_t lo, int64_t hi) { return lo + int64_t(below(uint64_t(hi - lo) + 1)); }
    // A double in [0, 1) from 53 random bits: exact, the same everywhere.
    double unit() { return double(engine_() >> 11) * 0x1.0p-53; }
    // True with probability p.
    bool chance(double p) { return unit() < p; }

    // Fisher-Yates over a whole random-access range (vector, array, string).
    template <class Range> void shuffle(Range &range) {
        using std::begin, std::end;
        const auto first = begin(range);
        for (uint64_t i = uint64_t(end(range) - first); i > 1; --i) {
            using std::swap;
            swap(first[i - 1], first[below(i)]);
        }
    }
    // An element of a non-empty range, e.g. a random move.
    template <class Range> auto &pick(Range &range) {
        using std::begin, std::end;
        return begin(range)[below(uint64_t(end(range) - begin(range)))];
    }

    // The underlying engine, for code that already draws from a std::mt19937_64 (same sequence as next()).
    std::mt19937_64 &engine() { return engine_; }

  private:
    std::mt19937_64 engine_;
};

} // namespace pluzzle
