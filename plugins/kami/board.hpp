// board.hpp -- the kami model shared by every file of the plugin: a board of coloured cells, recoloured a region
// at a time until one colour is left.
//
// Grids: `triangle` -- KAMI 2's board as its level files store it: each row holds cols/2 rhombi, each split into
// two triangles (cell k of a row is rhombus k/2, side k%2); side 0 meets side 1 of its rhombus, of the rhombus
// before it, and of the same rhombus in the row before; side 1 meets side 0 of its rhombus, of the next one, and
// of the same rhombus in the next row (a shared corner alone is no contact). `square` -- four neighbours (KAMI 1,
// Flood-It). Cells hold colours 1..colours, 0 = no tile (holes, and whatever lies outside an irregular board).
// Modes: `free` -- any region may be recoloured (KAMI); `pivot` -- only the region holding the pivot cell
// (Flood-It). A move recolours one region (all same-coloured cells joined through edges) with another colour.
#pragma once
#include <pluzzle/puzzle_types.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace kami {

enum class Grid : uint8_t { Triangle, Square };
enum class Mode : uint8_t { Free, Pivot };

constexpr int kMaxColours = 9;           // one digit a cell
constexpr int kMaxSide = 2000;           // rows or columns
constexpr int64_t kMaxCells = 1'000'000; // a bound on a level's memory; the searches cap their own (free_solver.cpp)

struct Board {
    Grid grid = Grid::Square;
    Mode mode = Mode::Free;
    int rows = 0, cols = 0;     // triangle grids: cols counts triangles (two a rhombus), so it is even
    int colours = 0;            // the palette: cells hold 1..colours
    std::vector<uint8_t> cells; // row-major colours, 0 = no tile
    int64_t pivot = 0;          // pivot mode: the cell whose region every move recolours
    int par = 0;                // the level's par in moves, 0 = none given
    std::string name;           // optional, one line
    std::vector<uint32_t> palette; // 0xRRGGBB per colour (exactly `colours`), or empty: default_palette()
    // The editor's paint colour (edit.hpp). Not part of the level: never written, read or compared; it rides on the
    // level only because the editor hands a tool nothing else to remember it in.
    uint8_t brush = 1;

    int64_t size() const { return int64_t(rows) * cols; }
    int64_t index(int row, int col) const { return int64_t(row) * cols + col; }

    // The cells sharing an edge with cell i (tiles only, holes left out) into out; returns how many (at most 4).
    int neighbours(int64_t i, int64_t *out) const {
        const int r = int(i / cols), c = int(i % cols);
        int n = 0;
        const auto add = [&](int rr, int cc) {
            if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) return;
            const int64_t j = index(rr, cc);
            if (cells[size_t(j)]) out[n++] = j;
        };
        if (grid == Grid::Square) {
            add(r - 1, c), add(r, c + 1), add(r + 1, c), add(r, c - 1);
        } else if (c % 2 == 0) {
            add(r, c + 1), add(r, c - 1), add(r - 1, c + 1);
        } else {
            add(r, c - 1), add(r, c + 1), add(r + 1, c - 1);
        }
        return n;
    }
};

// Nine well-distinguished colours (the first nine of Tableau 10): the palette of a level that names none.
const std::array<uint32_t, kMaxColours> &default_palette();
// Colour c (1..colours) of the board's palette, as 0xRRGGBB.
uint32_t palette_colour(const Board &board, int colour);
// Whether `palette` is empty or the default's first `colours` entries (then the text leaves it out).
bool is_default_palette(const std::vector<uint32_t> &palette, int colours);

const char *grid_name(Grid grid);
const char *mode_name(Mode mode);

// Everything the other operations rely on; throws pluzzle::invalid naming the field.
void validate_board(const Board &board);

} // namespace kami
