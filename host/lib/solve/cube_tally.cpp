// cube_tally.cpp -- see cube_tally.hpp.
#include <pluzzle/host/solve/cube_tally.hpp>

#include <pluzzle/host/base/json_line.hpp>

#include <algorithm>
#include <cmath>

namespace pluzzle::host {

CubeTally::CubeTally(pz_combine combine, size_t cubes, uint32_t max_solutions, double root_lower, double root_upper,
                     std::string root_solution)
    : combine_(combine), max_solutions_(max_solutions ? max_solutions : 2), root_lower_(root_lower),
      root_upper_(root_solution.empty() ? NAN : root_upper), root_solution_(std::move(root_solution)), cubes_(cubes) {}

bool CubeTally::finished_status(const WorkResult &r) { return attempt_final(r.status); }

void CubeTally::add(size_t index, const WorkResult &answer) {
    if (index >= cubes_.size()) return;
    Cube &cube = cubes_[index];
    if (cube.finished) return; // a full answer stands (a late copy of a retried cube changes nothing)
    // A proven bound stays proven: an answer that stopped early may say less than the step before it. The work of
    // the steps before (a deepening's, a retry's) adds up, and the hardest step says how hard the cube was (the
    // label stays the last step's: it may name the bound, which only grows).
    const WorkResult before = cube.answered ? cube.answer : WorkResult{};
    cube.answered = true;
    cube.finished = finished_status(answer);
    cube.answer = answer;
    cube.answer.nodes += before.nodes;
    cube.answer.time_ms += before.time_ms;
    if (!std::isnan(before.difficulty) && !(answer.difficulty >= before.difficulty))
        cube.answer.difficulty = before.difficulty;
    if (!cube.finished && !std::isnan(before.lower_bound))
        cube.answer.lower_bound =
            std::isnan(answer.lower_bound) ? before.lower_bound : std::max(before.lower_bound, answer.lower_bound);
}

// A part's label may name its bound ("at least 16 moves"), which the level has not proven: an optimiser's level takes
// the label of the cube that holds its answer -- the cheapest solution's when it is decided by a cube's, else the cube
// whose bound is the level's -- or none when that is the split's own (no cube answered for it).
std::string CubeTally::bound_label(const std::vector<const WorkResult *> &cheapest_first) const {
    const double least = lower(), best = upper();
    if (least >= best && !cheapest_first.empty() && cheapest_first.front()->upper_bound <= least)
        return cheapest_first.front()->difficulty_label;
    for (size_t i = 0; i < cubes_.size(); ++i)
        if (cubes_[i].answered && cube_lower(i) == least && !cubes_[i].answer.difficulty_label.empty())
            return cubes_[i].answer.difficulty_label;
    return {};
}

size_t CubeTally::settled() const {
    if (combine_ != PZ_COMBINE_BEST) return finished();
    const double least = lower(), best = upper();
    size_t n = 0;
    for (size_t i = 0; i < cubes_.size(); ++i) {
        const double bound = cube_lower(i);
        n += cubes_[i].finished || bound > least || bound >= best;
    }
    return n;
}

size_t CubeTally::finished() const {
    return size_t(std::count_if(cubes_.begin(), cubes_.end(), [](const Cube &c) { return c.finished; }));
}

size_t CubeTally::answered() const {
    return size_t(std::count_if(cubes_.begin(), cubes_.end(), [](const Cube &c) { return c.answered; }));
}

uint64_t CubeTally::counted() const {
    uint64_t n = 0;
    for (const Cube &c : cubes_)
        if (c.answered && c.answer.status && counts_as_solved(*c.answer.status))
            n += std::max<uint32_t>(1, c.answer.solutions_found);
    return n;
}

double CubeTally::upper() const {
    if (combine_ != PZ_COMBINE_BEST) return NAN;
    double best = std::isnan(root_upper_) ? INFINITY : root_upper_;
    for (const Cube &c : cubes_)
        if (c.answered && c.answer.status && counts_as_solved(*c.answer.status) && !std::isnan(c.answer.upper_bound))
            best = std::min(best, c.answer.upper_bound);
    return best;
}

// A cube's proven lower bound: its own when it said one, else the root's. A finished cube with no solution has none
// below what it was told to beat (or none at all).
double CubeTally::cube_lower(size_t index) const {
    const Cube &c = cubes_[index];
    const double root = std::isnan(root_lower_) ? -INFINITY : root_lower_;
    if (c.answered && !std::isnan(c.answer.lower_bound)) return std::max(root, c.answer.lower_bound);
    if (c.finished) // it said no bound: a proven optimum is its cost; no solution, none at all
        return counts_as_solved(*c.answer.status) && !std::isnan(c.answer.upper_bound) ? c.answer.upper_bound
                                                                                       : INFINITY;
    return root;
}

double CubeTally::lower() const {
    if (combine_ != PZ_COMBINE_BEST) return NAN;
    double least = INFINITY;
    for (size_t i = 0; i < cubes_.size(); ++i) least = std::min(least, cube_lower(i));
    return least;
}

bool CubeTally::decided() const {
    const bool all = finished() == cubes_.size();
    switch (combine_) {
    case PZ_COMBINE_FIRST: return all || counted() > 0;
    case PZ_COMBINE_COUNT: return all || counted() >= max_solutions_;
    case PZ_COMBINE_BEST: return all || lower() >= upper();
    }
    return all;
}

WorkResult CubeTally::level_result(int64_t level_id) const {
    WorkResult out;
    out.level_id = level_id;
    out.status = PZ_SOLVE_LIMIT;
    // The solutions in cube order (the split's most promising first); BEST: the cheapest first.
    std::vector<const WorkResult *> with_solution;
    for (const Cube &c : cubes_) {
        if (!c.answered) continue;
        const WorkResult &a = c.answer;
        out.nodes += a.nodes;
        if (!std::isnan(a.difficulty) && (std::isnan(out.difficulty) || a.difficulty > out.difficulty)) {
            out.difficulty = a.difficulty; // the hardest part says how hard the level was
            out.difficulty_label = a.difficulty_label;
        }
        if (a.status && counts_as_solved(*a.status) && !a.solution.empty()) with_solution.push_back(&a);
    }
    if (combine_ == PZ_COMBINE_BEST)
        std::stable_sort(with_solution.begin(), with_solution.end(), [](const WorkResult *a, const WorkResult *b) {
            return a->upper_bound < b->upper_bound;
        });
    std::vector<std::string> solutions;
    for (const WorkResult *a : with_solution) {
        solutions.push_back(a->solution);
        if (!a->second_solution.empty()) solutions.push_back(a->second_solution);
    }
    // BEST: the split's own solution stands until a cube's is cheaper.
    if (combine_ == PZ_COMBINE_BEST && !root_solution_.empty() &&
        (with_solution.empty() || root_upper_ <= with_solution.front()->upper_bound))
        solutions.insert(solutions.begin(), root_solution_);
    if (combine_ == PZ_COMBINE_BEST) out.difficulty_label = bound_label(with_solution);
    if (!solutions.empty()) out.solution = solutions[0];
    if (solutions.size() > 1 && combine_ != PZ_COMBINE_BEST) out.second_solution = solutions[1];

    const bool all = finished() == cubes_.size();
    const uint64_t count = counted();
    // Capped like a whole solve's count: several cubes may each have found solutions before the tally reached the cap,
    // and how many beyond it depends on which cube ran when.
    out.solutions_found = uint32_t(std::min<uint64_t>(count, max_solutions_));
    switch (combine_) {
    case PZ_COMBINE_FIRST:
        if (count > 0) out.status = PZ_SOLVE_SOLVED;
        else if (all) out.status = PZ_SOLVE_UNSOLVABLE;
        break;
    case PZ_COMBINE_COUNT: {
        // A cube that found one solution without looking for a second (SOLVED) leaves uniqueness open.
        bool examined = true;
        for (const Cube &c : cubes_)
            if (c.answered && c.answer.status && *c.answer.status == PZ_SOLVE_SOLVED) examined = false;
        if (count >= 2 && max_solutions_ >= 2) out.status = PZ_SOLVE_MULTIPLE;
        else if (count >= 1 && (max_solutions_ == 1 || !all || !examined)) out.status = PZ_SOLVE_SOLVED;
        else if (count == 1) out.status = PZ_SOLVE_UNIQUE;
        else if (all) out.status = PZ_SOLVE_UNSOLVABLE;
        break;
    }
    case PZ_COMBINE_BEST: {
        out.lower_bound = lower();
        out.upper_bound = upper();
        if (std::isinf(out.upper_bound)) out.upper_bound = NAN;
        if (std::isinf(out.lower_bound)) out.lower_bound = std::isnan(out.upper_bound) ? NAN : out.upper_bound;
        if (!std::isnan(out.upper_bound) && out.lower_bound >= out.upper_bound) out.status = PZ_SOLVE_SOLVED;
        else if (all && std::isnan(out.upper_bound)) out.status = PZ_SOLVE_UNSOLVABLE;
        break;
    }
    }
    JsonLine info;
    if (!out.second_solution.empty()) info.add("second_solution", out.second_solution);
    info.add("lower_bound", out.lower_bound).add("upper_bound", out.upper_bound);
    info.add("cubes", uint64_t(cubes_.size())).add("cubes_finished", uint64_t(finished()));
    out.info = info.str();
    return out;
}

} // namespace pluzzle::host
