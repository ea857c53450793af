// parking.cpp -- slits from a cell's centroid towards its vertices: all of them share the centroid, so together
// they form a star that encloses nothing, and they stay strictly inside the convex cell.
#include "parking.hpp"

#include <algorithm>
#include <cmath>

namespace sliceit {
namespace {

bool same_verdict(const Verdict &a, const Verdict &b) {
    if (a.solved != b.solved || a.counted != b.counted || a.shares.size() != b.shares.size()) return false;
    for (size_t i = 0; i < a.shares.size(); ++i)
        if (std::abs(a.shares[i] - b.shares[i]) > 1e-9) return false;
    return true;
}

// The slits for `count` strokes, in the largest convex cells first; empty if no cell has room.
std::vector<Stroke> slits(const Board &board, const Cut &cut, size_t count) {
    std::vector<size_t> order;
    for (size_t i = 0; i < cut.cells.size(); ++i)
        if (cut.cells[i].is_convex) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return cut.cells[a].area > cut.cells[b].area; });
    for (size_t index : order) {
        const Ring &ring = cut.cells[index].convex;
        Vec c{0, 0};
        for (const Vec &v : ring)
            c.x += v.x / double(ring.size()), c.y += v.y / double(ring.size());
        std::vector<Stroke> out;
        for (size_t k = 0; k < ring.size() && out.size() < count; ++k) {
            const Stroke s{c, {c.x + 0.4 * (ring[k].x - c.x), c.y + 0.4 * (ring[k].y - c.y)}};
            if (!(s.a == s.b) && !touches_forbidden(board, s)) out.push_back(s);
        }
        if (out.size() == count) return out;
    }
    return {};
}

} // namespace

std::vector<Stroke> unpark(const Board &board, const std::vector<Stroke> &strokes, const std::vector<bool> &parked) {
    const size_t count = size_t(std::count(parked.begin(), parked.end(), true));
    if (count == 0) return strokes;
    const Verdict before = judge(board, strokes);
    auto replaced = [&](const std::vector<Stroke> &with) {
        std::vector<Stroke> out = strokes;
        for (size_t i = 0, next = 0; i < out.size(); ++i)
            if (parked[i]) out[i] = with[std::min(next++, with.size() - 1)];
        return out;
    };
    std::vector<Stroke> candidate = slits(board, cut_board(board, strokes), count);
    if (!candidate.empty()) {
        std::vector<Stroke> out = replaced(candidate);
        if (same_verdict(judge(board, out), before)) return out;
    }
    // A copy of a stroke in use lies exactly on it and covers nothing it does not.
    for (size_t i = 0; i < strokes.size(); ++i)
        if (!parked[i]) {
            std::vector<Stroke> out = replaced({strokes[i]});
            if (same_verdict(judge(board, out), before)) return out;
        }
    return strokes;
}

} // namespace sliceit
