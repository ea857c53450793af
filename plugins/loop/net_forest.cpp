// net_forest.cpp -- Search's net-rules members (propagation.hpp): the forest of decided connections follows every
// edge that gets decided, and asks for the edges a tree then needs open or closed.
#include "propagation.hpp"

namespace loop {

bool Search::start_net(int64_t pipe_tiles) {
    forest_ = std::make_unique<ExitForest>(n_, k_);
    touch_mark_.assign(size_t(n_), 0);
    pipe_tiles_ = pipe_tiles;
    // Every edge not closed starts as an exit of both ends; opening the open ones then merges, exactly as a
    // search decision would.
    std::vector<std::pair<int64_t, int>> open;
    int64_t nb[6] = {};
    for (int64_t i = 0; i < n_; ++i) {
        neighbours(i, nb);
        for (int d = 0; d < k_; ++d) {
            if (nb[d] < 0 || !is_first_end(i, d, nb[d])) continue;
            const EdgeState state = edge_state(i, d, nb[d]);
            if (state == EdgeState::Closed) continue;
            if (state == EdgeState::Conflict) return false;
            forest_->add_exit_initially(i, half_edge(i, d));
            forest_->add_exit_initially(nb[d], half_edge(nb[d], opposite(b_.shape, d)));
            if (state == EdgeState::Open) open.emplace_back(i, d);
        }
    }
    for (auto [i, d] : open) opened(i, d, neighbour(i, d));
    for (int64_t i = 0; i < n_; ++i)
        if (b_.tiles[size_t(i)] && forest_->find(i) == i) check_component(int32_t(i));
    return propagate();
}

void Search::watch_edges(int64_t i, uint8_t old, const int64_t *nb) {
    const uint8_t m = b_.tiles[size_t(i)];
    const uint8_t must0 = t_.must[m][old], may0 = t_.may[m][old], must1 = must(i), may1 = may(i);
    const uint8_t changed = uint8_t((must0 ^ must1) | (may0 ^ may1));
    for (uint8_t bits = changed; bits; bits &= uint8_t(bits - 1)) {
        const int d = lowest(bits), o = opposite(b_.shape, d);
        const int64_t j = nb[d];
        if (j < 0) continue; // never open: revise keeps pipes off the border
        // A wrapped one-tile row or column joins i to itself: then the far end changed too (seen once).
        if (j == i && (changed >> o & 1) && o < d) continue;
        const uint8_t must_j0 = j == i ? must0 : must(j), may_j0 = j == i ? may0 : may(j);
        const uint8_t must_j1 = j == i ? must1 : must_j0, may_j1 = j == i ? may1 : may_j0;
        const EdgeState before = combine(((must0 >> d) | (must_j0 >> o)) & 1, !((may0 >> d) & (may_j0 >> o) & 1));
        const EdgeState after = combine(((must1 >> d) | (must_j1 >> o)) & 1, !((may1 >> d) & (may_j1 >> o) & 1));
        if (before == after) continue;
        if (after == EdgeState::Conflict) failed_ = true;
        else if (after == EdgeState::Open) opened(i, d, j);
        else closed(i, d, j);
    }
}

void Search::opened(int64_t i, int d, int64_t j) {
    const int32_t ri = forest_->find(i), rj = forest_->find(j);
    forest_->remove_exit(ri, half_edge(i, d));
    forest_->remove_exit(rj, half_edge(j, opposite(b_.shape, d)));
    if (ri == rj) {
        failed_ = true;
        return;
    }
    const bool i_smaller = forest_->size(ri) < forest_->size(rj);
    const int32_t small = i_smaller ? ri : rj, large = i_smaller ? rj : ri;
    int64_t nb[6] = {};
    int32_t m = small;
    do {
        const uint8_t undecided = uint8_t(may(m) & ~must(m));
        if (undecided) {
            neighbours(m, nb);
            for (int e = 0; e < k_; ++e)
                if ((undecided >> e & 1) && nb[e] >= 0 && edge_state(m, e, nb[e]) == EdgeState::Undecided) {
                    if (forest_->find(nb[e]) == large) asks_.emplace_back(m, uint8_t(e));
                    // Otherwise its pocket may now touch one component twice: check it (once a round).
                    else if (watch_pockets_ && touch_mark_[size_t(nb[e])] != touch_clock_) {
                        touch_mark_[size_t(nb[e])] = touch_clock_;
                        touched_.push_back(int32_t(nb[e]));
                        touched_.push_back(-1);
                    }
                }
        }
        m = forest_->next_member(m);
    } while (m != small);
    check_component(forest_->unite(ri, rj));
}

void Search::closed(int64_t i, int d, int64_t j) {
    const int32_t ri = forest_->find(i), rj = forest_->find(j);
    forest_->remove_exit(ri, half_edge(i, d));
    forest_->remove_exit(rj, half_edge(j, opposite(b_.shape, d)));
    check_component(ri);
    if (rj != ri) check_component(rj);
}

// A component that does not hold every tile needs a way out: with none it is a closed island, with one it must
// take it. With a few left, the pockets they lead into are checked again (pockets_fit): often every way to fill
// them shuts the component in, and finding that now, not when the search gets there, keeps backtracking short.
// (An undecided edge inside a component is listed at both ends and leads nowhere.)
void Search::check_component(int32_t root) {
    constexpr int32_t kFewExits = 8;
    if (forest_->size(root) >= pipe_tiles_) return;
    const int32_t exits = forest_->exits(root);
    if (exits == 0) {
        failed_ = true;
        return;
    }
    if (exits > kFewExits) return;
    int ways_out = 0;
    uint32_t way_out = 0;
    forest_->for_each_exit(root, [&](uint32_t h) {
        const int64_t i = int64_t(h / uint32_t(k_)), j = neighbour(i, int(h % uint32_t(k_)));
        if (forest_->find(j) == root) return;
        ++ways_out, way_out = h;
        if (!watch_pockets_) return;
        touched_.push_back(int32_t(i));
        touched_.push_back(int32_t(j));
    });
    if (watch_pockets_) touched_.push_back(-1);
    if (ways_out == 0) failed_ = true;
    else if (ways_out == 1)
        asks_.emplace_back(int32_t(way_out / uint32_t(k_)), uint8_t(way_out % uint32_t(k_) | kOpen));
}

} // namespace loop
