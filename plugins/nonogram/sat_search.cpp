// sat_search.cpp -- sat_search() of sat_search.hpp: the line automata as CNF, and solution enumeration.
#include "sat_search.hpp"

#include <cadical.hpp>

#include <initializer_list>
#include <stdexcept>

namespace nonogram {
namespace {

// The automaton of one clue: the template "1^c1 0 1^c2 0 ... 1^ck" of length m; state j = the first j template
// characters read, extra 0s allowed before the first run, between runs and after the last.
class LineAutomaton {
public:
    explicit LineAutomaton(const Clue &clue) {
        for (size_t b = 0; b < clue.size(); ++b) {
            if (b) pattern_.push_back(0);
            pattern_.insert(pattern_.end(), size_t(clue[b]), 1);
        }
    }
    int final_state() const { return int(pattern_.size()); }
    // The state after reading `value` in state j, or -1 when the clue forbids it.
    int next(int j, int value) const {
        const int m = final_state();
        if (j < m && pattern_[size_t(j)] == value) return j + 1;
        if (value == 0 && (j == 0 || j == m || pattern_[size_t(j - 1)] == 0)) return j;
        return -1;
    }

private:
    std::vector<uint8_t> pattern_;
};

class Encoder {
public:
    Encoder(CaDiCaL::Solver &solver, int cell_vars) : solver_(solver), next_var_(cell_vars + 1) {}

    // Encodes one line of n cells (literals of "cell is filled": cell_var[i]) with its clue; `known` holds the
    // decided values (kUnknown otherwise), which the caller has fixed by unit clauses. False when the line has no
    // completion (the puzzle is unsolvable).
    //
    // Decided cells cost little: a line with every cell decided adds nothing (its units say it all), and a state
    // reading a decided cell takes its one transition without a transition variable (t <-> q when the literal is
    // true). The search reaches CaDiCaL after line logic, so most cells of a large board are decided by then: the
    // full encoding was most of a solve's time on 150x150 boards (perf, docs/BENCHMARKS.md).
    bool add_line(const Clue &clue, const std::vector<int> &cell_var, const std::vector<int8_t> &known) {
        const LineAutomaton automaton(clue);
        const int n = int(cell_var.size()), m = automaton.final_state(), states = m + 1;
        auto at = [states](int i, int j) { return size_t(i) * size_t(states) + size_t(j); };
        auto allowed = [&](int i, int v) { return known[size_t(i)] == kUnknown || known[size_t(i)] == v; };

        // Only states reachable from the start and able to reach the end get variables.
        forward_.assign(size_t(n + 1) * size_t(states), 0);
        backward_.assign(forward_.size(), 0);
        forward_[at(0, 0)] = 1;
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < states; ++j)
                if (forward_[at(i, j)])
                    for (int v = 0; v < 2; ++v) {
                        const int to = automaton.next(j, v);
                        if (to >= 0 && allowed(i, v)) forward_[at(i + 1, to)] = 1;
                    }
        if (!forward_[at(n, m)]) return false;
        bool all_decided = true;
        for (const int8_t value : known) all_decided = all_decided && value != kUnknown;
        if (all_decided) return true; // the one path the decided cells take ends in the final state
        backward_[at(n, m)] = 1;
        for (int i = n - 1; i >= 0; --i)
            for (int j = 0; j < states; ++j)
                for (int v = 0; v < 2; ++v) {
                    const int to = automaton.next(j, v);
                    if (to >= 0 && allowed(i, v) && backward_[at(i + 1, to)]) backward_[at(i, j)] = 1;
                }

        state_var_.assign(forward_.size(), 0);
        for (size_t s = 0; s < forward_.size(); ++s)
            if (forward_[s] && backward_[s]) state_var_[s] = next_var_++;
        clause({state_var_[at(0, 0)]});
        clause({state_var_[at(n, m)]});

        incoming_.resize(size_t(states));
        for (int i = 0; i < n; ++i) {
            for (auto &list : incoming_) list.clear();
            const bool decided = known[size_t(i)] != kUnknown;
            for (auto &list : supports_) list.clear();
            for (int j = 0; j < states; ++j) {
                const int q = state_var_[at(i, j)];
                if (!q) continue;
                if (decided) { // one way on: q -> q_to (q_to exists, or q would not be able to reach the end)
                    const int to = automaton.next(j, known[size_t(i)]);
                    clause({-q, state_var_[at(i + 1, to)]});
                    incoming_[size_t(to)].push_back(q);
                    continue;
                }
                scratch_.assign(1, -q); // the transitions out of q, one of which is taken
                for (int v = 0; v < 2; ++v) {
                    const int to = automaton.next(j, v);
                    const int q_to = to >= 0 && allowed(i, v) ? state_var_[at(i + 1, to)] : 0;
                    const int lit = v ? cell_var[size_t(i)] : -cell_var[size_t(i)];
                    if (!q_to) {
                        clause({-q, -lit}); // this state cannot read v here
                        continue;
                    }
                    // t <-> (q and lit), and t -> q_to: the transition taken.
                    const int t = next_var_++;
                    clause({-t, q});
                    clause({-t, lit});
                    clause({-t, q_to});
                    clause({-q, -lit, t});
                    scratch_.push_back(t);
                    incoming_[size_t(to)].push_back(t);
                    supports_[v].push_back(t);
                }
                clause(scratch_);
            }
            // A state is entered by some transition; an undecided cell's value is read by some transition.
            for (int j = 0; j < states; ++j) {
                const int q = state_var_[at(i + 1, j)];
                if (!q) continue;
                scratch_.assign(1, -q);
                scratch_.insert(scratch_.end(), incoming_[size_t(j)].begin(), incoming_[size_t(j)].end());
                clause(scratch_);
            }
            if (decided) continue;
            for (int v = 0; v < 2; ++v) {
                scratch_.assign(1, v ? -cell_var[size_t(i)] : cell_var[size_t(i)]);
                scratch_.insert(scratch_.end(), supports_[v].begin(), supports_[v].end());
                clause(scratch_);
            }
        }
        return true;
    }

    void clause(std::initializer_list<int> lits) {
        for (const int lit : lits) solver_.add(lit);
        solver_.add(0);
    }
    void clause(const std::vector<int> &lits) {
        for (const int lit : lits) solver_.add(lit);
        solver_.add(0);
    }

private:
    CaDiCaL::Solver &solver_;
    int next_var_;
    // Reused from line to line: a large board has hundreds of lines.
    std::vector<uint8_t> forward_, backward_;
    std::vector<int> state_var_, scratch_, supports_[2];
    std::vector<std::vector<int>> incoming_;
};

class ControlTerminator final : public CaDiCaL::Terminator {
public:
    explicit ControlTerminator(pluzzle::SolveControl &control) : control_(control) {}
    bool terminate() override { return fired_ = fired_ || control_.tick(); }
    bool fired() const { return fired_; }

private:
    pluzzle::SolveControl &control_;
    bool fired_ = false;
};

} // namespace

struct SatSearch::Impl {
    const Puzzle &puzzle;
    Grid start;
    CaDiCaL::Solver solver;
    Encoder encoder;
    bool possible = true;
    bool stopped = false; // control said stop while the lines were being encoded
    Impl(const Puzzle &p, const Grid &s) : puzzle(p), start(s), encoder(solver, p.width * p.height) {}
};

SatSearch::SatSearch(const Puzzle &puzzle, const Grid &start, const std::string &config,
                     pluzzle::SolveControl &control)
    : impl_(std::make_unique<Impl>(puzzle, start)) {
    const int w = puzzle.width, h = puzzle.height;
    CaDiCaL::Solver &solver = impl_->solver;
    Encoder &encoder = impl_->encoder;
    solver.set("quiet", 1);
    if (!config.empty() && config != "default") solver.configure(config.c_str());
    for (int i = 0; i < w * h; ++i)
        if (start.cells[size_t(i)] != kUnknown) encoder.clause({start.cells[size_t(i)] == kFilled ? i + 1 : -(i + 1)});
    // One line: n cells from cell `first`, `step` apart (variable of cell i: i + 1).
    std::vector<int> vars;
    std::vector<int8_t> values;
    auto add_line = [&](const Clue &clue, int first, int step, int n) {
        vars.clear();
        values.clear();
        for (int k = 0, cell = first; k < n; ++k, cell += step) {
            vars.push_back(cell + 1);
            values.push_back(start.cells[size_t(cell)]);
        }
        return encoder.add_line(clue, vars, values);
    };
    // A line of a 200x200 board is thousands of clauses: the clock and the cancel flag are read between lines.
    bool &possible = impl_->possible, &stopped = impl_->stopped;
    for (int r = 0; r < h && possible && !(stopped = control.poll()); ++r)
        possible = add_line(puzzle.rows[size_t(r)], r * w, 1, w);
    for (int c = 0; c < w && possible && !(stopped = control.poll()); ++c)
        possible = add_line(puzzle.cols[size_t(c)], c, w, h);
}

SatSearch::~SatSearch() = default;

void SatSearch::guide(const std::vector<double> &belief) {
    const Grid &start = impl_->start;
    if (belief.size() != start.cells.size()) throw std::invalid_argument("SatSearch::guide: one belief per cell");
    // A cell with no evidence (0.5) gets "empty", as line_cdcl's guesses do.
    for (size_t i = 0; i < start.cells.size(); ++i)
        if (start.cells[i] == kUnknown) impl_->solver.phase(belief[i] > 0.5 ? int(i + 1) : -int(i + 1));
}

void SatSearch::unguide() {
    const Grid &start = impl_->start;
    for (size_t i = 0; i < start.cells.size(); ++i)
        if (start.cells[i] == kUnknown) impl_->solver.unphase(int(i + 1));
}

// Only the cells undecided at the start can differ between solutions, so the clause names only those.
void SatSearch::block(const Grid &g) {
    std::vector<int> c;
    const Grid &start = impl_->start;
    for (size_t i = 0; i < start.cells.size(); ++i)
        if (start.cells[i] == kUnknown) c.push_back(g.cells[i] == kFilled ? -int(i + 1) : int(i + 1));
    impl_->encoder.clause(c);
}

SatSearch::Outcome SatSearch::search(pluzzle::SolveControl &control, int conflict_limit, Grid &solution) {
    if (!impl_->possible) return Outcome::kNoMore;
    if (impl_->stopped) return Outcome::kStopped;
    CaDiCaL::Solver &solver = impl_->solver;
    ControlTerminator terminator(control);
    solver.connect_terminator(&terminator);
    if (conflict_limit > 0) solver.limit("conflicts", conflict_limit);
    const int status = solver.solve(); // learned clauses are kept for the next call
    solver.disconnect_terminator();
    if (status == 20) return Outcome::kNoMore;
    if (status != 10) return terminator.fired() ? Outcome::kStopped : Outcome::kUndecided;
    const Puzzle &puzzle = impl_->puzzle;
    Grid g(puzzle.width, puzzle.height);
    for (size_t i = 0; i < g.cells.size(); ++i) g.cells[i] = solver.val(int(i + 1)) > 0 ? kFilled : kEmpty;
    // The encoding is exact, so this holds; checking costs nothing next to the search and keeps a wrong model
    // from ever being reported as a solution.
    if (!satisfies(puzzle, g)) throw std::logic_error("SAT model does not satisfy the clues");
    block(g);
    solution = std::move(g);
    return Outcome::kSolution;
}

SatResult sat_search(const Puzzle &puzzle, const Grid &start, const std::vector<Grid> &known, unsigned wanted,
                     pluzzle::SolveControl &control, const std::string &config, const std::vector<double> &belief) {
    SatResult result;
    SatSearch sat(puzzle, start, config, control);
    for (const Grid &g : known) sat.block(g);
    if (!belief.empty()) sat.guide(belief);
    while (result.solutions.size() < wanted) {
        Grid g;
        const SatSearch::Outcome outcome = sat.search(control, 0, g);
        if (outcome == SatSearch::Outcome::kStopped) {
            result.stopped = true;
            break;
        }
        if (outcome != SatSearch::Outcome::kSolution) break; // no (further) solution
        if (result.solutions.empty() && !belief.empty()) sat.unguide();
        result.solutions.push_back(std::move(g));
    }
    return result;
}

} // namespace nonogram
