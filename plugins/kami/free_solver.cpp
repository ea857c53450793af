// free_solver.cpp -- see free_solver.hpp and README.md, "How the free-play solver works".
//
// Holes may cut a board into islands that no move joins; each is searched on its own and the answers are combined
// over a common final colour. An island's search is IDA* over colourings of its regions (the regions of the starting
// board; a state's regions are its same-coloured connected groups of them), with
//   - a bound that never overestimates: the larger of the colours that must vanish (a move removes at most one
//     colour from the board), plus the moves before one of them is down to a single group, and the radius of the
//     state's region graph (a move contracts a region with some of its neighbours, a star, which lowers every
//     eccentricity by at most one), and at nodes with a few moves left the
//     moves a shortest path of groups needs on its own (a connected subgraph never needs more than the whole);
//   - children bounded before any is made (their radius from the node's balls), so only those within the
//     threshold cost a move;
//   - a transposition table that keeps, for each state met, the best lower bound a finished search below it
//     proved, so states reached again (moves in another order) are cut at once;
//   - a quick beam search first, whose answer is the upper bound: when no iteration below it succeeds, the beam's
//     answer is optimal.
// The island search (island_search.hpp) and its bounds have their own files; this one splits the board into
// islands, finds each one's lists and combines them.
#include "free_solver.hpp"

#include "bounded_solve.hpp"
#include "greedy_flood.hpp"
#include "island_search.hpp"
#include "islands.hpp"
#include "regions.hpp"

#include <algorithm>
#include <memory>
#include <string>

namespace kami {
namespace {

constexpr int kBeamWidth = 64; // the beam's width when optimal mode is asked for no beam but a limit stops it
constexpr uint64_t kPolishNodes = 100'000; // quick mode's search after the beam, per island, at most
// A group graph's rows take regions^2 / 8 bytes: islands beyond these sizes (or beyond what is left of the budget
// for all of them) get the greedy flood's list, with no search.
constexpr int kMaxSearchRegions = 16'384;          // 32 MB of rows
constexpr size_t kGraphBudget = size_t(512) << 20; // the rows of all islands' graphs together
// The beam tries every group and colour at each step of `width` states: beyond this many regions a step costs
// too much, and quick mode starts from the greedy flood instead.
constexpr int kMaxBeamRegions = 2'048;
// The beam's list is also raced by one blob grown from each start region (pivot mode's exact search, each within this
// many nodes), on islands of up to this many regions: about 0.2 s for all 114 story levels.
constexpr uint64_t kBlobNodes = 20'000;
constexpr int kMaxBlobRegions = 400;

// The greedy flood's list from the island's central region: the answer where no search runs.
std::vector<IslandMove> greedy_list(const Island &island) {
    const int32_t centre = central_region(island.adjacent, 0);
    std::vector<IslandMove> moves;
    for (uint8_t c : greedy_flood(island.colour, island.adjacent, centre))
        moves.push_back({centre, c});
    return moves;
}

// The shortest list that only ever recolours one growing blob, over every start region of the island (each found
// by pivot mode's exact search, under a node budget): KAMI 2's pars are often such lists (Threegrid4's 13, where the
// beam finds 14). Then the same with one free move first -- a region recoloured to join two or more neighbours at
// once, a merge the blob would otherwise make piecemeal -- from the starts that came within a move of the best
// (Bud3's par 17: the blob alone takes 18, as does the beam). Empty when no start finished within its budget.
std::vector<IslandMove> best_blob_list(const RegionGraph &g, const Island &island, pluzzle::SolveControl &control) {
    RegionGraph part; // the island alone, its regions numbered as the island's
    part.colour = island.colour;
    part.adjacent = island.adjacent;
    for (int32_t r : island.region)
        part.cell.push_back(g.cell[size_t(r)]), part.cells.push_back(g.cells[size_t(r)]);
    const int32_t regions = int32_t(island.region.size());

    std::vector<IslandMove> best;
    std::vector<int> length(size_t(regions), kUnbounded); // per start region
    for (int32_t r = 0; r < regions && !control.stopped(); ++r) {
        const PivotReport blob = pivot_within(part, r, Budget{kBlobNodes, 0}, &control);
        if (blob.status != PZ_SOLVE_SOLVED) continue;
        length[size_t(r)] = int(blob.moves.size());
        if (!best.empty() && blob.moves.size() >= best.size()) continue;
        best.clear();
        for (const Move &m : blob.moves)
            best.push_back({r, m.colour});
        if (best.empty()) return best; // one colour already
    }
    if (best.size() < 3) return best; // a free move and a blob take two moves at least

    std::vector<int32_t> starts;
    for (int32_t r = 0; r < regions; ++r)
        if (length[size_t(r)] <= int(best.size()) + 1) starts.push_back(r);
    const int palette = *std::max_element(island.colour.begin(), island.colour.end());
    std::vector<int32_t> id; // old region -> region after the free move
    for (int32_t r = 0; r < regions && !control.stopped(); ++r) {
        std::vector<int> joins(size_t(palette) + 1, 0); // per colour: the neighbours a move to it joins
        for (int32_t a : island.adjacent[size_t(r)])
            ++joins[island.colour[size_t(a)]];
        for (int c = 1; c <= palette; ++c) {
            if (joins[size_t(c)] < 2) continue;
            const RegionGraph after = recolour(part, r, uint8_t(c), &id);
            for (int32_t start : starts) {
                const PivotReport blob = pivot_within(after, id[size_t(start)], Budget{kBlobNodes, 0}, &control);
                if (blob.status != PZ_SOLVE_SOLVED || blob.moves.size() + 1 >= best.size()) continue;
                best = {{r, uint8_t(c)}};
                for (const Move &m : blob.moves)
                    best.push_back({start, m.colour}); // (the group holding the start: merged with r's or not)
            }
        }
    }
    return best;
}

} // namespace

SolveReport solve_free(const Board &board, pluzzle::SolveControl &control, const SolveOptions &options) {
    const RegionGraph g = region_graph(board, board.cells);
    const std::vector<Island> islands = islands_of(g);
    SolveReport report;
    report.regions = g.count();

    // Per island: the best move list found, the colour it ends with, and the moves proven needed.
    struct Answer {
        std::vector<IslandMove> moves;
        uint8_t ends = 0;
        int lower = 0;
        bool proven = false;
    };
    std::vector<Answer> answers(islands.size());
    std::vector<std::unique_ptr<IslandSearch>> searches; // none for an island too large to search
    BoundTable table;                                    // shared: the islands' keys differ by their seeds
    WalkMemo walk_memo;                                  // likewise
    size_t graph_bytes = 0;
    bool stopped = false;
    const auto ends_with = [](const Island &island, const std::vector<IslandMove> &moves) {
        return moves.empty() ? island.colour[0] : moves.back().colour;
    };
    for (size_t i = 0; i < islands.size(); ++i) {
        const Island &island = islands[i];
        Answer &a = answers[i];
        const size_t regions = island.colour.size();
        stopped = stopped || control.poll(); // an island may take no node at all: the clock is read here too
        const size_t bytes = regions * regions / 8;
        if (stopped || int(regions) > kMaxSearchRegions || graph_bytes + bytes > kGraphBudget) {
            // No search: the greedy flood's list, and the colours that must vanish as the bound.
            searches.push_back(nullptr);
            a.moves = greedy_list(island);
            uint32_t colours = 0;
            for (uint8_t c : island.colour)
                colours |= 1u << c;
            a.lower = __builtin_popcount(colours) - 1;
            a.ends = ends_with(island, a.moves);
            a.proven = int(a.moves.size()) == a.lower;
            continue;
        }
        graph_bytes += bytes;
        searches.push_back(std::make_unique<IslandSearch>(island, board.colours, control, table, walk_memo,
                                                          0x243f6a8885a308d3ULL + i * 0x9e3779b97f4a7c15ULL));
        IslandSearch &search = *searches[i];
        search.set_options(options);
        if (islands.size() > 1)
            search.set_label("island " + std::to_string(i + 1) + " of " + std::to_string(islands.size()) + ": ");
        const bool beam_first = options.beam_width > 0 || !options.optimal;
        if (beam_first) {
            if (int(regions) <= kMaxBeamRegions) {
                a.moves = search.beam(std::max(options.beam_width, 1));
            } else {
                a.moves = greedy_list(island);
            }
            if (int(regions) <= kMaxBlobRegions) { // in optimal mode too: a better upper bound while it works
                std::vector<IslandMove> blob = best_blob_list(g, island, control);
                if (!blob.empty() && blob.size() < a.moves.size()) a.moves = std::move(blob);
            }
        }
        a.ends = ends_with(island, a.moves);
        if (search.stopped() || control.stopped()) {
            stopped = true;
            continue;
        }
        // Quick mode: a short IDA* may still find a shorter list than the beam's; optimal mode: as long as it takes.
        std::vector<IslandMove> better;
        if (!beam_first) {
            // No list to beat: every joining move removes a group, so regions - 1 moves always do.
            const bool found = search.search(0, int(regions) - 1, better, a.lower);
            a.moves = found ? better : search.beam(kBeamWidth); // a list even when a limit stopped the search
        } else if (options.optimal) {
            if (search.search(0, int(a.moves.size()) - 1, better, a.lower)) a.moves = better;
        } else {
            // One depth-first pass at a time for a list shorter than the best so far, within a node budget.
            // Nodes cost about in proportion to the regions, so the budget shrinks with them.
            const uint64_t budget = std::clamp<uint64_t>(kPolishNodes * 50 / regions, 20'000, kPolishNodes);
            while (search.search(0, int(a.moves.size()) - 1, better, a.lower, budget, true))
                a.moves = better;
        }
        a.ends = ends_with(island, a.moves);
        stopped = search.stopped();
        a.proven = !search.halted();
        if (a.proven) a.lower = int(a.moves.size());
    }

    // A common final colour: an island that cannot end with it in its fewest moves needs one move more. Optimal
    // mode asks each proven island whether it can end with d in as few moves; quick mode asks a beam.
    int best_total = kUnbounded;
    std::vector<std::vector<IslandMove>> best_moves;
    for (uint8_t d = 1; d <= board.colours && islands.size() > 1; ++d) {
        int total = 0;
        std::vector<std::vector<IslandMove>> lists;
        for (size_t i = 0; i < islands.size() && total < best_total; ++i) {
            std::vector<IslandMove> moves = answers[i].moves;
            if (answers[i].ends != d) {
                std::vector<IslandMove> targeted;
                int lower = 0;
                if (!searches[i]) {
                    // not searched: recoloured whole below
                } else if (!options.optimal) {
                    targeted = searches[i]->beam(std::max(options.beam_width, 1), d);
                } else if (answers[i].proven && !stopped) {
                    searches[i]->search(d, int(moves.size()), targeted, lower);
                }
                stopped = stopped || (searches[i] && searches[i]->stopped());
                if (!targeted.empty() && targeted.size() <= moves.size())
                    moves = targeted;
                else
                    moves.push_back({0, d}); // the island is one colour by then: recolour it whole
            }
            total += int(moves.size());
            lists.push_back(std::move(moves));
        }
        if (total < best_total) best_total = total, best_moves = std::move(lists);
    }
    if (islands.size() == 1) { // no common colour to agree on: the island's own list
        best_moves = {answers[0].moves};
        best_total = int(answers[0].moves.size());
    }

    int lower = 0;
    bool proven = !stopped && options.optimal;
    for (const Answer &a : answers)
        lower += a.lower, proven = proven && a.proven;
    for (const auto &search : searches)
        if (search) report.nodes += search->nodes();
    for (size_t i = 0; i < islands.size(); ++i)
        for (const IslandMove &m : best_moves[i])
            report.moves.push_back({g.cell[size_t(islands[i].region[size_t(m.region)])], m.colour});
    report.upper_bound = best_total;
    report.lower_bound = proven ? best_total : std::min(lower, best_total);
    // Quick mode has its answer whatever it proved; optimal mode is solved only with a proof.
    if (!options.optimal || proven)
        report.status = PZ_SOLVE_SOLVED;
    else
        report.status = control.stopped() ? control.stop_status() : PZ_SOLVE_LIMIT;
    return report;
}

} // namespace kami
