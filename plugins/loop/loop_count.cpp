// loop_count.cpp -- loop rules (rule_solvers.hpp): the undecided tiles fall into independent components, each
// counted exactly by branching and splitting again; the first solution (and a second) is put together from each
// component's.
#include "rule_solvers.hpp"

#include <algorithm>
#include <deque>
#include <utility>
#include <vector>

namespace loop {
namespace {

// Tiles of one component: a range of a ComponentList.
struct Tiles {
    const int64_t *first, *last;
    const int64_t *begin() const { return first; }
    const int64_t *end() const { return last; }
    size_t size() const { return size_t(last - first); }
};

// Components as one array of tiles and where each ends. The count refills one list per depth of its search at
// every node, keeping the memory: a vector per component would cost an allocation a component a node.
struct ComponentList {
    std::vector<int64_t> tiles;
    std::vector<size_t> ends;
    size_t size() const { return ends.size(); }
    Tiles operator[](size_t k) const {
        return {tiles.data() + (k ? ends[k - 1] : 0), tiles.data() + ends[k]};
    }
};

// Groups `tiles` (all undecided) into components, into `out`: two undecided tiles belong together when the edge
// between them is still open to both choices (decided edges decouple, since arc consistency holds).
void components(const Search &s, Tiles tiles, std::vector<uint8_t> &seen, ComponentList &out) {
    out.tiles.clear();
    out.ends.clear();
    for (int64_t start : tiles) {
        if (seen[size_t(start)] || single(s.domain(start))) continue;
        const size_t from = out.tiles.size();
        out.tiles.push_back(start);
        seen[size_t(start)] = 1;
        grow_pocket(s, out.tiles, seen, SIZE_MAX, from);
        out.ends.push_back(out.tiles.size());
    }
    for (int64_t i : out.tiles) seen[size_t(i)] = 0;
}

// The undecided tile of `comp` to branch on: the one with the most undecided connections (deciding it cuts the
// most ties, so the rest falls apart sooner), then the fewest options; the first such, for determinism. -1 when
// every tile is decided.
int64_t branch_tile(const Search &s, Tiles comp) {
    int64_t best = -1;
    int best_score = -1;
    for (int64_t i : comp) {
        const int options = bit_count(s.domain(i));
        if (options < 2) continue;
        const int score = bit_count(uint8_t(s.may(i) & ~s.must(i))) * 8 - options;
        if (score > best_score) best = i, best_score = score;
    }
    return best;
}

// What the count reuses from node to node: grow_pocket's marks, and the components a node's rest falls apart
// into, one list per depth (a deque: deeper lists are added without moving the ones in use).
struct CountScratch {
    std::vector<uint8_t> &seen;
    std::deque<ComponentList> below;
};

// The exact number of solutions of one component: branch on a tile, propagate, and multiply the counts of the
// components the rest falls apart into.
BigCount count_component(Search &s, Tiles comp, CountScratch &scratch, size_t depth = 0) {
    const int64_t t = branch_tile(s, comp);
    if (t < 0) return 1;
    if (scratch.below.size() == depth) scratch.below.emplace_back();
    ComponentList &subs = scratch.below[depth];
    BigCount total = 0;
    s.branch(t, [&] {
        components(s, comp, scratch.seen, subs);
        BigCount product = 1;
        for (size_t k = 0; k < subs.size(); ++k) {
            product *= count_component(s, subs[k], scratch, depth + 1);
            if (product == 0) break;
        }
        total += product;
        return true;
    });
    return total;
}

// Depth-first search over `comp` for up to `want` full assignments; each is handed to `found` while the search
// state holds it. Returns the number found.
template <class Found> unsigned enumerate(Search &s, Tiles comp, unsigned want, const Found &found) {
    const int64_t t = branch_tile(s, comp);
    if (t < 0) {
        found();
        return 1;
    }
    unsigned got = 0;
    s.branch(t, [&] {
        got += enumerate(s, comp, want - got, found);
        return got < want;
    });
    return got;
}

// The product of `factors` (the components' counts), multiplied in pairs, then pairs of pairs: each round multiplies
// numbers of about equal size. Multiplied one at a time into a growing total, the cost is quadratic in the total's
// digits (measured on counts of 1 to 8: ~1 ms for the 7,000 components of a 1000x1000 board, but 0.2 s for 60,000,
// a 10^7-tile board, and 35 s for 600,000; this way 0.05 s and 0.7 s).
BigCount product(std::vector<BigCount> factors) {
    if (factors.empty()) return 1;
    while (factors.size() > 1) {
        size_t kept = 0;
        for (size_t i = 0; i + 1 < factors.size(); i += 2) factors[kept++] = factors[i] * factors[i + 1];
        if (factors.size() % 2) factors[kept++] = std::move(factors.back());
        factors.resize(kept);
    }
    return std::move(factors[0]);
}

// The counts of the components of `comps` that `counted(c)` selects, in order, with progress; stops after the first
// count of 0 (the product is 0: the rest need no counting).
template <class Counted>
std::vector<BigCount> count_each(Search &s, const ComponentList &comps, std::vector<uint8_t> &seen,
                                 const Counted &counted) {
    std::vector<BigCount> counts;
    CountScratch scratch{seen, {}};
    for (size_t c = 0; c < comps.size(); ++c) {
        if (!counted(c)) continue;
        s.progress(double(c) / double(comps.size()), "counting components");
        counts.push_back(count_component(s, comps[c], scratch));
        if (counts.back() == 0) break;
    }
    return counts;
}

} // namespace

BigCount count_loop_tiles(Search &s, const std::vector<int64_t> &tiles) {
    std::vector<uint8_t> seen(size_t(s.size()), 0);
    ComponentList comps;
    components(s, {tiles.data(), tiles.data() + tiles.size()}, seen, comps);
    return product(count_each(s, comps, seen, [](size_t) { return true; }));
}

void solve_loop(Search &s, const SolveOptions &options, SolveReport &report, const std::vector<uint8_t> *part) {
    std::vector<int64_t> undecided;
    for (int64_t i = 0; i < s.size(); ++i)
        if (!single(s.domain(i))) undecided.push_back(i);
    report.decided_by_propagation = uint64_t(s.size()) - undecided.size();
    std::vector<uint8_t> seen(size_t(s.size()), 0);
    ComponentList comps;
    components(s, {undecided.data(), undecided.data() + undecided.size()}, seen, comps);
    report.components = comps.size();
    for (size_t c = 0; c < comps.size(); ++c)
        report.largest_component = std::max<uint64_t>(report.largest_component, comps[c].size());

    // A cube's component falls apart into components wholly inside its part; the others are the rest, counted by
    // the split.
    const auto counted = [&](size_t c) { return !part || (*part)[size_t(*comps[c].begin())]; };
    std::vector<BigCount> counts;
    BigCount total = 1;
    if (options.count) {
        counts = count_each(s, comps, seen, counted);
        total = product(counts);
        if (part) total *= options.rest_solutions.value_or(1);
        report.count = total;
        report.counted = true;
        if (total == 0) {
            mark_unsolvable(report);
            return;
        }
    }
    if (options.max_solutions == 0) {
        report.status = total > 1 ? PZ_SOLVE_MULTIPLE : PZ_SOLVE_UNIQUE;
        return;
    }
    // Fix each component to its first solution. A second solution differs in one component: the first counted one
    // with two or more, enumerated again right after its first (components are independent: what the others are
    // fixed to changes neither its nodes nor its solutions), and written over the first solution's masks at the end.
    // When no counted one has two, the second is in the rest (a cube's): each uncounted component is tried in turn.
    const bool want_second = options.max_solutions >= 2 && options.count && total > 1;
    size_t second_in = comps.size();
    for (size_t c = 0, k = 0; want_second && c < comps.size() && second_in == comps.size(); ++c)
        if (counted(c) && counts[k++] >= 2) second_in = c;
    const Search::Mark root = s.mark();
    std::vector<std::pair<int64_t, uint8_t>> first, second_masks;
    const auto may_hold_second = [&](size_t c) {
        return want_second && second_masks.empty() && (c == second_in || (second_in == comps.size() && !counted(c)));
    };
    for (size_t c = 0; c < comps.size(); ++c) {
        s.progress(double(c) / double(comps.size()), "solving components");
        first.clear();
        const unsigned got = enumerate(s, comps[c], 1, [&] {
            for (int64_t i : comps[c]) first.emplace_back(i, s.domain(i));
        });
        if (!got) { // only without counting: this component has no solution
            s.undo(root);
            mark_unsolvable(report);
            return;
        }
        if (may_hold_second(c)) {
            unsigned seen_solutions = 0;
            enumerate(s, comps[c], 2, [&] {
                if (++seen_solutions == 2)
                    for (int64_t i : comps[c]) second_masks.emplace_back(i, s.mask(i));
            });
        }
        for (auto &[i, d] : first) s.restrict(i, d);
        s.propagate();
    }
    report.solutions.push_back(s.solved_masks());
    if (!second_masks.empty()) {
        std::vector<uint8_t> second = report.solutions.front();
        for (auto &[i, m] : second_masks) second[size_t(i)] = m;
        report.solutions.push_back(std::move(second));
    }
    s.undo(root);
    if (!options.count) {
        report.status = PZ_SOLVE_SOLVED;
        return;
    }
    report.status = total > 1 ? PZ_SOLVE_MULTIPLE : PZ_SOLVE_UNIQUE;
}

} // namespace loop
