// pluzzle/typed_puzzle.hpp -- the class a plugin author writes: one puzzle type's rules, with its own Level and State
// value types (no base classes on them, no downcasts, values in and out), nothing else.
//
//   struct Grid { ... };                                   // any movable type: the level
//   struct Board { ... };                                  // any movable type: the play state (optional)
//   class Sudoku : public pluzzle::TypedPuzzle<Grid, Board> {
//   public:
//       static constexpr uint64_t capabilities = PZ_CAP_SOLVE | PZ_CAP_PLAY;
//       pluzzle::PluginInfo info() const;
//       std::vector<pluzzle::Parsed<Grid>> parse(std::string_view text, std::string_view format) const;
//       std::string encode(const Grid &) const;
//       void render(const Grid &, const Board *state, pluzzle::Canvas &) const;
//       pluzzle::SolveOutcome solve(const Grid &, pluzzle::SolveControl &) const;
//       Board start(const Grid &) const;  ...
//   };
//   PLUZZLE_EXPORT_PLUGIN(Sudoku)                         // in one .cpp, outside any namespace
//
// The host (the "mid-end", after Tatham's puzzle collection) owns files, the database, undo, threads and drawing
// surfaces. A puzzle only answers questions about immutable levels and states: every method is const and may run on
// several threads at once. Throw pluzzle::Error (error.hpp) for any failure: the export bridge turns it into an error
// code and message for the host. Rule: a level that passed validate() must never make any other method crash or hang.
//
// The methods are not virtual: define the ones you need, with exactly the signatures below, all const. What the class
// defines is checked against `capabilities` when it is exported (capability_rules.hpp), and a method whose name is
// right but whose signature is not fails the build with the expected signature (only an optional method with a
// misspelt name goes unnoticed). A method you leave out answers as its comment says.
//
// Every puzzle defines:
//   static constexpr uint64_t capabilities = ...;  // the pz_capability bits (abi.h); 0 when it only parses and renders
//   PluginInfo info() const;
//   std::vector<Parsed<L>> parse(std::string_view text, std::string_view format) const;
//       `format` is one of info().formats' names, or empty to detect. Return every level in the text.
//   std::string encode(const L &) const;
//       Canonical text: parse(encode(l), "") must give a level that encodes to the same text.
//   void render(const L &, const S *state, Canvas &) const;   // state may be null
//       A puzzle without play may define render(const L &, Canvas &) instead.
//
// Levels, optional:
//   void validate(const L &) const;                             // left out: every parsed level is valid
//       Throw invalid(...) for a level that breaks a rule; attach the cells or points it is about (ABI 1.7) with
//       .at_cell(row, col) / .at_point(x, y) so an editor can mark them: throw invalid("...", "rows").at_cell(3, 0).
//   Metadata describe(const L &) const;                         // left out: none
//       Listing metadata: "title", "author", "size", "difficulty"...
//   std::vector<Point> cell_outline(const L &, int row, int col) const;
//       ABI 1.6: the corners of cell (row, col) as render() draws it, or nothing when the board has no such cell.
//       With it an editor shows a keyboard cursor, moves it with the arrow keys, and names its cell in key events
//       (pz_input.has_cell). A board on a grid may define instead
//   grid::SquareGrid cell_grid(const L &) const;                // or HexGrid, TriangleGrid: the grid render draws
//
// Solving:
//   void check(const L &, std::string_view solution) const;
//       Throw invalid(...) when `solution` does not solve the level. Left out: the solution is decoded as a play
//       state (decode_state) and must be finished (status).
//   SolveOutcome solve(const L &, SolveControl &) const;        // PZ_CAP_SOLVE
//       Report each solution through control.solution(text); stop when control.tick() says so.
//
// Splitting (PZ_CAP_SPLIT, ABI 1.8, abi.h rule 13): cube-and-conquer, one hard level on many cores and machines.
//   Split split(const L &, unsigned want, SolveControl &) const;
//       About `want` cubes (Split::cubes: texts solve_cube() reads back with the same level, most promising first)
//       that together cover the level, and how their answers combine (Split::combine: first, count or best). Work
//       the split does (a root propagation, a look-ahead) stays within control's limits. No cube: the split decided
//       the level itself; Split::outcome is then the answer and its solutions went to control.solution().
//   SolveOutcome solve_cube(const L &, std::string_view cube, SolveControl &) const;
//       solve() within the cube's part of the level: its solutions (whole-level solution texts), its count or its
//       bounds. Under Combine::best, control.known_best() is the cost to beat (the best any cube has found, or
//       the host's lower aim as it deepens across the cubes): only cheaper solutions matter, and a cube that
//       proves it has none may stop (UNSOLVABLE, lower_bound >= known_best()).
//       Throw bad_argument(..., "cube") for a text that is not a cube of this level.
//
// Generation and blank levels:
//   L generate(const Params &, uint64_t seed, SolveControl &) const;   // PZ_CAP_GENERATE
//   L blank(const Params &) const;                              // PZ_CAP_BLANK (ABI 1.2)
//   L blank_grid(int width, int height) const;                  // PZ_CAP_BLANK, instead of blank()
//       An empty level to edit from scratch, sized by the generator parameters. It must validate and round-trip
//       through encode/parse, but need not be solvable. A grid puzzle whose parameters include "width" and "height"
//       defines blank_grid(); another kind of puzzle defines blank().
//   L import_image(std::string_view bytes, const Params &) const;      // PZ_CAP_IMPORT_IMAGE (ABI 1.4)
//       A level read from a picture of a board (PNG or JPEG bytes); `params` (the generator's) say what the picture
//       cannot show. Throw parse_error saying why a picture is not a board.
//
// Play (PZ_CAP_PLAY; the interpret/execute split: events become move text, move text becomes a new state):
//   S start(const L &) const;
//   S decode_state(const L &, std::string_view) const;
//   std::string encode_state(const L &, const S &) const;
//   PlayStatus status(const L &, const S &) const;
//   std::string interpret(const L &, const S &, const Input &) const;  // left out: no event makes a move
//   S execute(const L &, const S &, std::string_view move) const;
//   void render_move(const L &, const S &, std::string_view move, float t, Canvas &) const;   // PZ_CAP_ANIMATE
//       ABI 1.4: the board a fraction t (0..1) of the way through `move` from the state (0 looks like the state, 1
//       like the state after it), for an editor's short move animation.
//   void render_solution(const L &, const S &solution, Canvas &) const;  // optional (ABI 1.9, abi.h rule 14)
//       A solution (a state decoded from a solution text) drawn for a reader to follow on paper: a booklet's solution
//       page, `pluzzle render --solution`. Define it when the finished board is not the answer (a flood game ends in
//       one colour): e.g. the start board with each move numbered where it is made. Left out: render(l, &solution, c).
//       canvas_inset.hpp draws small boards inside it (a strip of the board after each move).
//
// Editing (PZ_CAP_EDIT), the same split on levels:
//   std::string edit_interpret(const L &, std::string_view tool, const Input &) const;
//   L edit_execute(const L &, std::string_view edit) const;
//
// Games (PZ_CAP_GAME, with PZ_CAP_PLAY; a one-player puzzle may offer a hint AI without it):
//   std::string ai_move(const L &, const S &, std::string_view ai, SolveControl &) const;
//       The named AI's move (one of info().ais) for the player to move.
//   std::string ai_profile_update(const L &, const S &final_state, std::string_view ai, unsigned ai_seat,
//                                 std::string_view value) const;
//       Required when any AiDesc has a profile: its player's new value after the finished game `final_state`, in
//       which the AI (plain id, without ":<value>") sat at `ai_seat` and the player came with `value`. Throw
//       bad_argument (field "profile") for a value you cannot read, invalid for an unfinished game.
#pragma once
#include <pluzzle/grid.hpp>
#include <pluzzle/puzzle_types.hpp>

#include <string>

namespace pluzzle {

// One level read by parse(), with its name (may be empty).
template <class L> struct Parsed {
    L level;
    std::string name = {};
};

// The state type of a puzzle without play.
struct NoState {};

// The base of a puzzle class: it only names the two types (the export bridge calls the class's own methods).
template <class L, class S = NoState> class TypedPuzzle {
  public:
    using LevelType = L;
    using StateType = S;
};

} // namespace pluzzle
