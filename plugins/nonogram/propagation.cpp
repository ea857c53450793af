// propagation.cpp -- dirty-line queue, line-result cache, trail. See propagation.hpp.
#include "propagation.hpp"

#include <algorithm>

namespace nonogram {
namespace {

// Bounded, direct-mapped (a new result replaces the old): 128 entries a line, at most 2^16 entries (5 MB), so a
// small puzzle does not pay for clearing a large table.
constexpr int kMaxCacheBits = 16;

inline uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

inline size_t cache_slot(uint32_t line, LineMask filled, LineMask empty, size_t mask) {
    uint64_t h = mix(uint64_t(filled) ^ (uint64_t(line) << 40));
    h = mix(h ^ uint64_t(filled >> 64) ^ 0x9e3779b97f4a7c15ULL);
    h = mix(h ^ uint64_t(empty));
    h = mix(h ^ uint64_t(empty >> 64));
    return size_t(h) & mask;
}

inline uint64_t cell_key(int index, int8_t value) { return mix(uint64_t(index) * 2 + uint64_t(value) + 0x51ed27e5ULL); }

} // namespace

void Propagator::toggle_hash(int index, int8_t value) {
    const int r = index / width_, c = index - r * width_;
    const uint64_t key = cell_keys_[size_t(index) * 2 + size_t(value)];
    line_hash_[size_t(r)] ^= key;
    line_hash_[size_t(height_ + c)] ^= key;
}

Propagator::Propagator(const Puzzle &puzzle, pluzzle::SolveControl *control, bool use_cache)
    : puzzle_(puzzle), control_(control), width_(puzzle.width), height_(puzzle.height),
      mask_mode_(puzzle.width <= LineSolver::kMaxMaskCells && puzzle.height <= LineSolver::kMaxMaskCells),
      use_cache_(false), cache_wanted_(use_cache && mask_mode_), cells_(size_t(puzzle.width) * size_t(puzzle.height), kUnknown) {
    const size_t lines = size_t(width_ + height_);
    if (mask_mode_) {
        filled_.assign(lines, 0);
        empty_.assign(lines, 0);
    }
    queue_.assign(lines, 0);
    queued_.assign(lines, 0);
    small_mode_ = width_ <= 64 && height_ <= 64;
    trail_.reserve(cells_.size());
    line_out_.resize(size_t(std::max(width_, height_)));
}

void Propagator::enable_search() {
    if (search_) return;
    search_ = true;
    const size_t lines = size_t(width_ + height_);
    touch_stamp_.assign(lines, 0);
    line_hash_.assign(lines, 0);
    cell_keys_.resize(cells_.size() * 2);
    for (size_t i = 0; i < cells_.size(); ++i) {
        cell_keys_[2 * i] = cell_key(int(i), kEmpty);
        cell_keys_[2 * i + 1] = cell_key(int(i), kFilled);
    }
    for (const int index : trail_) toggle_hash(index, cells_[size_t(index)]);
    if (!cache_wanted_) return;
    use_cache_ = true;
    size_t entries = small_mode_ ? 16384 : 1024;
    while (!small_mode_ && entries < lines * 128 && entries < (size_t(1) << kMaxCacheBits)) entries *= 2;
    if (small_mode_)
        small_cache_.resize(entries);
    else
        cache_.resize(entries);
}

void Propagator::push_line(int line) {
    if (queued_[size_t(line)]) return;
    queued_[size_t(line)] = 1;
    size_t at = queue_head_ + queue_size_;
    if (at >= queue_.size()) at -= queue_.size();
    queue_[at] = line;
    ++queue_size_;
}

void Propagator::clear_queue() {
    while (queue_size_) {
        queued_[size_t(queue_[queue_head_])] = 0;
        if (++queue_head_ == queue_.size()) queue_head_ = 0;
        --queue_size_;
    }
}

void Propagator::queue_all_lines() {
    for (int line = 0; line < width_ + height_; ++line) push_line(line);
}

void Propagator::assign(int index, int8_t value) {
    cells_[size_t(index)] = value;
    trail_.push_back(index);
    if (search_) toggle_hash(index, value);
    const int r = index / width_, c = index - r * width_;
    if (mask_mode_) {
        auto &masks = value == kFilled ? filled_ : empty_;
        masks[size_t(r)] |= LineMask(1) << c;
        masks[size_t(height_ + c)] |= LineMask(1) << r;
    }
    push_line(r);
    push_line(height_ + c);
}

void Propagator::undo(size_t mark) {
    while (trail_.size() > mark) {
        const int index = trail_.back();
        trail_.pop_back();
        if (mask_mode_) {
            const int r = index / width_, c = index - r * width_;
            const LineMask row_bit = ~(LineMask(1) << c), col_bit = ~(LineMask(1) << r);
            filled_[size_t(r)] &= row_bit;
            empty_[size_t(r)] &= row_bit;
            filled_[size_t(height_ + c)] &= col_bit;
            empty_[size_t(height_ + c)] &= col_bit;
        }
        if (search_) toggle_hash(index, cells_[size_t(index)]);
        cells_[size_t(index)] = kUnknown;
    }
}

bool Propagator::propagate() {
    while (queue_size_) {
        const int line = queue_[queue_head_];
        if (++queue_head_ == queue_.size()) queue_head_ = 0;
        --queue_size_;
        if (control_ && control_->tick()) {
            queued_[size_t(line)] = 0;
            stopped_ = true;
            clear_queue();
            return false;
        }
        // The flag stays set while the line is solved, so its own new cells do not queue it again: an exact
        // line solver's result is already settled.
        const bool ok = solve_line(line);
        queued_[size_t(line)] = 0;
        if (!ok) {
            clear_queue();
            return false;
        }
    }
    return !stopped_;
}

// Settles one line and assigns its newly forced cells, which queues the crossing lines.
bool Propagator::solve_line(int line) {
    ++line_solves_;
    if (search_ && touch_stamp_[size_t(line)] != touch_epoch_) {
        touch_stamp_[size_t(line)] = touch_epoch_;
        touched_.push_back(line);
    }
    const bool is_row = line < height_;
    const int index = is_row ? line : line - height_;
    const Clue &clue = is_row ? puzzle_.rows[size_t(index)] : puzzle_.cols[size_t(index)];
    const int n = is_row ? width_ : height_;
    const int first = is_row ? index * width_ : index, step = is_row ? 1 : width_;
    if (mask_mode_) {
        const LineMask known_filled = filled_[size_t(line)], known_empty = empty_[size_t(line)];
        LineMask f = known_filled, e = known_empty;
        bool ok;
        CacheEntry *entry = nullptr;
        if (use_cache_ && small_mode_) {
            const uint64_t f64 = uint64_t(f), e64 = uint64_t(e);
            SmallEntry &se = small_cache_[size_t(mix((f64 * 0x9e3779b97f4a7c15ULL) ^ (e64 * 0xc2b2ae3d27d4eb4fULL) ^
                                                     (uint64_t(line) << 48) ^ uint64_t(line))) &
                                          (small_cache_.size() - 1)];
            if (se.line == uint32_t(line) && se.filled == f64 && se.empty == e64) {
                ++cache_hits_;
                ok = se.ok;
                f = se.out_filled;
                e = se.out_empty;
            } else {
                ok = solver_.solve_masks(clue.data(), int(clue.size()), n, f, e);
                se.line = uint32_t(line);
                se.filled = f64;
                se.empty = e64;
                se.out_filled = uint64_t(f);
                se.out_empty = uint64_t(e);
                se.ok = ok;
            }
        } else if (use_cache_) {
            entry = &cache_[cache_slot(uint32_t(line), f, e, cache_.size() - 1)];
            if (entry->line == uint32_t(line) && entry->filled == f && entry->empty == e) {
                ++cache_hits_;
                ok = entry->ok;
                f = entry->out_filled;
                e = entry->out_empty;
                entry = nullptr;
            } else {
                ok = solver_.solve_masks(clue.data(), int(clue.size()), n, f, e);
            }
        } else {
            ok = solver_.solve_masks(clue.data(), int(clue.size()), n, f, e);
        }
        if (entry) {
            entry->line = uint32_t(line);
            entry->filled = known_filled;
            entry->empty = known_empty;
            entry->out_filled = f;
            entry->out_empty = e;
            entry->ok = ok;
        }
        if (!ok) return false;
        LineMask fresh = f & ~known_filled;
        while (fresh) {
            const uint64_t lo = uint64_t(fresh);
            const int i = lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(uint64_t(fresh >> 64));
            fresh &= fresh - 1;
            assign(first + i * step, kFilled);
        }
        fresh = e & ~known_empty;
        while (fresh) {
            const uint64_t lo = uint64_t(fresh);
            const int i = lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(uint64_t(fresh >> 64));
            fresh &= fresh - 1;
            assign(first + i * step, kEmpty);
        }
    } else {
        const int8_t *in = &cells_[size_t(first)];
        if (!solver_.solve(clue, in, n, line_out_.data(), step)) return false;
        for (int i = 0; i < n; ++i)
            if (in[size_t(i) * size_t(step)] == kUnknown && line_out_[size_t(i)] != kUnknown)
                assign(first + i * step, line_out_[size_t(i)]);
    }
    return true;
}

} // namespace nonogram
