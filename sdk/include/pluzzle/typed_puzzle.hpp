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
//   PLUZZLE_EXPORT_PLUGIN(Sudoku)                         // in one .cpp, as for a pluzzle::Puzzle subclass
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

// has_<m><P>: P defines m with the typed signature; names_<m><P>: P has a (single) member called m at all.
#define PLUZZLE_DETAIL_TYPED_METHOD(m, ...)                                                                            \
    template <class P, class = void> struct has_##m : std::false_type {};                                              \
    template <class P> struct has_##m<P, std::void_t<decltype(__VA_ARGS__)>> : std::true_type {};                      \
    template <class P, class = void> struct names_##m : std::false_type {};                                            \
    template <class P> struct names_##m<P, std::void_t<decltype(&P::m)>> : std::true_type {};

template <class T> T &ref();
#define PLUZZLE_DETAIL_P ref<const P>()
#define PLUZZLE_DETAIL_L ref<const typename P::LevelType>()
#define PLUZZLE_DETAIL_S ref<const typename P::StateType>()
PLUZZLE_DETAIL_TYPED_METHOD(render, PLUZZLE_DETAIL_P.render(PLUZZLE_DETAIL_L, &PLUZZLE_DETAIL_S, ref<Canvas>()))
PLUZZLE_DETAIL_TYPED_METHOD(encode, std::string(PLUZZLE_DETAIL_P.encode(PLUZZLE_DETAIL_L)))
PLUZZLE_DETAIL_TYPED_METHOD(validate, PLUZZLE_DETAIL_P.validate(PLUZZLE_DETAIL_L))
PLUZZLE_DETAIL_TYPED_METHOD(describe, Metadata(PLUZZLE_DETAIL_P.describe(PLUZZLE_DETAIL_L)))
PLUZZLE_DETAIL_TYPED_METHOD(check, PLUZZLE_DETAIL_P.check(PLUZZLE_DETAIL_L, std::string_view()))
PLUZZLE_DETAIL_TYPED_METHOD(solve, SolveOutcome(PLUZZLE_DETAIL_P.solve(PLUZZLE_DETAIL_L, ref<SolveControl>())))
PLUZZLE_DETAIL_TYPED_METHOD(render_move, PLUZZLE_DETAIL_P.render_move(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S,
                                                                      std::string_view(), 0.f, ref<Canvas>()))
PLUZZLE_DETAIL_TYPED_METHOD(generate, typename P::LevelType(PLUZZLE_DETAIL_P.generate(ref<const Params>(), uint64_t(),
                                                                                      ref<SolveControl>())))
PLUZZLE_DETAIL_TYPED_METHOD(blank, typename P::LevelType(PLUZZLE_DETAIL_P.blank(ref<const Params>())))
PLUZZLE_DETAIL_TYPED_METHOD(blank_grid, typename P::LevelType(PLUZZLE_DETAIL_P.blank_grid(0, 0)))
PLUZZLE_DETAIL_TYPED_METHOD(import_image, typename P::LevelType(PLUZZLE_DETAIL_P.import_image(std::string_view(),
                                                                                              ref<const Params>())))
PLUZZLE_DETAIL_TYPED_METHOD(cell_outline, std::vector<Point>(PLUZZLE_DETAIL_P.cell_outline(PLUZZLE_DETAIL_L, 0, 0)))
PLUZZLE_DETAIL_TYPED_METHOD(cell_grid, PLUZZLE_DETAIL_P.cell_grid(PLUZZLE_DETAIL_L).polygon(grid::Cell{0, 0}))
PLUZZLE_DETAIL_TYPED_METHOD(start, typename P::StateType(PLUZZLE_DETAIL_P.start(PLUZZLE_DETAIL_L)))
PLUZZLE_DETAIL_TYPED_METHOD(decode_state,
                            typename P::StateType(PLUZZLE_DETAIL_P.decode_state(PLUZZLE_DETAIL_L, std::string_view())))
PLUZZLE_DETAIL_TYPED_METHOD(encode_state,
                            std::string(PLUZZLE_DETAIL_P.encode_state(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S)))
PLUZZLE_DETAIL_TYPED_METHOD(status, PlayStatus(PLUZZLE_DETAIL_P.status(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S)))
PLUZZLE_DETAIL_TYPED_METHOD(interpret, std::string(PLUZZLE_DETAIL_P.interpret(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S,
                                                                              ref<const Input>())))
PLUZZLE_DETAIL_TYPED_METHOD(execute, typename P::StateType(PLUZZLE_DETAIL_P.execute(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S,
                                                                                    std::string_view())))
PLUZZLE_DETAIL_TYPED_METHOD(edit_interpret,
                            std::string(PLUZZLE_DETAIL_P.edit_interpret(PLUZZLE_DETAIL_L, std::string_view(),
                                                                        ref<const Input>())))
PLUZZLE_DETAIL_TYPED_METHOD(edit_execute,
                            typename P::LevelType(PLUZZLE_DETAIL_P.edit_execute(PLUZZLE_DETAIL_L, std::string_view())))
PLUZZLE_DETAIL_TYPED_METHOD(ai_move, std::string(PLUZZLE_DETAIL_P.ai_move(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S,
                                                                          std::string_view(), ref<SolveControl>())))
PLUZZLE_DETAIL_TYPED_METHOD(ai_profile_update,
                            std::string(PLUZZLE_DETAIL_P.ai_profile_update(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S,
                                                                           std::string_view(), 0u, std::string_view())))
#undef PLUZZLE_DETAIL_P
#undef PLUZZLE_DETAIL_L
#undef PLUZZLE_DETAIL_S
#undef PLUZZLE_DETAIL_TYPED_METHOD

// Defined with the right name but not callable as documented: a build error that shows the signature expected.
#define PLUZZLE_DETAIL_SIGNATURE(m, expected)                                                                          \
    static_assert(has_##m<P>::value || !names_##m<P>::value,                                                           \
                  #m " has the wrong signature for a TypedPuzzle: expected " expected)

template <class P> constexpr bool check_typed_puzzle() {
    static_assert(std::is_default_constructible_v<P>, "a puzzle class is default-constructible (the bridge makes one)");
    PLUZZLE_DETAIL_SIGNATURE(encode, "std::string encode(const L &) const");
    PLUZZLE_DETAIL_SIGNATURE(validate, "void validate(const L &) const");
    PLUZZLE_DETAIL_SIGNATURE(describe, "Metadata describe(const L &) const");
    PLUZZLE_DETAIL_SIGNATURE(check, "void check(const L &, std::string_view solution) const");
    PLUZZLE_DETAIL_SIGNATURE(solve, "SolveOutcome solve(const L &, SolveControl &) const");
    PLUZZLE_DETAIL_SIGNATURE(render_move,
                             "void render_move(const L &, const S &, std::string_view, float, Canvas &) const");
    PLUZZLE_DETAIL_SIGNATURE(generate, "L generate(const Params &, uint64_t seed, SolveControl &) const");
    PLUZZLE_DETAIL_SIGNATURE(blank, "L blank(const Params &) const");
    PLUZZLE_DETAIL_SIGNATURE(blank_grid, "L blank_grid(int width, int height) const");
    PLUZZLE_DETAIL_SIGNATURE(import_image, "L import_image(std::string_view bytes, const Params &) const");
    PLUZZLE_DETAIL_SIGNATURE(cell_outline, "std::vector<Point> cell_outline(const L &, int row, int col) const");
    PLUZZLE_DETAIL_SIGNATURE(cell_grid, "a grid (grid::SquareGrid, HexGrid, TriangleGrid) cell_grid(const L &) const");
    PLUZZLE_DETAIL_SIGNATURE(start, "S start(const L &) const");
    PLUZZLE_DETAIL_SIGNATURE(decode_state, "S decode_state(const L &, std::string_view) const");
    PLUZZLE_DETAIL_SIGNATURE(encode_state, "std::string encode_state(const L &, const S &) const");
    PLUZZLE_DETAIL_SIGNATURE(status, "PlayStatus status(const L &, const S &) const");
    PLUZZLE_DETAIL_SIGNATURE(interpret, "std::string interpret(const L &, const S &, const Input &) const");
    PLUZZLE_DETAIL_SIGNATURE(execute, "S execute(const L &, const S &, std::string_view move) const");
    PLUZZLE_DETAIL_SIGNATURE(edit_interpret,
                             "std::string edit_interpret(const L &, std::string_view tool, const Input &) const");
    PLUZZLE_DETAIL_SIGNATURE(edit_execute, "L edit_execute(const L &, std::string_view edit) const");
    PLUZZLE_DETAIL_SIGNATURE(ai_move,
                             "std::string ai_move(const L &, const S &, std::string_view ai, SolveControl &) const");
    PLUZZLE_DETAIL_SIGNATURE(ai_profile_update,
                             "std::string ai_profile_update(const L &, const S &, std::string_view ai, "
                             "unsigned seat, std::string_view value) const");

    // The same rules as check_capabilities (export.hpp), on what the class defines.
    constexpr uint64_t caps = P::capabilities;
    static_assert(((caps & PZ_CAP_SOLVE) != 0) == has_solve<P>::value,
                  "PZ_CAP_SOLVE is declared exactly when solve() is defined");
    static_assert(!(caps & (PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_OPTIMAL)) || (caps & PZ_CAP_SOLVE),
                  "PZ_CAP_COUNT_SOLUTIONS and PZ_CAP_OPTIMAL describe solve(): they need PZ_CAP_SOLVE");
    static_assert(((caps & PZ_CAP_GENERATE) != 0) == has_generate<P>::value,
                  "PZ_CAP_GENERATE is declared exactly when generate() is defined");
    static_assert(((caps & PZ_CAP_BLANK) != 0) == (has_blank<P>::value || has_blank_grid<P>::value),
                  "PZ_CAP_BLANK is declared exactly when blank() or blank_grid() is defined");
    static_assert(((caps & PZ_CAP_IMPORT_IMAGE) != 0) == has_import_image<P>::value,
                  "PZ_CAP_IMPORT_IMAGE is declared exactly when import_image() is defined");
    static_assert(((caps & PZ_CAP_ANIMATE) != 0) == has_render_move<P>::value,
                  "PZ_CAP_ANIMATE is declared exactly when render_move() is defined");
    static_assert(!(caps & PZ_CAP_ANIMATE) || (caps & PZ_CAP_PLAY),
                  "PZ_CAP_ANIMATE animates moves: it needs PZ_CAP_PLAY");
    constexpr bool plays = has_start<P>::value && has_decode_state<P>::value && has_encode_state<P>::value &&
                           has_status<P>::value && has_execute<P>::value;
    static_assert(!(caps & PZ_CAP_PLAY) || plays,
                  "PZ_CAP_PLAY needs start, decode_state, encode_state, status and execute defined");
    static_assert((caps & PZ_CAP_PLAY) || !(has_start<P>::value || has_execute<P>::value),
                  "start() or execute() is defined: declare PZ_CAP_PLAY");
    static_assert(((caps & PZ_CAP_EDIT) != 0) == (has_edit_interpret<P>::value && has_edit_execute<P>::value) &&
                      has_edit_interpret<P>::value == has_edit_execute<P>::value,
                  "PZ_CAP_EDIT is declared exactly when edit_interpret() and edit_execute() are both defined");
    static_assert(!(caps & PZ_CAP_GAME) || has_ai_move<P>::value, "PZ_CAP_GAME needs ai_move() defined");
    static_assert(!(caps & PZ_CAP_GAME) || (caps & PZ_CAP_PLAY), "PZ_CAP_GAME needs PZ_CAP_PLAY");
    return true;
}
#undef PLUZZLE_DETAIL_SIGNATURE

// The Puzzle the export bridge sees for a TypedPuzzle class P: every method unwraps the handles and calls P's, or
// answers as Puzzle's default does when P does not define it.
template <class P> class TypedAdapter final : public Puzzle {
  public:
    using L = typename P::LevelType;
    using S = typename P::StateType;
    static constexpr uint64_t capabilities = P::capabilities;
    static constexpr bool defines_cell_outline = has_cell_outline<P>::value || has_cell_grid<P>::value;
    static_assert(check_typed_puzzle<P>());

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
