// pivot_mode.cpp -- see pivot_mode.hpp.
#include "pivot_mode.hpp"

#include "bounded_solve.hpp"
#include "greedy_flood.hpp"
#include "pivot_solver.hpp"
#include "region_set.hpp"
#include "regions.hpp"
#include "relaxed_game.hpp"

#include <unordered_map>

namespace kami {
namespace {

// Beyond this many regions in the pivot's part, the exact search's rows (regions^2 / 128 words) and states grow
// past what a solve may take; the greedy flood answers instead.
constexpr int kMaxSearchRegions = 16'384;
// Quick mode's budget for the exact search before it settles for the greedy list (pc19 boards take ~1,000 nodes).
constexpr uint64_t kQuickNodes = 200'000;

// Whether a list of at most `most` moves floods the (connected) board and ends with colour `last`: depth-first, cut
// by Puchert's relaxed game (plus one when no move that takes tiles can be the last), with a table of states known
// to fail with as many moves left. Only run where the unconstrained optimum is known, so `most` is that optimum.
class EndingSearch {
  public:
    EndingSearch(const RegionGraph &g, uint8_t last, pluzzle::SolveControl &control)
        : rules_(g), relaxed_(rules_), last_(last), control_(control) {}

    // 1: found (the colours in `moves`), 0: none exists, -1: the control stopped it.
    int run(int32_t start, uint8_t colour, int most, std::vector<uint8_t> &moves) {
        DynamicSet blob;
        blob.set(start);
        const DynamicSet front = rules_.neighbours(blob);
        const int r = dfs(blob, front, colour, most, moves);
        std::reverse(moves.begin(), moves.end());
        return r;
    }

  private:
    int dfs(const DynamicSet &blob, const DynamicSet &front, uint8_t colour, int left, std::vector<uint8_t> &moves) {
        if (front.empty()) { // flooded: ends as it should, or takes one recolouring move
            if (colour == last_) return 1;
            if (left < 1) return 0;
            moves.push_back(last_);
            return 1;
        }
        if (control_.tick()) return -1;
        const unsigned outside = rules_.colours_outside(blob);
        const int h = relaxed_.run(blob, front) + (outside >> last_ & 1 ? 0 : 1);
        if (h > left) return 0;
        const uint64_t key = blob.hash() ^ colour;
        auto &known = failed_[key];
        for (const Failed &f : known)
            if (f.colour == colour && f.left >= left && f.blob == blob) return 0;
        for (unsigned rest = rules_.colours_in(front); rest; rest &= rest - 1) {
            const int c = __builtin_ctz(rest);
            DynamicSet b = blob, f = front;
            rules_.play(b, f, c);
            const int r = dfs(b, f, uint8_t(c), left - 1, moves);
            if (r != 0) {
                if (r > 0) moves.push_back(uint8_t(c));
                return r;
            }
        }
        failed_[key].push_back({blob, colour, left});
        return 0;
    }

    struct Failed {
        DynamicSet blob;
        uint8_t colour;
        int left;
    };
    BlobRules<DynamicSet> rules_;
    RelaxedGame<DynamicSet> relaxed_;
    uint8_t last_;
    pluzzle::SolveControl &control_;
    std::unordered_map<uint64_t, std::vector<Failed>> failed_;
};

int colours_in(const RegionGraph &g, const std::vector<int32_t> &regions) {
    unsigned m = 0;
    for (int32_t r : regions)
        m |= 1u << g.colour[size_t(r)];
    return __builtin_popcount(m);
}

} // namespace

SolveReport solve_pivot_mode(const Board &board, pluzzle::SolveControl &control, const SolveOptions &options) {
    const RegionGraph g = region_graph(board, board.cells);
    SolveReport report;
    report.regions = g.count();
    const int32_t start = g.region_of[size_t(board.pivot)];

    // The pivot's part, and the one colour the tiles cut off from it must share (0 when none are).
    std::vector<char> reached(size_t(g.count()), 0);
    std::vector<int32_t> part{start};
    reached[size_t(start)] = 1;
    for (size_t q = 0; q < part.size(); ++q)
        for (int32_t s : g.adjacent[size_t(part[q])])
            if (!reached[size_t(s)]) reached[size_t(s)] = 1, part.push_back(s);
    uint8_t last = 0;
    for (int32_t r = 0; r < g.count(); ++r) {
        if (reached[size_t(r)]) continue;
        if (last && g.colour[size_t(r)] != last) {
            report.status = PZ_SOLVE_UNSOLVABLE; // two colours no move can reach: never one colour
            return report;
        }
        last = g.colour[size_t(r)];
    }
    Board part_board = board; // the cut-off tiles as holes: the exact search takes connected boards only
    if (last)
        for (size_t i = 0; i < part_board.cells.size(); ++i)
            if (part_board.cells[i] && !reached[size_t(g.region_of[i])]) part_board.cells[i] = 0;
    // Moves any list needs: a move removes at most one colour, and with a last colour to end on, that one stays.
    const unsigned part_colours = unsigned(colours_in(g, part));
    bool last_in_part = false;
    for (int32_t r : part)
        last_in_part = last_in_part || g.colour[size_t(r)] == last;
    const int colour_bound = int(part_colours) - (last && !last_in_part ? 0 : 1);

    const auto greedy = [&]() {
        std::vector<Move> moves;
        for (uint8_t c : greedy_flood(g.colour, g.adjacent, start))
            moves.push_back({board.pivot, c});
        const uint8_t now = moves.empty() ? g.colour[size_t(start)] : moves.back().colour;
        if (last && now != last) moves.push_back({board.pivot, last});
        return moves;
    };
    const auto unproven = [&](std::vector<Move> moves, int lower) {
        report.moves = std::move(moves);
        report.upper_bound = int(report.moves.size());
        report.lower_bound = std::min(std::max(lower, colour_bound), report.upper_bound);
        // Quick mode has its answer whatever it proved; optimal mode is solved only with a proof.
        report.status = !options.optimal                           ? PZ_SOLVE_SOLVED
                        : report.lower_bound == report.upper_bound ? PZ_SOLVE_SOLVED
                        : control.stopped()                        ? control.stop_status()
                                                                   : PZ_SOLVE_LIMIT;
        return report;
    };
    if (int(part.size()) > kMaxSearchRegions) return unproven(greedy(), 0);

    PivotReport p;
    if (options.optimal) {
        PivotSearch how;
        how.plain = options.plain_astar;
        p = solve_pivot(part_board, control, how);
    } else {
        SolveOptions exact;
        const SolveReport r = solve_within(part_board, exact, Budget{kQuickNodes, 0}, &control);
        p.status = r.status, p.moves = r.moves, p.lower_bound = r.lower_bound, p.nodes = r.nodes;
    }
    report.nodes = p.nodes;
    if (p.status != PZ_SOLVE_SOLVED) return unproven(greedy(), p.lower_bound);
    const uint8_t ends = p.moves.empty() ? g.colour[size_t(start)] : p.moves.back().colour;
    if (!last || ends == last) {
        report.status = PZ_SOLVE_SOLVED;
        report.moves = p.moves;
        report.lower_bound = report.upper_bound = int(p.moves.size());
        return report;
    }
    // The part's optimum L ends with another colour: L moves ending with `last`, or L + 1 (recolour at the end).
    std::vector<Move> longer = p.moves;
    longer.push_back({board.pivot, last});
    if (!options.optimal) return unproven(longer, 0); // quick: no search for the ending
    const RegionGraph pg = region_graph(part_board, part_board.cells);
    const int32_t part_start = pg.region_of[size_t(board.pivot)];
    std::vector<uint8_t> colours;
    const int found =
        EndingSearch(pg, last, control).run(part_start, pg.colour[size_t(part_start)], int(p.moves.size()), colours);
    if (found < 0) return unproven(longer, int(p.moves.size()));
    report.status = PZ_SOLVE_SOLVED;
    if (found > 0) {
        report.moves.clear();
        for (uint8_t c : colours)
            report.moves.push_back({board.pivot, c});
    } else {
        report.moves = longer;
    }
    report.lower_bound = report.upper_bound = int(report.moves.size());
    return report;
}

} // namespace kami
