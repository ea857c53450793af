// island_search.hpp -- the free-play solver's search of one island (free_solver.cpp): IDA* over colourings of its
// regions (island_search.cpp), bounded by the colours that must vanish, the radius (radius_bound.hpp) and the path
// bound (path_bound.hpp), with a transposition table (bound_table.hpp); and a quick beam search (island_beam.cpp),
// whose answer is the upper bound: when no iteration below it succeeds, the beam's answer is optimal.
#pragma once
#include "bound_table.hpp"
#include "group_graph.hpp"
#include "islands.hpp"
#include "path_bound.hpp"
#include "radius_bound.hpp"
#include "solver.hpp"
#include "walk_gate.hpp"

#include <pluzzle/solve_control.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kami {

inline constexpr int kUnbounded = 1 << 20; // a bound or a count of moves beyond any search

class IslandSearch {
  public:
    // `seed` tells the islands' keys apart, so that they share one table of proven bounds.
    IslandSearch(const Island &island, int palette, pluzzle::SolveControl &control, BoundTable &table,
                 WalkMemo &walk_memo, uint64_t seed)
        : graph_(island.colour, island.adjacent, seed), radius_bound_(graph_),
          path_bound_(graph_, radius_bound_, walk_memo), words_(size_t(graph_.words())), palette_(palette),
          colour_scratch_(2 * words_),
          control_(control), table_(table) {}

    // The fewest moves that leave the island one colour (`target`, or any colour for 0), searched for with no more
    // than `most` moves and (when not 0) `budget` more nodes; returns the moves, or gives up early when the control
    // says so (stopped()) or the budget runs out. `lower` reports the bound proven so far (moves any solution needs,
    // up to most + 1 when none has most or fewer).
    // With `at_most`, one pass for any list of `most` moves or fewer (not the fewest): quick mode's improvement.
    bool search(uint8_t target, int most, std::vector<IslandMove> &moves, int &lower, uint64_t budget = 0,
                bool at_most = false);

    // search() below one root move (a cube of a split, split.cpp): the fewest moves that start with `first`, with
    // no more than `most` moves in all; exactly the part of search()'s tree below that move, so the cubes of all
    // root moves search the root's tree between them, each once. `limit_cost()`, polled between iterations, may
    // lower `most` while it runs (another cube's better list). `lower` as in search().
    bool search_below(IslandMove first, int most, std::vector<IslandMove> &moves, int &lower,
                      const std::function<int()> &limit_cost = {});

    // A quick answer ending with `target` (any colour for 0): a beam of the `width` best states a move deeper at a
    // time (lowest bound, then fewest groups), each kept as its move list and replayed to be expanded. Each child
    // ticks the control; when it says stop, the state being expanded is finished greedily, so a stopped beam still
    // answers at once.
    std::vector<IslandMove> beam(int width, uint8_t target = 0);

    // The bounds while it works, for the editor's solve line and the host's progress (at most ~10 a second).
    void report_progress() {
        std::string bounds = label_ + "at least " + std::to_string(proven_) + " moves";
        if (best_ >= 0) bounds += ", a list of " + std::to_string(best_);
        control_.progress(-1, bounds.c_str());
    }
    // SolveOptions::walk_gate (whether the path bound is weighed against its cost) and colour_wait.
    void set_options(const SolveOptions &options) {
        walk_gate_.set_on(options.walk_gate);
        colour_wait_on_ = options.colour_wait;
    }
    // The gate's figures, to carry from one search of a board to the next (WalkGate::carry_figures_from).
    const WalkGate &walk_gate() const { return walk_gate_; }
    void carry_walk_gate_figures(const WalkGate &from) { walk_gate_.carry_figures_from(from); }
    // What the progress messages start with ("island 2 of 5: " when there are several).
    void set_label(std::string label) { label_ = std::move(label); }
    bool stopped() const { return stopped_; }
    bool halted() const { return stopped_ || out_of_budget_; }
    uint64_t nodes() const { return nodes_; }

  private:
    // The graph holds `moves` played: one group grows by its most common neighbouring colour until it is all that
    // is left (each move joins a group at least), then takes the target colour if it lacks it. Returns `moves`
    // with those moves after them, and puts the graph back to the start.
    std::vector<IslandMove> finish_greedily(std::vector<IslandMove> moves);

    Key key() const {
        Key k = graph_.key();
        k ^= graph_.target_key(target_);
        return k;
    }

    // Moves still needed, never overestimated; returns early (more than `budget`) once it exceeds the budget.
    // `parent_radius` is the radius before the last move, or -1: a move contracts a star, which never lengthens a
    // distance and lowers the radius by one at most, so one test tells which of the two values it has now.
    int bound(int budget, int parent_radius = -1);

    // A move that joins nothing (group `group` recoloured from `was` to `now`) waits for its trigger: a later move
    // on a neighbour of the group with colour `was` or `now`. README.md proves that such a move can always be put off,
    // without making the solution longer, until the moves after it up to the next joining move include a trigger;
    // so a joining move must trigger every move still waiting, and a waiting group is never moved itself (that
    // would be one move instead of two).
    struct Waiting {
        int32_t group;
        uint8_t was, now;
        bool triggered_by(const GroupGraph &graph, int32_t u, int colour) const {
            return (colour == was || colour == now) && graph.touches(group, u);
        }
    };

    // Two joining moves with nothing waiting commute when the second's group neither is nor touches the group the
    // first made: either order reaches the same state (README.md, "Commuting moves"). Of the two orders only the one
    // whose first group has the lower representative is searched. `last_group` is the group the move before made, when
    // it was such a move (joining, nothing waiting), else -1.
    bool commutes_with_last(int32_t u, int32_t last_group) const {
        return last_group >= 0 && u != last_group && !graph_.touches(u, last_group);
    }

    // What a node's bound is made of: h = max(colours + wait, radius, learned) moves still needed, with the radius
    // (exact when the node is searched, a lower bound when it is cut) and the colours that must vanish (the wait:
    // the moves that must pass before any can, colour_bound.hpp; up to 2 here, dfs() may find 3).
    struct Known {
        int h = 0, radius = 0, colours = 0;
    };

    // The bound of the state at the root of an iteration, from scratch.
    Known root_bound(const Key &state, int threshold) {
        const int learned = table_.lookup(state);
        const int b = bound(threshold);
        return {std::max(b, learned), radius_, colours_needed_};
    }

    // The bound of the state move (u, c) reaches from the node (`node`: its bound; `present`: its colours; `sole`:
    // u is the last group of its colour; `joined`: the neighbours the move absorbs), without making the move --
    // h exact when it is at most `budget`, else a value above the budget that never overestimates.
    // The radius drops by one at most (README.md, "Bounds"): the child's is the node's, or one less when the test
    // finds a centre that near; a move that joins nothing contracts nothing and keeps it.
    // With `key`, the table is not asked: the child's key is put there for the caller to look up.
    // `count`: the node's groups per colour (ColourGroups).
    Known child_bound(int32_t u, int c, int joined, bool sole, uint32_t present, const int *count, const Known &node,
                      int budget, Key *key = nullptr);

    // Depth-first below the graph's state (reached in g moves, with waiting_[g] still waiting, `known` its bound):
    // kFound with the moves in path_ (last first), or the least f = g + bound met beyond the threshold. Children are
    // counted as nodes and bounded here, before any is entered, and only those within the threshold are made.
    int dfs(const Key &state, int g, int threshold, const Known &known, int32_t last_group);

    // One child bounded: it ticks the control and counts against the budget.
    void count_node();
    // The work done so far, in walk steps: the walk gate's measure of a subtree's cost.
    uint64_t work() const { return nodes_ * WalkGate::kNodeSteps + path_bound_.work(); }

    // The one move that leaves the island one colour (the target, if set), or region -1 when none does. After it
    // the board is one group, so before it every other group touches the moved one and has the colour it takes:
    // two colours at most, one of them on the moved group alone.
    IslandMove finishing_move() const;

    bool sole_of_colour(int32_t u) const {
        const uint64_t *same = graph_.of_colour(graph_.colour(u));
        for (size_t w = 0; w < words_; ++w)
            if (same[w] & ~(w == size_t(u) / 64 ? uint64_t(1) << (u % 64) : 0)) return false;
        return true;
    }

    GroupGraph graph_;
    RadiusBound radius_bound_;
    PathBound path_bound_;
    const size_t words_;
    const int palette_;
    std::vector<uint64_t> colour_scratch_; // the colour bound's rows (colour_bound.hpp)
    pluzzle::SolveControl &control_;
    BoundTable &table_;
    std::string label_;
    int proven_ = 0, best_ = -1; // search()'s bounds so far: moves proven needed, and the best list's (or -1)
    uint8_t target_ = 0;
    struct Candidate { // a move to search, with the bound of the state it reaches
        int order;     // joining moves by how many they join (most first), then those that join nothing
        IslandMove move;
        Known child;
        Key key; // of the state it reaches (the table's)
    };
    std::vector<std::vector<Candidate>> move_lists_; // per depth
    std::vector<std::vector<Candidate>> sorted_;     // per depth: sort_by_order()'s other buffer
    std::vector<int> order_count_;                   // sort_by_order()'s counts
    // The moves by order, stably (those that join the most first), without allocating once the buffers have grown.
    void sort_by_order(std::vector<Candidate> &moves, std::vector<Candidate> &scratch);
    std::vector<std::vector<Waiting>> waiting_;      // per depth
    std::vector<IslandMove> path_;
    int colours_needed_ = 0;            // bound()'s colour count: the colours that must vanish
    bool colour_wait_on_ = true;        // SolveOptions::colour_wait
    int radius_ = 0;                    // bound()'s radius (or budget + 1 when the search needs no more)
    bool walks_on_ = true;              // whether dfs() tries the path bound (search() decides)
    WalkGate walk_gate_;                // and where it does, whether a node's walks are worth their cost
    uint64_t nodes_ = 0, node_cap_ = 0; // node_cap_: search()'s budget as a node count, 0 for none
    bool stopped_ = false, out_of_budget_ = false;
};

} // namespace kami
