// layout.cpp -- building the masks of every layout the original app offers, in code (the recorded masks are
// not redistributable; a test checks these agree with them).
#include "layout.hpp"

#include <pluzzle/error.hpp>

#include <cmath>

namespace celladd {
namespace {

// A petri dish of side 2*adj keeps the squares whose far corner lies within sqrt(opp^2 + adj^2) of the centre.
// All lengths are doubled here so the comparison is exact in integers.
struct PetriShape {
    int cells, opp2, adj2; // cell count, 2*opp, 2*adj
};
const std::vector<PetriShape> &petri_shapes() {
    static const std::vector<PetriShape> shapes = {
        {5, 1, 3},   {9, 3, 3},   {12, 2, 4},  {13, 1, 5},   {16, 4, 4},  {21, 3, 5},  {24, 2, 6},
        {29, 1, 7},  {32, 4, 6},  {37, 3, 7},  {40, 2, 8},   {45, 5, 7},  {49, 1, 9},  {52, 4, 8},
        {57, 3, 9},  {60, 6, 8},  {68, 2, 10}, {69, 5, 9},   {73, 1, 11}, {76, 4, 10}, {88, 6, 10},
        {89, 3, 11}, {96, 2, 12}, {97, 5, 11}, {104, 4, 12}, {120, 6, 12}};
    return shapes;
}

void fill_petri(const PetriShape &shape, Board &board) {
    board.height = board.width = shape.adj2;
    board.playable.assign(size_t(board.squares()), 0);
    const int limit = shape.opp2 * shape.opp2 + shape.adj2 * shape.adj2;
    for (int r = 0; r < board.height; ++r)
        for (int c = 0; c < board.width; ++c) {
            // Doubled distance from the centre to the square's far corner.
            const int dr = std::abs(2 * r + 1 - board.height) + 1, dc = std::abs(2 * c + 1 - board.width) + 1;
            board.playable[size_t(board.index(r, c))] = dr * dr + dc * dc <= limit;
        }
}

// A flask's base rows narrow by one square each side per row above the bottom two; the neck is two wide.
void fill_flask(int neck, int base, Board &board) {
    board.width = base;
    board.height = neck + base / 2;
    board.playable.assign(size_t(board.squares()), 0);
    for (int r = 0; r < board.height; ++r) {
        const int row_width = r < base / 2 ? base - 2 * std::max(0, r - 1) : 2;
        const int first = (base - row_width) / 2;
        for (int c = first; c < first + row_width; ++c)
            board.playable[size_t(board.index(r, c))] = 1;
    }
}

// The padded bit layout of bitboard.hpp, the direction shifts, neighbour masks, the squares a move can change
// the gains of (within two king steps), and the published AIs' centrality per square.
void add_bitboard_geometry(Board &board) {
    board.stride = board.width + 1;
    if ((board.height + 4) * board.stride > kMaxBits)
        throw pluzzle::invalid("the board is too large for the bitboards", "layout");
    board.bit.resize(size_t(board.squares()));
    for (int r = 0; r < board.height; ++r)
        for (int c = 0; c < board.width; ++c) {
            board.bit[size_t(board.index(r, c))] = (r + 2) * board.stride + c;
            if (board.is_playable(r, c)) board.playable_bits.set(board.bit_of(board.index(r, c)));
        }
    for (int d = 0; d < kDirections; ++d)
        board.offset[size_t(d)] = kDirRow[size_t(d)] * board.stride + kDirCol[size_t(d)];
    board.around.assign(size_t(board.squares()), Bits{});
    board.near.assign(size_t(board.squares()), Bits{});
    for (int r = 0; r < board.height; ++r)
        for (int c = 0; c < board.width; ++c) {
            const int cell = board.index(r, c);
            for (int d = 0; d < kDirections; ++d)
                if (board.is_playable(r + kDirRow[size_t(d)], c + kDirCol[size_t(d)]))
                    board.around[size_t(cell)].set(board.bit_of(cell) + board.offset[size_t(d)]);
            for (int dr = -2; dr <= 2; ++dr)
                for (int dc = -2; dc <= 2; ++dc)
                    if ((dr || dc) && board.is_playable(r + dr, c + dc))
                        board.near[size_t(cell)].set(board.bit_of(board.index(r + dr, c + dc)));
            // 1 / (|r - (h+1)/2| + |c - (w+1)/2|), 1-based: +infinity at an exact centre.
            const double rr = r + 1, cc = c + 1;
            const double distance = std::fabs(rr - (board.height + 1) / 2.0) + std::fabs(cc - (board.width + 1) / 2.0);
            board.centre_value.push_back(1.0 / distance);
        }
}

} // namespace

const std::vector<int> &petri_sizes() {
    static const std::vector<int> sizes = [] {
        std::vector<int> s;
        for (auto &shape : petri_shapes())
            s.push_back(shape.cells);
        return s;
    }();
    return sizes;
}

std::string family_name(Family family) {
    return family == Family::petri ? "petri" : family == Family::beaker ? "beaker" : "flask";
}

std::string layout_text(const Layout &layout) {
    std::string text = family_name(layout.family) + " " + std::to_string(layout.a);
    if (layout.family != Family::petri) text += " " + std::to_string(layout.b);
    return text;
}

void check_layout(const Layout &layout) {
    switch (layout.family) {
    case Family::petri:
        for (auto &shape : petri_shapes())
            if (shape.cells == layout.a) return;
        throw pluzzle::invalid("no petri dish of " + std::to_string(layout.a) +
                                   " cells (sizes: 5 9 12 13 16 21 24 29 32 37 40 45 49 52 57 60 68 69 73 76 88 89 "
                                   "96 97 104 120)",
                               "layout");
    case Family::beaker:
        if (layout.a < 2 || layout.a > 10 || layout.b < 2 || layout.b > 10)
            throw pluzzle::invalid("a beaker is 2..10 high and 2..10 wide", "layout");
        return;
    case Family::flask:
        if (layout.a < 2 || layout.a > 8 || (layout.b != 4 && layout.b != 6 && layout.b != 8 && layout.b != 10))
            throw pluzzle::invalid("a flask has neck height 2..8 and base width 4, 6, 8 or 10", "layout");
        return;
    }
}

Board make_board(const Layout &layout) {
    check_layout(layout);
    Board board;
    board.layout = layout;
    switch (layout.family) {
    case Family::petri:
        for (auto &shape : petri_shapes())
            if (shape.cells == layout.a) fill_petri(shape, board);
        break;
    case Family::beaker:
        board.height = layout.a;
        board.width = layout.b;
        board.playable.assign(size_t(board.squares()), 1);
        board.gravity = true;
        break;
    case Family::flask:
        fill_flask(layout.a, layout.b, board);
        board.gravity = true;
        break;
    }
    board.neighbour.assign(size_t(board.squares()), {});
    for (int r = 0; r < board.height; ++r)
        for (int c = 0; c < board.width; ++c)
            for (int d = 0; d < kDirections; ++d) {
                const int nr = r + kDirRow[size_t(d)], nc = c + kDirCol[size_t(d)];
                board.neighbour[size_t(board.index(r, c))][size_t(d)] =
                    board.is_playable(nr, nc) ? board.index(nr, nc) : kNoCell;
            }
    board.column_start.push_back(0);
    for (int c = 0; c < board.width; ++c) {
        for (int r = 0; r < board.height; ++r)
            if (board.is_playable(r, c)) board.column_cells.push_back(board.index(r, c));
        board.column_start.push_back(int(board.column_cells.size()));
    }
    board.playable_count = int(board.column_cells.size());
    add_bitboard_geometry(board);
    return board;
}

std::vector<Layout> all_layouts() {
    std::vector<Layout> layouts;
    for (int cells : petri_sizes())
        layouts.push_back({Family::petri, cells, 0});
    for (int h = 2; h <= 10; ++h)
        for (int w = 2; w <= 10; ++w)
            layouts.push_back({Family::beaker, h, w});
    for (int neck = 2; neck <= 8; ++neck)
        for (int base = 4; base <= 10; base += 2)
            layouts.push_back({Family::flask, neck, base});
    return layouts;
}

std::vector<std::string> mask_rows(const Board &board) {
    std::vector<std::string> rows;
    for (int r = board.height - 1; r >= 0; --r) {
        std::string row;
        for (int c = 0; c < board.width; ++c)
            row += board.playable[size_t(board.index(r, c))] ? '.' : '#';
        rows.push_back(row);
    }
    return rows;
}

} // namespace celladd
