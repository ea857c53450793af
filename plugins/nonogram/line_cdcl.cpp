// line_cdcl.cpp -- line_cdcl_search() of line_cdcl.hpp.
#include "line_cdcl.hpp"

#include "decision_order.hpp"
#include "guesses.hpp"
#include "line_solver.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>

namespace nonogram {
namespace {
// Tuned on TAAI 2011's 40 hardest puzzles (docs/BENCHMARKS.md): VSIDS decay 0.95 beat 0.90 and 0.98, and "empty"
// as the first phase beat "filled" and the probes' preference. Luby restarts of 100 conflicts beat 50 and 512
// there before beliefs guided the search; with them, 500 beat 100, 300, 1000 and 2000 on the olympiad sets'
// slowest puzzles (ICGA 2023: 12.2 s, slowest 1.7 s, against 19.7 s and 5.3 s), and the survey stayed as fast.
constexpr uint64_t kRestartUnit = 500;
constexpr double kDecay = 0.95;

// A literal is 2 * cell + value: "the cell has this value" (1 = filled). Its negation is lit ^ 1.
inline int literal(int cell, int value) { return 2 * cell + value; }
inline int cell_of(int lit) { return lit >> 1; }
inline int value_of(int lit) { return lit & 1; }

// Why a cell has its value: a decision (or given), a clause (index >= 0), or a line (kLineReason - line).
constexpr int kDecision = -1, kLineReason = -2;

// Luby's restart sequence 1 1 2 1 1 2 4 ...: the i-th term (i >= 1).
uint64_t luby(uint64_t i) {
    uint64_t size = 1, power = 1;
    while (size < i) {
        size = 2 * size + 1;
        power *= 2;
    }
    while (size != i) {
        size = (size - 1) / 2;
        power /= 2;
        if (i > size) i -= size;
    }
    return power;
}

class LineCdcl {
public:
    LineCdcl(const Puzzle &puzzle, pluzzle::SolveControl &control);

    // Adds a clause at level 0 (backtracking there first). False when the formula became unsatisfiable.
    bool add_root_clause(std::vector<int> lits);
    // Searches for the next solution: true with `solution` set, false when there is none (or stopped).
    bool next(Grid &solution);
    bool stopped() const { return stopped_; }
    uint64_t conflicts() const { return conflicts_; }
    uint64_t decisions() const { return decisions_; }
    // Excludes the solution `g` (its literals fixed at the root drop out).
    bool block(const Grid &g);
    // Guesses for the search until its first solution (see line_cdcl_search).
    void guide(const std::vector<double> &belief);
    void solution_found() { guesses_.clear(); }

private:
    struct Line {
        const int *clue;
        int runs, length, first, step;
    };
    struct Clause {
        std::vector<int> lits; // lits[0], lits[1] watched; a reason clause has its implied literal first
        int lbd = 0;
        double activity = 0;
        bool learned = false, deleted = false;
    };

    int level() const { return int(trail_limits_.size()); }
    bool is_true(int lit) const { return value_[size_t(cell_of(lit))] == value_of(lit); }
    bool is_false(int lit) const { return value_[size_t(cell_of(lit))] == (value_of(lit) ^ 1); }
    void assign(int lit, int reason, int reason_position);
    void queue_line(int line) {
        if (queued_[size_t(line)]) return;
        queued_[size_t(line)] = 1;
        line_queue_.push_back(line);
    }
    bool propagate();
    bool solve_line(int line);
    void explain_line(int line, int before, int target, std::vector<int> &out);
    void reason_literals(int cell, std::vector<int> &out);
    void analyze(std::vector<int> &learned, int &backjump);
    bool redundant(int lit);
    void backtrack(int to_level);
    int attach(std::vector<int> lits, bool learned, int lbd);
    void reduce();
    int pick_branch_cell();

    const Puzzle &puzzle_;
    pluzzle::SolveControl &control_;
    int width_, height_, cells_;
    std::vector<Line> lines_;
    std::vector<int> row_of_, col_of_;
    LineSolver solver_;

    std::vector<int8_t> value_, phase_;
    std::vector<int> level_of_, position_, reason_, reason_position_;
    std::vector<LineMask> filled_, empty_;
    std::vector<int> trail_, trail_limits_;
    size_t clause_head_ = 0;
    std::vector<int> line_queue_;
    std::vector<uint8_t> queued_;

    std::vector<Clause> clauses_;
    struct Watch {
        int clause;
        int blocker; // another literal of the clause: when true, the clause needs no visit
    };
    std::vector<std::vector<Watch>> watches_; // per literal: clauses watching it (visited when it becomes false)
    size_t learned_count_ = 0, max_learned_ = 2000;
    int conflict_clause_ = -1, conflict_line_ = -1;

    DecisionOrder vsids_;

    std::vector<uint8_t> seen_, explained_;
    std::vector<std::vector<int>> explanation_;
    std::vector<int> scratch_, scratch2_, marked_;
    std::vector<uint64_t> order_;
    bool started_ = false;
    size_t best_trail_ = 0;
    std::vector<int8_t> target_;
    Guesses guesses_;
    uint64_t conflicts_ = 0, decisions_ = 0, restarts_ = 0;
    bool stopped_ = false, unsatisfiable_ = false;
};

LineCdcl::LineCdcl(const Puzzle &puzzle, pluzzle::SolveControl &control)
    : puzzle_(puzzle), control_(control), width_(puzzle.width), height_(puzzle.height),
      cells_(puzzle.width * puzzle.height), vsids_(cells_) {
    if (width_ > LineSolver::kMaxMaskCells || height_ > LineSolver::kMaxMaskCells)
        throw std::invalid_argument("line_cdcl_search: lines longer than 126 cells");
    for (int r = 0; r < height_; ++r)
        lines_.push_back({puzzle.rows[size_t(r)].data(), int(puzzle.rows[size_t(r)].size()), width_, r * width_, 1});
    for (int c = 0; c < width_; ++c)
        lines_.push_back({puzzle.cols[size_t(c)].data(), int(puzzle.cols[size_t(c)].size()), height_, c, width_});
    const size_t n = size_t(cells_);
    row_of_.resize(n);
    col_of_.resize(n);
    for (int i = 0; i < cells_; ++i) {
        row_of_[size_t(i)] = i / width_;
        col_of_[size_t(i)] = i % width_;
    }
    value_.assign(n, kUnknown);
    phase_.assign(n, kEmpty);
    level_of_.assign(n, 0);
    position_.assign(n, 0);
    reason_.assign(n, kDecision);
    reason_position_.assign(n, 0);
    filled_.assign(lines_.size(), 0);
    empty_.assign(lines_.size(), 0);
    queued_.assign(lines_.size(), 0);
    watches_.resize(2 * n);
    seen_.assign(n, 0);
    explanation_.resize(n);
    explained_.assign(n, 0);
    target_.assign(n, kUnknown);
}

void LineCdcl::assign(int lit, int reason, int reason_position) {
    const int cell = cell_of(lit), value = value_of(lit);
    value_[size_t(cell)] = int8_t(value);
    level_of_[size_t(cell)] = level();
    position_[size_t(cell)] = int(trail_.size());
    reason_[size_t(cell)] = reason;
    reason_position_[size_t(cell)] = reason_position;
    trail_.push_back(lit);
    const int r = row_of_[size_t(cell)], c = col_of_[size_t(cell)];
    auto &masks = value ? filled_ : empty_;
    masks[size_t(r)] |= LineMask(1) << c;
    masks[size_t(height_ + c)] |= LineMask(1) << r;
    queue_line(r);
    queue_line(height_ + c);
}

// Settles a line; assigns what it forces (reason: the line, explained later from the cells decided before).
bool LineCdcl::solve_line(int line) {
    const Line &l = lines_[size_t(line)];
    LineMask f = filled_[size_t(line)], e = empty_[size_t(line)];
    if (!solver_.solve_masks(l.clue, l.runs, l.length, f, e)) return false;
    const int before = int(trail_.size());
    for (int value = 0; value < 2; ++value) {
        LineMask fresh = value ? f & ~filled_[size_t(line)] : e & ~empty_[size_t(line)];
        while (fresh) {
            const uint64_t lo = uint64_t(fresh);
            const int i = lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(uint64_t(fresh >> 64));
            fresh &= fresh - 1;
            assign(literal(l.first + i * l.step, value), kLineReason - line, before);
        }
    }
    return true;
}

// Clause propagation (two watched literals) first, then one queued line, until nothing is left or a conflict.
bool LineCdcl::propagate() {
    for (;;) {
        while (clause_head_ < trail_.size()) {
            const int falsified = trail_[clause_head_++] ^ 1;
            std::vector<Watch> &watching = watches_[size_t(falsified)];
            size_t keep = 0, i = 0;
            for (; i < watching.size(); ++i) {
                const Watch w = watching[i];
                if (is_true(w.blocker)) { // satisfied: the clause itself is not touched
                    watching[keep++] = w;
                    continue;
                }
                Clause &clause = clauses_[size_t(w.clause)];
                std::vector<int> &lits = clause.lits;
                if (lits[0] == falsified) std::swap(lits[0], lits[1]);
                if (is_true(lits[0])) {
                    watching[keep++] = {w.clause, lits[0]};
                    continue;
                }
                bool moved = false;
                for (size_t k = 2; k < lits.size(); ++k)
                    if (!is_false(lits[k])) {
                        std::swap(lits[1], lits[k]);
                        watches_[size_t(lits[1])].push_back({w.clause, lits[0]});
                        moved = true;
                        break;
                    }
                if (moved) continue;
                watching[keep++] = {w.clause, lits[0]};
                if (is_false(lits[0])) {
                    for (++i; i < watching.size(); ++i) watching[keep++] = watching[i];
                    watching.resize(keep);
                    conflict_clause_ = w.clause;
                    return false;
                }
                assign(lits[0], w.clause, 0);
            }
            watching.resize(keep);
        }
        if (line_queue_.empty()) return true;
        const int line = line_queue_.back();
        line_queue_.pop_back();
        // The flag stays set while the line is solved: its own new cells need no second solve.
        const bool ok = solve_line(line);
        queued_[size_t(line)] = 0;
        if (!ok) {
            conflict_line_ = line;
            return false;
        }
    }
}

// The smallest set (greedy) of the line's cells decided at trail positions below `before` that still forces
// `target` (a literal) -- or, with target -1, that still leaves the line without a placement. Written to `out`
// as false literals (the reason clause without its implied literal). The latest cells are dropped first, so the
// explanation leans on early decisions.
void LineCdcl::explain_line(int line, int before, int target, std::vector<int> &out) {
    const Line &l = lines_[size_t(line)];
    // The line's cells decided before, latest first: trail position and index packed in one sort key.
    std::vector<uint64_t> &order = order_;
    order.clear();
    for (int i = 0; i < l.length; ++i) {
        const int cell = l.first + i * l.step;
        if (value_[size_t(cell)] != kUnknown && position_[size_t(cell)] < before)
            order.push_back(uint64_t(position_[size_t(cell)]) << 8 | uint64_t(i));
    }
    std::sort(order.begin(), order.end(), std::greater<uint64_t>());
    std::vector<int> &known = scratch2_;
    known.clear();
    for (const uint64_t key : order) known.push_back(int(key & 0xff));
    LineMask f = 0, e = 0;
    for (const int i : known) (value_[size_t(l.first + i * l.step)] ? f : e) |= LineMask(1) << i;
    const int target_bit = target >= 0 ? (cell_of(target) - l.first) / l.step : -1;
    out.clear();
    for (const int i : known) {
        const LineMask bit = LineMask(1) << i;
        // Still forced: the line without this cell has no placement with the target's other value (or none at
        // all, for a conflict). The subsets tried are all consistent, so one feasibility pass decides it.
        LineMask tf = f & ~bit, te = e & ~bit;
        if (target >= 0) (value_of(target) ? te : tf) |= LineMask(1) << target_bit;
        const bool still = !solver_.feasible_masks(l.clue, l.runs, l.length, tf, te);
        if (still) {
            f &= ~bit;
            e &= ~bit;
        } else {
            const int cell = l.first + i * l.step;
            out.push_back(literal(cell, value_[size_t(cell)] ^ 1));
        }
    }
}

// The false literals of the reason of an implied cell.
void LineCdcl::reason_literals(int cell, std::vector<int> &out) {
    const int reason = reason_[size_t(cell)];
    out.clear();
    if (reason >= 0) {
        for (const int lit : clauses_[size_t(reason)].lits)
            if (cell_of(lit) != cell) out.push_back(lit);
    } else if (reason <= kLineReason) {
        if (!explained_[size_t(cell)]) { // kept until the cell is unassigned: analysis and minimization ask again
            explain_line(kLineReason - reason, reason_position_[size_t(cell)], literal(cell, value_[size_t(cell)]),
                         explanation_[size_t(cell)]);
            explained_[size_t(cell)] = 1;
        }
        out = explanation_[size_t(cell)];
    }
}

// First-UIP learning: `learned` gets the asserting clause (its UIP literal first), `backjump` the level to go to.
void LineCdcl::analyze(std::vector<int> &learned, int &backjump) {
    std::vector<int> lits;
    if (conflict_clause_ >= 0) {
        lits = clauses_[size_t(conflict_clause_)].lits;
        Clause &c = clauses_[size_t(conflict_clause_)];
        if (c.learned) c.activity += 1;
    } else {
        explain_line(conflict_line_, int(trail_.size()), -1, lits);
    }
    learned.assign(1, -1);
    int pending = 0, uip = -1;
    size_t index = trail_.size();
    for (;;) {
        for (const int q : lits) {
            const int cell = cell_of(q);
            if (seen_[size_t(cell)] || level_of_[size_t(cell)] == 0) continue;
            seen_[size_t(cell)] = 1;
            vsids_.bump(cell);
            if (level_of_[size_t(cell)] >= level())
                ++pending;
            else
                learned.push_back(q);
        }
        while (!seen_[size_t(cell_of(trail_[--index]))]) {
        }
        uip = trail_[index];
        seen_[size_t(cell_of(uip))] = 0;
        if (--pending == 0) break;
        reason_literals(cell_of(uip), lits);
    }
    learned[0] = uip ^ 1;
    // Drop literals implied by the rest of the clause (their reasons lie inside it).
    std::vector<int> &marked = marked_;
    marked.assign(learned.begin() + 1, learned.end());
    size_t kept = 1;
    for (size_t i = 1; i < learned.size(); ++i)
        if (!redundant(learned[i])) learned[kept++] = learned[i];
    learned.resize(kept);
    for (const int lit : marked) seen_[size_t(cell_of(lit))] = 0;
    backjump = 0;
    size_t at = 1;
    for (size_t i = 1; i < learned.size(); ++i)
        if (level_of_[size_t(cell_of(learned[i]))] > backjump) {
            backjump = level_of_[size_t(cell_of(learned[i]))];
            at = i;
        }
    if (learned.size() > 1) std::swap(learned[1], learned[at]);
}

// A literal of the learned clause whose reason's literals are all in the clause (or fixed at level 0).
bool LineCdcl::redundant(int lit) {
    const int cell = cell_of(lit);
    if (reason_[size_t(cell)] == kDecision) return false;
    reason_literals(cell, scratch_);
    for (const int q : scratch_)
        if (!seen_[size_t(cell_of(q))] && level_of_[size_t(cell_of(q))] > 0) return false;
    return true;
}

void LineCdcl::backtrack(int to_level) {
    if (level() <= to_level) return;
    const size_t keep = size_t(trail_limits_[size_t(to_level)]);
    while (trail_.size() > keep) {
        const int cell = cell_of(trail_.back());
        trail_.pop_back();
        phase_[size_t(cell)] = value_[size_t(cell)];
        explained_[size_t(cell)] = 0;
        value_[size_t(cell)] = kUnknown;
        const int r = row_of_[size_t(cell)], c = col_of_[size_t(cell)];
        filled_[size_t(r)] &= ~(LineMask(1) << c);
        empty_[size_t(r)] &= ~(LineMask(1) << c);
        filled_[size_t(height_ + c)] &= ~(LineMask(1) << r);
        empty_[size_t(height_ + c)] &= ~(LineMask(1) << r);
        vsids_.insert(cell);
    }
    trail_limits_.resize(size_t(to_level));
    clause_head_ = trail_.size();
    for (const int line : line_queue_) queued_[size_t(line)] = 0;
    line_queue_.clear();
}

int LineCdcl::attach(std::vector<int> lits, bool learned, int lbd) {
    const int index = int(clauses_.size());
    watches_[size_t(lits[0])].push_back({index, lits[1]});
    watches_[size_t(lits[1])].push_back({index, lits[0]});
    Clause c;
    c.lits = std::move(lits);
    c.learned = learned;
    c.lbd = lbd;
    clauses_.push_back(std::move(c));
    if (learned) ++learned_count_;
    return index;
}

// Drops the less useful half of the learned clauses (high LBD, then low activity), keeping reasons and glue
// clauses (LBD <= 2), then compacts the clause list so that a long search does not grow it without bound.
void LineCdcl::reduce() {
    std::vector<int> candidates;
    for (size_t i = 0; i < clauses_.size(); ++i) {
        const Clause &c = clauses_[i];
        if (!c.learned || c.lbd <= 2) continue;
        const int implied = cell_of(c.lits[0]);
        if (value_[size_t(implied)] != kUnknown && reason_[size_t(implied)] == int(i)) continue;
        candidates.push_back(int(i));
    }
    std::sort(candidates.begin(), candidates.end(), [&](int a, int b) {
        const Clause &x = clauses_[size_t(a)], &y = clauses_[size_t(b)];
        return x.lbd != y.lbd ? x.lbd > y.lbd : x.activity < y.activity;
    });
    for (size_t i = 0; i < candidates.size() / 2; ++i) {
        clauses_[size_t(candidates[i])].deleted = true;
        --learned_count_;
    }
    std::vector<int> moved_to(clauses_.size(), -1);
    size_t kept = 0;
    for (size_t i = 0; i < clauses_.size(); ++i) {
        if (clauses_[i].deleted) continue;
        moved_to[i] = int(kept);
        if (kept != i) clauses_[kept] = std::move(clauses_[i]);
        clauses_[kept].activity *= 0.5;
        ++kept;
    }
    clauses_.resize(kept);
    for (const int lit : trail_) {
        int &reason = reason_[size_t(cell_of(lit))];
        if (reason >= 0) reason = moved_to[size_t(reason)];
    }
    // lits[0] and lits[1] are the watched literals, so rebuilding the lists keeps the watch invariant.
    for (auto &list : watches_) list.clear();
    for (size_t i = 0; i < clauses_.size(); ++i) {
        const std::vector<int> &lits = clauses_[i].lits;
        watches_[size_t(lits[0])].push_back({int(i), lits[1]});
        watches_[size_t(lits[1])].push_back({int(i), lits[0]});
    }
}

int LineCdcl::pick_branch_cell() {
    while (!vsids_.empty()) {
        const int cell = vsids_.pop();
        if (value_[size_t(cell)] == kUnknown) return cell;
    }
    return -1;
}

bool LineCdcl::add_root_clause(std::vector<int> lits) {
    if (unsatisfiable_) return false;
    backtrack(0);
    // Satisfied at the root: nothing to add. Literals false at the root: drop them.
    for (const int lit : lits)
        if (is_true(lit)) return true;
    lits.erase(std::remove_if(lits.begin(), lits.end(), [&](int lit) { return is_false(lit); }), lits.end());
    std::sort(lits.begin(), lits.end());
    lits.erase(std::unique(lits.begin(), lits.end()), lits.end());
    if (lits.empty()) return !(unsatisfiable_ = true);
    if (lits.size() == 1) {
        assign(lits[0], kDecision, 0);
    } else {
        attach(std::move(lits), false, 0);
    }
    if (!propagate()) unsatisfiable_ = true;
    return !unsatisfiable_;
}

bool LineCdcl::block(const Grid &g) {
    std::vector<int> lits;
    for (int i = 0; i < cells_; ++i) lits.push_back(literal(i, g.cells[size_t(i)] == kFilled ? 0 : 1));
    return add_root_clause(std::move(lits));
}

void LineCdcl::guide(const std::vector<double> &belief) {
    guesses_.set(belief, size_t(cells_));
    // The surest cells first: confidence in [0, 0.5], below one bump, so conflicts soon take over the order.
    std::vector<double> sure(static_cast<size_t>(cells_));
    for (size_t i = 0; i < sure.size(); ++i) sure[i] = std::abs(belief[i] - 0.5);
    vsids_.seed(sure);
}

bool LineCdcl::next(Grid &solution) {
    if (unsatisfiable_ || stopped_) return false;
    if (!started_) { // first call: every line at level 0
        started_ = true;
        for (int l = 0; l < int(lines_.size()); ++l) queue_line(l);
        if (!propagate()) {
            unsatisfiable_ = true;
            return false;
        }
    }
    std::vector<int> learned;
    uint64_t restart_at = conflicts_ + kRestartUnit * luby(++restarts_);
    for (;;) {
        if (!propagate()) {
            ++conflicts_;
            if (control_.tick()) {
                stopped_ = true;
                return false;
            }
            if (level() == 0) {
                unsatisfiable_ = true;
                return false;
            }
            int backjump = 0;
            analyze(learned, backjump);
            conflict_clause_ = conflict_line_ = -1;
            backtrack(backjump);
            if (learned.size() == 1) {
                assign(learned[0], kDecision, 0);
            } else {
                std::vector<int> levels;
                for (const int lit : learned) levels.push_back(level_of_[size_t(cell_of(lit))]);
                std::sort(levels.begin(), levels.end());
                const int lbd = int(std::unique(levels.begin(), levels.end()) - levels.begin());
                const int lit0 = learned[0];
                const int index = attach(learned, true, lbd);
                assign(lit0, index, 0);
            }
            vsids_.decay(kDecay);
            continue;
        }
        if (int(trail_.size()) == cells_) {
            solution = Grid(width_, height_);
            for (int i = 0; i < cells_; ++i) solution.cells[size_t(i)] = value_[size_t(i)] ? kFilled : kEmpty;
            if (!satisfies(puzzle_, solution)) throw std::logic_error("line_cdcl_search: model does not satisfy the clues");
            return true;
        }
        if (conflicts_ >= restart_at) {
            backtrack(0);
            restart_at = conflicts_ + kRestartUnit * luby(++restarts_);
            // The phases of an unguided span start where the guided one left them (clearing the target phases
            // there measured worse: 1.09M nodes against 0.63M on the olympiad sets' 19 slowest puzzles).
            guesses_.restart(conflicts_);
        }
        if (learned_count_ >= max_learned_) {
            reduce();
            max_learned_ += 300;
        }
        if (control_.tick()) {
            stopped_ = true;
            return false;
        }
        if (trail_.size() > best_trail_) {
            best_trail_ = trail_.size();
            for (const int lit : trail_) target_[size_t(cell_of(lit))] = int8_t(value_of(lit));
        }
        const int cell = pick_branch_cell();
        ++decisions_;
        trail_limits_.push_back(int(trail_.size()));
        const int8_t phase = guesses_.guiding()                  ? guesses_.value(cell)
                             : target_[size_t(cell)] != kUnknown ? target_[size_t(cell)]
                                                                 : phase_[size_t(cell)];
        assign(literal(cell, phase == kFilled ? 1 : 0), kDecision, 0);
    }
}

} // namespace

LineCdclResult line_cdcl_search(const Puzzle &puzzle, const Grid &start, const std::vector<Grid> &known,
                                unsigned wanted, pluzzle::SolveControl &control, const std::vector<double> &belief) {
    LineCdclResult result;
    LineCdcl cdcl(puzzle, control);
    if (!belief.empty()) cdcl.guide(belief);
    bool possible = true;
    for (int i = 0; i < puzzle.width * puzzle.height && possible; ++i)
        if (start.cells[size_t(i)] != kUnknown)
            possible = cdcl.add_root_clause({literal(i, start.cells[size_t(i)] == kFilled ? 1 : 0)});
    for (const Grid &g : known)
        if (possible) possible = cdcl.block(g);
    Grid g;
    while (possible && result.solutions.size() < wanted && cdcl.next(g)) {
        result.solutions.push_back(g);
        cdcl.solution_found();
        possible = cdcl.block(g);
    }
    result.stopped = cdcl.stopped();
    result.conflicts = cdcl.conflicts();
    result.decisions = cdcl.decisions();
    return result;
}

} // namespace nonogram
