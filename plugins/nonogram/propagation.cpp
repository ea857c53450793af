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

// Slot hashes of the word-mask caches.
inline uint64_t slot_hash(uint32_t line, uint64_t filled, uint64_t empty) {
    return mix((filled * 0x9e3779b97f4a7c15ULL) ^ (empty * 0xc2b2ae3d27d4eb4fULL) ^ (uint64_t(line) << 48) ^
               uint64_t(line));
}
inline uint64_t slot_hash(uint32_t line, LineMask filled, LineMask empty) {
    uint64_t h = mix(uint64_t(filled) ^ (uint64_t(line) << 40));
    h = mix(h ^ uint64_t(filled >> 64) ^ 0x9e3779b97f4a7c15ULL);
    h = mix(h ^ uint64_t(empty));
    return mix(h ^ uint64_t(empty >> 64));
}

inline int lowest_bit(uint64_t x) { return __builtin_ctzll(x); }
inline int lowest_bit(LineMask x) {
    const uint64_t lo = uint64_t(x);
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(uint64_t(x >> 64));
}

// Sets a clear bit or clears a set one: cell (r, c) in its row's and its column's mask of `value`.
template <class W> inline void toggle_bits(W *known, int height, int r, int c, int8_t value) {
    known[2 * size_t(r) + size_t(value)] ^= W(1) << c;
    known[2 * size_t(height + c) + size_t(value)] ^= W(1) << r;
}

inline uint64_t cell_key(int index, int8_t value) { return mix(uint64_t(index) * 2 + uint64_t(value) + 0x51ed27e5ULL); }

} // namespace

Propagator::Propagator(const Puzzle &puzzle, pluzzle::SolveControl *control, bool use_cache)
    : puzzle_(puzzle), control_(control), width_(puzzle.width), height_(puzzle.height),
      mask_mode_(puzzle.width <= LineSolver::kMaxMaskCells && puzzle.height <= LineSolver::kMaxMaskCells),
      narrow_(puzzle.width <= 64 && puzzle.height <= 64),
      packed_(puzzle.width <= kPackedCells && puzzle.height <= kPackedCells), use_cache_(false),
      cache_wanted_(use_cache && mask_mode_), cells_(size_t(puzzle.width) * size_t(puzzle.height), kUnknown) {
    const size_t lines = size_t(width_ + height_);
    if (narrow_)
        masks_.known.assign(2 * lines, 0);
    else if (mask_mode_)
        wide_masks_.known.assign(2 * lines, 0);
    if (mask_mode_) {
        row_of_.resize(cells_.size());
        for (size_t i = 0; i < cells_.size(); ++i) row_of_[i] = uint8_t(i / size_t(width_));
    }
    queue_.assign(lines, 0);
    queued_.assign(lines, 0);
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
    for (const int index : trail_) {
        const int r = row_of(index), c = index - r * width_;
        const uint64_t key = cell_keys_[size_t(index) * 2 + size_t(cells_[size_t(index)])];
        line_hash_[size_t(r)] ^= key;
        line_hash_[size_t(height_ + c)] ^= key;
    }
    if (!cache_wanted_) return;
    use_cache_ = true;
    if (packed_) {
        packed_cache_.resize(size_t(1) << kPackedBits);
    } else if (narrow_) {
        masks_.cache.resize(16384);
    } else {
        size_t entries = 1024;
        while (entries < lines * 128 && entries < (size_t(1) << kMaxCacheBits)) entries *= 2;
        wide_masks_.cache.resize(entries);
    }
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
    const int r = row_of(index), c = index - r * width_;
    cells_[size_t(index)] = value;
    trail_.push_back(index);
    if (search_) {
        const uint64_t key = cell_keys_[size_t(index) * 2 + size_t(value)];
        line_hash_[size_t(r)] ^= key;
        line_hash_[size_t(height_ + c)] ^= key;
    }
    if (narrow_)
        toggle_bits(masks_.known.data(), height_, r, c, value);
    else if (mask_mode_)
        toggle_bits(wide_masks_.known.data(), height_, r, c, value);
    push_line(r);
    push_line(height_ + c);
}

void Propagator::undo(size_t mark) {
    if (mark >= trail_.size()) return;
    if (narrow_)
        undo_cells(masks_.known.data(), mark);
    else if (mask_mode_)
        undo_cells(wide_masks_.known.data(), mark);
    else
        undo_cells<uint64_t>(nullptr, mark);
    trail_.resize(mark);
}

// Members are copied to locals: stores to the int8_t cells may alias anything, so the compiler would reload them.
template <class W> void Propagator::undo_cells(W *known, size_t mark) {
    int8_t *const cells = cells_.data();
    const int *const trail = trail_.data();
    const uint8_t *const row_of = row_of_.data();
    uint64_t *const hash = search_ ? line_hash_.data() : nullptr;
    const uint64_t *const keys = cell_keys_.data();
    const int width = width_, height = height_;
    for (size_t t = mark, end = trail_.size(); t < end; ++t) {
        const int index = trail[t];
        const int8_t value = cells[index];
        const int r = known ? row_of[index] : index / width, c = index - r * width;
        if (known) toggle_bits(known, height, r, c, value);
        if (hash) {
            const uint64_t key = keys[size_t(index) * 2 + size_t(value)];
            hash[r] ^= key;
            hash[height + c] ^= key;
        }
        cells[index] = kUnknown;
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
    if (narrow_) return solve_masked(masks_, line, clue, n, first, step);
    if (mask_mode_) return solve_masked(wide_masks_, line, clue, n, first, step);
    const int8_t *in = &cells_[size_t(first)];
    if (!solver_.solve(clue, in, n, line_out_.data(), step)) return false;
    for (int i = 0; i < n; ++i)
        if (in[size_t(i) * size_t(step)] == kUnknown && line_out_[size_t(i)] != kUnknown)
            assign(first + i * step, line_out_[size_t(i)]);
    return true;
}

// Line solving on masks: replaces `filled` / `empty` by the settled line's, through the cache when it is in use.
template <class W>
bool Propagator::solve_cached(Masks<W> &masks, int line, const Clue &clue, int n, W &filled, W &empty) {
    const int k = int(clue.size());
    if (!use_cache_) return solver_.solve_masks(clue.data(), k, n, filled, empty);
    if constexpr (sizeof(W) == sizeof(uint64_t)) {
        if (packed_) {
            constexpr uint64_t cells = (uint64_t(1) << kPackedCells) - 1;
            const uint64_t key = packed_key(line, filled, empty);
            PackedEntry &entry = packed_slot(key);
            if (entry.key == key) {
                ++cache_hits_;
                filled = entry.value & cells;
                empty = (entry.value >> kPackedCells) & cells;
                return entry.value >> 63;
            }
            const bool ok = solver_.solve_masks(clue.data(), k, n, filled, empty);
            entry.key = key;
            entry.value = filled | (empty << kPackedCells) | (uint64_t(ok) << 63);
            return ok;
        }
    }
    CacheEntry<W> &entry = masks.cache[size_t(slot_hash(uint32_t(line), filled, empty)) & (masks.cache.size() - 1)];
    if (entry.line == uint32_t(line) && entry.filled == filled && entry.empty == empty) {
        ++cache_hits_;
        filled = entry.out_filled;
        empty = entry.out_empty;
        return entry.ok;
    }
    entry.line = uint32_t(line);
    entry.filled = filled;
    entry.empty = empty;
    entry.ok = solver_.solve_masks(clue.data(), k, n, filled, empty);
    entry.out_filled = filled;
    entry.out_empty = empty;
    return entry.ok;
}

// solve_line() in mask mode. Assigns the new cells as assign() would, in the same order (filled ones first, by
// position); the line's own queue flag is set while it is solved, so only the crossing lines are queued.
template <class W>
bool Propagator::solve_masked(Masks<W> &masks, int line, const Clue &clue, int n, int first, int step) {
    W *const known = masks.known.data();
    const W known_empty = known[2 * size_t(line)], known_filled = known[2 * size_t(line) + 1];
    W empty = known_empty, filled = known_filled;
    if (!solve_cached(masks, line, clue, n, filled, empty)) return false;
    known[2 * size_t(line)] = empty;
    known[2 * size_t(line) + 1] = filled;
    const bool is_row = line < height_;
    const W line_bit = W(1) << (is_row ? line : line - height_); // the line's bit in its crossing lines
    const int cross_base = is_row ? height_ : 0;
    int8_t *const cells = cells_.data();
    uint64_t *const hash = search_ ? line_hash_.data() : nullptr;
    const uint64_t *const keys = cell_keys_.data();
    uint64_t own_hash = 0;
    for (const int8_t value : {kFilled, kEmpty}) {
        W fresh = value == kFilled ? filled & ~known_filled : empty & ~known_empty;
        while (fresh) {
            const int i = lowest_bit(fresh);
            fresh &= fresh - 1;
            const int index = first + i * step, cross = cross_base + i;
            cells[index] = value;
            trail_.push_back(index);
            known[2 * size_t(cross) + size_t(value)] |= line_bit;
            if (hash) {
                const uint64_t key = keys[size_t(index) * 2 + size_t(value)];
                own_hash ^= key;
                hash[cross] ^= key;
            }
            push_line(cross);
        }
    }
    if (hash) hash[line] ^= own_hash;
    return true;
}

} // namespace nonogram
