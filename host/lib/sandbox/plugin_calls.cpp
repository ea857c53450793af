// plugin_calls.cpp -- see plugin_calls.hpp.
#include <pluzzle/host/sandbox/plugin_calls.hpp>

#include <pluzzle/host/base/errors.hpp>
#include <pluzzle/host/sandbox/plugin_sandbox.hpp>
#include <pluzzle/host/sandbox/sandbox_ops.hpp>

namespace pluzzle::host {
namespace {

// A drawing has no time limit of its own; one that takes this long is a hang.
constexpr double kDrawDeadlineSeconds = 60;

wire::Answer answer_of(const Plugin &plugin, wire::Call call, const std::string &source, double deadline_s,
                       const CallSite &site) {
    const SandboxOutcome out = site.sandbox->call(std::move(call), plugin.id(), {deadline_s}, site.cancel);
    if (!out.answered()) throw PluginError(source + ": " + out.reason);
    return *out.answer;
}

} // namespace

SolveReport solve_text(const Plugin &plugin, const std::string &canonical_text, const std::string &source,
                       const SolveOptions &options, const CallSite &site) {
    SolveOptions with_cancel = options;
    if (!with_cancel.cancel) with_cancel.cancel = site.cancel;
    if (!site.sandbox) return plugin.solve(plugin.parse_one(canonical_text, source).get(), with_cancel);
    return solve_report_of(answer_of(plugin, solve_call(plugin, canonical_text, source, with_cancel), source,
                                     sandbox_deadline(options.time_limit_s), {site.sandbox, with_cancel.cancel}));
}

DisplayList draw_text(const Plugin &plugin, const std::string &canonical_text, const std::string &source,
                      const std::string *state, const CallSite &site) {
    if (!site.sandbox) {
        const LevelPtr level = plugin.parse_one(canonical_text, source);
        const StatePtr s = state ? plugin.decode_state(level, *state, source) : nullptr;
        return plugin.render(level.get(), s.get());
    }
    return drawing_of(answer_of(plugin, render_call(plugin, canonical_text, state, source, "display_list", 1), source,
                                kDrawDeadlineSeconds, site));
}

} // namespace pluzzle::host
