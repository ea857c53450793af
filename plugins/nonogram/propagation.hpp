// propagation.hpp -- the solver's working grid: cell values with an undo trail, line solving of dirty lines to a
// fixpoint, and a bounded cache of line results. Used by search.cpp (probing and DFS) and by propagate().
#pragma once
#include "line_solver.hpp"
#include "nonogram.hpp"

#include <pluzzle/solve_control.hpp>

#include <cstdint>
#include <vector>

namespace nonogram {

class Propagator {
public:
    // `control` may be null (no limits: plain line solving). Line ids: rows 0..height-1, then columns.
    Propagator(const Puzzle &puzzle, pluzzle::SolveControl *control, bool use_cache = true);

    int width() const { return width_; }
    int height() const { return height_; }
    int cell_count() const { return width_ * height_; }
    int8_t cell(int index) const { return cells_[size_t(index)]; }
    const std::vector<int8_t> &cells() const { return cells_; }
    int unknown_count() const { return cell_count() - int(trail_.size()); }

    // Decides an unknown cell (recorded on the trail) and queues its row and column.
    void assign(int index, int8_t value);
    // Line-solves queued lines until none is left. False on a contradiction or when control says stop (see
    // stopped()); the queue is then cleared.
    bool propagate();
    void queue_all_lines();
    // Sets up what probing and search need, on the first call: the line cache (if enabled at construction), the
    // line hashes and the touch log. Until then lines are solved plainly, so a puzzle that line solving alone
    // finishes does not pay for clearing the table or keeping hashes.
    void enable_search();

    // Trail positions: every decided cell, in order. undo(mark) returns to the state when trail size was mark.
    size_t mark() const { return trail_.size(); }
    const std::vector<int> &trail() const { return trail_; }
    void undo(size_t mark);

    // A hash of the decided cells of a line (Zobrist), kept up to date on assign and undo.
    uint64_t line_hash(int line) const { return line_hash_[size_t(line)]; }
    // Lines solved by propagate() since the last start_touch_log(), each once.
    void start_touch_log() {
        ++touch_epoch_;
        touched_.clear();
    }
    const std::vector<int> &touched_lines() const { return touched_; }

    bool stopped() const { return stopped_; }
    uint64_t line_solves() const { return line_solves_; }
    uint64_t cache_hits() const { return cache_hits_; }

private:
    bool solve_line(int line);
    void push_line(int line);
    void clear_queue();
    void toggle_hash(int index, int8_t value);

    struct CacheEntry {
        LineMask filled = 0, empty = 0, out_filled = 0, out_empty = 0;
        uint32_t line = ~0u;
        bool ok = false;
    };
    // Compact entries for lines of at most 64 cells (the common case): a quarter of the memory traffic.
    struct SmallEntry {
        uint64_t filled = 0, empty = 0, out_filled = 0, out_empty = 0;
        uint32_t line = ~0u;
        uint32_t ok = 0;
    };
    bool small_mode_; // every line at most 64 cells

    const Puzzle &puzzle_;
    pluzzle::SolveControl *control_;
    int width_, height_;
    bool mask_mode_; // every line short enough for LineSolver::solve_masks
    bool use_cache_;           // cache allocated and in use
    bool cache_wanted_ = false; // enable_search() may allocate it
    bool search_ = false;       // enable_search() called: hashes and touch log kept
    std::vector<int8_t> cells_;
    std::vector<LineMask> filled_, empty_; // per line, mask mode only
    std::vector<int> trail_;
    std::vector<uint64_t> line_hash_;
    std::vector<uint64_t> cell_keys_; // Zobrist keys, 2 per cell (empty, filled)
    std::vector<int> touched_;
    std::vector<uint32_t> touch_stamp_;
    uint32_t touch_epoch_ = 1;
    std::vector<int> queue_;
    size_t queue_head_ = 0, queue_size_ = 0; // ring buffer of queued lines
    std::vector<uint8_t> queued_;
    std::vector<CacheEntry> cache_;
    std::vector<SmallEntry> small_cache_;
    LineSolver solver_;
    std::vector<int8_t> line_out_;
    uint64_t line_solves_ = 0, cache_hits_ = 0;
    bool stopped_ = false;
};

} // namespace nonogram
