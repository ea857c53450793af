// path_bound.cpp -- see path_bound.hpp.
#include "path_bound.hpp"

#include <algorithm>

namespace kami {
namespace {

// Beyond this many groups the path bound is skipped: its tables take groups^2 bytes and about groups^3 steps.
constexpr int kMaxWalkGroups = 400;

} // namespace

int PathBound::bound(int h, int cap) {
    const int n = graph_.regions();
    if (graph_.groups() > kMaxWalkGroups) return 0;
    if (int(far_.size()) < n) far_.resize(size_t(n)), queue_.resize(size_t(n));
    const int32_t start = radius_.live_centre();
    const int32_t a = farthest(start);
    const int32_t b = farthest(a); // far_ now holds the way back to a
    colours_on_path_.clear();
    for (int32_t u = b; u != a; u = far_[size_t(u)])
        colours_on_path_.push_back(graph_.colour(u));
    colours_on_path_.push_back(graph_.colour(a));
    if (int(colours_on_path_.size()) - 1 <= h) return 0; // a walk's moves are fewer than a shortest one's edges
    // The shortest path's prints: the walks' least is no more (it is one of them), and costs far more.
    const int most = printed(colours_on_path_);
    if (most - 1 <= h) return 0;
    const int limit = std::min(cap + 1, most);
    const int prints = walks_.least_prints(graph_, a, b, limit);
    walk_exact_ = prints < limit;
    return prints - 1;
}

int PathBound::remembered(const Key &state, int left) {
    WalkMemo::Slot &m = memo_.slot(state);
    if (m.known && m.key == state && (m.exact || m.value > left)) return m.value;
    walk_exact_ = false;
    const int p = bound(left, left + 1);
    if (walk_exact_ || p > left) m = {state, uint8_t(std::min(p, 255)), walk_exact_, true};
    return p;
}

int32_t PathBound::farthest(int32_t from) {
    uint64_t *seen = seen_.data();
    const size_t words = seen_.size();
    std::fill_n(seen, words, 0);
    seen[size_t(from) / 64] |= uint64_t(1) << (from % 64);
    size_t head = 0, tail = 0;
    queue_[tail++] = from;
    while (head < tail) {
        const int32_t u = queue_[head++];
        const uint64_t *row = graph_.adjacent(u);
        for (size_t w = 0; w < words; ++w)
            for (uint64_t x = row[w] & ~seen[w]; x; x &= x - 1) {
                const int32_t v = int32_t(w * 64 + size_t(__builtin_ctzll(x)));
                seen[w] |= uint64_t(1) << (v % 64);
                far_[size_t(v)] = u;
                queue_[tail++] = v;
            }
    }
    return queue_[tail - 1];
}

int PathBound::printed(const std::vector<uint8_t> &s) {
    const size_t m = s.size();
    printer_.assign(m * m, 0);
    const auto f = [&](size_t i, size_t j) { return i > j ? 0 : printer_[i * m + j]; };
    for (size_t len = 1; len <= m; ++len)
        for (size_t i = 0; i + len <= m; ++i) {
            const size_t j = i + len - 1;
            int best = j > i ? f(i, j - 1) + 1 : 1;
            for (size_t k = i; k < j; ++k)
                if (s[k] == s[j]) best = std::min(best, f(i, k) + (k + 1 <= j - 1 ? f(k + 1, j - 1) : 0));
            printer_[i * m + j] = best;
        }
    return printer_[m - 1];
}

} // namespace kami
