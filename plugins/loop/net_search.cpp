// net_search.cpp -- net rules (rule_solvers.hpp): a depth-first search for one tree, pocket by pocket, with
// backjumping over guesses that had nothing to do with a dead end.
#include "net_pockets.hpp"
#include "rule_solvers.hpp"

#include <algorithm>

namespace loop {
namespace {

// Whether tile t or one of its neighbours is in `tiles` (sorted).
bool touches(const Search &s, const std::vector<int64_t> &tiles, int64_t t) {
    int64_t nb[6] = {};
    s.neighbours(t, nb);
    for (int d = 0; d < s.directions(); ++d)
        if (nb[d] >= 0 && std::binary_search(tiles.begin(), tiles.end(), nb[d])) return true;
    return std::binary_search(tiles.begin(), tiles.end(), t);
}

// Depth-first search without recursion (a million-tile board can need that many nested guesses).
//
// Order: propagation decides most of a Net board and leaves pockets of undecided tiles; a pocket is finished
// before the search moves on. A new pocket starts near the first undecided tile in row-major order, whose tiles
// above and to the left are decided, so its guesses are as constrained as they can be.
//
// Backjumping: a dead end is often caused by a guess made long before, with guesses in unrelated pockets in
// between; chronological backtracking would try every combination of those (700x700 and 800x800 boards ran for
// minutes). Each guess keeps the tiles whose completion failed under its options (its cause); when all its options
// have failed, the search goes back one guess at a time while the cause still has no completion in the state
// before that guess -- proof that no solution extends it -- and so skips the irrelevant guesses unopened.
unsigned search_net(Search &s, int64_t pipe_tiles, int64_t first, const SolveOptions &options,
                    std::vector<std::vector<uint8_t>> &found) {
    const unsigned want = std::max(options.max_solutions, 1u);
    s.progress(-1, "net search"); // no useful fraction: the search's size is unknown
    constexpr size_t kSmallPocket = 4096, kLargestCause = 256;
    // A new pocket starts at the tile with the fewest options among the kLookahead tiles from the cursor (a row or
    // two): fewer options, fewer siblings to refute.
    constexpr int64_t kLookahead = 2048;
    // Pocket checks during the search cost about 15% on small boards, where dead ends stay close to their cause,
    // and save large ones from thrashing (one 1000x1000 board: 0.9 s with them, over 10 s without): they run on
    // boards of options.net_large_board tiles or more, and on any board after options.net_struggle dead ends.
    constexpr size_t kNoPocket = SIZE_MAX;
    // Where the search stands: every tile before `cursor` is decided; `pocket` (an index into `pockets`, or
    // kNoPocket) is being finished, and its tiles before `pos` are decided.
    struct Focus {
        int64_t cursor = 0;
        size_t pocket = kNoPocket, pos = 0, pockets = 0; // `pockets`: how many pockets exist
    };
    struct Choice {
        int64_t tile;
        uint8_t untried;
        Search::Mark mark;
        Focus focus;
        std::vector<int64_t> cause; // tiles without a joint completion under the options tried
        bool cause_known = true;    // false once an option failed for another reason (or led to a solution)
    };
    const auto add_cause = [&](Choice &c, const std::vector<int64_t> &tiles) {
        c.cause.insert(c.cause.end(), tiles.begin(), tiles.end());
        std::sort(c.cause.begin(), c.cause.end());
        c.cause.erase(std::unique(c.cause.begin(), c.cause.end()), c.cause.end());
        if (c.cause.size() > kLargestCause) c.cause_known = false;
    };
    std::vector<Choice> choices;
    std::vector<std::vector<int64_t>> pockets;
    std::vector<uint8_t> seen(size_t(s.size()), 0);
    std::vector<int64_t> pocket;
    PocketCheck pockets_fit(s.size());
    // The whole-board reachability pass costs a pass over the board: run it once the search has changed about as
    // many domains since the last pass, so it never costs more than the search itself.
    uint64_t next_check = s.changes() + uint64_t(s.size());
    Focus focus;
    unsigned got = 0;
    uint64_t dead_ends = 0;
    if (!pockets_fit.run(s)) return 0; // at the root they prune much of a large board at once
    bool check_pockets = s.size() >= options.net_large_board || options.net_struggle == 0;
    s.watch_pockets(check_pockets);
    for (;;) {
        int64_t t = -1;
        if (focus.pocket != kNoPocket) {
            const auto &tiles = pockets[focus.pocket];
            while (focus.pos < tiles.size() && single(s.domain(tiles[focus.pos]))) ++focus.pos;
            if (focus.pos < tiles.size()) t = tiles[focus.pos];
            else focus.pocket = kNoPocket;
        }
        if (t < 0) {
            while (focus.cursor < s.size() && single(s.domain(focus.cursor))) ++focus.cursor;
            if (focus.cursor < s.size()) {
                t = focus.cursor;
                const int64_t end = std::min(s.size(), focus.cursor + kLookahead);
                for (int64_t i = focus.cursor + 1, best = bit_count(s.domain(t)); i < end && best > 2; ++i) {
                    const int options = bit_count(s.domain(i));
                    if (options > 1 && options < best) best = options, t = i;
                }
                if (small_pocket(s, t, kSmallPocket, seen, pocket)) {
                    pockets.resize(focus.pockets);
                    pockets.push_back(pocket);
                    focus.pockets = pockets.size();
                    focus.pocket = pockets.size() - 1;
                    focus.pos = 0;
                }
            }
        }
        if (t >= 0) choices.push_back({t, s.domain(t), s.mark(), focus, {}, true});
        else {
            found.push_back(s.solved_masks());
            if (++got >= want) return got;
            for (Choice &c : choices) c.cause_known = false; // a solution lies below every open guess
        }
        for (;;) { // the next option of the deepest choice
            if (choices.empty()) return got;
            Choice &c = choices.back();
            s.undo(c.mark);
            if (!c.untried) {
                if (++dead_ends == options.net_struggle) s.watch_pockets(check_pockets = true);
                std::vector<int64_t> cause = std::move(c.cause);
                cause.push_back(c.tile);
                const bool known = c.cause_known;
                choices.pop_back();
                std::sort(cause.begin(), cause.end());
                while (known && !choices.empty()) {
                    s.undo(choices.back().mark);
                    // A guess on or next to a tile of the cause is most likely involved: stop there without probing.
                    const Choice &p = choices.back();
                    if (touches(s, cause, p.tile) || !refutes(s, cause)) break;
                    choices.pop_back(); // no solution extends the state before this guess either
                }
                if (!choices.empty()) {
                    if (known) add_cause(choices.back(), cause);
                    else choices.back().cause_known = false;
                }
                continue;
            }
            const uint8_t option = uint8_t(c.untried & -c.untried);
            c.untried = uint8_t(c.untried & (c.untried - 1));
            s.node();
            if (!s.restrict(c.tile, option) || !s.propagate()) continue; // the cause: c.tile alone
            if (check_pockets && !pockets_fit.run(s)) {
                add_cause(c, pockets_fit.failed_tiles());
                continue;
            }
            if (s.changes() >= next_check) {
                next_check = s.changes() + uint64_t(s.size());
                if (!reaches_every_tile(s, pipe_tiles, first)) {
                    c.cause_known = false;
                    continue;
                }
            }
            focus = c.focus;
            break;
        }
    }
}

} // namespace

void solve_net(Search &s, const Board &b, const SolveOptions &options, SolveReport &report) {
    const PipeCount pipes = pipe_count(b.tiles);
    int64_t first = -1;
    for (int64_t i = 0; i < b.size() && first < 0; ++i)
        if (b.tiles[size_t(i)]) first = i;
    s.watch_pockets(true);
    if (!pipes.fits_a_tree() || !s.start_net(pipes.tiles) || !reaches_every_tile(s, pipes.tiles, first)) {
        mark_unsolvable(report);
        return;
    }
    for (int64_t i = 0; i < s.size(); ++i) report.decided_by_propagation += single(s.domain(i));
    const unsigned want = std::max(options.max_solutions, 1u);
    const unsigned got = search_net(s, pipes.tiles, first, options, report.solutions);
    if (got < want) { // the search ran to its end: the count is exact
        report.count = got;
        report.counted = true;
    }
    report.status = got == 0   ? PZ_SOLVE_UNSOLVABLE
                    : got >= 2 ? PZ_SOLVE_MULTIPLE
                    : want >= 2 ? PZ_SOLVE_UNIQUE
                                : PZ_SOLVE_SOLVED;
}

} // namespace loop
