// sat_search.hpp -- the search back end for what line solving and probing leave open: the remaining puzzle as
// CNF for CaDiCaL (conflict-driven clause learning), enumerating solutions with blocking clauses.
//
// Why a SAT solver: on the hardest survey puzzles (webpbn #12548, #22336) the probe-guided DFS revisits the same
// dead ends under different branch orders; clause learning remembers why a region failed. Each line is encoded
// as its clue's automaton (Bacchus's encoding of the regular constraint), on which unit propagation decides
// exactly the cells the line solver decides, so the SAT solver never reasons below our own line logic.
#pragma once
#include "nonogram.hpp"

#include <pluzzle/solve_control.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace nonogram {

struct SatResult {
    bool stopped = false;       // control said stop (limit or cancel); `solutions` holds what was found
    std::vector<Grid> solutions; // new solutions only (never one of `known`)
};

// The CNF of the puzzle from the decided cells of `start`, kept between searches so that CaDiCaL's learned
// clauses carry over from one call to the next (conflict-limited calls can interleave with other work; a
// DFS/CDCL portfolio built that way measured slower on TAAI 2011 than running them one after the other, see
// docs/BENCHMARKS.md). `config`: a CaDiCaL preset ("default", "sat", "unsat", "plain"). Encoding reads
// control.poll() between lines; when it says stop, search() returns kStopped.
class SatSearch {
public:
    SatSearch(const Puzzle &puzzle, const Grid &start, const std::string &config, pluzzle::SolveControl &control);
    ~SatSearch();
    SatSearch(const SatSearch &) = delete;
    SatSearch &operator=(const SatSearch &) = delete;

    enum class Outcome { kSolution, kNoMore, kUndecided, kStopped };
    // Searches for a solution not blocked yet, for at most conflict_limit conflicts (0: no limit). A solution is
    // written to `solution` and blocked; kNoMore proves there is no other; kUndecided means the limit came first;
    // kStopped, that control said stop.
    Outcome search(pluzzle::SolveControl &control, int conflict_limit, Grid &solution);
    // Excludes a solution found elsewhere.
    void block(const Grid &solution);
    // Forces each undecided cell's decision phase to the value `belief` favours (P(filled) per cell,
    // marginals.hpp), until unguide().
    void guide(const std::vector<double> &belief);
    void unguide();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Finds up to `wanted` solutions of `puzzle` that agree with the decided cells of `start` and differ from every
// grid of `known` (solutions found earlier). Fewer than `wanted` without `stopped` means no more exist.
// control.poll() is read between the lines of the encoding and control.tick() through CaDiCaL's terminator.
// `config`: a CaDiCaL configuration ("default", "sat", "unsat", "plain"). `belief` (empty for none): the
// decision phases until the first solution (SatSearch::guide).
SatResult sat_search(const Puzzle &puzzle, const Grid &start, const std::vector<Grid> &known, unsigned wanted,
                     pluzzle::SolveControl &control, const std::string &config = "default",
                     const std::vector<double> &belief = {});

} // namespace nonogram
