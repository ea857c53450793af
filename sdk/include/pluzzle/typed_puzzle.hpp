// pluzzle/typed_puzzle.hpp -- a puzzle written with its own Level and State types: no base classes on them, no
// downcasts, values in and out. C++ only: the ABI is the same.
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
// The methods are those of pluzzle::Puzzle (puzzle.hpp documents each) with `const Level &` replaced by
// `const L &`, `const State &` by `const S &`, and every std::unique_ptr<Level>/<State> result by a plain L or S.
// A board on a grid may define `cell_grid(const L &)`, returning its grid::SquareGrid (HexGrid, TriangleGrid) as
// render draws it, instead of cell_outline: the keyboard cursor then follows the grid's cells (ABI 1.6).
// They are not virtual: define the ones you need, with exactly these signatures, all const. What the class defines
// is checked against `capabilities` when it is exported, and a method whose name is right but whose signature is
// not fails the build with the expected signature (only an optional method with a misspelt name goes unnoticed).
// Levels and states are immutable once made, and methods may run on several threads at once, as for Puzzle.
#pragma once
#include <pluzzle/capability_rules.hpp>
#include <pluzzle/grid.hpp>
#include <pluzzle/puzzle.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace pluzzle {

// One level read by parse(), with its name (may be empty).
template <class L> struct Parsed {
    L level;
    std::string name = {};
};

// The state type of a puzzle without play.
struct NoState {};

// The base of a typed puzzle: it only names the two types (the export bridge adapts the class to Puzzle).
template <class L, class S = NoState> class TypedPuzzle {
  public:
    using LevelType = L;
    using StateType = S;
};

namespace detail {

template <class T> struct HeldLevel final : Level {
    explicit HeldLevel(T v) : value(std::move(v)) {}
    T value;
};
template <class T> struct HeldState final : State {
    explicit HeldState(T v) : value(std::move(v)) {}
    T value;
};

template <class P, class = void> struct is_typed_puzzle : std::false_type {};
template <class P>
struct is_typed_puzzle<P, std::void_t<typename P::LevelType, typename P::StateType>>
    : std::is_base_of<TypedPuzzle<typename P::LevelType, typename P::StateType>, P> {};

// has_render<P>: P draws play states, render(const L &, const S *, Canvas &); a puzzle without play may define
// render(const L &, Canvas &) instead. The other methods are detected from the table in capability_rules.hpp.
template <class P, class = void> struct has_render : std::false_type {};
template <class P>
struct has_render<P, std::void_t<decltype(ref<const P>().render(ref<const typename P::LevelType>(),
                                                                &ref<const typename P::StateType>(), ref<Canvas>()))>>
    : std::true_type {};

// Every check the export makes on a TypedPuzzle class: its signatures, then its capabilities against what it defines.
template <class P> constexpr bool check_typed_puzzle() {
    static_assert(std::is_default_constructible_v<P>, "a puzzle class is default-constructible (the bridge makes one)");
    return check_typed_signatures<P>() && check_capabilities<P, typed_methods<P>()>();
}

// The Puzzle the export bridge sees for a TypedPuzzle class P: every method unwraps the handles and calls P's, or
// answers as Puzzle's default does when P does not define it. This is the export path of every plugin written today;
// once no author derives from Puzzle, its virtual interface remains only as this adapter's base (the bridge's view).
template <class P> class TypedAdapter final : public Puzzle {
  public:
    using L = typename P::LevelType;
    using S = typename P::StateType;
    static_assert(check_typed_puzzle<P>());
    static constexpr uint64_t capabilities = P::capabilities;
    static constexpr uint32_t methods = typed_methods<P>(); // what P defines, for the bridge

    PluginInfo info() const override { return p_.info(); }
    std::vector<ParsedLevel> parse(std::string_view text, std::string_view format) const override {
        std::vector<ParsedLevel> out;
        for (Parsed<L> &l : p_.parse(text, format))
            out.push_back({level(std::move(l.level)), std::move(l.name)});
        return out;
    }
    std::string encode(const Level &l) const override { return p_.encode(of(l)); }
    void validate(const Level &l) const override {
        if constexpr (has_validate<P>::value) p_.validate(of(l));
    }
    Metadata describe(const Level &l) const override {
        if constexpr (has_describe<P>::value)
            return p_.describe(of(l));
        else
            return {};
    }
    void check(const Level &l, std::string_view solution) const override {
        if constexpr (has_check<P>::value)
            p_.check(of(l), solution);
        else
            Puzzle::check(l, solution);
    }
    SolveOutcome solve(const Level &l, SolveControl &c) const override {
        if constexpr (has_solve<P>::value)
            return p_.solve(of(l), c);
        else
            return Puzzle::solve(l, c);
    }
    void render(const Level &l, const State *s, Canvas &c) const override {
        if constexpr (has_render<P>::value)
            p_.render(of(l), s ? &of(*s) : static_cast<const S *>(nullptr), c);
        else
            p_.render(of(l), c); // a puzzle without play: render(const L &, Canvas &)
    }
    void render_move(const Level &l, const State &s, std::string_view move, float t, Canvas &c) const override {
        if constexpr (has_render_move<P>::value)
            p_.render_move(of(l), of(s), move, t, c);
        else
            Puzzle::render_move(l, s, move, t, c);
    }
    std::unique_ptr<Level> generate(const Params &params, uint64_t seed, SolveControl &c) const override {
        if constexpr (has_generate<P>::value)
            return level(p_.generate(params, seed, c));
        else
            return Puzzle::generate(params, seed, c);
    }
    std::unique_ptr<Level> blank(const Params &params) const override {
        if constexpr (has_blank<P>::value)
            return level(p_.blank(params));
        else
            return Puzzle::blank(params); // width/height through blank_grid
    }
    std::unique_ptr<Level> blank_grid(int width, int height) const override {
        if constexpr (has_blank_grid<P>::value)
            return level(p_.blank_grid(width, height));
        else
            return Puzzle::blank_grid(width, height);
    }
    std::unique_ptr<Level> import_image(std::string_view bytes, const Params &params) const override {
        if constexpr (has_import_image<P>::value)
            return level(p_.import_image(bytes, params));
        else
            return Puzzle::import_image(bytes, params);
    }
    std::vector<Point> cell_outline(const Level &l, int row, int col) const override {
        if constexpr (has_cell_outline<P>::value)
            return p_.cell_outline(of(l), row, col);
        else if constexpr (has_cell_grid<P>::value) { // the board is a grid: its polygons
            const auto grid = p_.cell_grid(of(l));
            const grid::Cell cell{row, col};
            return grid.contains(cell) ? grid.polygon(cell) : std::vector<Point>{};
        } else
            return {};
    }
    std::unique_ptr<State> start(const Level &l) const override {
        if constexpr (has_start<P>::value)
            return state(p_.start(of(l)));
        else
            return Puzzle::start(l);
    }
    std::unique_ptr<State> decode_state(const Level &l, std::string_view text) const override {
        if constexpr (has_decode_state<P>::value)
            return state(p_.decode_state(of(l), text));
        else
            return Puzzle::decode_state(l, text);
    }
    std::string encode_state(const Level &l, const State &s) const override {
        if constexpr (has_encode_state<P>::value)
            return p_.encode_state(of(l), of(s));
        else
            return Puzzle::encode_state(l, s);
    }
    PlayStatus status(const Level &l, const State &s) const override {
        if constexpr (has_status<P>::value)
            return p_.status(of(l), of(s));
        else
            return Puzzle::status(l, s);
    }
    std::string interpret(const Level &l, const State &s, const Input &in) const override {
        if constexpr (has_interpret<P>::value)
            return p_.interpret(of(l), of(s), in);
        else
            return Puzzle::interpret(l, s, in);
    }
    std::unique_ptr<State> execute(const Level &l, const State &s, std::string_view move) const override {
        if constexpr (has_execute<P>::value)
            return state(p_.execute(of(l), of(s), move));
        else
            return Puzzle::execute(l, s, move);
    }
    std::string edit_interpret(const Level &l, std::string_view tool, const Input &in) const override {
        if constexpr (has_edit_interpret<P>::value)
            return p_.edit_interpret(of(l), tool, in);
        else
            return Puzzle::edit_interpret(l, tool, in);
    }
    std::unique_ptr<Level> edit_execute(const Level &l, std::string_view edit) const override {
        if constexpr (has_edit_execute<P>::value)
            return level(p_.edit_execute(of(l), edit));
        else
            return Puzzle::edit_execute(l, edit);
    }
    std::string ai_move(const Level &l, const State &s, std::string_view ai, SolveControl &c) const override {
        if constexpr (has_ai_move<P>::value)
            return p_.ai_move(of(l), of(s), ai, c);
        else
            return Puzzle::ai_move(l, s, ai, c);
    }
    std::string ai_profile_update(const Level &l, const State &s, std::string_view ai, unsigned seat,
                                  std::string_view value) const override {
        if constexpr (has_ai_profile_update<P>::value)
            return p_.ai_profile_update(of(l), of(s), ai, seat, value);
        else
            return Puzzle::ai_profile_update(l, s, ai, seat, value);
    }

  private:
    // The handles the bridge passes came from this adapter (ABI rule: a plugin only sees its own levels).
    static const L &of(const Level &l) { return static_cast<const HeldLevel<L> &>(l).value; }
    static const S &of(const State &s) { return static_cast<const HeldState<S> &>(s).value; }
    static std::unique_ptr<Level> level(L l) { return std::make_unique<HeldLevel<L>>(std::move(l)); }
    static std::unique_ptr<State> state(S s) { return std::make_unique<HeldState<S>>(std::move(s)); }

    P p_;
};

// The Puzzle subclass PLUZZLE_EXPORT_PLUGIN exports for a class: itself, or its adapter when it is a TypedPuzzle.
template <class P> using exported_puzzle_t = std::conditional_t<is_typed_puzzle<P>::value, TypedAdapter<P>, P>;
template <class P> struct is_typed_adapter : std::false_type {};
template <class P> struct is_typed_adapter<TypedAdapter<P>> : std::true_type {};

} // namespace detail
} // namespace pluzzle
