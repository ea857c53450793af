// plugin_calls.cpp -- see plugin_calls.hpp.
#include <pluzzle/host/sandbox/plugin_calls.hpp>

#include <pluzzle/host/base/errors.hpp>
#include <pluzzle/host/sandbox/sandbox_ops.hpp>

#include <optional>

namespace pluzzle::host {
namespace {

// A check or a drawing has no time limit of its own; one that takes this long is a hang.
constexpr double kOneCallDeadlineSeconds = 60;

// The level, for the site's worker: the one it kept when it read the file (not sent or parsed again), else its
// canonical text.
wire::Fields level_fields(const Plugin &plugin, const LevelArg &level, const CallSite &site) {
    if (level.keeper == site.sandbox && !level.kept.empty() && site.sandbox->keeps(level.kept))
        return {{"kept", level.kept}};
    if (level.text) return text_level(*level.text, level.source);
    return text_level(plugin.encode(level_of(plugin, level).get()), level.source);
}

} // namespace

LevelPtr level_of(const Plugin &plugin, const LevelArg &level) {
    if (level.level) return level.level;
    if (level.text) return plugin.parse_one(*level.text, level.source);
    if (level.parse_here) return level.parse_here();
    throw PluginError("no level for plugin '" + plugin.id() + "' (" + level.source + "): neither parsed nor text");
}

namespace {

// The worker's answer to `call` (not yet checked for the plugin's own error); nullopt when a cancel ended the worker
// and `cancelled_is_an_answer`; any other lost worker is a WorkerLost, worded by the site.
std::optional<wire::Answer> answer_of(const Plugin &plugin, wire::Call call, double deadline_s, const CallSite &site,
                                      bool cancelled_is_an_answer = false,
                                      const std::function<void(const wire::Progress &)> &on_progress = {}) {
    SandboxOutcome out = site.sandbox->call(std::move(call), plugin.id(), {deadline_s}, site.cancel, on_progress);
    if (out.answered()) return std::move(out.answer);
    if (cancelled_is_an_answer && out.failure == SandboxOutcome::Failure::cancelled) return std::nullopt;
    throw WorkerLost(site.lost_text ? site.lost_text(out.reason) : out.reason, out.failure);
}

} // namespace

std::string parse_lost_reason(const Plugin &plugin, const SandboxOutcome &out) {
    return "plugin '" + plugin.id() + "' " +
           (out.failure == SandboxOutcome::Failure::timeout
                ? "hung while reading it (no answer within " + std::to_string(int(kParseDeadlineSeconds)) +
                      " s; worker killed)"
                : "crashed while reading it (worker " + out.exit.text() + ")");
}

std::vector<ParsedLevel> parse_level_text(const Plugin &plugin, const std::string &text, const std::string &format,
                                          const std::string &source, PluginSandbox *sandbox) {
    if (sandbox) {
        const SandboxOutcome out =
            sandbox->call(parse_call(plugin, text, format, source), plugin.id(), {kParseDeadlineSeconds});
        if (!out.answered()) throw InputError(source, parse_lost_reason(plugin, out));
        rethrow_failure(*out.answer);
    }
    return plugin.parse(text, format, source);
}

CheckReport check_level(const Plugin &plugin, const LevelArg &level, const std::string &solution,
                        const CallSite &site) {
    if (!site.sandbox) return plugin.check(level_of(plugin, level).get(), solution);
    return check_report_of(
        *answer_of(plugin, check_call(plugin, level_fields(plugin, level, site), solution), kOneCallDeadlineSeconds, site));
}

SolveReport solve_level(const Plugin &plugin, const LevelArg &level, const SolveOptions &options,
                        const CallSite &site) {
    SolveOptions with_cancel = options;
    if (!with_cancel.cancel) with_cancel.cancel = site.cancel;
    if (!site.sandbox) return plugin.solve(level_of(plugin, level).get(), with_cancel);
    CallSite here = site;
    here.cancel = with_cancel.cancel;
    const auto progress = [&](const wire::Progress &p) {
        if (options.progress) options.progress(pz_progress{p.nodes, p.fraction, p.message.c_str()});
    };
    const auto answer = answer_of(plugin, solve_call(plugin, level_fields(plugin, level, site), with_cancel),
                                  sandbox_deadline(options.time_limit_s), here, true, progress);
    if (answer) return solve_report_of(std::move(*answer));
    SolveReport cancelled;
    cancelled.status = PZ_SOLVE_CANCELLED;
    return cancelled;
}

DisplayList draw_level(const Plugin &plugin, const LevelArg &level, const std::string *state,
                       const std::string &state_source, const CallSite &site, StateDrawing as) {
    if (!site.sandbox) {
        const LevelPtr here = level_of(plugin, level);
        const StatePtr s = state ? plugin.decode_state(here, *state, state_source) : nullptr;
        return as == StateDrawing::solution ? plugin.render_solution(here.get(), s.get())
                                            : plugin.render(here.get(), s.get());
    }
    return drawing_of(*answer_of(
        plugin, render_call(plugin, level_fields(plugin, level, site), state, state_source, "display_list", 1, as),
        kOneCallDeadlineSeconds, site));
}

std::string render_level(const Plugin &plugin, const LevelArg &level, const std::string *state,
                         const std::string &state_source, const std::string &output_format, float scale,
                         const CallSite &site, StateDrawing as) {
    if (!site.sandbox)
        return drawing_document(draw_level(plugin, level, state, state_source, site, as), output_format, scale);
    const auto answer = answer_of(
        plugin, render_call(plugin, level_fields(plugin, level, site), state, state_source, output_format, scale, as),
        kOneCallDeadlineSeconds, site);
    rethrow_failure(*answer);
    return wire::field_or(answer->fields, "document");
}

std::string ai_move(const Plugin &plugin, const LevelArg &level, const pz_state *state, const std::string &ai,
                    double time_limit_s, const CallSite &site) {
    SolveOptions options;
    options.time_limit_s = time_limit_s;
    options.cancel = site.cancel;
    if (!site.sandbox) return plugin.ai_move(state, ai, options);
    const auto answer =
        answer_of(plugin, ai_move_call(plugin, level_fields(plugin, level, site), plugin.encode_state(state), ai, time_limit_s),
                  sandbox_deadline(time_limit_s), site, true);
    if (!answer) throw WorkerLost("cancelled", SandboxOutcome::Failure::cancelled);
    rethrow_failure(*answer);
    return wire::field_or(answer->fields, "move");
}

} // namespace pluzzle::host
