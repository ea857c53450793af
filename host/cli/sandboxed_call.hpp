// sandboxed_call.hpp -- one plugin call of a CLI command in the context's sandbox (plugin_sandbox.hpp).
#pragma once
#include "cli_context.hpp"
#include <pluzzle/host/sandbox/sandbox_ops.hpp>

namespace pluzzle::cli {

// A check or a render has no time limit of its own; one that takes this long is a hang.
constexpr double kOneCallDeadlineSeconds = 60;

// The answer to `call`, or the plugin's own error rethrown (sandbox_ops.hpp); a crash or a hang is a PluginError
// that names the plugin and how its worker ended.
inline host::wire::Answer sandboxed_answer(Context &ctx, host::wire::Call call, const host::Plugin &plugin) {
    const host::SandboxOutcome out =
        ctx.sandbox()->call(std::move(call), plugin.id(), {kOneCallDeadlineSeconds}, &ctx.cancel);
    if (!out.answered()) throw host::PluginError(out.reason);
    host::rethrow_failure(*out.answer);
    return *out.answer;
}

} // namespace pluzzle::cli
