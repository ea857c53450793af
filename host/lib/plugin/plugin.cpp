#include <pluzzle/host/plugin/plugin.hpp>

#include "plugin_calls_detail.hpp"
#include <pluzzle/host/plugin/plugin_table.hpp>
#include <pluzzle/host/base/utf8.hpp>

#include <chrono>
#include <exception>
#include <cmath>
#include <cstring>
#include <sstream>

namespace pluzzle::host {

namespace {

using namespace plugin_detail;

pz_input sized(pz_input input) {
    input.struct_size = sizeof input;
    return input;
}

} // namespace

const char *capability_name(uint64_t bit) {
    switch (bit) {
    case PZ_CAP_SOLVE: return "solve";
    case PZ_CAP_COUNT_SOLUTIONS: return "count";
    case PZ_CAP_OPTIMAL: return "optimal";
    case PZ_CAP_GENERATE: return "generate";
    case PZ_CAP_PLAY: return "play";
    case PZ_CAP_EDIT: return "edit";
    case PZ_CAP_GAME: return "game";
    case PZ_CAP_BLANK: return "blank";
    case PZ_CAP_IMPORT_IMAGE: return "import-image";
    case PZ_CAP_ANIMATE: return "animate";
    case PZ_CAP_SPLIT: return "split";
    }
    return nullptr;
}

std::string capability_list(uint64_t bits) {
    std::string out;
    for (uint64_t b = 1; b && b <= bits; b <<= 1) {
        if (!(bits & b)) continue;
        const char *n = capability_name(b);
        if (!out.empty()) out += ",";
        out += n ? std::string(n) : "bit" + std::to_string(__builtin_ctzll(b));
    }
    return out;
}

void check_solver_options(const Plugin &plugin, const KeyValues &options, const std::string &flag) {
    const auto &declared = plugin.solver_options();
    for (auto &[key, value] : options) {
        bool known = false;
        for (auto &d : declared) known = known || key == d.name;
        if (known) continue;
        std::string names;
        for (auto &d : declared) names += (names.empty() ? "" : ", ") + d.name;
        throw InputError(flag, "type '" + plugin.id() + "' has no solver option '" + key + "' (it has: " +
                                         (names.empty() ? "none" : names) + ")",
                         0, 0, key);
    }
}

Plugin::Plugin(const pz_plugin *table, std::string path)
    : table_(table), path_(std::move(path)), info_(plugin_info(table)) {}

std::string Plugin::abi() const {
    return std::to_string(table_->abi_major) + "." + std::to_string(table_->abi_minor);
}

std::optional<AiProfile> Plugin::ai_profile(const std::string &ai) const {
    for (auto &a : ais())
        if (a.id == ai && !a.profile.name.empty()) return a.profile; // an empty name: the AI keeps no profile
    return std::nullopt;
}

bool Plugin::has_format(std::string_view name) const {
    for (auto &f : formats())
        if (name == f.name) return true;
    return false;
}

std::string Plugin::format_for_extension(std::string_view ext) const {
    std::string found;
    for (auto &f : formats()) {
        std::istringstream words(f.extensions);
        std::string w;
        while (words >> w)
            if (w == ext) {
                if (!found.empty() && found != f.name) return {};
                found = f.name;
            }
    }
    return found;
}

bool Plugin::has_extension(std::string_view ext) const {
    for (auto &f : formats()) {
        std::istringstream words(f.extensions);
        std::string w;
        while (words >> w)
            if (w == ext) return true;
    }
    return false;
}

void Plugin::fail(pz_code code, const pz_error &err, const std::string &what, const std::string &source) const {
    const std::string message(err.message, strnlen(err.message, sizeof err.message));
    const std::string field(err.field, strnlen(err.field, sizeof err.field));
    if (code == PZ_ERR_PARSE || code == PZ_ERR_INVALID || code == PZ_ERR_ARGUMENT)
        throw InputError(source.empty() ? id() : source, message.empty() ? what + " failed" : message, err.line,
                         err.column, field);
    throw PluginError("plugin '" + id() + "' (" + path_ + "): " + what + ": " +
                      (message.empty() ? std::string("failed with code ") + std::to_string(int(code)) : message));
}

template <class F> F Plugin::require(F fn, const char *what) const {
    if (!fn) throw PluginError("plugin '" + id() + "' does not provide " + what);
    return fn;
}

LevelPtr Plugin::own(pz_level *level) const {
    if (!level) throw PluginError("plugin '" + id() + "' returned no level");
    auto free_fn = table_->level_free;
    return LevelPtr(level, [free_fn](pz_level *l) { free_fn(l); });
}

namespace {
// Holds the level: a state never outlives the level it refers to (and states made from it find it here).
struct StateDeleter {
    void (*free_fn)(pz_state *);
    LevelPtr level;
    void operator()(pz_state *s) const { free_fn(s); }
};
} // namespace

StatePtr Plugin::own(pz_state *state, LevelPtr level) const {
    if (!state) throw PluginError("plugin '" + id() + "' returned no state");
    return StatePtr(state, StateDeleter{require(table_->state_free, "state_free"), std::move(level)});
}

LevelPtr Plugin::parse_one(std::string_view canonical_text, const std::string &source) const {
    auto parsed = parse(canonical_text, formats().at(0).name, source);
    if (parsed.size() != 1) throw InputError(source, "expected one level, read " + std::to_string(parsed.size()));
    return std::move(parsed[0].level);
}

std::vector<ParsedLevel> Plugin::parse(std::string_view text, const std::string &format,
                                       const std::string &source) const {
    struct Sink {
        const Plugin *self;
        std::vector<ParsedLevel> levels;
        Trap trap;
    } collected{this, {}, {}};
    pz_level_sink sink{&collected, [](void *ctx, pz_level *level, const char *name) {
                           auto *c = static_cast<Sink *>(ctx);
                           if (c->trap.error) { // an earlier level failed: free this one, keep the first error
                               c->self->table().level_free(level);
                               return;
                           }
                           // Owned at once (shared_ptr frees it even if its own allocation fails).
                           c->trap.run([&] { c->levels.push_back({c->self->own(level), name ? name : ""}); });
                       }};
    pz_error err = blank_error();
    const pz_code code =
        table_->parse(text.data(), text.size(), format.empty() ? nullptr : format.c_str(), &sink, &err);
    collected.trap.rethrow();
    // A parser that failed is this file's problem whatever the plugin's code says (a plugin built with an older SDK
    // returns PZ_ERR_INTERNAL for a std::exception): name the file and the plugin, exit as for bad input.
    // The SDK's bridge says "plugin error: " before the text of an exception that was not a pluzzle::Error.
    const std::string message(err.message, strnlen(err.message, sizeof err.message));
    if (code == PZ_ERR_INTERNAL || (code == PZ_ERR_PARSE && message.rfind("plugin error: ", 0) == 0))
        throw ForeignParseError(source.empty() ? id() : source, "plugin '" + id() + "' could not read it: " + message,
                                err.line, err.column);
    if (code != PZ_OK) fail(code, err, "parse", source);
    if (collected.levels.empty()) throw InputError(source, "no level found");
    for (size_t i = 0; i < collected.levels.size(); ++i) {
        try {
            validate(collected.levels[i].level.get(), source);
        } catch (const InputError &e) {
            const std::string which = collected.levels.size() > 1 ? "level " + std::to_string(i + 1) + ": " : "";
            InputError named(source, which + e.reason(), e.line(), e.column(), e.field());
            named.set_places(e.places());
            throw named;
        }
    }
    return std::move(collected.levels);
}

std::string Plugin::encode(const pz_level *level) const {
    TextCollector out;
    pz_text_sink sink = out.sink();
    pz_error err = blank_error();
    const pz_code c = table_->encode(level, &sink, &err);
    out.trap.rethrow();
    if (c != PZ_OK) fail(c, err, "encode");
    return std::move(out.text);
}

void Plugin::validate(const pz_level *level, const std::string &source) const {
    pz_error err = blank_error();
    if (!PZ_HAS(table_, validate_places)) {
        if (pz_code c = table_->validate(level, &err); c != PZ_OK) fail(c, err, "validate", source);
        return;
    }
    PlaceCollector places;
    const pz_place_sink sink = places.sink();
    const pz_code c = table_->validate_places(level, &sink, &err);
    places.trap.rethrow();
    if (c == PZ_OK) return;
    try {
        fail(c, err, "validate", source);
    } catch (InputError &e) {
        e.set_places(std::move(places.places));
        throw;
    }
}

KeyValues Plugin::describe(const pz_level *level) const {
    if (!table_->describe) return {};
    KeyValueCollector out;
    pz_kv_sink sink = out.sink();
    pz_error err = blank_error();
    const pz_code c = table_->describe(level, &sink, &err);
    out.trap.rethrow();
    if (c != PZ_OK) fail(c, err, "describe");
    return std::move(out.values);
}

CheckReport Plugin::check(const pz_level *level, std::string_view solution) const {
    auto fn = require(table_->check, "check");
    pz_error err = blank_error();
    const pz_code c = fn(level, solution.data(), solution.size(), &err);
    if (c == PZ_OK) return {true, {}};
    // A solution that breaks the rules is "wrong"; one that cannot be read at all is bad input.
    if (c == PZ_ERR_INVALID) return {false, std::string(err.message, strnlen(err.message, sizeof err.message))};
    fail(c, err, "check", "solution");
}

// The estimate must be on the scale (or NaN) and its label a NUL-terminated UTF-8 text within its array: a plugin
// that breaks this has a bug its author should hear about, not a value to store.
// Runs one drawing call of the plugin into a recorder and returns the recording (errors name the plugin).
template <class Draw> DisplayList Plugin::record(const char *what, Draw &&draw) const {
    DisplayListRecorder recorder;
    pz_error err = blank_error();
    const pz_code c = draw(&recorder.canvas(), &err);
    DisplayList list;
    try {
        list = recorder.take();
    } catch (const PluginError &e) { // the recorder's limit: name the plugin
        throw PluginError("plugin '" + id() + "' (" + path_ + "): " + what + ": " + e.what());
    }
    if (c != PZ_OK) fail(c, err, what);
    return list;
}

DisplayList Plugin::render(const pz_level *level, const pz_state *state) const {
    return record("render", [&](const pz_canvas *canvas, pz_error *err) { return table_->render(level, state, canvas, err); });
}

bool Plugin::draws_solutions() const { return can(PZ_CAP_PLAY) && PZ_HAS(table_, render_solution); }

DisplayList Plugin::render_solution(const pz_level *level, const pz_state *solution) const {
    if (!draws_solutions() || !solution) return render(level, solution);
    return record("render_solution",
                  [&](const pz_canvas *canvas, pz_error *err) { return table_->render_solution(solution, canvas, err); });
}

bool Plugin::can_animate() const { return can(PZ_CAP_ANIMATE) && PZ_HAS(table_, render_move); }

DisplayList Plugin::render_move(const pz_state *state, std::string_view move, float t) const {
    if (!can_animate()) throw PluginError("plugin '" + id() + "' draws no move animation (ABI " + abi() + ")");
    return record("render_move", [&](const pz_canvas *canvas, pz_error *err) {
        return table_->render_move(state, move.data(), move.size(), t, canvas, err);
    });
}

bool Plugin::has_cell_outlines() const { return PZ_HAS(table_, cell_outline); }

std::optional<std::vector<pz_point>> Plugin::cell_outline(const pz_level *level, int row, int col) const {
    if (!has_cell_outlines()) return std::nullopt;
    std::vector<pz_point> points(64);
    uint32_t count = 0;
    pz_error err = blank_error();
    const pz_code code = table_->cell_outline(level, row, col, points.data(), uint32_t(points.size()), &count, &err);
    if (code == PZ_ERR_ARGUMENT) return std::nullopt; // no such cell
    if (code != PZ_OK) fail(code, err, "cell_outline");
    if (count == 0 || count > points.size()) return std::nullopt;
    points.resize(count);
    return points;
}

LevelPtr Plugin::generate(const KeyValues &params, uint64_t seed, const SolveOptions &options) const {
    if (!can(PZ_CAP_GENERATE)) throw PluginError("plugin '" + id() + "' cannot generate levels");
    auto fn = require(table_->generate, "generate");
    RequestContext ctx{&options, {}};
    ParamArray no_params({});
    pz_solve_request request = make_request(options, ctx, no_params);
    ParamArray values(params);
    pz_level *out = nullptr;
    pz_error err = blank_error();
    const pz_code c = fn(values.values.data(), uint32_t(values.values.size()), seed, &request, &out, &err);
    ctx.trap.rethrow();
    if (c != PZ_OK) fail(c, err, "generate", "--param");
    LevelPtr level = own(out);
    validate(level.get(), "generated level (seed " + std::to_string(seed) + ")");
    return level;
}

bool Plugin::can_blank() const { return can(PZ_CAP_BLANK) && PZ_HAS(table_, blank_level); }

LevelPtr Plugin::blank(const KeyValues &params) const {
    // An older table has no such field: read it only through PZ_HAS (the registry checked capability and size).
    if (!can_blank()) throw PluginError("plugin '" + id() + "' cannot make blank levels (ABI " + abi() + ")");
    ParamArray values(params);
    pz_level *out = nullptr;
    pz_error err = blank_error();
    const pz_code c = table_->blank_level(values.values.data(), uint32_t(values.values.size()), &out, &err);
    if (c != PZ_OK) fail(c, err, "blank level", "--param");
    LevelPtr level = own(out);
    validate(level.get(), "blank level");
    return level;
}

bool Plugin::can_import_image() const { return can(PZ_CAP_IMPORT_IMAGE) && PZ_HAS(table_, import_image); }

LevelPtr Plugin::import_image(std::string_view bytes, const KeyValues &params, const std::string &source) const {
    if (!can_import_image())
        throw InputError(source, "type '" + id() + "' cannot read a board from a picture (no 'import-image')", 0, 0, "type");
    ParamArray values(params);
    pz_level *out = nullptr;
    pz_error err = blank_error();
    const pz_code c = table_->import_image(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size(),
                                           values.values.data(), uint32_t(values.values.size()), &out, &err);
    if (c != PZ_OK) fail(c, err, "image import", c == PZ_ERR_ARGUMENT ? "--param" : source);
    LevelPtr level = own(out);
    validate(level.get(), source);
    return level;
}

StatePtr Plugin::new_state(const LevelPtr &level) const {
    auto fn = require(table_->state_new, "state_new");
    pz_state *out = nullptr;
    pz_error err = blank_error();
    if (pz_code c = fn(level.get(), &out, &err); c != PZ_OK) fail(c, err, "new game");
    return own(out, level);
}

StatePtr Plugin::decode_state(const LevelPtr &level, std::string_view text, const std::string &source) const {
    auto fn = require(table_->state_decode, "state_decode");
    pz_state *out = nullptr;
    pz_error err = blank_error();
    if (pz_code c = fn(level.get(), text.data(), text.size(), &out, &err); c != PZ_OK)
        fail(c, err, "decode state", source);
    return own(out, level);
}

std::string Plugin::encode_state(const pz_state *state) const {
    auto fn = require(table_->state_encode, "state_encode");
    TextCollector out;
    pz_text_sink sink = out.sink();
    pz_error err = blank_error();
    const pz_code c = fn(state, &sink, &err);
    out.trap.rethrow();
    if (c != PZ_OK) fail(c, err, "encode state");
    return std::move(out.text);
}

PlayStatus Plugin::status(const pz_state *state) const {
    auto fn = require(table_->state_status, "state_status");
    pz_play_status s{};
    s.struct_size = sizeof s;
    pz_error err = blank_error();
    if (pz_code c = fn(state, &s, &err); c != PZ_OK) fail(c, err, "status");
    PlayStatus out;
    if (s.phase < PZ_PLAY_ONGOING || s.phase > PZ_PLAY_GAME_OVER)
        throw PluginError("plugin '" + id() + "' returned unknown play phase " + std::to_string(s.phase));
    out.phase = static_cast<pz_play_phase>(s.phase);
    out.players = s.players;
    out.to_move = s.to_move;
    out.moves = s.moves;
    out.winner = s.winner;
    out.scores.assign(s.scores, s.scores + std::min<unsigned>(s.players, PZ_MAX_PLAYERS));
    out.message.assign(s.message, strnlen(s.message, sizeof s.message));
    return out;
}

std::string Plugin::interpret(const pz_state *state, const pz_input &input) const {
    auto fn = require(table_->interpret, "interpret");
    TextCollector out;
    pz_text_sink sink = out.sink();
    const pz_input in = sized(input);
    pz_error err = blank_error();
    const pz_code c = fn(state, &in, &sink, &err);
    out.trap.rethrow();
    if (c != PZ_OK) fail(c, err, "interpret");
    return std::move(out.text);
}

StatePtr Plugin::execute(const StatePtr &state, std::string_view move) const {
    auto fn = require(table_->execute, "execute");
    pz_state *out = nullptr;
    pz_error err = blank_error();
    if (pz_code c = fn(state.get(), move.data(), move.size(), &out, &err); c != PZ_OK)
        fail(c, err, "move '" + std::string(move) + "'", "move");
    // The new state refers to the same level as the old one.
    const StateDeleter *d = std::get_deleter<StateDeleter>(state);
    return own(out, d ? d->level : LevelPtr());
}

std::string Plugin::edit_interpret(const pz_level *level, const std::string &tool, const pz_input &input) const {
    auto fn = require(table_->edit_interpret, "edit_interpret");
    TextCollector out;
    pz_text_sink sink = out.sink();
    const pz_input in = sized(input);
    pz_error err = blank_error();
    const pz_code c = fn(level, tool.c_str(), &in, &sink, &err);
    out.trap.rethrow();
    if (c != PZ_OK) fail(c, err, "edit", "tool " + tool);
    return std::move(out.text);
}

LevelPtr Plugin::edit_execute(const pz_level *level, std::string_view edit) const {
    auto fn = require(table_->edit_execute, "edit_execute");
    pz_level *out = nullptr;
    pz_error err = blank_error();
    if (pz_code c = fn(level, edit.data(), edit.size(), &out, &err); c != PZ_OK)
        fail(c, err, "edit '" + std::string(edit) + "'", "edit");
    LevelPtr result = own(out);
    validate(result.get(), "edited level");
    return result;
}

std::string Plugin::ai_move(const pz_state *state, const std::string &ai, const SolveOptions &options) const {
    if (!PZ_HAS(table_, ai_move)) throw PluginError("plugin '" + id() + "' has no AI (ABI " + abi() + ")");
    RequestContext ctx{&options, {}};
    ParamArray params(options.params);
    pz_solve_request request = make_request(options, ctx, params);
    TextCollector out;
    pz_text_sink sink = out.sink();
    pz_error err = blank_error();
    const pz_code c = table_->ai_move(state, ai.c_str(), &request, &sink, &err);
    out.trap.rethrow();
    ctx.trap.rethrow();
    if (c != PZ_OK) fail(c, err, "AI '" + ai + "'", "ai");
    return std::move(out.text);
}

std::string Plugin::ai_profile_update(const pz_state *final_state, const std::string &ai, unsigned ai_seat,
                                      const std::string &value) const {
    if (!PZ_HAS(table_, ai_profile_update))
        throw PluginError("plugin '" + id() + "' keeps no AI profiles (ABI " + abi() + ")");
    TextCollector out;
    pz_text_sink sink = out.sink();
    pz_error err = blank_error();
    const pz_code c = table_->ai_profile_update(final_state, ai.c_str(), ai_seat, value.c_str(), &sink, &err);
    out.trap.rethrow();
    if (c != PZ_OK) fail(c, err, "profile update of AI '" + ai + "'", "profile");
    return std::move(out.text);
}

} // namespace pluzzle::host
