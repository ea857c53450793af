// guesses.hpp -- when clause learning decides by the beliefs' guesses (marginals.hpp) and when by its own phases.
//
// Until the first solution, spans of guided decisions (each takes the value its cell's belief favours) alternate
// with unguided spans (the search's saved and target phases, which start from the guided span's trail), switching
// at restarts: 500 conflicts guided, then as many unguided, each pair 1.5x the last. Why: on some olympiad puzzles
// a wrong guess took 5 s to refute and 0.05 s without guesses; alternating took the 19 slowest from 20.4 s to
// 9-10 s. Learned clauses and activities carry over between spans.
#pragma once
#include "nonogram.hpp"

#include <cstdint>
#include <stdexcept>
#include <vector>

namespace nonogram {

class Guesses {
public:
    static constexpr uint64_t kFirstSpan = 500; // conflicts; 250 and 1000 measured alike, never switching worse

    // One guess per cell: filled where the belief says filled is likelier (a cell with no evidence, 0.5, stays
    // empty, the unguided search's first phase).
    void set(const std::vector<double> &belief, size_t cells) {
        if (belief.size() != cells) throw std::invalid_argument("beliefs: one per cell expected");
        guess_.resize(cells);
        for (size_t i = 0; i < cells; ++i) guess_[i] = belief[i] > 0.5 ? kFilled : kEmpty;
    }
    // After the first solution the search looks for another near it: its own phases, no guesses.
    void clear() { guess_.clear(); }
    bool guiding() const { return !guess_.empty() && guided_; }
    int8_t value(int cell) const { return guess_[size_t(cell)]; }
    // At a restart after `conflicts` conflicts: starts the next span when this one is over.
    void restart(uint64_t conflicts) {
        if (guess_.empty() || conflicts < switch_at_) return;
        guided_ = !guided_;
        if (guided_) span_ += span_ / 2;
        switch_at_ = conflicts + span_;
    }

private:
    std::vector<int8_t> guess_; // empty: no guesses (none given, or a solution was found)
    bool guided_ = true;
    uint64_t span_ = kFirstSpan, switch_at_ = kFirstSpan;
};

} // namespace nonogram
