// marginals.cpp -- cell_marginals() of marginals.hpp: exact weighted counts per line, messages between lines.
#include "marginals.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace nonogram {
namespace {

// An undecided cell's message never reaches 0 or 1, so dividing it out again stays defined.
constexpr double kFloor = 1e-7;
// Half the old message is kept each round: undamped, rows and columns can swap beliefs back and forth.
constexpr double kDamping = 0.5;
// Messages that move less than this in a round have settled: more rounds would not change a phase.
constexpr double kSettled = 1e-4;

// The completions of one line, each weighted by the product of its cells' weights (w1 filled, w0 empty, per
// cell), counted forward and backward over (blocks placed, position). Block j can only start within the line's
// slack of its leftmost packing, so each pass visits (blocks + 1) x (slack + 1) states, not blocks x length.
// Weights are probabilities (w0 + w1 = 1, or 0/1 for a decided cell), so every count is at most 1; a line whose
// count underflows (dozens of cells contradicting confident messages) is skipped like one with no completion.
class LineCounter {
public:
    // p1[i] = the weighted share of completions that fill cell i. False when no completion has weight.
    bool count(const int *clue, int k, int n, const double *w1, const double *w0, double *p1) {
        int used = k > 0 ? k - 1 : 0;
        for (int j = 0; j < k; ++j) used += clue[j];
        const int slack = n - used;
        if (slack < 0) return false;
        const size_t width = size_t(slack) + 1;
        // Block j starts at lo[j] + d, d in [0, slack]; state (j, i) is at i = lo[j] + d, lo[k] = used + 1.
        lo_.resize(size_t(k) + 1);
        for (int j = 0, at = 0; j <= k; ++j) {
            lo_[size_t(j)] = at;
            if (j < k) at += clue[j] + 1;
        }
        // run(j, d): the product of w1 over block j's cells when it starts at lo[j] + d.
        run_.assign(size_t(k) * width, 0.0);
        for (int j = 0; j < k; ++j)
            for (int d = 0; d <= slack; ++d) {
                const int from = lo_[size_t(j)] + d;
                double product = 1.0;
                for (int i = from; i < from + clue[j] && product != 0.0; ++i) product *= w1[i];
                run_[size_t(j) * width + size_t(d)] = product;
            }
        // after(j, d): the weight of what follows block j at lo[j] + d: its separator, then the rest, ending the
        // line when it is the last block.
        forward_.assign(size_t(k + 1) * width, 0.0);
        backward_.assign(size_t(k + 1) * width, 0.0);
        auto F = [&](int j, int d) -> double & { return forward_[size_t(j) * width + size_t(d)]; };
        auto G = [&](int j, int d) -> double & { return backward_[size_t(j) * width + size_t(d)]; };
        // State (j, d): blocks 0..j-1 placed before position i = lo[j] + d, and a block may start at i. From it,
        // cell i is empty (j, d + 1), or block j fills [i, i + c) and the cell after it is empty (j + 1, d: placing
        // a block keeps d, as lo[j + 1] = lo[j] + c + 1). The line ends in (k, slack): i = n + 1 after a last
        // block that ends at n (its separator is virtual), reached from i = n at weight 1; i = n when k = 0.
        const int end_d = slack;
        F(0, 0) = 1.0;
        for (int j = 0; j <= k; ++j)
            for (int d = 0; d <= slack; ++d) {
                const double v = F(j, d);
                if (v == 0.0) continue;
                const int i = lo_[size_t(j)] + d;
                if (j == k) {
                    if (d < slack) F(j, d + 1) += v * (i < n ? w0[i] : 1.0);
                    continue;
                }
                if (d < slack) F(j, d + 1) += v * w0[i];
                const double run = run_[size_t(j) * width + size_t(d)];
                if (run == 0.0) continue;
                const int end = i + clue[j];
                F(j + 1, d) += v * run * (end < n ? w0[end] : 1.0);
            }
        G(k, end_d) = 1.0;
        for (int j = k; j >= 0; --j)
            for (int d = slack; d >= 0; --d) {
                if (j == k && d == end_d) continue;
                const int i = lo_[size_t(j)] + d;
                double v = d < slack ? (i < n ? w0[i] : 1.0) * G(j, d + 1) : 0.0;
                if (j < k) {
                    const double run = run_[size_t(j) * width + size_t(d)];
                    const int end = i + clue[j];
                    if (run != 0.0) v += run * (end < n ? w0[end] : 1.0) * G(j + 1, d);
                }
                G(j, d) = v;
            }
        const double total = G(0, 0);
        if (!(total > 0.0) || !std::isfinite(total)) return false;
        // Each placement of block j adds its weight to the cells it covers (a difference array).
        cover_.assign(size_t(n) + 1, 0.0);
        for (int j = 0; j < k; ++j)
            for (int d = 0; d <= slack; ++d) {
                const double before = F(j, d), run = run_[size_t(j) * width + size_t(d)];
                if (before == 0.0 || run == 0.0) continue;
                const int i = lo_[size_t(j)] + d, end = i + clue[j];
                const double weight = before * run * (end < n ? w0[end] : 1.0) * G(j + 1, d);
                cover_[size_t(i)] += weight;
                cover_[size_t(end)] -= weight;
            }
        double running = 0.0;
        for (int i = 0; i < n; ++i) {
            running += cover_[size_t(i)];
            p1[i] = std::clamp(running / total, 0.0, 1.0);
        }
        return true;
    }

private:
    std::vector<int> lo_;
    std::vector<double> run_, forward_, backward_, cover_;
};

struct LineView {
    const Clue &clue;
    int length, first, step;
};

} // namespace

std::vector<double> line_marginals(const Clue &clue, const std::vector<double> &filled) {
    std::vector<double> empty(filled.size()), p1(filled.size());
    for (size_t i = 0; i < filled.size(); ++i) empty[i] = 1.0 - filled[i];
    LineCounter counter;
    if (!counter.count(clue.data(), int(clue.size()), int(filled.size()), filled.data(), empty.data(), p1.data()))
        return {};
    return p1;
}

Beliefs cell_marginals(const Puzzle &puzzle, const Grid &start, int max_rounds, pluzzle::SolveControl *control) {
    const int width = puzzle.width, height = puzzle.height;
    const size_t cells = size_t(width) * size_t(height);
    Beliefs out;
    if (int(puzzle.rows.size()) != height || int(puzzle.cols.size()) != width || start.cells.size() != cells)
        throw std::invalid_argument("cell_marginals: the puzzle's clues or the grid do not match its size");
    // Messages P(filled) from each cell's row and column; decided cells send their value.
    std::vector<double> from_row(cells, 0.5), from_col(cells, 0.5);
    for (size_t i = 0; i < cells; ++i)
        if (start.cells[i] != kUnknown) from_row[i] = from_col[i] = start.cells[i] == kFilled ? 1.0 : 0.0;
    // Only lines with an undecided cell send messages that matter (a decided cell's own messages are its value).
    std::vector<LineView> rows, cols;
    auto open = [&](int first, int step, int length) {
        for (int i = 0; i < length; ++i)
            if (start.cells[size_t(first + i * step)] == kUnknown) return true;
        return false;
    };
    for (int r = 0; r < height; ++r)
        if (open(r * width, 1, width)) rows.push_back({puzzle.rows[size_t(r)], width, r * width, 1});
    for (int c = 0; c < width; ++c)
        if (open(c, width, height)) cols.push_back({puzzle.cols[size_t(c)], height, c, width});
    LineCounter counter;
    std::vector<double> w1, w0, p1;
    double change = 0; // the largest change of a message in this round
    // One direction's lines hear the other's messages and update their own.
    auto sweep = [&](const std::vector<LineView> &lines, const std::vector<double> &incoming,
                     std::vector<double> &outgoing) {
        for (const LineView &line : lines) {
            w1.resize(size_t(line.length));
            w0.resize(size_t(line.length));
            p1.resize(size_t(line.length));
            for (int i = 0; i < line.length; ++i) {
                const size_t cell = size_t(line.first + i * line.step);
                w1[size_t(i)] = incoming[cell];
                w0[size_t(i)] = 1.0 - incoming[cell];
            }
            if (!counter.count(line.clue.data(), int(line.clue.size()), line.length, w1.data(), w0.data(),
                               p1.data()))
                continue;
            for (int i = 0; i < line.length; ++i) {
                const size_t cell = size_t(line.first + i * line.step);
                if (start.cells[cell] != kUnknown) continue;
                // The line's own evidence: its marginal with the incoming message divided out.
                const double filled = p1[size_t(i)] / w1[size_t(i)], empty = (1.0 - p1[size_t(i)]) / w0[size_t(i)];
                const double message = std::clamp(filled / (filled + empty), kFloor, 1.0 - kFloor);
                const double next = kDamping * outgoing[cell] + (1.0 - kDamping) * message;
                change = std::max(change, std::abs(next - outgoing[cell]));
                outgoing[cell] = next;
            }
        }
    };
    for (int round = 0; round < std::max(max_rounds, 1); ++round) {
        if (control && (control->tick(uint64_t(width + height)) || control->poll())) {
            out.stopped = true;
            return out;
        }
        change = 0;
        sweep(rows, from_col, from_row);
        sweep(cols, from_row, from_col);
        out.rounds = round + 1;
        if (change < kSettled) break;
    }
    out.filled.resize(cells);
    for (size_t i = 0; i < cells; ++i) {
        if (start.cells[i] != kUnknown) {
            out.filled[i] = start.cells[i] == kFilled ? 1.0 : 0.0;
            continue;
        }
        const double filled = from_row[i] * from_col[i], empty = (1.0 - from_row[i]) * (1.0 - from_col[i]);
        out.filled[i] = filled / (filled + empty);
    }
    return out;
}

} // namespace nonogram
