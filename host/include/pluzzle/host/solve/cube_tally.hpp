// cube_tally.hpp -- how the answers of a level's cubes make the level's (abi.h rule 13, pz_combine), as they arrive
// in any order: first solution, counts that add up, or the least bounds. Pure bookkeeping: the conquest
// (conquest.hpp) feeds it and asks whether the rest may stop.
#pragma once
#include <pluzzle/host/solve/work_item.hpp>

#include <pluzzle/abi.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace pluzzle::host {

class CubeTally {
  public:
    // What the split itself found (BEST): `root_lower`, the level's proven lower bound (NaN: nothing), the bound of a
    // cube that has not answered yet; `root_upper` with `root_solution`, a solution it found (NaN: none), the best
    // until a cube beats it. `max_solutions` caps a count (0: 2).
    CubeTally(pz_combine combine, size_t cubes, uint32_t max_solutions, double root_lower, double root_upper = NAN,
              std::string root_solution = {});

    // Folds in cube `index`'s answer. A cube that did not finish (a limit, a cancel, a crash) keeps only what it
    // proved (BEST: its lower bound, the higher of this answer's and any earlier one's); a later answer for the same
    // cube replaces it (a retry, or the next step of a deepening), its nodes and time added to the earlier ones'.
    void add(size_t index, const WorkResult &answer);

    // The level's answer cannot change any more: the cubes still running may stop.
    bool decided() const;
    size_t total() const { return cubes_.size(); }
    size_t finished() const; // cubes that answered in full
    size_t answered() const; // cubes that answered at all
    // Cubes with nothing left to prove at the current bounds: those that finished, and (BEST) those proven above
    // the level's lower bound or up to its upper bound -- a round of the deepening, which starts again from the
    // cubes already past the new bound when the level's bound rises; all of them only once the level is decided.
    size_t settled() const;
    // Cube `index`'s answer as folded in (with the bound kept from earlier steps): what to store.
    const WorkResult &answer(size_t index) const { return cubes_[index].answer; }
    // BEST: the least upper bound found (the cost of the best solution) and the least proven lower bound; NaN when
    // the combine is not BEST or nothing is known.
    double upper() const;
    double lower() const;
    // BEST: what cube `index` is proven to cost at least (the root's bound until it answers; INFINITY: no solution).
    double cube_lower(size_t index) const;

    // The level's answer now, as one WorkResult (the cubes' solutions, nodes and difficulty, the bounds; `info`
    // says how many cubes answered). Its status is final only when decided(); else LIMIT, or SOLVED when a
    // solution was found but not everything is proven.
    WorkResult level_result(int64_t level_id) const;

  private:
    struct Cube {
        bool answered = false, finished = false;
        WorkResult answer;
    };
    static bool finished_status(const WorkResult &r);
    std::string bound_label(const std::vector<const WorkResult *> &cheapest_first) const; // BEST's difficulty label
    uint64_t counted() const; // COUNT: solutions found in all

    pz_combine combine_;
    uint32_t max_solutions_;
    double root_lower_, root_upper_;
    std::string root_solution_;
    std::vector<Cube> cubes_;
};

} // namespace pluzzle::host
