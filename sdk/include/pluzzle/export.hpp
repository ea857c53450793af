// pluzzle/export.hpp -- fills the C table of <pluzzle/abi.h> from a puzzle class, a pluzzle::TypedPuzzle<L, S>
// subclass (typed_puzzle.hpp): the C functions box its level and state values in the ABI's opaque handles.
//
// Use: PLUZZLE_EXPORT_PLUGIN(MyPuzzle) once, in one .cpp of the plugin. MyPuzzle declares what it does in
// `static constexpr uint64_t capabilities` (pz_capability bits); the build fails when those bits and the methods
// it defines disagree (capability_rules.hpp). Every C function below catches every exception, so nothing C++ leaves
// the library.
#pragma once
#include <pluzzle/abi.h>
#include <pluzzle/puzzle_types.hpp>
#include <pluzzle/typed_calls.hpp>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace pluzzle::detail {

// Truncates on a UTF-8 character boundary: the host rejects a string that ends inside a character.
inline void copy_to(char *dst, size_t cap, const std::string &src) {
    size_t n = std::min(cap - 1, src.size());
    if (n < src.size())
        while (n > 0 && (static_cast<unsigned char>(src[n]) & 0xC0) == 0x80)
            --n;
    std::memcpy(dst, src.data(), n);
    dst[n] = '\0';
}

inline void fill(pz_error *err, const std::string &message, const std::string &field = {},
                 int line = 0, int column = 0) {
    if (!err) return;
    err->line = line;
    err->column = column;
    copy_to(err->field, sizeof err->field, field);
    copy_to(err->message, sizeof err->message, message);
}

// Runs `f`, converting every exception into an error code. This is the only way plugin code is entered. An
// exception that is not a pluzzle::Error (std::stoi's, a std::runtime_error of the author's) is `foreign`'s code:
// PZ_ERR_PARSE where plugin code reads text the user gave (parse, decode_state) and PZ_ERR_INVALID in validate, so
// the host still names the file and exits with the input-error status; PZ_ERR_INTERNAL elsewhere.
template <class F> pz_code guard(pz_error *err, F &&f, pz_code foreign = PZ_ERR_INTERNAL) noexcept {
    try {
        f();
        return PZ_OK;
    } catch (const Error &e) {
        fill(err, e.what(), e.field(), e.line(), e.column());
        return e.code();
    } catch (const std::exception &e) {
        fill(err, std::string("plugin error: ") + e.what()); // the prefix tells the host it was not an Error
    } catch (...) {
        fill(err, "plugin error: unknown exception");
    }
    return foreign;
}

inline void write(const pz_text_sink *out, const std::string &s) {
    if (out && out->write) out->write(out->ctx, s.data(), s.size());
}

inline std::vector<std::pair<std::string, std::string>> pairs(const pz_param_value *p, uint32_t n) {
    std::vector<std::pair<std::string, std::string>> v;
    for (uint32_t i = 0; i < n; ++i) v.emplace_back(p[i].name ? p[i].name : "", p[i].value ? p[i].value : "");
    return v;
}

// Whether P says where its cells are (ABI 1.6 cell_outline): a cell_outline, or a cell_grid.
template <class P> constexpr bool defines_cell_outline() {
    return defines(typed_methods<P>(), Method::cell_outline) || defines(typed_methods<P>(), Method::cell_grid);
}

// P is the author's class; the bridge calls it through PuzzleCalls (typed_calls.hpp), which checks it.
template <class P> struct Bridge {
    static_assert(is_typed_puzzle<P>::value, "PLUZZLE_EXPORT_PLUGIN takes a pluzzle::TypedPuzzle<L, S> subclass");
    using L = typename P::LevelType;
    using S = typename P::StateType;

    static const PuzzleCalls<P> &puzzle() {
        static const PuzzleCalls<P> instance;
        return instance;
    }

    // What the opaque handles point to: a level value, and a state value with the level it belongs to.
    struct LevelBox {
        L level;
    };
    struct StateBox {
        const LevelBox *level; // the host keeps the level alive while the state lives (ABI rule 4)
        S state;
    };
    static const LevelBox &box_of(const pz_level *h) { return *reinterpret_cast<const LevelBox *>(h); }
    static const L &unbox(const pz_level *h) { return box_of(h).level; }
    static const StateBox &unbox(const pz_state *h) { return *reinterpret_cast<const StateBox *>(h); }
    static pz_level *handle(L l) { return reinterpret_cast<pz_level *>(new LevelBox{std::move(l)}); }
    static pz_state *handle(const LevelBox *level, S s) {
        return reinterpret_cast<pz_state *>(new StateBox{level, std::move(s)});
    }

    // Everything the C table points into: the descriptors' strings and the C arrays over them. It is built where
    // it stays (a function-local static, constructed in place; copying and moving are deleted), so no pointer in
    // `table` can refer to a string of a moved or copied object, whatever the compiler elides.
    struct Exported {
        PluginInfo info;
        std::vector<pz_format> formats;
        std::vector<pz_param_desc> params;
        std::vector<pz_tool_desc> tools;
        std::vector<pz_ai_desc> ais;
        std::vector<pz_ai_profile> ai_profiles;
        std::vector<pz_param_desc> solver_options;
        pz_plugin table{};

        Exported() : info(puzzle().info()) {
            info.capabilities = uint64_t(P::capabilities); // the checked constant is the one truth
            for (auto &f : info.formats)
                formats.push_back({f.name.c_str(), f.extensions.c_str(), f.description.c_str()});
            auto to_c = [](const ParamDesc &p) {
                return pz_param_desc{p.name.c_str(), p.type,  p.default_value.c_str(), p.min, p.max,
                                     p.choices.c_str(), p.help.c_str()};
            };
            for (auto &p : info.params) params.push_back(to_c(p));
            for (auto &p : info.solver_options) solver_options.push_back(to_c(p));
            for (auto &t : info.tools) tools.push_back({t.id.c_str(), t.name.c_str(), t.shortcut.c_str(), t.help.c_str()});
            for (auto &a : info.ais) {
                ais.push_back({a.id.c_str(), a.name.c_str(), a.help.c_str()});
                if (!a.profile.name.empty())
                    ai_profiles.push_back(
                        {a.id.c_str(), a.profile.name.c_str(), a.profile.default_value.c_str(), a.profile.help.c_str()});
            }
            pz_plugin &t = table;
            t.abi_major = PZ_ABI_MAJOR;
            t.abi_minor = PZ_ABI_MINOR;
            t.struct_size = sizeof(pz_plugin);
            t.id = info.id.c_str();
            t.name = info.name.c_str();
            t.version = info.version.c_str();
            t.description = info.description.c_str();
            t.capabilities = info.capabilities;
            t.formats = formats.data();
            t.format_count = uint32_t(formats.size());
            t.params = params.data();
            t.param_count = uint32_t(params.size());
            t.tools = tools.data();
            t.tool_count = uint32_t(tools.size());
            t.parse = &parse;
            t.encode = &encode;
            t.level_free = &level_free;
            t.validate = &validate;
            t.describe = &describe;
            t.check = &check;
            t.render = &render;
            // Optional operations are in the table only when the capability is declared, so the table says what
            // the plugin does and the host can rely on it.
            const uint64_t caps = info.capabilities;
            if (caps & PZ_CAP_SOLVE) t.solve = &solve;
            if (caps & PZ_CAP_GENERATE) t.generate = &generate;
            if (caps & PZ_CAP_PLAY) {
                t.state_new = &state_new;
                t.state_decode = &state_decode;
                t.state_encode = &state_encode;
                t.state_free = &state_free;
                t.state_status = &state_status;
                t.interpret = &interpret;
                t.execute = &execute;
            }
            if (caps & PZ_CAP_EDIT) {
                t.edit_interpret = &edit_interpret;
                t.edit_execute = &edit_execute;
            }
            t.ais = ais.data();
            t.ai_count = uint32_t(ais.size());
            if (!ais.empty()) t.ai_move = &ai_move;
            t.solver_options = solver_options.data();
            t.solver_option_count = uint32_t(solver_options.size());
            // Only a plugin with a profile AI offers the update: the host reads a missing one as "no profiles".
            t.ai_profiles = ai_profiles.data();
            t.ai_profile_count = uint32_t(ai_profiles.size());
            if (!ai_profiles.empty()) t.ai_profile_update = &ai_profile_update;
            if (caps & PZ_CAP_BLANK) t.blank_level = &blank_level;
            if (caps & PZ_CAP_IMPORT_IMAGE) t.import_image = &import_image;
            if (caps & PZ_CAP_ANIMATE) t.render_move = &render_move;
            if (caps & PZ_CAP_SPLIT) {
                t.split = &split;
                t.solve_cube = &solve_cube;
            }
            // Not a capability: the table has it when the class defines where its cells are.
            if (defines_cell_outline<P>()) t.cell_outline = &cell_outline;
            if (defines(typed_methods<P>(), Method::render_solution)) t.render_solution = &render_solution; // 1.9
            t.validate_places = &validate_places; // validate() with the places its Error names (none: none)
        }
        Exported(const Exported &) = delete;
        Exported &operator=(const Exported &) = delete;
    };
    static const Exported &exported() {
        static const Exported e;
        return e;
    }

    // Always answers with the table, even to a host of another major: the first three fields are frozen across
    // majors, so that host can read abi_major and explain the mismatch instead of guessing.
    static const pz_plugin *entry(uint32_t /*host_major*/, uint32_t /*host_minor*/) noexcept {
        try {
            return &exported().table;
        } catch (const std::exception &e) {
            set_entry_error(std::string("info() failed: ") + e.what());
        } catch (...) {
            set_entry_error("info() failed with an exception that is not a std::exception");
        }
        return nullptr;
    }
    // The entry point's error channel (ABI 1.5): the reason the table could not be made, for the host to show.
    static const char *entry_error() noexcept { return entry_error_text().c_str(); }
    static std::string &entry_error_text() {
        static std::string text; // set once, before entry returns NULL; read after
        return text;
    }
    static void set_entry_error(std::string text) noexcept {
        try {
            entry_error_text() = std::move(text);
        } catch (...) { // out of memory: the host then says only that no table came back
        }
    }

    static pz_code parse(const char *text, size_t len, const char *format, const pz_level_sink *out,
                         pz_error *err) {
        return guard(
            err,
            [&] {
                auto levels = puzzle().parse(std::string_view(text, len), format ? format : "");
                if (levels.empty()) throw parse_error("no level found", 0);
                for (auto &l : levels) {
                    pz_level *h = handle(std::move(l.level));
                    out->level(out->ctx, h, l.name.c_str());
                }
            },
            PZ_ERR_PARSE);
    }
    static pz_code encode(const pz_level *l, const pz_text_sink *out, pz_error *err) {
        return guard(err, [&] { write(out, puzzle().encode(unbox(l))); });
    }
    static void level_free(pz_level *l) { delete reinterpret_cast<LevelBox *>(l); }
    static pz_code validate(const pz_level *l, pz_error *err) {
        return guard(
            err, [&] { puzzle().validate(unbox(l)); }, PZ_ERR_INVALID);
    }
    static pz_code validate_places(const pz_level *l, const pz_place_sink *places, pz_error *err) {
        return guard(
            err,
            [&] {
                try {
                    puzzle().validate(unbox(l));
                } catch (const Error &e) {
                    if (places && places->place)
                        for (const Place &p : e.places())
                            places->place(places->ctx, p.kind, p.row, p.col, p.x, p.y);
                    throw;
                }
            },
            PZ_ERR_INVALID);
    }
    static pz_code describe(const pz_level *l, const pz_kv_sink *out, pz_error *err) {
        return guard(err, [&] {
            for (auto &[k, v] : puzzle().describe(unbox(l))) out->put(out->ctx, k.c_str(), v.c_str());
        });
    }
    static pz_code check(const pz_level *l, const char *sol, size_t len, pz_error *err) {
        return guard(err, [&] { puzzle().check(unbox(l), std::string_view(sol, len)); });
    }
    static SolveControl control_for(const pz_solve_request *req, const pz_solution_sink *sols) {
        return SolveControl(req, sols,
                            Params(exported().info.solver_options,
                                   pairs(req ? req->params : nullptr, req ? req->param_count : 0)));
    }
    static void fill_result(const SolveOutcome &o, const SolveControl &control, pz_solve_result *res) {
        res->status = o.status;
        res->nodes = control.nodes();
        res->lower_bound = o.lower_bound;
        res->upper_bound = o.upper_bound;
        if (PZ_STRUCT_HAS(res, pz_solve_result, difficulty_label)) { // a host of 1.6 or older passes less
            res->difficulty = o.difficulty.value;
            copy_to(res->difficulty_label, sizeof res->difficulty_label, o.difficulty.label);
        }
        if (res->stats.put)
            for (auto &[k, v] : o.stats) res->stats.put(res->stats.ctx, k.c_str(), v.c_str());
    }
    static pz_code solve(const pz_level *l, const pz_solve_request *req, pz_solve_result *res,
                         const pz_solution_sink *sols, pz_error *err) {
        return guard(err, [&] {
            SolveControl control = control_for(req, sols);
            fill_result(puzzle().solve(unbox(l), control), control, res);
        });
    }
    static pz_code split(const pz_level *l, const pz_solve_request *req, uint32_t want, const pz_cube_sink *cubes,
                         int32_t *combine, pz_solve_result *res, const pz_solution_sink *sols, pz_error *err) {
        return guard(err, [&] {
            SolveControl control = control_for(req, sols);
            Split s = puzzle().split(unbox(l), want, control);
            *combine = int32_t(s.combine);
            if (!s.cubes.empty()) s.outcome.status = PZ_SOLVE_LIMIT; // work remains: the cubes' (rule 13)
            fill_result(s.outcome, control, res);
            if (cubes && cubes->cube)
                for (const std::string &c : s.cubes) cubes->cube(cubes->ctx, c.data(), c.size());
        });
    }
    static pz_code solve_cube(const pz_level *l, const char *cube, size_t len, const pz_solve_request *req,
                              pz_solve_result *res, const pz_solution_sink *sols, pz_error *err) {
        return guard(err, [&] {
            SolveControl control = control_for(req, sols);
            fill_result(puzzle().solve_cube(unbox(l), std::string_view(cube, len), control), control, res);
        });
    }
    static pz_code render(const pz_level *l, const pz_state *s, const pz_canvas *c, pz_error *err) {
        return guard(err, [&] {
            Canvas canvas(c);
            puzzle().render(unbox(l), s ? &unbox(s).state : nullptr, canvas);
        });
    }
    static pz_code generate(const pz_param_value *p, uint32_t n, uint64_t seed, const pz_solve_request *req,
                            pz_level **out, pz_error *err) {
        return guard(err, [&] {
            Params params(exported().info.params, pairs(p, n));
            SolveControl control(req, nullptr);
            *out = handle(puzzle().generate(params, seed, control));
        });
    }
    static pz_code blank_level(const pz_param_value *p, uint32_t n, pz_level **out, pz_error *err) {
        return guard(err, [&] {
            Params params(exported().info.params, pairs(p, n));
            *out = handle(puzzle().blank(params));
        });
    }
    static pz_code import_image(const uint8_t *bytes, size_t len, const pz_param_value *p, uint32_t n, pz_level **out,
                                pz_error *err) {
        return guard(err, [&] {
            Params params(exported().info.params, pairs(p, n));
            *out = handle(puzzle().import_image(std::string_view(reinterpret_cast<const char *>(bytes), len), params));
        });
    }
    static pz_code render_move(const pz_state *s, const char *move, size_t len, float t, const pz_canvas *c,
                               pz_error *err) {
        return guard(err, [&] {
            const StateBox &b = unbox(s);
            Canvas canvas(c);
            puzzle().render_move(b.level->level, b.state, std::string_view(move, len), t, canvas);
        });
    }
    static pz_code render_solution(const pz_state *s, const pz_canvas *c, pz_error *err) {
        return guard(err, [&] {
            const StateBox &b = unbox(s);
            Canvas canvas(c);
            puzzle().render_solution(b.level->level, b.state, canvas);
        });
    }
    static pz_code cell_outline(const pz_level *l, int32_t row, int32_t col, pz_point *points, uint32_t capacity,
                                uint32_t *count, pz_error *err) {
        return guard(err, [&] {
            const std::vector<Point> outline = puzzle().cell_outline(unbox(l), row, col);
            if (outline.empty())
                throw bad_argument("no cell " + std::to_string(row) + "," + std::to_string(col), "cell");
            *count = uint32_t(std::min<size_t>(outline.size(), capacity));
            std::copy(outline.begin(), outline.begin() + *count, points);
        });
    }
    static pz_code state_new(const pz_level *l, pz_state **out, pz_error *err) {
        return guard(err, [&] {
            *out = handle(&box_of(l), puzzle().start(unbox(l)));
        });
    }
    static pz_code state_decode(const pz_level *l, const char *text, size_t len, pz_state **out, pz_error *err) {
        return guard(
            err,
            [&] {
                *out = handle(&box_of(l), puzzle().decode_state(unbox(l), std::string_view(text, len)));
            },
            PZ_ERR_PARSE);
    }
    static pz_code state_encode(const pz_state *s, const pz_text_sink *out, pz_error *err) {
        return guard(err, [&] {
            const StateBox &b = unbox(s);
            write(out, puzzle().encode_state(b.level->level, b.state));
        });
    }
    static void state_free(pz_state *s) { delete reinterpret_cast<StateBox *>(s); }
    static pz_code state_status(const pz_state *s, pz_play_status *out, pz_error *err) {
        return guard(err, [&] {
            const StateBox &b = unbox(s);
            PlayStatus st = puzzle().status(b.level->level, b.state);
            if (!PZ_STRUCT_HAS(out, pz_play_status, message)) throw Error(PZ_ERR_ARGUMENT, "status struct too small");
            out->phase = st.phase;
            out->players = st.players;
            out->to_move = st.to_move;
            out->winner = st.winner;
            out->moves = st.moves;
            for (unsigned i = 0; i < PZ_MAX_PLAYERS; ++i) out->scores[i] = i < st.scores.size() ? st.scores[i] : 0;
            copy_to(out->message, sizeof out->message, st.message);
        });
    }
    // An input struct from an older host is copied into a full one, its missing fields zero.
    static Input full_input(const pz_input *in) {
        Input full{};
        std::memcpy(&full, in, std::min<size_t>(in->struct_size, sizeof full));
        full.struct_size = sizeof full;
        return full;
    }
    static pz_code interpret(const pz_state *s, const pz_input *in, const pz_text_sink *move, pz_error *err) {
        return guard(err, [&] {
            const StateBox &b = unbox(s);
            write(move, puzzle().interpret(b.level->level, b.state, full_input(in)));
        });
    }
    static pz_code execute(const pz_state *s, const char *move, size_t len, pz_state **out, pz_error *err) {
        return guard(err, [&] {
            const StateBox &b = unbox(s);
            *out = handle(b.level, puzzle().execute(b.level->level, b.state, std::string_view(move, len)));
        });
    }
    static pz_code edit_interpret(const pz_level *l, const char *tool, const pz_input *in,
                                  const pz_text_sink *edit, pz_error *err) {
        return guard(err, [&] { write(edit, puzzle().edit_interpret(unbox(l), tool ? tool : "", full_input(in))); });
    }
    static pz_code edit_execute(const pz_level *l, const char *edit, size_t len, pz_level **out, pz_error *err) {
        return guard(err, [&] { *out = handle(puzzle().edit_execute(unbox(l), std::string_view(edit, len))); });
    }
    static pz_code ai_move(const pz_state *s, const char *ai, const pz_solve_request *req,
                           const pz_text_sink *move, pz_error *err) {
        return guard(err, [&] {
            const StateBox &b = unbox(s);
            SolveControl control(req, nullptr);
            write(move, puzzle().ai_move(b.level->level, b.state, ai ? ai : "", control));
        });
    }
    static pz_code ai_profile_update(const pz_state *s, const char *ai, uint32_t seat, const char *value,
                                     const pz_text_sink *out, pz_error *err) {
        return guard(err, [&] {
            const StateBox &b = unbox(s);
            write(out, puzzle().ai_profile_update(b.level->level, b.state, ai ? ai : "", seat, value ? value : ""));
        });
    }
};

} // namespace pluzzle::detail

// Exports `PuzzleClass` as this library's plugin: defines the C entry point of <pluzzle/abi.h> (rule 1). Put it in
// exactly one .cpp file of the plugin, outside any namespace.
#define PLUZZLE_EXPORT_PLUGIN(PuzzleClass)                                                                             \
    extern "C" const pz_plugin *pluzzle_plugin_entry(uint32_t host_major, uint32_t host_minor) {                       \
        return ::pluzzle::detail::Bridge<PuzzleClass>::entry(host_major, host_minor);                                  \
    }                                                                                                                  \
    extern "C" const char *pluzzle_plugin_entry_error(void) {                                                          \
        return ::pluzzle::detail::Bridge<PuzzleClass>::entry_error();                                                  \
    }
