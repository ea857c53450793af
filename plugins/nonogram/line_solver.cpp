// line_solver.cpp -- see line_solver.hpp for the model. Coordinates: the padded line has m = n + 2 positions,
// 0 and m-1 being the always-empty pads and 1..n the cells.
#include "line_solver.hpp"

namespace nonogram {
namespace {

using u128 = unsigned __int128;

inline uint64_t reverse64(uint64_t x) {
    x = __builtin_bswap64(x);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    return x;
}
// Reverses the low m bits (the rest are zero).
inline uint64_t reverse_low(uint64_t x, int m) { return reverse64(x) >> (64 - m); }
inline u128 reverse_low(u128 x, int m) {
    const u128 r = (u128(reverse64(uint64_t(x))) << 64) | reverse64(uint64_t(x >> 64));
    return r >> (128 - m);
}

// Positions reachable from R moving right through cells that may be empty (R must be a subset of E): adding
// E + R carries each bit of R through the rest of its run of E.
template <class W> inline W close_right(W r, W e) { return r | (((e + r) ^ e) & e); }

// Starts s such that cells s..s+len-1 are all in f.
template <class W> inline W fit(W f, int len) {
    W x = f;
    int have = 1;
    while (have * 2 <= len) {
        x &= x >> have;
        have *= 2;
    }
    if (have < len) x &= x >> (len - have);
    return x;
}

// Cells covered by a run of `len` starting at any s in v.
template <class W> inline W cover(W v, int len) {
    W c = v;
    int have = 1;
    while (have * 2 <= len) {
        c |= c << have;
        have *= 2;
    }
    if (have < len) c |= c << (len - have);
    return c;
}

constexpr int kMaxRuns = 64; // 126 cells hold at most 63 runs

// Forward cut sets: out[j] = empty positions up to which runs 0..j-1 fit. Returns false if out[k] is empty.
template <class W> inline bool forward(const int *clue, int k, W e, W f, W *fits, W *out) {
    W cur = close_right<W>(W(1), e);
    out[0] = cur;
    for (int j = 0; j < k; ++j) {
        const int len = clue[j];
        const W ft = fit<W>(f, len);
        fits[j] = ft;
        const W ends = (((cur << 1) & ft) << len) & e;
        cur = close_right<W>(ends, e);
        if (!cur) return false;
        out[j + 1] = cur;
    }
    return true;
}

// Sets may_empty / may_fill (padded coordinates) from the padded masks e (may be empty) and f (may be filled).
template <class W> bool settle_bits(const int *clue, int k, int m, W e, W f, W &may_empty, W &may_fill) {
    W fw[kMaxRuns + 1], bw[kMaxRuns + 1], fits[kMaxRuns], rfits[kMaxRuns];
    int rclue[kMaxRuns];
    if (!forward<W>(clue, k, e, f, fits, fw)) return false;
    if (!((fw[k] >> (m - 1)) & 1)) return false;
    for (int j = 0; j < k; ++j) rclue[j] = clue[k - 1 - j];
    W rb[kMaxRuns + 1];
    if (!forward<W>(rclue, k, reverse_low(e, m), reverse_low(f, m), rfits, rb)) return false;
    for (int j = 0; j <= k; ++j) bw[j] = reverse_low(rb[k - j], m);
    W me = 0, mf = 0;
    for (int j = 0; j <= k; ++j) me |= fw[j] & bw[j];
    for (int j = 0; j < k; ++j) {
        const int len = clue[j];
        const W starts = (fw[j] << 1) & fits[j] & (bw[j + 1] >> len);
        mf |= cover<W>(starts, len);
    }
    may_empty = me;
    may_fill = mf;
    return true;
}

template <class W>
bool solve_bits(const int *clue, int k, const int8_t *cells, int n, int8_t *out, int stride) {
    const int m = n + 2;
    W e = W(1) | (W(1) << (m - 1)), f = 0;
    for (int i = 0; i < n; ++i) {
        const int8_t v = cells[ptrdiff_t(i) * stride];
        if (v != kFilled) e |= W(1) << (i + 1);
        if (v != kEmpty) f |= W(1) << (i + 1);
    }
    W may_empty, may_fill;
    if (!settle_bits<W>(clue, k, m, e, f, may_empty, may_fill)) return false;
    for (int i = 0; i < n; ++i) {
        const bool me = (may_empty >> (i + 1)) & 1, mf = (may_fill >> (i + 1)) & 1;
        if (!me && !mf) return false; // cannot happen when a placement exists; kept as a guard
        out[i] = me && mf ? cells[ptrdiff_t(i) * stride] : int8_t(mf ? kFilled : kEmpty);
    }
    return true;
}

bool clue_fits(const int *clue, int k, int n) {
    int need = k ? -1 : 0;
    for (int j = 0; j < k; ++j) {
        if (clue[j] < 1) return false;
        need += clue[j] + 1;
    }
    return need <= n;
}

// solve_masks() on the word type W (the padded line, n + 2 bits, must fit it).
template <class W> bool settle_masks(const int *clue, int k, int n, W &filled, W &empty) {
    const W cells = (W(1) << n) - 1;
    const W e = ((~filled & cells) << 1) | 1u | (W(1) << (n + 1));
    const W f = (~empty & cells) << 1;
    W may_empty, may_fill;
    if (!settle_bits<W>(clue, k, n + 2, e, f, may_empty, may_fill)) return false;
    may_empty = (may_empty >> 1) & cells;
    may_fill = (may_fill >> 1) & cells;
    if ((may_empty | may_fill) != cells) return false; // guard; cannot happen when a placement exists
    filled = may_fill & ~may_empty;
    empty = may_empty & ~may_fill;
    return true;
}

// Whether some placement of the runs agrees with the known cells: the forward pass of settle_bits() alone.
template <class W> bool feasible_bits(const int *clue, int k, int n, W filled, W empty) {
    const int m = n + 2;
    const W cells = (W(1) << n) - 1;
    const W e = ((~filled & cells) << 1) | 1u | (W(1) << (m - 1));
    const W f = (~empty & cells) << 1;
    W cur = close_right<W>(W(1), e);
    for (int j = 0; j < k; ++j) {
        const int len = clue[j];
        cur = close_right<W>((((cur << 1) & fit<W>(f, len)) << len) & e, e);
        if (!cur) return false;
    }
    return (cur >> (m - 1)) & 1;
}

} // namespace

bool LineSolver::feasible_masks(const int *clue, int k, int n, LineMask filled, LineMask empty) {
    if (!clue_fits(clue, k, n) || k > kMaxRuns || (filled & empty)) return false;
    if (n + 2 <= 64) return feasible_bits<uint64_t>(clue, k, n, uint64_t(filled), uint64_t(empty));
    return feasible_bits<u128>(clue, k, n, filled, empty);
}

bool LineSolver::solve(const int *clue, int k, const int8_t *cells, int n, int8_t *out, int stride) {
    if (!clue_fits(clue, k, n)) return false;
    if (n + 2 <= 64 && k <= kMaxRuns) return solve_bits<uint64_t>(clue, k, cells, n, out, stride);
    if (n + 2 <= 128 && k <= kMaxRuns) return solve_bits<u128>(clue, k, cells, n, out, stride);
    return solve_table(clue, k, cells, n, out, stride);
}

bool LineSolver::solve_masks(const int *clue, int k, int n, LineMask &filled, LineMask &empty) {
    if (!clue_fits(clue, k, n) || k > kMaxRuns) return false;
    if (n + 2 > 64) return settle_masks<u128>(clue, k, n, filled, empty);
    uint64_t f = uint64_t(filled), e = uint64_t(empty);
    if (!settle_masks<uint64_t>(clue, k, n, f, e)) return false;
    filled = f;
    empty = e;
    return true;
}

bool LineSolver::solve_masks(const int *clue, int k, int n, uint64_t &filled, uint64_t &empty) {
    if (!clue_fits(clue, k, n) || k > kMaxRuns) return false;
    if (n + 2 <= 64) return settle_masks<uint64_t>(clue, k, n, filled, empty);
    u128 f = filled, e = empty;
    if (!settle_masks<u128>(clue, k, n, f, e)) return false;
    filled = uint64_t(f);
    empty = uint64_t(e);
    return true;
}

bool LineSolver::solve_table(const int *clue, int k, const int8_t *cells, int n, int8_t *out, int stride) {
    for (int j = 0; j < k; ++j)
        if (clue[j] < 1) return false;
    const int m = n + 2;
    auto cell = [&](int p) -> int8_t { return (p == 0 || p == m - 1) ? int8_t(kEmpty) : cells[ptrdiff_t(p - 1) * stride]; };
    // empties_[p] = number of positions < p that must be empty (pads included), so cells s..s+len-1 may all
    // be filled iff empties_[s + len] == empties_[s].
    empties_.assign(size_t(m) + 1, 0);
    for (int p = 0; p < m; ++p) empties_[size_t(p) + 1] = empties_[size_t(p)] + (cell(p) == kEmpty ? 1 : 0);
    auto fits = [&](int s, int len) { return s >= 1 && s + len <= m - 1 && empties_[size_t(s + len)] == empties_[size_t(s)]; };
    auto may_be_empty = [&](int p) { return cell(p) != kFilled; };
    const size_t pitch = size_t(m);
    fwd_.assign(size_t(k + 1) * pitch, 0);
    bwd_.assign(size_t(k + 1) * pitch, 0);
    auto fw = [&](int j, int p) -> uint8_t & { return fwd_[size_t(j) * pitch + size_t(p)]; };
    auto bw = [&](int j, int p) -> uint8_t & { return bwd_[size_t(j) * pitch + size_t(p)]; };
    for (int j = 0; j <= k; ++j) {
        fw(j, 0) = j == 0;
        for (int p = 1; p < m; ++p) {
            if (!may_be_empty(p)) continue;
            bool ok = fw(j, p - 1);
            if (!ok && j >= 1) {
                const int len = clue[j - 1], s = p - len;
                ok = s >= 1 && fw(j - 1, s - 1) && fits(s, len);
            }
            fw(j, p) = ok;
        }
    }
    if (!fw(k, m - 1)) return false;
    for (int j = k; j >= 0; --j) {
        bw(j, m - 1) = j == k;
        for (int p = m - 2; p >= 0; --p) {
            if (!may_be_empty(p)) continue;
            bool ok = bw(j, p + 1);
            if (!ok && j < k) {
                const int len = clue[j], s = p + 1;
                ok = s + len <= m - 1 && fits(s, len) && bw(j + 1, s + len);
            }
            bw(j, p) = ok;
        }
    }
    may_empty_.assign(pitch, 0);
    cover_.assign(pitch + 1, 0);
    for (int j = 0; j <= k; ++j)
        for (int p = 0; p < m; ++p)
            if (fw(j, p) && bw(j, p)) may_empty_[size_t(p)] = 1;
    for (int j = 0; j < k; ++j) {
        const int len = clue[j];
        for (int s = 1; s + len <= m - 1; ++s)
            if (fw(j, s - 1) && fits(s, len) && bw(j + 1, s + len)) {
                ++cover_[size_t(s)];
                --cover_[size_t(s + len)];
            }
    }
    int covered = 0;
    for (int p = 1; p <= n; ++p) {
        covered += cover_[size_t(p)];
        const bool me = may_empty_[size_t(p)], mf = covered > 0;
        if (!me && !mf) return false;
        out[p - 1] = me && mf ? cell(p) : int8_t(mf ? kFilled : kEmpty);
    }
    return true;
}

} // namespace nonogram
