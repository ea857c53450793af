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
    // Decided cells of each line as bit masks, and the line cache keyed on them: one machine word when every
    // line has at most 64 cells, two when at most LineSolver::kMaxMaskCells.
    template <class W> struct CacheEntry {
        W filled = 0, empty = 0, out_filled = 0, out_empty = 0;
        uint32_t line = ~0u;
        bool ok = false;
    };
    template <class W> struct Masks {
        std::vector<W> known; // per line: [2 * line + kEmpty], [2 * line + kFilled]
        std::vector<CacheEntry<W>> cache;
    };
    // Lines of at most kPackedCells cells (tournament puzzles are 25x25) pack a cache entry into 16 bytes
    // instead of 40: line, filled and empty in the key; outputs and ok in the value.
    static constexpr int kPackedCells = 28;
    // 2^14 packed entries (256 KB): on 25x25 puzzles a larger table was no faster, smaller ones slower.
    static constexpr int kPackedBits = 14;
    struct PackedEntry {
        uint64_t key = ~uint64_t(0); // line 255: no entry
        uint64_t value = 0;
    };

    static uint64_t packed_key(int line, uint64_t filled, uint64_t empty) {
        return filled | (empty << kPackedCells) | (uint64_t(line) << (2 * kPackedCells));
    }
    // Multiplicative hashing: the top bits of the product depend on every key bit, in a few cycles.
    PackedEntry &packed_slot(uint64_t key) {
        return packed_cache_[size_t((key * 0x9e3779b97f4a7c15ULL) >> (64 - kPackedBits))];
    }
    bool solve_line(int line);
    template <class W> bool solve_masked(Masks<W> &masks, int line, const Clue &clue, int n, int first, int step);
    template <class W> bool solve_cached(Masks<W> &masks, int line, const Clue &clue, int n, W &filled, W &empty);
    template <class W> void undo_cells(W *known, size_t mark);
    void push_line(int line);
    void clear_queue();
    int row_of(int index) const { return mask_mode_ ? row_of_[size_t(index)] : index / width_; }

    const Puzzle &puzzle_;
    pluzzle::SolveControl *control_;
    int width_, height_;
    bool mask_mode_;  // every line short enough for LineSolver::solve_masks
    bool narrow_;     // every line at most 64 cells: masks_ (else wide_masks_ in mask mode)
    bool packed_;     // every line at most kPackedCells cells: packed_cache_ (when the cache is in use)
    bool use_cache_;           // cache allocated and in use
    bool cache_wanted_ = false; // enable_search() may allocate it
    bool search_ = false;       // enable_search() called: hashes and touch log kept
    std::vector<int8_t> cells_;
    std::vector<uint8_t> row_of_;  // mask mode: row of each cell (saves a division on every assign and undo)
    Masks<uint64_t> masks_;
    Masks<LineMask> wide_masks_;
    std::vector<PackedEntry> packed_cache_;
    std::vector<int> trail_;
    std::vector<uint64_t> line_hash_;
    std::vector<uint64_t> cell_keys_; // Zobrist keys, 2 per cell (empty, filled)
    std::vector<int> touched_;
    std::vector<uint32_t> touch_stamp_;
    uint32_t touch_epoch_ = 1;
    std::vector<int> queue_;
    size_t queue_head_ = 0, queue_size_ = 0; // ring buffer of queued lines
    std::vector<uint8_t> queued_;
    LineSolver solver_;
    std::vector<int8_t> line_out_;
    uint64_t line_solves_ = 0, cache_hits_ = 0;
    bool stopped_ = false;
};

} // namespace nonogram
