// group_graph.hpp -- the free-play search's state: an island's regions contracted into groups (same-coloured,
// joined through edges) as moves recolour them, with every change undoable in reverse order.
//
// A group is named by one of its regions, its representative; a move keeps the moved group's representative, and
// the neighbours it absorbs die. Rows are bitsets over representatives, so a move costs a few words per touched
// group, and the search never rebuilds the graph. The state's key (for the table of proven bounds) is a 128-bit
// Zobrist hash of every region's colour, kept per group and per colour so that merging groups costs 10 XORs each.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace kami {

// 128 bits, so that a collision (which would make the search trust a bound proven for another state) is not
// expected in any search this machine can run.
struct Key {
    uint64_t a = 0, b = 0;
    bool operator==(const Key &o) const { return a == o.a && b == o.b; }
    void operator^=(const Key &o) { a ^= o.a, b ^= o.b; }
};

class GroupGraph {
  public:
    static constexpr int kColours = 10; // colour 0 is unused (a hole), 1..9 a palette colour

    // regions: their colours and adjacency (each region its own group unless neighbours share its colour, which
    // the constructor merges).
    GroupGraph(const std::vector<uint8_t> &colour, const std::vector<std::vector<int32_t>> &adjacent, uint64_t seed);

    int words() const { return int(words_); }
    int regions() const { return n0_; }
    int groups() const { return groups_; }
    uint8_t colour(int32_t g) const { return colour_[size_t(g)]; }
    const uint64_t *alive() const { return alive_.data(); }
    const uint64_t *adjacent(int32_t g) const { return &adjacent_[size_t(g) * words_]; }
    const uint64_t *of_colour(int c) const { return &of_colour_[size_t(c) * words_]; }
    uint32_t colours_present() const;
    // Colours among g's neighbours (bit c), and how many neighbours have colour c.
    uint32_t neighbour_colours(int32_t g) const;
    int neighbours_of_colour(int32_t g, int c) const;
    bool touches(int32_t g, int32_t h) const { return adjacent(g)[size_t(h) / 64] >> (h % 64) & 1; }
    const Key &key() const { return key_; }
    // The key move(g, c) would give, without making the move: only g's regions change colour (the groups it
    // absorbs have colour c already).
    Key key_after(int32_t g, int c) const {
        Key k = key_;
        k ^= sums_[size_t(g) * kColours + colour_[size_t(g)]];
        k ^= sums_[size_t(g) * kColours + size_t(c)];
        return k;
    }
    // A Zobrist key that tells searches for different final colours apart.
    Key target_key(int target) const { return target_key_[size_t(target)]; }

    // Recolours group g with colour c (not its own), absorbing its c-coloured neighbours. undo() reverses the last.
    void move(int32_t g, uint8_t c);
    void undo();

    template <class F> void for_each(const uint64_t *bits, F &&f) const {
        for (size_t w = 0; w < words_; ++w)
            for (uint64_t x = bits[w]; x; x &= x - 1)
                f(int32_t(w * 64 + size_t(__builtin_ctzll(x))));
    }

  private:
    struct Saved { // what one move changed, to be put back
        int32_t group;
        uint8_t colour;
        size_t rows_at, absorbed_at; // into saved_rows_ and absorbed_
        Key key;
    };
    void merge_into(int32_t g, int32_t h); // h's regions join g's Zobrist sums (or leave them: XOR)
    void save_row(int32_t g);

    int n0_;
    size_t words_;
    int groups_ = 0;
    std::vector<uint8_t> colour_;     // per representative
    std::vector<uint64_t> alive_;     // representatives of live groups
    std::vector<uint64_t> adjacent_;  // per representative, a row of words_
    std::vector<uint64_t> of_colour_; // per colour, live representatives
    std::vector<Key> sums_;           // per representative and colour: XOR of its regions' keys for that colour
    std::vector<Key> target_key_;
    Key key_;
    std::vector<Saved> trail_;
    std::vector<int32_t> saved_ids_;      // rows the moves rewrote ...
    std::vector<uint64_t> saved_words_;   // ... and their old words, words_ a row
    std::vector<int32_t> absorbed_;       // groups the moves absorbed
    std::vector<uint64_t> gone_, merged_; // move()'s scratch rows
};

} // namespace kami
