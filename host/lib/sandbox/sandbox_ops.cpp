// sandbox_ops.cpp -- see sandbox_ops.hpp.
#include <pluzzle/host/sandbox/sandbox_ops.hpp>

#include <pluzzle/host/render/cairo_writer.hpp>
#include <pluzzle/host/render/display_list_bytes.hpp>
#include <pluzzle/host/plugin/plugin_registry.hpp>
#include <pluzzle/host/render/svg_writer.hpp>
#include <pluzzle/host/base/text_file.hpp>
#include <pluzzle/host/sandbox/guarded_parse.hpp>

#include <charconv>
#include <future>
#include <optional>
#include <cmath>
#include <sstream>

namespace pluzzle::host {
namespace {

std::string number(double v) {
    char buffer[64];
    const auto r = std::to_chars(buffer, buffer + sizeof buffer, v); // shortest exact form: the value round-trips
    return std::string(buffer, r.ptr);
}

double to_double(const std::string &s) {
    if (s == "nan") return NAN;
    double v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size()) throw PluginError("sandbox: bad number '" + s + "'");
    return v;
}

uint64_t to_u64(const std::string &s) {
    uint64_t v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size()) throw PluginError("sandbox: bad count '" + s + "'");
    return v;
}

// A place of a validation error (ABI 1.7) on the wire: "cell ROW COL" or "point X Y".
std::string place_text(const pluzzle::Place &p) {
    if (p.kind == PZ_PLACE_POINT) return "point " + number(p.x) + " " + number(p.y);
    return "cell " + std::to_string(p.row) + " " + std::to_string(p.col);
}

pluzzle::Place place_of(const std::string &text) {
    pluzzle::Place p;
    std::istringstream in(text);
    std::string kind;
    in >> kind;
    if (kind == "point") {
        p.kind = PZ_PLACE_POINT;
        in >> p.x >> p.y;
    } else {
        in >> p.row >> p.col;
    }
    if (in.fail() || (kind != "cell" && kind != "point")) throw PluginError("sandbox: bad place '" + text + "'");
    return p;
}

wire::Call call_of(const Plugin &plugin, std::string op, wire::Fields args) {
    wire::Call call;
    call.op = std::move(op);
    call.plugin_path = plugin.path();
    call.args = std::move(args);
    return call;
}

// The worker's plugin at `path`: loaded into its registry on a call's first use of it, so a worker that only ever
// reads one type never pays for the others.
std::shared_ptr<const Plugin> plugin_at(PluginRegistry &registry, const std::string &path) {
    for (const auto &plugin : registry.plugins())
        if (plugin->path() == path) return plugin;
    if (!registry.load_file(path)) throw PluginError("cannot load " + path + ": " + registry.problems().back().reason);
    return registry.plugins().back();
}

// The call's level: the kept one it names, else its text parsed.
LevelPtr parse_one(const Plugin &plugin, const wire::Call &call, const KeptLevels *kept) {
    const std::string reference = wire::field_or(call.args, "kept");
    if (reference.empty()) return plugin.parse_one(wire::field_or(call.args, "text"), wire::field_or(call.args, "source", "level"));
    uint32_t batch = 0;
    size_t text = 0, level = 0;
    std::istringstream in(reference);
    in >> batch >> text >> level;
    // The host only names what it saw this worker keep: anything else is a host bug, never a guess.
    if (in.fail() || !kept || batch == 0 || batch != kept->batch || kept->plugin_path != plugin.path() ||
        text >= kept->texts.size() || level >= kept->texts[text].size())
        throw PluginError("sandbox: the worker keeps no level '" + reference + "' of " + plugin.path());
    return kept->texts[text][level];
}

wire::Fields run_op(const Plugin &plugin, const wire::Call &call, const std::atomic<bool> *cancel,
                    const std::function<void(const pz_progress &)> &progress,
                    const std::function<void(const wire::Progress &)> &emit, KeptLevels *kept) {
    const auto arg = [&](std::string_view key) { return wire::field_or(call.args, key); };
    const auto parse_one = [&](const Plugin &p, const wire::Call &c) { return host::parse_one(p, c, kept); };
    if (call.op == "parse") {
        const auto levels = plugin.parse(arg("text"), arg("format"), arg("source"));
        return {{"levels", std::to_string(levels.size())}};
    }
    if (call.op == "parse_many") { // each verdict leaves before the next text is tried: a crash names its text
        const std::string format = arg("format");
        std::string source;
        uint64_t index = 0;
        if (kept) *kept = KeptLevels{call.call_id, plugin.path(), {}};
        // For each file read here, what the host compares with its own copy's key; for each level read, its text's
        // index, name and author (what the host needs of a level it leaves to this worker).
        wire::Fields file_keys;
        for (const auto &[k, v] : call.args) {
            if (k == "source") source = v;
            if (k != "text" && k != "file") continue;
            bool read = true;
            std::string why;
            std::vector<LevelPtr> levels;
            try {
                std::optional<MappedFile> file;
                std::future<std::string> file_key; // hashed on another thread while the plugin reads
                const size_t key_at = file_keys.size();
                if (k == "file") {
                    file_keys.emplace_back("file_key", "");
                    file.emplace(v); // unreadable now: no key, and the host sends its copy instead
                    file_key = std::async(std::launch::async, [&] { return parse_verdict_key(plugin, format, file->text()); });
                }
                const auto wait_for_key = [&] {
                    if (file_key.valid()) file_keys[key_at].second = file_key.get();
                };
                try {
                    for (ParsedLevel &l : plugin.parse(file ? file->text() : std::string_view(v), format, source)) {
                        std::string author;
                        for (auto &[key, value] : plugin.describe(l.level.get()))
                            if (key == "author") author = std::move(value);
                        file_keys.insert(file_keys.end(), {{"level_of", std::to_string(index)},
                                                           {"name", std::move(l.name)},
                                                           {"author", std::move(author)}});
                        levels.push_back(std::move(l.level));
                    }
                } catch (...) {
                    wait_for_key();
                    throw;
                }
                wait_for_key();
            } catch (const std::exception &e) {
                read = false;
                why = e.what();
            }
            if (kept) kept->texts.push_back(std::move(levels));
            if (emit) emit(wire::Progress{call.call_id, index++, read ? 1.0 : 0.0, why});
        }
        file_keys.emplace_back("count", std::to_string(index));
        return file_keys;
    }
    if (call.op == "solve") {
        const LevelPtr level = parse_one(plugin, call);
        SolveOptions options;
        options.time_limit_s = to_double(arg("time_limit_s"));
        options.node_limit = to_u64(arg("node_limit"));
        options.max_solutions = uint32_t(to_u64(arg("max_solutions")));
        for (const auto &[k, v] : call.args)
            if (k == "option") {
                const size_t eq = v.find('=');
                options.params.emplace_back(v.substr(0, eq), eq == std::string::npos ? "" : v.substr(eq + 1));
            }
        options.cancel = cancel;
        options.progress = progress;
        SolveReport r = plugin.solve(level.get(), options);
        wire::Fields out = {{"status", std::to_string(int(r.status))},
                            {"nodes", std::to_string(r.nodes)},
                            {"time_ms", number(r.time_ms)},
                            {"lower_bound", number(r.lower_bound)},
                            {"upper_bound", number(r.upper_bound)},
                            {"difficulty", number(r.difficulty)},
                            {"difficulty_label", r.difficulty_label}};
        for (const auto &[k, v] : r.stats)
            out.emplace_back("stat", k + "=" + v);
        // Megabytes for a big board: moved, not copied, and last (the host's decoder then keeps the frame's buffer).
        for (auto &s : r.solutions)
            out.emplace_back("solution", std::move(s));
        return out;
    }
    if (call.op == "check") {
        const LevelPtr level = parse_one(plugin, call);
        const CheckReport r = plugin.check(level.get(), arg("solution"));
        return {{"ok", r.ok ? "1" : "0"}, {"message", r.message}};
    }
    if (call.op == "render") {
        const LevelPtr level = parse_one(plugin, call);
        StatePtr state;
        for (const auto &[k, v] : call.args)
            if (k == "state") state = plugin.decode_state(level, v, wire::field_or(call.args, "state_source", "state"));
        const bool as_solution = wire::field_or(call.args, "as") == "solution";
        return {{"document", drawing_document(as_solution ? plugin.render_solution(level.get(), state.get())
                                                          : plugin.render(level.get(), state.get()),
                                              arg("output_format"), float(to_double(arg("scale"))))}};
    }
    if (call.op == "ai_move") {
        const LevelPtr level = parse_one(plugin, call);
        const StatePtr state = plugin.decode_state(level, arg("state"), "state");
        SolveOptions options;
        options.time_limit_s = to_double(arg("time_limit_s"));
        options.cancel = cancel;
        return {{"move", plugin.ai_move(state.get(), arg("ai"), options)}};
    }
    throw PluginError("the worker has no operation '" + call.op + "' (an older pluzzle-worker?)");
}

} // namespace

std::string kept_reference(uint32_t batch, size_t text, size_t level) {
    return std::to_string(batch) + " " + std::to_string(text) + " " + std::to_string(level);
}

wire::Answer run_sandbox_call(PluginRegistry &registry, const wire::Call &call, const std::atomic<bool> *cancel,
                              const std::function<void(const pz_progress &)> &progress,
                              const std::function<void(const wire::Progress &)> &emit, KeptLevels *kept) {
    wire::Answer answer;
    answer.call_id = call.call_id;
    try {
        const auto plugin = plugin_at(registry, call.plugin_path);
        answer.fields = run_op(*plugin, call, cancel, progress, emit, kept);
    } catch (const InputError &e) {
        answer.outcome = wire::AnswerOutcome::input_error;
        answer.message = e.what();
        answer.fields = {{"file", e.file()},
                         {"reason", e.reason()},
                         {"line", std::to_string(e.line())},
                         {"column", std::to_string(e.column())},
                         {"field", e.field()},
                         {"foreign", dynamic_cast<const ForeignParseError *>(&e) ? "1" : "0"}};
        for (const pluzzle::Place &p : e.places())
            answer.fields.emplace_back("place", place_text(p));
    } catch (const std::exception &e) {
        answer.outcome = wire::AnswerOutcome::plugin_error;
        answer.message = e.what();
    }
    return answer;
}

std::string drawing_document(const DisplayList &drawing, const std::string &output_format, float scale) {
    return output_format == "png"            ? png_document(drawing, scale)
           : output_format == "pdf"          ? pdf_document({drawing}, scale)
           : output_format == "display_list" ? display_list_bytes(drawing)
                                             : svg_document(drawing, scale);
}

wire::Call parse_call(const Plugin &plugin, const std::string &text, const std::string &format,
                      const std::string &source) {
    return call_of(plugin, "parse", {{"text", text}, {"format", format}, {"source", source}});
}

wire::Fields text_level(std::string canonical_text, std::string source) {
    return {{"text", std::move(canonical_text)}, {"source", std::move(source)}};
}

wire::Call solve_call(const Plugin &plugin, wire::Fields level, const SolveOptions &options) {
    wire::Fields args = std::move(level);
    args.insert(args.end(), {{"time_limit_s", number(options.time_limit_s)},
                             {"node_limit", std::to_string(options.node_limit)},
                             {"max_solutions", std::to_string(options.max_solutions)}});
    for (const auto &[k, v] : options.params)
        args.emplace_back("option", k + "=" + v);
    return call_of(plugin, "solve", std::move(args));
}

wire::Call check_call(const Plugin &plugin, wire::Fields level, const std::string &solution) {
    level.emplace_back("solution", solution);
    return call_of(plugin, "check", std::move(level));
}

wire::Call render_call(const Plugin &plugin, wire::Fields level, const std::string *state_text,
                       const std::string &state_source, const std::string &output_format, float scale,
                       StateDrawing as) {
    wire::Fields args = std::move(level);
    args.insert(args.end(), {{"output_format", output_format}, {"scale", number(scale)}});
    if (state_text) {
        args.emplace_back("state", *state_text);
        args.emplace_back("state_source", state_source);
        if (as == StateDrawing::solution) args.emplace_back("as", "solution");
    }
    return call_of(plugin, "render", std::move(args));
}

wire::Call ai_move_call(const Plugin &plugin, wire::Fields level, const std::string &state_text,
                        const std::string &ai, double time_limit_s) {
    level.insert(level.end(), {{"state", state_text}, {"ai", ai}, {"time_limit_s", number(time_limit_s)}});
    return call_of(plugin, "ai_move", std::move(level));
}

void rethrow_failure(const wire::Answer &answer) {
    if (answer.outcome == wire::AnswerOutcome::ok) return;
    if (answer.outcome == wire::AnswerOutcome::plugin_error) throw PluginError(answer.message);
    const auto get = [&](std::string_view key) { return wire::field_or(answer.fields, key); };
    const int line = int(to_u64(get("line").empty() ? "0" : get("line")));
    const int column = int(to_u64(get("column").empty() ? "0" : get("column")));
    if (get("foreign") == "1") throw ForeignParseError(get("file"), get("reason"), line, column, get("field"));
    InputError error(get("file"), get("reason"), line, column, get("field"));
    std::vector<pluzzle::Place> places;
    for (const auto &[k, v] : answer.fields)
        if (k == "place") places.push_back(place_of(v));
    error.set_places(std::move(places));
    throw error;
}

SolveReport solve_report_of(wire::Answer answer) {
    rethrow_failure(answer);
    SolveReport r;
    for (auto &[k, v] : answer.fields) {
        if (k == "status") {
            const uint64_t status = to_u64(v);
            if (status > PZ_SOLVE_CANCELLED) throw PluginError("sandbox: unknown solve status " + v);
            r.status = SolveStatus(status);
        } else if (k == "solution")
            r.solutions.push_back(std::move(v)); // megabytes for a big board: moved, not copied
        else if (k == "nodes")
            r.nodes = to_u64(v);
        else if (k == "time_ms")
            r.time_ms = to_double(v);
        else if (k == "lower_bound")
            r.lower_bound = to_double(v);
        else if (k == "upper_bound")
            r.upper_bound = to_double(v);
        else if (k == "difficulty")
            r.difficulty = to_double(v);
        else if (k == "difficulty_label")
            r.difficulty_label = v;
        else if (k == "stat") {
            const size_t eq = v.find('=');
            r.stats.emplace_back(v.substr(0, eq), eq == std::string::npos ? "" : v.substr(eq + 1));
        }
    }
    return r;
}

DisplayList drawing_of(const wire::Answer &answer) {
    rethrow_failure(answer);
    return display_list_from_bytes(wire::field_or(answer.fields, "document"));
}

CheckReport check_report_of(const wire::Answer &answer) {
    rethrow_failure(answer);
    return {wire::field_or(answer.fields, "ok") == "1", wire::field_or(answer.fields, "message")};
}

} // namespace pluzzle::host
