// group_graph.cpp -- see group_graph.hpp.
#include "group_graph.hpp"

#include <algorithm>

namespace kami {
namespace {

uint64_t split_mix(uint64_t &x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

} // namespace

GroupGraph::GroupGraph(const std::vector<uint8_t> &colour, const std::vector<std::vector<int32_t>> &adjacent,
                       uint64_t seed)
    : n0_(int(colour.size())), words_((colour.size() + 63) / 64), colour_(colour), alive_(words_, 0),
      adjacent_(size_t(n0_) * words_, 0), of_colour_(size_t(kColours) * words_, 0), sums_(size_t(n0_) * kColours),
      target_key_(kColours) {
    for (Key &k : target_key_)
        k = {split_mix(seed), split_mix(seed)};
    for (int32_t r = 0; r < n0_; ++r) {
        alive_[size_t(r) / 64] |= uint64_t(1) << (r % 64);
        of_colour_[size_t(colour_[size_t(r)]) * words_ + size_t(r) / 64] |= uint64_t(1) << (r % 64);
        for (int c = 0; c < kColours; ++c)
            sums_[size_t(r) * kColours + size_t(c)] = {split_mix(seed), split_mix(seed)};
        key_ ^= sums_[size_t(r) * kColours + colour_[size_t(r)]];
        for (int32_t s : adjacent[size_t(r)])
            adjacent_[size_t(r) * words_ + size_t(s) / 64] |= uint64_t(1) << (s % 64);
    }
    groups_ = n0_;
    // Neighbouring regions of one colour are one group: recolouring a region to its own colour merges them.
    for (int32_t r = 0; r < n0_; ++r)
        if (alive_[size_t(r) / 64] >> (r % 64) & 1 && neighbours_of_colour(r, colour_[size_t(r)])) {
            const uint8_t c = colour_[size_t(r)];
            colour_[size_t(r)] = 0; // so that move() sees a change and absorbs every same-coloured neighbour
            of_colour_[size_t(c) * words_ + size_t(r) / 64] &= ~(uint64_t(1) << (r % 64));
            key_ ^= sums_[size_t(r) * kColours + c];
            key_ ^= sums_[size_t(r) * kColours];
            while (neighbours_of_colour(r, c))
                move(r, c);
        }
    trail_.clear(), saved_ids_.clear(), saved_words_.clear(), absorbed_.clear(); // the start is not undoable
}

uint32_t GroupGraph::colours_present() const {
    uint32_t mask = 0;
    for (int c = 1; c < kColours; ++c)
        for (size_t w = 0; w < words_; ++w)
            if (of_colour(c)[w]) {
                mask |= 1u << c;
                break;
            }
    return mask;
}

uint32_t GroupGraph::neighbour_colours(int32_t g) const {
    uint32_t mask = 0;
    for (int c = 1; c < kColours; ++c)
        for (size_t w = 0; w < words_; ++w)
            if (adjacent(g)[w] & of_colour(c)[w]) {
                mask |= 1u << c;
                break;
            }
    return mask;
}

int GroupGraph::neighbours_of_colour(int32_t g, int c) const {
    int n = 0;
    for (size_t w = 0; w < words_; ++w)
        n += __builtin_popcountll(adjacent(g)[w] & of_colour(c)[w]);
    return n;
}

void GroupGraph::move(int32_t g, uint8_t c) {
    const uint8_t was = colour_[size_t(g)];
    trail_.push_back({g, was, saved_ids_.size(), absorbed_.size(), key_});
    uint64_t *row = &adjacent_[size_t(g) * words_];
    std::vector<uint64_t> &gone = gone_, &merged = merged_;
    gone.resize(words_), merged.assign(row, row + words_);
    for (size_t w = 0; w < words_; ++w)
        gone[w] = row[w] & of_colour(c)[w];
    for_each(gone.data(), [&](int32_t h) {
        absorbed_.push_back(h);
        for (size_t w = 0; w < words_; ++w)
            merged[w] |= adjacent(h)[w];
    });
    for (size_t w = 0; w < words_; ++w)
        merged[w] &= ~gone[w];
    merged[size_t(g) / 64] &= ~(uint64_t(1) << (g % 64));
    // Every neighbour of the new group loses the absorbed groups and gains g.
    save_row(g);
    for_each(merged.data(), [&](int32_t x) {
        uint64_t *xr = &adjacent_[size_t(x) * words_];
        save_row(x);
        for (size_t w = 0; w < words_; ++w)
            xr[w] &= ~gone[w];
        xr[size_t(g) / 64] |= uint64_t(1) << (g % 64);
    });
    std::copy(merged.begin(), merged.end(), row);
    key_ ^= sums_[size_t(g) * kColours + was];
    key_ ^= sums_[size_t(g) * kColours + c];
    of_colour_[size_t(was) * words_ + size_t(g) / 64] &= ~(uint64_t(1) << (g % 64));
    for (size_t w = 0; w < words_; ++w)
        alive_[w] &= ~gone[w], of_colour_[size_t(c) * words_ + w] &= ~gone[w];
    of_colour_[size_t(c) * words_ + size_t(g) / 64] |= uint64_t(1) << (g % 64);
    for_each(gone.data(), [&](int32_t h) { merge_into(g, h); });
    colour_[size_t(g)] = c;
    groups_ -= int(absorbed_.size() - trail_.back().absorbed_at);
}

void GroupGraph::save_row(int32_t g) {
    saved_ids_.push_back(g);
    saved_words_.insert(saved_words_.end(), adjacent(g), adjacent(g) + words_);
}

void GroupGraph::merge_into(int32_t g, int32_t h) {
    for (int c = 0; c < kColours; ++c)
        sums_[size_t(g) * kColours + size_t(c)] ^= sums_[size_t(h) * kColours + size_t(c)];
}

void GroupGraph::undo() {
    const Saved s = trail_.back();
    trail_.pop_back();
    const int32_t g = s.group;
    const uint8_t c = colour_[size_t(g)];
    for (size_t i = saved_ids_.size(); i-- > s.rows_at;)
        std::copy_n(&saved_words_[i * words_], words_, &adjacent_[size_t(saved_ids_[i]) * words_]);
    saved_ids_.resize(s.rows_at), saved_words_.resize(s.rows_at * words_);
    of_colour_[size_t(c) * words_ + size_t(g) / 64] &= ~(uint64_t(1) << (g % 64));
    for (size_t i = s.absorbed_at; i < absorbed_.size(); ++i) {
        const int32_t h = absorbed_[i];
        merge_into(g, h); // XOR again takes h's regions back out
        alive_[size_t(h) / 64] |= uint64_t(1) << (h % 64);
        of_colour_[size_t(c) * words_ + size_t(h) / 64] |= uint64_t(1) << (h % 64);
    }
    groups_ += int(absorbed_.size() - s.absorbed_at);
    absorbed_.resize(s.absorbed_at);
    of_colour_[size_t(s.colour) * words_ + size_t(g) / 64] |= uint64_t(1) << (g % 64);
    colour_[size_t(g)] = s.colour;
    key_ = s.key;
}

} // namespace kami
