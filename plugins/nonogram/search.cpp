// search.cpp -- solve() and propagate() of solver.hpp: probing to a fixpoint at every node, then a depth-first
// search on the cell whose two probes decide the most, with an undo trail (Propagator).
#include "line_cdcl.hpp"
#include "marginals.hpp"
#include "propagation.hpp"
#include "sat_search.hpp"
#include "solver.hpp"

#include <algorithm>

namespace nonogram {
namespace {

constexpr uint64_t kFirstBudget = 1024, kMaxBudget = 4096, kEndlessBudget = uint64_t(1) << 50;

class Search {
public:
    Search(const Puzzle &puzzle, pluzzle::SolveControl &control, const SolverOptions &options)
        : puzzle_(puzzle), control_(control), options_(options), prop_(puzzle, &control),
          max_solutions_(options.max_solutions ? options.max_solutions : 2u),
          probe_backoff_(max_solutions_ == 1 ? options.probe_backoff : 0u),
          max_budget_(max_solutions_ == 1 && options.first_solution_restarts ? kEndlessBudget : kMaxBudget) {}

    SolverReport run();

private:
    // Probing and search state, set up only once line solving stalls (most generated puzzles never need it).
    void setup() {
        if (set_up_) return;
        set_up_ = true;
        prop_.enable_search();
        const size_t n = size_t(prop_.cell_count());
        score_empty_.assign(n, 0);
        score_filled_.assign(n, 0);
        if (!options_.probing) return;
        probe_value_.assign(n, kUnknown);
        probe_stamp_.assign(n, 0);
        records_.resize(n);
    }
    bool set_up_ = false;
    uint64_t skip_probes_ = 0, backoff_ = 0; // adaptive probing (probe_backoff_)
    bool stopped() const { return prop_.stopped() || stop_; }
    void node();
    bool probe_to_fixpoint();
    int probe(int cell, int8_t value, bool remember, bool compare);
    int choose_cell();
    void record_solution();
    void search_with_learning();
    uint64_t signature(const std::vector<uint16_t> &lines) const;

    // Why a cell need not be probed again: its two probes read only `lines`, and while those lines are as they
    // were (same signature), probing again gives the same outcome (both values consistent, nothing agreed).
    struct ProbeRecord {
        bool valid = false;
        uint64_t signature = 0;
        std::vector<uint16_t> lines;
    };
    std::vector<ProbeRecord> records_;

    const Puzzle &puzzle_;
    pluzzle::SolveControl &control_;
    const SolverOptions &options_;
    Propagator prop_;
    unsigned max_solutions_;
    // First solution only (max_solutions 1): adaptive probing, and randomized restarts that keep doubling the
    // budget instead of ending in one deterministic run (a run that ends within its budget is still complete).
    unsigned probe_backoff_;
    uint64_t max_budget_;
    SolverReport report_;
    bool stop_ = false, done_ = false, branched_ = false;
    // Probe results: cells decided by each value of each cell (current after a fixpoint), and the values the
    // last "empty" probe gave (stamped), so the "filled" probe can find what both agree on.
    std::vector<int> score_empty_, score_filled_;
    std::vector<int8_t> probe_value_;
    std::vector<uint32_t> probe_stamp_;
    uint32_t stamp_ = 0;
    std::vector<std::pair<int, int8_t>> agreed_;
    // Cells that the two probes of the last compared cell set to opposite values: each of their probes is
    // implied by one of that cell's (a subset of its result), so they cannot tell anything new.
    std::vector<int> dominated_;
    // Restarts: a run stops after budget_ branches (0 = no limit); the next run randomizes the branch choice
    // and doubles the budget. Only a run that finished within its budget proves uniqueness / unsolvability.
    uint64_t budget_ = 0, run_branches_ = 0, work_budget_ = 0;
    bool budget_hit_ = false, randomize_ = false, stop_at_first_branch_ = false;
    uint64_t rng_ = 0x853c49e6748fea9bULL;
    uint64_t next_random() {
        rng_ ^= rng_ << 13;
        rng_ ^= rng_ >> 7;
        rng_ ^= rng_ << 17;
        return rng_;
    }
};

// Sets cell = value and propagates; returns the number of cells decided (including the cell), or -1 on a
// contradiction. The grid is restored afterwards. remember: stamp the decided values; compare: collect in
// agreed_ the decided cells whose stamped value is the same.
int Search::probe(int cell, int8_t value, bool remember, bool compare) {
    ++report_.probes;
    const size_t mark = prop_.mark();
    prop_.assign(cell, value);
    const bool ok = prop_.propagate();
    const int decided = int(prop_.mark() - mark);
    if (ok && prop_.unknown_count() == 0) record_solution(); // may set done_
    if (ok) {
        const auto &trail = prop_.trail();
        if (remember) {
            ++stamp_;
            for (size_t i = mark; i < trail.size(); ++i) {
                probe_stamp_[size_t(trail[i])] = stamp_;
                probe_value_[size_t(trail[i])] = prop_.cell(trail[i]);
            }
        }
        if (compare) {
            agreed_.clear();
            dominated_.clear();
            for (size_t i = mark + 1; i < trail.size(); ++i) {
                const int c = trail[i];
                if (probe_stamp_[size_t(c)] != stamp_) continue;
                if (probe_value_[size_t(c)] == prop_.cell(c))
                    agreed_.emplace_back(c, prop_.cell(c));
                else
                    dominated_.push_back(c);
            }
        }
    }
    prop_.undo(mark);
    return ok ? decided : -1;
}

// Probes every undecided cell both ways until a whole sweep decides nothing. A contradicting value fixes the
// cell to the other one; cells decided the same way by both values are fixed. False on a contradiction (the
// node has no solution) or a stop.
bool Search::probe_to_fixpoint() {
    const int n = prop_.cell_count();
    for (;;) {
        bool changed = false;
        for (int c = 0; c < n; ++c) {
            if (prop_.cell(c) != kUnknown) continue;
            ProbeRecord &record = records_[size_t(c)];
            if (record.valid && record.signature == signature(record.lines)) continue;
            record.valid = false;
            if (control_.tick()) {
                stop_ = true;
                return false;
            }
            prop_.start_touch_log();
            const int empty = probe(c, kEmpty, true, false);
            if (stopped() || done_) return false;
            if (empty < 0) {
                prop_.assign(c, kFilled);
                if (!prop_.propagate()) return false;
                changed = true;
                continue;
            }
            const int filled = probe(c, kFilled, false, true);
            if (stopped() || done_) return false;
            if (filled < 0) {
                prop_.assign(c, kEmpty);
                if (!prop_.propagate()) return false;
                changed = true;
                continue;
            }
            score_empty_[size_t(c)] = empty;
            score_filled_[size_t(c)] = filled;
            if (agreed_.empty()) {
                record.lines.assign(prop_.touched_lines().begin(), prop_.touched_lines().end());
                record.signature = signature(record.lines);
                record.valid = true;
                // A dominated cell q (q = a follows from c = v, q = !a from c = !v): closure(q = a) is a subset
                // of closure(c = v), so its probes are consistent, read only lines c's probes read, and agree
                // only on cells c's probes agree on (none). It needs no probe while those lines are unchanged.
                for (const int q : dominated_) {
                    ProbeRecord &other = records_[size_t(q)];
                    other.lines = record.lines;
                    other.signature = record.signature;
                    other.valid = true;
                    score_empty_[size_t(q)] = 0;
                    score_filled_[size_t(q)] = 0;
                }
            } else {
                for (const auto &[cell, value] : agreed_)
                    if (prop_.cell(cell) == kUnknown) prop_.assign(cell, value);
                if (!prop_.propagate()) return false;
                changed = true;
            }
        }
        if (!changed) return true;
    }
}

int Search::choose_cell() {
    const int n = prop_.cell_count();
    int best = -1;
    double best_score = -1;
    for (int c = 0; c < n; ++c) {
        if (prop_.cell(c) != kUnknown) continue;
        if (!options_.probing) return c;
        const double a = score_empty_[size_t(c)], b = score_filled_[size_t(c)];
        // The weaker branch's progress first, then the stronger's: on the survey's hardest puzzles this beat
        // the product (a+1)(b+1), the sum and max-first (fewer branches on #6574 and #9892).
        double score = std::min(a, b) * 1e6 + std::max(a, b);
        if (randomize_) score *= 1.0 + double(next_random() >> 11) * (0.5 / 9007199254740992.0);
        if (score > best_score) {
            best_score = score;
            best = c;
        }
    }
    return best;
}

uint64_t Search::signature(const std::vector<uint16_t> &lines) const {
    uint64_t sum = 0;
    for (const uint16_t line : lines) {
        uint64_t x = prop_.line_hash(line) + (uint64_t(line) + 1) * 0x9e3779b97f4a7c15ULL;
        x ^= x >> 31;
        x *= 0xbf58476d1ce4e5b9ULL;
        x ^= x >> 29;
        sum += x;
    }
    return sum;
}

// A complete consistent grid, met at a leaf or by a probe; probes can meet a solution the search meets again
// later, so duplicates are dropped.
void Search::record_solution() {
    for (const Grid &g : report_.solutions)
        if (g.cells == prop_.cells()) return;
    Grid g(prop_.width(), prop_.height());
    g.cells = prop_.cells();
    report_.solutions.push_back(std::move(g));
    if (report_.solutions.size() >= max_solutions_) done_ = true;
}

// Hands what logic left open at the root to clause learning; its answer is complete, so the search ends here.
// The line-level CDCL needs lines of at most LineSolver::kMaxMaskCells cells; longer ones go to CaDiCaL.
void Search::search_with_learning() {
    Grid start(prop_.width(), prop_.height());
    start.cells = prop_.cells();
    const unsigned wanted = max_solutions_ - unsigned(report_.solutions.size());
    const bool lines_fit = puzzle_.width <= LineSolver::kMaxMaskCells && puzzle_.height <= LineSolver::kMaxMaskCells;
    std::vector<Grid> found;
    bool stopped;
    Beliefs beliefs;
    if (options_.belief_rounds > 0) {
        beliefs = cell_marginals(puzzle_, start, options_.belief_rounds, &control_);
        report_.belief_rounds = unsigned(beliefs.rounds);
        if (beliefs.stopped) {
            stop_ = done_ = true;
            return;
        }
    }
    if (options_.learning == Learning::kLines && lines_fit) {
        LineCdclResult r = line_cdcl_search(puzzle_, start, report_.solutions, wanted, control_, beliefs.filled);
        found = std::move(r.solutions);
        stopped = r.stopped;
        report_.conflicts = r.conflicts;
    } else {
        SatResult r =
            sat_search(puzzle_, start, report_.solutions, wanted, control_, options_.sat_config, beliefs.filled);
        found = std::move(r.solutions);
        stopped = r.stopped;
    }
    for (Grid &g : found) report_.solutions.push_back(std::move(g));
    if (stopped) stop_ = true;
    done_ = true;
}

void Search::node() {
    if (!prop_.propagate()) return;
    if (prop_.unknown_count() != 0) setup();
    if (options_.probing && prop_.unknown_count() != 0) {
        if (skip_probes_ && branched_) {
            --skip_probes_;
        } else {
            const size_t before = prop_.mark();
            if (!probe_to_fixpoint()) {
                backoff_ = 0;
                return;
            }
            if (probe_backoff_ && branched_) {
                if (prop_.mark() == before) {
                    backoff_ = backoff_ ? std::min<uint64_t>(backoff_ * 2, probe_backoff_) : 1;
                    skip_probes_ = backoff_;
                } else {
                    backoff_ = 0;
                }
            }
        }
    }
    if (prop_.unknown_count() == 0) {
        record_solution();
        return;
    }
    if (!branched_) {
        branched_ = true;
        report_.logic_fraction = 1.0 - double(prop_.unknown_count()) / double(prop_.cell_count());
        if (stop_at_first_branch_) { // clause learning takes over from here (run())
            budget_hit_ = true;
            return;
        }
    }
    if (control_.tick()) {
        stop_ = true;
        return;
    }
    if ((budget_ && run_branches_ >= budget_) || (work_budget_ && prop_.line_solves() >= work_budget_)) {
        budget_hit_ = true;
        return;
    }
    ++run_branches_;
    const int c = choose_cell();
    ++report_.branches;
    // The value whose probe decided more first (closer to a complete grid); after a restart, sometimes the other.
    bool filled_first = !options_.probing || score_filled_[size_t(c)] >= score_empty_[size_t(c)];
    if (randomize_ && next_random() % 4 == 0) filled_first = !filled_first;
    for (const int8_t value : {filled_first ? kFilled : kEmpty, filled_first ? kEmpty : kFilled}) {
        const size_t mark = prop_.mark();
        prop_.assign(c, value);
        node();
        prop_.undo(mark);
        if (done_ || stopped() || budget_hit_) return;
    }
}

SolverReport Search::run() {
    const int n = prop_.cell_count();
    bool well_formed = int(puzzle_.rows.size()) == puzzle_.height && int(puzzle_.cols.size()) == puzzle_.width;
    long row_sum = 0, col_sum = 0;
    if (well_formed) {
        for (const Clue &clue : puzzle_.rows)
            for (int v : clue) row_sum += v;
        for (const Clue &clue : puzzle_.cols)
            for (int v : clue) col_sum += v;
    }
    if (well_formed && row_sum == col_sum) {
        prop_.queue_all_lines();
        for (const auto &[cell, value] : options_.given) prop_.assign(cell, value);
        // DFS runs with budgets 1024, 2048, 4096 branches (runs 2 and 3 randomized), then a complete
        // deterministic run (endless doubling randomized runs for a first solution): first solutions (and second
        // ones) are heavy-tailed in the branch order. With clause learning the DFS gets a budget of line solves
        // (0 by default: learning starts from the root's logic fixpoint, which measured fastest with the
        // line-level CDCL on both the survey and TAAI 2011; see docs/BENCHMARKS.md).
        budget_ = options_.restarts ? kFirstBudget : 0;
        const bool learning = options_.learning != Learning::kNone;
        work_budget_ = learning ? options_.learn_after_line_solves : 0;
        stop_at_first_branch_ = learning && work_budget_ == 0;
        for (;;) {
            // Cells decided at the root follow from the clues alone, so they stay decided across runs.
            node();
            if (done_ || stopped() || !budget_hit_) break;
            budget_hit_ = false;
            if (stop_at_first_branch_ || (work_budget_ && prop_.line_solves() >= work_budget_)) {
                search_with_learning();
                break;
            }
            run_branches_ = 0;
            budget_ *= 2;
            randomize_ = true;
            if (budget_ > max_budget_) { // enough restarts: a last, complete run as without restarts (never
                                         // reached in first-solution mode, kEndlessBudget)
                budget_ = 0;
                randomize_ = false;
            }
        }
    }
    if (!branched_) report_.logic_fraction = n ? 1.0 - double(prop_.unknown_count()) / double(n) : 1.0;
    report_.line_solves = prop_.line_solves();
    if (stopped()) {
        report_.status = control_.stop_status();
    } else if (report_.solutions.size() >= 2) {
        report_.status = PZ_SOLVE_MULTIPLE;
    } else if (report_.solutions.size() == 1) {
        report_.status = max_solutions_ == 1 ? PZ_SOLVE_SOLVED : PZ_SOLVE_UNIQUE;
    } else {
        report_.status = PZ_SOLVE_UNSOLVABLE;
    }
    return std::move(report_);
}

} // namespace

SolverReport solve(const Puzzle &puzzle, pluzzle::SolveControl &control, const SolverOptions &options) {
    Search search(puzzle, control, options);
    return search.run();
}

bool propagate(const Puzzle &puzzle, Grid &grid) {
    if (grid.width != puzzle.width || grid.height != puzzle.height ||
        int(puzzle.rows.size()) != puzzle.height || int(puzzle.cols.size()) != puzzle.width)
        return false;
    Propagator prop(puzzle, nullptr, false);
    for (int i = 0; i < prop.cell_count(); ++i)
        if (grid.cells[size_t(i)] != kUnknown) prop.assign(i, grid.cells[size_t(i)] == kFilled ? kFilled : kEmpty);
    prop.queue_all_lines();
    if (!prop.propagate()) return false;
    grid.cells = prop.cells();
    return true;
}

} // namespace nonogram
