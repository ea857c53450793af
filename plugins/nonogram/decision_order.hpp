// decision_order.hpp -- which cell clause learning decides next: VSIDS, a max-heap of cells by activity.
//
// Cells met in conflict analysis are bumped; the bump grows each conflict (decay), so recent conflicts weigh
// most. Before any conflict, a seed (a small activity per cell) sets the order: line_cdcl seeds it with how sure
// the beliefs are of each cell (marginals.hpp), so the search starts where the guesses are safest.
#pragma once

#include <stdexcept>
#include <vector>

namespace nonogram {

class DecisionOrder {
public:
    explicit DecisionOrder(int cells) : activity_(size_t(cells), 0.0), index_(size_t(cells), -1) {
        for (int i = 0; i < cells; ++i) insert(i);
    }

    // Initial activities (before any bump): each below one bump, so the first conflicts take over.
    void seed(const std::vector<double> &activity) {
        if (activity.size() != activity_.size()) throw std::invalid_argument("DecisionOrder::seed: one per cell");
        heap_.clear();
        for (size_t i = 0; i < activity_.size(); ++i) {
            activity_[i] = activity[i];
            index_[i] = -1;
        }
        for (int i = 0; i < int(activity_.size()); ++i) insert(i);
    }
    void bump(int cell) {
        if ((activity_[size_t(cell)] += step_) > 1e100) {
            for (double &a : activity_) a *= 1e-100;
            step_ *= 1e-100;
        }
        if (index_[size_t(cell)] >= 0) up(size_t(index_[size_t(cell)]));
    }
    void decay(double factor) { step_ *= 1.0 / factor; }
    void insert(int cell) {
        if (index_[size_t(cell)] >= 0) return;
        index_[size_t(cell)] = int(heap_.size());
        heap_.push_back(cell);
        up(heap_.size() - 1);
    }
    bool empty() const { return heap_.empty(); }
    // The most active cell, removed (it comes back through insert() when it is unassigned).
    int pop() {
        const int top = heap_[0];
        index_[size_t(top)] = -1;
        const int last = heap_.back();
        heap_.pop_back();
        if (!heap_.empty()) {
            heap_[0] = last;
            index_[size_t(last)] = 0;
            down(0);
        }
        return top;
    }

private:
    void up(size_t i) {
        const int cell = heap_[i];
        while (i > 0) {
            const size_t parent = (i - 1) / 2;
            if (activity_[size_t(heap_[parent])] >= activity_[size_t(cell)]) break;
            heap_[i] = heap_[parent];
            index_[size_t(heap_[i])] = int(i);
            i = parent;
        }
        heap_[i] = cell;
        index_[size_t(cell)] = int(i);
    }
    void down(size_t i) {
        const int cell = heap_[i];
        for (;;) {
            size_t child = 2 * i + 1;
            if (child >= heap_.size()) break;
            if (child + 1 < heap_.size() && activity_[size_t(heap_[child + 1])] > activity_[size_t(heap_[child])])
                ++child;
            if (activity_[size_t(heap_[child])] <= activity_[size_t(cell)]) break;
            heap_[i] = heap_[child];
            index_[size_t(heap_[i])] = int(i);
            i = child;
        }
        heap_[i] = cell;
        index_[size_t(cell)] = int(i);
    }

    std::vector<double> activity_;
    double step_ = 1.0;
    std::vector<int> heap_, index_; // index_: a cell's place in heap_, -1 when not in it
};

} // namespace nonogram
