// lightsout.hpp -- the Lights Out model and the functions the plugin's .cpp files share.
//
// Rules: a grid of lights; pressing a cell toggles it and its 4 orthogonal neighbours; the goal is all off.
// Pressing twice undoes a press and order does not matter, so a play state or a solution is just the SET of
// pressed cells: everything below is XOR over bitsets (arithmetic in GF(2)).
#pragma once
#include <pluzzle/grid.hpp>
#include <pluzzle/input.hpp>
#include <pluzzle/typed_puzzle.hpp>

#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lightsout {

constexpr int kMaxSide = 30;
constexpr int kMaxCells = kMaxSide * kMaxSide;

// One bit per cell, row-major: cell (x, y) is bit y * width + x. Bits past width * height stay 0.
using Cells = std::bitset<kMaxCells>;

// A level: a plain value type (the plugin class is a pluzzle::TypedPuzzle<Board, Presses>). Immutable once made:
// edits build a new one.
struct Board {
    int width = 0, height = 0;
    Cells lights;     // 1 = on
    std::string name; // optional, from a `name` line; kept so encode round-trips it

    int cells() const { return width * height; }
    int index(int x, int y) const { return y * width + x; }
};

// A play state: which cells are pressed (their parity), and how many moves it took to get here.
struct Presses {
    Cells pressed;
    unsigned moves = 0;
};

// ---- lightsout_board.cpp: rules and the "x,y" / "press x,y ..." texts
Cells press_effect(const Board &board, int cell);              // the lights one press toggles
Cells lights_after(const Board &board, const Cells &pressed);  // the grid after the presses
std::string cell_text(const Board &board, int cell);           // "x,y", 0-based column,row
// Reads "x,y"; returns the cell index, or nullopt with `why` saying what is wrong.
std::optional<int> parse_cell(const Board &board, std::string_view text, std::string &why);
// State and solution text (the same format, so a solution decodes to a finished state).
std::string encode_presses(const Board &board, const Cells &pressed);
Cells decode_presses(const Board &board, std::string_view text);

// ---- lightsout_format.cpp: level files
std::vector<pluzzle::Parsed<Board>> parse_levels(std::string_view text, std::string_view format);
std::string encode_board(const Board &board);

// ---- lightsout_solver.cpp: the solution space of A * presses = lights over GF(2)
struct SolutionSpace {
    bool solvable = false;
    Cells particular;              // one solution (when solvable)
    std::vector<Cells> null_basis; // presses that change nothing; solutions = particular + any XOR of these
};
// Presses already decided: those of the first `count` cells (row-major), set in `presses`. A cube of a split
// (lightsout_split.cpp) is such a prefix; the whole level has none.
struct Fixed {
    int count = 0;
    Cells presses;
};
// nullopt when control.tick() asked to stop.
std::optional<SolutionSpace> solution_space(const Board &board, pluzzle::SolveControl &control, const Fixed &fixed = {});
pluzzle::SolveOutcome solve_board(const Board &board, pluzzle::SolveControl &control, const Fixed &fixed = {});

// ---- lightsout_split.cpp: cube-and-conquer (ABI 1.8): a cube fixes the presses of the first cells
pluzzle::Split split_board(const Board &board, unsigned want);
Fixed read_cube(const Board &board, std::string_view cube); // throws bad_argument (field "cube") for a bad text

// ---- lightsout_generator.cpp
std::vector<pluzzle::ParamDesc> generator_params(); // declared in PluginInfo::params
Board generate_board(const pluzzle::Params &params, uint64_t seed, pluzzle::SolveControl &control);

// ---- lightsout_render.cpp: drawing, and the geometry interpret() shares with it
constexpr float kCellSize = 40, kMargin = 10;
void render_board(const Board &board, const Presses *state, pluzzle::Canvas &canvas);
// The cell under a point in drawing units, or nullopt outside the grid.
std::optional<pluzzle::grid::Cell> cell_at(const Board &board, float x, float y);
// The corners of a cell as render_board draws it (empty off the board): the host's keyboard cursor (ABI 1.6).
std::vector<pluzzle::Point> cell_outline(const Board &board, int row, int col);

} // namespace lightsout
