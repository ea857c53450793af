// island_search.cpp -- IslandSearch's IDA* (island_search.hpp): children are bounded before any is made (their
// radius from the node's balls), so only those within the threshold cost a move; at nodes with a few moves left the
// path bound may cut the node first; what a finished subtree proves is kept in the table of proven bounds.
#include "island_search.hpp"

#include "colour_bound.hpp"

#include <algorithm>

namespace kami {
namespace {

constexpr int kFound = -1;
// Nodes with fewer moves left than this skip the path bound: near the leaves it rarely cuts what the rest does not.
constexpr int kPathBoundFrom = 3;

} // namespace

void IslandSearch::sort_by_order(std::vector<Candidate> &moves, std::vector<Candidate> &scratch) {
    // A stable counting sort: orders are -joined (at most the groups a move can join) or 1, and std::stable_sort
    // would allocate its buffer at every node.
    int lowest = 1;
    for (const Candidate &m : moves) lowest = std::min(lowest, m.order);
    const size_t span = size_t(1 - lowest) + 1;
    if (order_count_.size() < span + 1) order_count_.resize(span + 1);
    std::fill_n(order_count_.begin(), span + 1, 0);
    for (const Candidate &m : moves) ++order_count_[size_t(m.order - lowest) + 1];
    for (size_t i = 1; i <= span; ++i) order_count_[i] += order_count_[i - 1];
    scratch.resize(moves.size());
    for (const Candidate &m : moves) scratch[size_t(order_count_[size_t(m.order - lowest)]++)] = m;
    moves.swap(scratch);
}

bool IslandSearch::search(uint8_t target, int most, std::vector<IslandMove> &moves, int &lower, uint64_t budget,
                          bool at_most) {
    target_ = target;
    node_cap_ = budget ? nodes_ + budget : 0;
    out_of_budget_ = false;
    // Quick mode's passes (at_most) skip the walk bound below the root: it costs ~20 us a node on a story level,
    // and a pass under a node budget finds its lists sooner with cheap nodes than with fewer, dear ones.
    walks_on_ = !at_most;
    int threshold = bound(kUnbounded);
    if (graph_.groups() > 1) threshold = std::max(threshold, path_bound_.bound(threshold, kUnbounded));
    lower = threshold;
    if (at_most) threshold = std::max(threshold, most);
    if (move_lists_.size() < size_t(std::max(most, 0)) + 2) {
        move_lists_.resize(size_t(std::max(most, 0)) + 2);
        sorted_.resize(move_lists_.size());
        waiting_.resize(move_lists_.size());
    }
    while (threshold <= most) {
        // Every iteration below failed, so `threshold` moves are proven needed (not so for at_most's pass).
        proven_ = at_most ? lower : threshold, best_ = target || most + 1 >= graph_.regions() ? -1 : most + 1;
        report_progress();
        path_.clear();
        waiting_[0].clear();
        const int r = dfs(key(), 0, threshold, root_bound(key(), threshold), -1);
        if (halted()) return false;
        if (r == kFound) {
            moves.assign(path_.rbegin(), path_.rend());
            if (!at_most) lower = int(moves.size());
            return true;
        }
        if (at_most) return false; // lower stays the bound: a failed pass at `most` proves most + 1 only
        lower = threshold = r;
    }
    lower = std::min(lower, most + 1);
    return false;
}

bool IslandSearch::search_below(IslandMove first, int most, std::vector<IslandMove> &moves, int &lower,
                                const std::function<int()> &limit_cost) {
    target_ = 0;
    node_cap_ = 0;
    out_of_budget_ = false;
    walks_on_ = true;
    if (move_lists_.size() < size_t(std::max(most, 0)) + 2) {
        move_lists_.resize(size_t(std::max(most, 0)) + 2);
        sorted_.resize(move_lists_.size());
        waiting_.resize(move_lists_.size());
    }
    // As dfs() makes a root move: one that joins nothing waits for its trigger; one that joins is the last group.
    const int32_t u = first.region;
    const bool joins = graph_.neighbours_of_colour(u, first.colour) > 0;
    waiting_[0].clear();
    waiting_[1].clear();
    if (!joins) waiting_[1].push_back({u, graph_.colour(u), first.colour});
    graph_.move(u, first.colour);
    Known known = root_bound(key(), kUnbounded);
    int threshold = 1 + known.h;
    if (graph_.groups() > 1) threshold = std::max(threshold, 1 + path_bound_.bound(threshold - 1, kUnbounded));
    lower = threshold;
    bool found = false;
    while (!found && threshold <= most) {
        if (limit_cost) most = std::min(most, limit_cost());
        if (threshold > most) break;
        proven_ = threshold, best_ = most + 1;
        report_progress();
        path_.clear();
        int r = kUnbounded;
        if (graph_.groups() == 1) {
            r = kFound;
        } else {
            known = root_bound(key(), threshold - 1);
            r = dfs(key(), 1, threshold, known, joins ? u : -1);
        }
        if (halted()) break;
        if (r == kFound) {
            moves.assign(1, first);
            moves.insert(moves.end(), path_.rbegin(), path_.rend());
            lower = int(moves.size());
            found = true;
        } else {
            lower = threshold = r;
        }
    }
    graph_.undo();
    // None within `most`: the last iteration's bound is proven (above most, often above the host's aim, which saves
    // a deepening step); a part with no list at all says only most + 1.
    if (!found && !halted() && lower >= kUnbounded) lower = most + 1;
    return found;
}

int IslandSearch::bound(int budget, int parent_radius) {
    const uint32_t present = graph_.colours_present();
    const int colours = __builtin_popcount(present) - (target_ ? int(present >> target_ & 1) : 1);
    colours_needed_ = colours;
    int wait = 0;
    if (colours > 0 && colour_wait_on_)
        wait = colour_wait(graph_, ColourGroups(graph_).count, present, target_, 2, colour_scratch_.data());
    if (graph_.groups() == 1) {
        radius_ = 0;
        return colours + wait;
    }
    radius_ = radius_bound_.radius(budget, parent_radius);
    return std::max(colours + wait, radius_);
}

IslandSearch::Known IslandSearch::child_bound(int32_t u, int c, int joined, bool sole, uint32_t present,
                                              const int *count, const Known &node, int budget, Key *key) {
    uint32_t after = present | 1u << c;
    if (sole) after &= ~(1u << graph_.colour(u));
    Known child;
    child.colours = __builtin_popcount(after) - (target_ ? int(after >> target_ & 1) : 1);
    int wait = 0; // the moves before one of the child's colours can vanish (colour_bound.hpp)
    if (child.colours > 0 && colour_wait_on_) {
        // The child's groups per colour: u leaves its colour, and joins c's `joined` groups into one.
        int child_count[GroupGraph::kColours];
        std::copy(count, count + GroupGraph::kColours, child_count);
        --child_count[graph_.colour(u)];
        child_count[c] += 1 - joined;
        wait = one_may_vanish_now(child_count, after, target_) ? 0 : 1;
        // Where a wait of 2 would cut it, whether one move after this one can bring a colour to a single group.
        if (wait == 1 && child.colours + 2 > budget &&
            !one_may_vanish_after_move(graph_, u, c, child_count, after, target_, colour_scratch_.data()))
            wait = 2;
    }
    // A move that joins nothing keeps the radius; one that joins lowers it by one at most. A child cut whatever
    // its radius test would say gets the least it can be, and neither its key nor the table is needed.
    child.radius = joined ? node.radius - 1 : node.radius;
    if (child.colours + wait > budget || child.radius > budget) {
        child.h = std::max(child.colours + wait, child.radius);
        return child;
    }
    Key k = graph_.key_after(u, c);
    k ^= graph_.target_key(target_);
    table_.prefetch(k); // a likely cache miss, overlapped with the radius test
    if (joined) child.radius = radius_bound_.child_radius(u, c, node.radius);
    child.h = std::max(child.colours + wait, child.radius);
    // The table only for children the rest leaves within the threshold: those cut anyway report a bound that
    // is lower than it might be, which never overestimates. With `key`, the caller looks it up later (dfs(): after
    // all the node's children are bounded, so that the prefetches of the others hide each one's cache miss).
    if (key) *key = k;
    else if (child.h <= budget) child.h = std::max(child.h, table_.lookup(k));
    return child;
}

int IslandSearch::dfs(const Key &state, int g, int threshold, const Known &known, int32_t last_group) {
    if (graph_.groups() == 1 && (!target_ || graph_.colour(first_alive(graph_)) == target_)) return kFound;
    if (halted()) return kUnbounded;
    // A node with moves waiting may need more moves than its state does, so only free nodes teach the table;
    // both may use it.
    const std::vector<Waiting> &waiting = waiting_[size_t(g)];
    // The last move of an iteration is decided without trying each one: most of IDA*'s nodes are there.
    if (g == threshold) return threshold + 1;
    if (g + 1 == threshold && waiting.empty()) {
        const IslandMove last = finishing_move();
        if (last.region < 0) return threshold + 1;
        path_.push_back(last);
        return kFound;
    }
    const int h = known.h;
    if (g + h > threshold) return g + h;
    if (graph_.groups() == 1) { // the target colour is left to give the last group
        path_.push_back({first_alive(graph_), target_});
        return kFound;
    }
    // Before its children are bounded (most of a node's cost), a stronger bound of its own that may cut it.
    const int left = threshold - g; // the most moves a solution may still make
    const uint32_t present = graph_.colours_present();
    const ColourGroups groups(graph_);
    // The colours need more moves than the bound says when no move even lets one of them vanish next (a wait of 2),
    // or no two moves do (3).
    if (colour_wait_on_ && known.colours > 0 && known.colours + 3 > left) {
        // (A wait of 1 or less is in known.h already: child_bound() and bound() find it.)
        const int most = known.colours + 2 > left ? 2 : 3;
        const int wait = colour_wait(graph_, groups.count, present, target_, most, colour_scratch_.data());
        if (wait >= 2 && known.colours + wait > left) {
            if (waiting.empty()) table_.store(state, known.colours + wait);
            return g + known.colours + wait;
        }
    }
    // Where the gate finds the walks not worth their cost, the memo is not even asked: it holds little then (only
    // walks computed), and its lookup is a cache miss at most nodes.
    const bool walks_here = walks_on_ && left >= kPathBoundFrom && walk_gate_.worth(left, work());
    if (walks_here) {
        const uint64_t before = path_bound_.work();
        const int p = path_bound_.remembered(state, left);
        const bool cut = g + p > threshold;
        if (const uint64_t spent = path_bound_.work() - before) walk_gate_.walked(left, spent, cut);
        if (cut) {
            if (waiting.empty()) table_.store(state, p);
            return g + p;
        }
    }
    const uint64_t work_before = work();
    radius_bound_.forget_balls(); // the balls of another node, if any
    const int budget = threshold - g - 1; // the most a child's bound may be
    // Moves that join the most groups first: the last iteration finds its answer sooner.
    int least = kUnbounded, learn = kUnbounded; // learn: the least f of the children left to the other order
    std::vector<Candidate> &moves = move_lists_[size_t(g)]; // sized by search(): never moves
    moves.clear();
    // When the colours left need every move that remains, each move must remove a colour: it recolours the
    // last group of its colour (not of the final colour, which must stay).
    const bool must_remove_colour = known.colours >= threshold - g;
    graph_.for_each(graph_.alive(), [&](int32_t u) {
        for (const Waiting &w : waiting)
            if (w.group == u) return;
        const bool sole = sole_of_colour(u);
        if (must_remove_colour && (graph_.colour(u) == target_ || !sole)) {
            least = std::min(least, threshold + 1); // what its moves would have met: the table learns from it
            return;
        }
        for (int c = 1; c <= palette_ && !halted(); ++c) {
            if (c == graph_.colour(u)) continue;
            const int joined = graph_.neighbours_of_colour(u, c);
            if (joined) {
                bool triggers_all = true;
                for (const Waiting &w : waiting)
                    triggers_all = triggers_all && w.triggered_by(graph_, u, c);
                if (!triggers_all) continue;
                if (u < last_group && commutes_with_last(u, last_group)) {
                    // The other order is searched, so this iteration needs nothing from it; but its bound
                    // caps what the table learns, or the table would claim this state needs more than it does.
                    const int child = g + 1 + child_bound(u, c, joined, sole, present, groups.count, known, budget).h;
                    least = std::min(least, std::max(child, threshold + 1));
                    learn = std::min(learn, child);
                    continue;
                }
            } else if (g + 1 >= threshold) { // it would wait for a trigger, so it is never the last move
                least = std::min(least, g + 2);
                continue;
            }
            count_node();
            Key k;
            const Known child = child_bound(u, c, joined, sole, present, groups.count, known, budget, &k);
            if (child.h > budget) {
                least = std::min(least, g + 1 + child.h);
                continue;
            }
            // Joining moves sort by how many they join; a move that joins nothing waits for a trigger.
            moves.push_back({joined ? -joined : 1, {u, uint8_t(c)}, child, k});
        }
    });
    if (halted()) return kUnbounded;
    // The table for the children left within the threshold (prefetched as each was bounded).
    size_t kept = 0;
    for (Candidate &m : moves) {
        m.child.h = std::max(m.child.h, table_.lookup(m.key));
        if (m.child.h > budget)
            least = std::min(least, g + 1 + m.child.h);
        else
            moves[kept++] = m;
    }
    moves.resize(kept);
    sort_by_order(moves, sorted_[size_t(g)]);
    for (size_t i = 0; i < moves.size(); ++i) {
        Candidate candidate = moves[i];
        const IslandMove move = candidate.move;
        // The subtrees searched since it was bounded may have taught the table more about it.
        candidate.child.h = std::max(candidate.child.h, table_.lookup(candidate.key));
        if (candidate.child.h > budget) {
            least = std::min(least, g + 1 + candidate.child.h);
            continue;
        }
        std::vector<Waiting> &next = waiting_[size_t(g) + 1];
        next.clear();
        if (candidate.order > 0) { // joins nothing: it waits, and those it triggers wait no more
            for (const Waiting &w : waiting)
                if (!w.triggered_by(graph_, move.region, move.colour)) next.push_back(w);
            next.push_back({move.region, graph_.colour(move.region), move.colour});
        }
        graph_.move(move.region, move.colour);
        const int r = dfs(key(), g + 1, threshold, candidate.child,
                          candidate.order < 0 && waiting.empty() ? move.region : -1);
        graph_.undo();
        if (r == kFound) {
            path_.push_back(move);
            return kFound;
        }
        if (halted()) return kUnbounded;
        least = std::min(least, r);
    }
    if (waiting.empty()) table_.store(state, std::min(least, learn) - g);
    if (walks_here) walk_gate_.searched(left, work() - work_before);
    return least;
}

void IslandSearch::count_node() {
    ++nodes_;
    if (control_.tick()) stopped_ = true;
    if ((nodes_ & 0xffff) == 0) report_progress();
    if (node_cap_ && nodes_ >= node_cap_) out_of_budget_ = true;
}

IslandMove IslandSearch::finishing_move() const {
    if (graph_.groups() == 1) return {first_alive(graph_), target_}; // only a target colour can be missing
    const uint32_t present = graph_.colours_present();
    if (__builtin_popcount(present) != 2) return {-1, 0};
    for (int c = 1; c < GroupGraph::kColours; ++c) {
        if (!(present >> c & 1)) continue;
        const uint8_t other = uint8_t(__builtin_ctz(present & ~(1u << c)));
        if (target_ && other != target_) continue;
        int32_t only = -1, count = 0;
        graph_.for_each(graph_.of_colour(c), [&](int32_t u) { only = u, ++count; });
        if (count == 1 && graph_.neighbours_of_colour(only, other) == graph_.groups() - 1) return {only, other};
    }
    return {-1, 0};
}

} // namespace kami
