// pluzzle/capability_rules.hpp -- the one rule between a puzzle class's `capabilities` bits and the methods it
// defines, checked when PLUZZLE_EXPORT_PLUGIN exports the class. Not included by plugin authors directly.
//
// The host trusts the capability bits: a bit without its method (or a method without its bit) is a plugin that fails
// at run time in somebody else's hands. So the build compares them, on a mask of the methods the class defines (with
// the signatures typed_puzzle.hpp documents), made from one table of methods and judged by check_capabilities.
#pragma once
#include <pluzzle/abi.h>
#include <pluzzle/grid.hpp>
#include <pluzzle/puzzle_types.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace pluzzle::detail {

template <class T> T &ref(); // a value of type T in an unevaluated call

// Every optional method of a puzzle class, once: X(name, a call with its typed signature, that signature as the
// build error names it). In the calls P is the class, L (PLUZZLE_DETAIL_L) its level type, S its state type.
// render, info and parse are not here: every class defines them and nothing optional hangs on them.
#define PLUZZLE_DETAIL_METHODS(X)                                                                                      \
    X(encode, std::string(PLUZZLE_DETAIL_P.encode(PLUZZLE_DETAIL_L)), "std::string encode(const L &) const")          \
    X(validate, PLUZZLE_DETAIL_P.validate(PLUZZLE_DETAIL_L), "void validate(const L &) const")                         \
    X(describe, Metadata(PLUZZLE_DETAIL_P.describe(PLUZZLE_DETAIL_L)), "Metadata describe(const L &) const")           \
    X(check, PLUZZLE_DETAIL_P.check(PLUZZLE_DETAIL_L, std::string_view()),                                             \
      "void check(const L &, std::string_view solution) const")                                                       \
    X(solve, SolveOutcome(PLUZZLE_DETAIL_P.solve(PLUZZLE_DETAIL_L, ref<SolveControl>())),                              \
      "SolveOutcome solve(const L &, SolveControl &) const")                                                           \
    X(split, Split(PLUZZLE_DETAIL_P.split(PLUZZLE_DETAIL_L, 0u, ref<SolveControl>())),                                 \
      "Split split(const L &, unsigned want, SolveControl &) const")                                                   \
    X(solve_cube, SolveOutcome(PLUZZLE_DETAIL_P.solve_cube(PLUZZLE_DETAIL_L, std::string_view(), ref<SolveControl>())), \
      "SolveOutcome solve_cube(const L &, std::string_view cube, SolveControl &) const")                               \
    X(render_move, PLUZZLE_DETAIL_P.render_move(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S, std::string_view(), 0.f,           \
                                                ref<Canvas>()),                                                        \
      "void render_move(const L &, const S &, std::string_view, float, Canvas &) const")                               \
    X(render_solution, PLUZZLE_DETAIL_P.render_solution(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S, ref<Canvas>()),           \
      "void render_solution(const L &, const S &solution, Canvas &) const")                                            \
    X(generate, PLUZZLE_DETAIL_LEVEL(PLUZZLE_DETAIL_P.generate(ref<const Params>(), uint64_t(), ref<SolveControl>())), \
      "L generate(const Params &, uint64_t seed, SolveControl &) const")                                               \
    X(blank, PLUZZLE_DETAIL_LEVEL(PLUZZLE_DETAIL_P.blank(ref<const Params>())), "L blank(const Params &) const")       \
    X(blank_grid, PLUZZLE_DETAIL_LEVEL(PLUZZLE_DETAIL_P.blank_grid(0, 0)),                                             \
      "L blank_grid(int width, int height) const")                                                                     \
    X(import_image,                                                                                                    \
      PLUZZLE_DETAIL_LEVEL(PLUZZLE_DETAIL_P.import_image(std::string_view(), ref<const Params>())),                    \
      "L import_image(std::string_view bytes, const Params &) const")                                                  \
    X(cell_outline, std::vector<Point>(PLUZZLE_DETAIL_P.cell_outline(PLUZZLE_DETAIL_L, 0, 0)),                         \
      "std::vector<Point> cell_outline(const L &, int row, int col) const")                                            \
    X(cell_grid, PLUZZLE_DETAIL_P.cell_grid(PLUZZLE_DETAIL_L).polygon(grid::Cell{0, 0}),                               \
      "a grid (grid::SquareGrid, HexGrid, TriangleGrid) cell_grid(const L &) const")                                   \
    X(start, PLUZZLE_DETAIL_STATE(PLUZZLE_DETAIL_P.start(PLUZZLE_DETAIL_L)), "S start(const L &) const")               \
    X(decode_state, PLUZZLE_DETAIL_STATE(PLUZZLE_DETAIL_P.decode_state(PLUZZLE_DETAIL_L, std::string_view())),         \
      "S decode_state(const L &, std::string_view) const")                                                             \
    X(encode_state, std::string(PLUZZLE_DETAIL_P.encode_state(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S)),                    \
      "std::string encode_state(const L &, const S &) const")                                                          \
    X(status, PlayStatus(PLUZZLE_DETAIL_P.status(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S)),                                 \
      "PlayStatus status(const L &, const S &) const")                                                                 \
    X(interpret, std::string(PLUZZLE_DETAIL_P.interpret(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S, ref<const Input>())),      \
      "std::string interpret(const L &, const S &, const Input &) const")                                              \
    X(execute, PLUZZLE_DETAIL_STATE(PLUZZLE_DETAIL_P.execute(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S, std::string_view())), \
      "S execute(const L &, const S &, std::string_view move) const")                                                  \
    X(edit_interpret,                                                                                                  \
      std::string(PLUZZLE_DETAIL_P.edit_interpret(PLUZZLE_DETAIL_L, std::string_view(), ref<const Input>())),          \
      "std::string edit_interpret(const L &, std::string_view tool, const Input &) const")                             \
    X(edit_execute, PLUZZLE_DETAIL_LEVEL(PLUZZLE_DETAIL_P.edit_execute(PLUZZLE_DETAIL_L, std::string_view())),         \
      "L edit_execute(const L &, std::string_view edit) const")                                                        \
    X(ai_move,                                                                                                         \
      std::string(                                                                                                     \
          PLUZZLE_DETAIL_P.ai_move(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S, std::string_view(), ref<SolveControl>())),      \
      "std::string ai_move(const L &, const S &, std::string_view ai, SolveControl &) const")                          \
    X(ai_profile_update,                                                                                               \
      std::string(PLUZZLE_DETAIL_P.ai_profile_update(PLUZZLE_DETAIL_L, PLUZZLE_DETAIL_S, std::string_view(), 0u,       \
                                                     std::string_view())),                                             \
      "std::string ai_profile_update(const L &, const S &, std::string_view ai, unsigned seat, "                      \
      "std::string_view value) const")

#define PLUZZLE_DETAIL_P ref<const P>()
#define PLUZZLE_DETAIL_L ref<const typename P::LevelType>()
#define PLUZZLE_DETAIL_S ref<const typename P::StateType>()
#define PLUZZLE_DETAIL_LEVEL(call) typename P::LevelType(call)
#define PLUZZLE_DETAIL_STATE(call) typename P::StateType(call)

// One bit a method, in the table's order.
#define PLUZZLE_DETAIL_ENUMERATOR(m, call, signature) m,
enum class Method : unsigned { PLUZZLE_DETAIL_METHODS(PLUZZLE_DETAIL_ENUMERATOR) };
#undef PLUZZLE_DETAIL_ENUMERATOR
constexpr uint32_t bit(Method m) { return uint32_t(1) << unsigned(m); }
constexpr bool defines(uint32_t methods, Method m) { return (methods & bit(m)) != 0; }

// For each method m: has_m<P>, P defines m with the typed signature; names_m<P>, P has a (single) member called m
// at all.
#define PLUZZLE_DETAIL_DETECT(m, call, signature)                                                                      \
    template <class P, class = void> struct has_##m : std::false_type {};                                              \
    template <class P> struct has_##m<P, std::void_t<decltype(call)>> : std::true_type {};                             \
    template <class P, class = void> struct names_##m : std::false_type {};                                            \
    template <class P> struct names_##m<P, std::void_t<decltype(&P::m)>> : std::true_type {};
PLUZZLE_DETAIL_METHODS(PLUZZLE_DETAIL_DETECT)
#undef PLUZZLE_DETAIL_DETECT

// The methods a puzzle class defines (with their typed signatures).
#define PLUZZLE_DETAIL_DEFINED(m, call, signature) | (has_##m<P>::value ? bit(Method::m) : 0u)
template <class P> constexpr uint32_t typed_methods() { return 0u PLUZZLE_DETAIL_METHODS(PLUZZLE_DETAIL_DEFINED); }
#undef PLUZZLE_DETAIL_DEFINED

// A method with the right name but not callable as documented: a build error that shows the signature
// expected (without it the bridge would silently take the method as undefined).
#define PLUZZLE_DETAIL_SIGNATURE(m, call, signature)                                                                   \
    static_assert(has_##m<P>::value || !names_##m<P>::value,                                                           \
                  #m " has the wrong signature for a TypedPuzzle: expected " signature);
template <class P> constexpr bool check_typed_signatures() {
    PLUZZLE_DETAIL_METHODS(PLUZZLE_DETAIL_SIGNATURE)
    return true;
}
#undef PLUZZLE_DETAIL_SIGNATURE

#undef PLUZZLE_DETAIL_P
#undef PLUZZLE_DETAIL_L
#undef PLUZZLE_DETAIL_S
#undef PLUZZLE_DETAIL_LEVEL
#undef PLUZZLE_DETAIL_STATE
#undef PLUZZLE_DETAIL_METHODS

constexpr uint64_t known_capabilities = PZ_CAP_SOLVE | PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_OPTIMAL | PZ_CAP_GENERATE |
                                        PZ_CAP_PLAY | PZ_CAP_EDIT | PZ_CAP_GAME | PZ_CAP_BLANK |
                                        PZ_CAP_IMPORT_IMAGE | PZ_CAP_ANIMATE | PZ_CAP_SPLIT;

// The rule: `caps` (the declared bits) against `methods` (the mask of what the class defines).
template <uint64_t caps, uint32_t methods> constexpr bool check_capability_rules() {
    constexpr auto has = [](Method m) { return defines(methods, m); };
    static_assert((caps & ~known_capabilities) == 0, "capabilities holds a bit that is not a pz_capability");
    static_assert(((caps & PZ_CAP_SOLVE) != 0) == has(Method::solve),
                  "PZ_CAP_SOLVE is declared exactly when solve() is defined");
    static_assert(!(caps & (PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_OPTIMAL)) || (caps & PZ_CAP_SOLVE),
                  "PZ_CAP_COUNT_SOLUTIONS and PZ_CAP_OPTIMAL describe solve(): they need PZ_CAP_SOLVE");
    static_assert(((caps & PZ_CAP_GENERATE) != 0) == has(Method::generate),
                  "PZ_CAP_GENERATE is declared exactly when generate() is defined");
    static_assert(((caps & PZ_CAP_BLANK) != 0) == (has(Method::blank) || has(Method::blank_grid)),
                  "PZ_CAP_BLANK is declared exactly when blank() or blank_grid() is defined");
    static_assert(((caps & PZ_CAP_IMPORT_IMAGE) != 0) == has(Method::import_image),
                  "PZ_CAP_IMPORT_IMAGE is declared exactly when import_image() is defined");
    static_assert(((caps & PZ_CAP_ANIMATE) != 0) == has(Method::render_move),
                  "PZ_CAP_ANIMATE is declared exactly when render_move() is defined");
    static_assert(((caps & PZ_CAP_SPLIT) != 0) == (has(Method::split) && has(Method::solve_cube)) &&
                      has(Method::split) == has(Method::solve_cube),
                  "PZ_CAP_SPLIT is declared exactly when split() and solve_cube() are both defined");
    static_assert(!(caps & PZ_CAP_SPLIT) || (caps & PZ_CAP_SOLVE),
                  "PZ_CAP_SPLIT splits what solve() solves: it needs PZ_CAP_SOLVE");
    static_assert(!(caps & PZ_CAP_ANIMATE) || (caps & PZ_CAP_PLAY),
                  "PZ_CAP_ANIMATE animates moves: it needs PZ_CAP_PLAY");
    // Not a capability (the table has it when the class defines it), but a solution is a play state.
    static_assert(!has(Method::render_solution) || (caps & PZ_CAP_PLAY),
                  "render_solution() draws a solution decoded as a play state: it needs PZ_CAP_PLAY");
    constexpr bool plays = has(Method::start) && has(Method::decode_state) && has(Method::encode_state) &&
                           has(Method::status) && has(Method::execute);
    static_assert(!(caps & PZ_CAP_PLAY) || plays,
                  "PZ_CAP_PLAY needs start, decode_state, encode_state, status and execute defined");
    // decode_state and status alone may serve the default check(): only start and execute mean play.
    static_assert((caps & PZ_CAP_PLAY) || !(has(Method::start) || has(Method::execute)),
                  "start() or execute() is defined: declare PZ_CAP_PLAY");
    static_assert(((caps & PZ_CAP_EDIT) != 0) == (has(Method::edit_interpret) && has(Method::edit_execute)) &&
                      has(Method::edit_interpret) == has(Method::edit_execute),
                  "PZ_CAP_EDIT is declared exactly when edit_interpret() and edit_execute() are both defined");
    // ai_move without PZ_CAP_GAME is fine: a one-player puzzle's hint AI.
    static_assert(!(caps & PZ_CAP_GAME) || has(Method::ai_move), "PZ_CAP_GAME needs ai_move() defined");
    static_assert(!(caps & PZ_CAP_GAME) || (caps & PZ_CAP_PLAY), "PZ_CAP_GAME needs PZ_CAP_PLAY");
    return true;
}

template <class, class = void> struct declares_capabilities : std::false_type {};
template <class P>
struct declares_capabilities<P, std::void_t<decltype(P::capabilities)>>
    : std::is_convertible<decltype(P::capabilities), uint64_t> {};

// P's declared bits against `methods`, the mask of what P defines (typed_methods).
template <class P, uint32_t methods> constexpr bool check_capabilities() {
    static_assert(declares_capabilities<P>::value,
                  "declare the plugin's capabilities in the puzzle class: static constexpr uint64_t capabilities = "
                  "PZ_CAP_SOLVE | ...; (0 when it only parses and renders)");
    if constexpr (declares_capabilities<P>::value)
        return check_capability_rules<uint64_t(P::capabilities), methods>();
    else
        return true; // already refused above: one message is enough
}

} // namespace pluzzle::detail
