// bound_table.hpp -- the free-play search's transposition table (island_search.hpp): for each state met, the best
// lower bound a finished search below it proved, so states reached again (moves in another order) are cut at once.
#pragma once
#include "group_graph.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace kami {

// Lower bounds proven for states (moves still needed to the search's goal), in a table that doubles as it fills up
// to a cap, then replaces entries.
class BoundTable {
  public:
    int lookup(const Key &k) const {
        if (slots_.empty()) return 0;
        const Slot &s = slots_[size_t(k.a) & (slots_.size() - 1)];
        return s.bound && s.key == k ? s.bound : 0;
    }
    void prefetch(const Key &k) const {
        if (!slots_.empty()) __builtin_prefetch(&slots_[size_t(k.a) & (slots_.size() - 1)]);
    }
    void store(const Key &k, int bound) {
        if (bound <= 0) return;
        if (used_ * 2 >= slots_.size() && slots_.size() < kMaxSlots) grow();
        Slot &s = slots_[size_t(k.a) & (slots_.size() - 1)];
        if (s.bound && s.key == k && s.bound >= bound) return;
        used_ += !s.bound;
        s = {k, int16_t(std::min(bound, 32000))};
    }

  private:
    static constexpr size_t kMaxSlots = size_t(1) << 22; // 96 MB
    struct Slot {
        Key key;
        int16_t bound = 0; // 0: empty
    };
    void grow() {
        std::vector<Slot> old = std::move(slots_);
        slots_.assign(old.empty() ? size_t(1) << 12 : old.size() * 2, Slot{});
        used_ = 0;
        for (const Slot &s : old)
            if (s.bound) store(s.key, s.bound);
    }
    std::vector<Slot> slots_;
    size_t used_ = 0;
};

} // namespace kami
