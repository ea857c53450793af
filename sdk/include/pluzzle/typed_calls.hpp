// pluzzle/typed_calls.hpp -- a puzzle class as the export bridge calls it: every method of typed_puzzle.hpp, the
// class's own when it defines it, else the answer typed_puzzle.hpp documents for a method left out. Part of the
// bridge (export.hpp); not included by plugin authors directly.
#pragma once
#include <pluzzle/capability_rules.hpp>
#include <pluzzle/typed_puzzle.hpp>

#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace pluzzle::detail {

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

// Every check the export makes on a puzzle class: its signatures, then its capabilities against what it defines.
template <class P> constexpr bool check_typed_puzzle() {
    static_assert(std::is_default_constructible_v<P>, "a puzzle class is default-constructible (the bridge makes one)");
    return check_typed_signatures<P>() && check_capabilities<P, typed_methods<P>()>();
}

// The bridge only puts a method in the C table when the capabilities promise it, but every entry is compiled: a
// method left out answers here. (What these defaults say is the SDK's behaviour since ABI 1.0; keep them.)
template <class P> class PuzzleCalls {
  public:
    using L = typename P::LevelType;
    using S = typename P::StateType;
    static_assert(check_typed_puzzle<P>());
    static constexpr uint32_t methods = typed_methods<P>(); // what P defines

    PluginInfo info() const { return p_.info(); }
    std::vector<Parsed<L>> parse(std::string_view text, std::string_view format) const {
        return p_.parse(text, format);
    }
    std::string encode(const L &l) const { return p_.encode(l); }
    void validate(const L &l) const {
        if constexpr (has_validate<P>::value) p_.validate(l);
    }
    Metadata describe(const L &l) const {
        if constexpr (has_describe<P>::value)
            return p_.describe(l);
        else
            return {};
    }
    void check(const L &l, std::string_view solution) const {
        if constexpr (has_check<P>::value) {
            p_.check(l, solution);
        } else { // the solution, read as a play state, must finish the level
            const S s = decode_state(l, solution);
            const PlayStatus st = status(l, s);
            if (st.phase == PZ_PLAY_ONGOING)
                throw invalid(st.message.empty() ? std::string("the solution does not finish the level") : st.message);
        }
    }
    SolveOutcome solve(const L &l, SolveControl &c) const {
        if constexpr (has_solve<P>::value)
            return p_.solve(l, c);
        else
            throw unsupported("solve");
    }
    Split split(const L &l, unsigned want, SolveControl &c) const {
        if constexpr (has_split<P>::value)
            return p_.split(l, want, c);
        else
            throw unsupported("split");
    }
    SolveOutcome solve_cube(const L &l, std::string_view cube, SolveControl &c) const {
        if constexpr (has_solve_cube<P>::value)
            return p_.solve_cube(l, cube, c);
        else
            throw unsupported("split");
    }
    void render(const L &l, const S *s, Canvas &c) const {
        if constexpr (has_render<P>::value)
            p_.render(l, s, c);
        else
            p_.render(l, c); // a puzzle without play: render(const L &, Canvas &)
    }
    void render_move(const L &l, const S &s, std::string_view move, float t, Canvas &c) const {
        if constexpr (has_render_move<P>::value)
            p_.render_move(l, s, move, t, c);
        else
            throw unsupported("move animation");
    }
    void render_solution(const L &l, const S &solution, Canvas &c) const {
        if constexpr (has_render_solution<P>::value)
            p_.render_solution(l, solution, c);
        else // the finished board is the answer (abi.h rule 14)
            render(l, &solution, c);
    }
    L generate(const Params &params, uint64_t seed, SolveControl &c) const {
        if constexpr (has_generate<P>::value)
            return p_.generate(params, seed, c);
        else
            throw unsupported("generate");
    }
    L blank(const Params &params) const {
        if constexpr (has_blank<P>::value)
            return p_.blank(params);
        else // width/height through blank_grid
            return blank_grid(int(params.integer("width")), int(params.integer("height")));
    }
    L blank_grid(int width, int height) const {
        if constexpr (has_blank_grid<P>::value)
            return p_.blank_grid(width, height);
        else
            throw unsupported("blank level");
    }
    L import_image(std::string_view bytes, const Params &params) const {
        if constexpr (has_import_image<P>::value)
            return p_.import_image(bytes, params);
        else
            throw unsupported("image import");
    }
    std::vector<Point> cell_outline(const L &l, int row, int col) const {
        if constexpr (has_cell_outline<P>::value)
            return p_.cell_outline(l, row, col);
        else if constexpr (has_cell_grid<P>::value) { // the board is a grid: its polygons
            const auto grid = p_.cell_grid(l);
            const grid::Cell cell{row, col};
            return grid.contains(cell) ? grid.polygon(cell) : std::vector<Point>{};
        } else
            return {};
    }
    S start(const L &l) const {
        if constexpr (has_start<P>::value)
            return p_.start(l);
        else
            throw unsupported("play");
    }
    S decode_state(const L &l, std::string_view text) const {
        if constexpr (has_decode_state<P>::value)
            return p_.decode_state(l, text);
        else
            throw unsupported("play");
    }
    std::string encode_state(const L &l, const S &s) const {
        if constexpr (has_encode_state<P>::value)
            return p_.encode_state(l, s);
        else
            throw unsupported("play");
    }
    PlayStatus status(const L &l, const S &s) const {
        if constexpr (has_status<P>::value)
            return p_.status(l, s);
        else
            throw unsupported("play");
    }
    std::string interpret(const L &l, const S &s, const Input &in) const {
        if constexpr (has_interpret<P>::value)
            return p_.interpret(l, s, in);
        else
            return {};
    }
    S execute(const L &l, const S &s, std::string_view move) const {
        if constexpr (has_execute<P>::value)
            return p_.execute(l, s, move);
        else
            throw unsupported("play");
    }
    std::string edit_interpret(const L &l, std::string_view tool, const Input &in) const {
        if constexpr (has_edit_interpret<P>::value)
            return p_.edit_interpret(l, tool, in);
        else
            throw unsupported("edit");
    }
    L edit_execute(const L &l, std::string_view edit) const {
        if constexpr (has_edit_execute<P>::value)
            return p_.edit_execute(l, edit);
        else
            throw unsupported("edit");
    }
    std::string ai_move(const L &l, const S &s, std::string_view ai, SolveControl &c) const {
        if constexpr (has_ai_move<P>::value)
            return p_.ai_move(l, s, ai, c);
        else
            throw unsupported("AI");
    }
    std::string ai_profile_update(const L &l, const S &s, std::string_view ai, unsigned seat,
                                  std::string_view value) const {
        if constexpr (has_ai_profile_update<P>::value)
            return p_.ai_profile_update(l, s, ai, seat, value);
        else
            throw unsupported("AI profile");
    }

  private:
    P p_;
};

} // namespace pluzzle::detail
