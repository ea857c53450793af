// plugin_calls.hpp -- the one way the host calls a plugin about a level (parse, check, solve, render, an AI move):
// in the plugin sandbox's worker when the caller has one (plugin_sandbox.hpp), else in this process (--in-process,
// PLUZZLE_IN_PROCESS=1). A plugin's own error comes back as it was thrown (InputError with its place, PluginError);
// a worker lost to a crash, a hang or an ignored cancel is a WorkerLost, worded as the caller asks.
// Each operation has one deadline in the worker, whoever calls: a solve or an AI move its time limit plus grace
// (sandbox_deadline), a parse 30 s, a check or a drawing 60 s (they have no limit of their own: longer is a hang).
#pragma once
#include <pluzzle/host/plugin/plugin.hpp>
#include <pluzzle/host/render/display_list.hpp>
#include <pluzzle/host/sandbox/plugin_sandbox.hpp>

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace pluzzle::host {

// A call whose worker was lost. what(): the sandbox's reason ("plugin 'x' (solve) crashed (worker killed by
// SIGABRT)", "... did not answer within 3.1 s; worker killed") as the call's CallSite words it.
class WorkerLost : public PluginError {
  public:
    WorkerLost(const std::string &message, SandboxOutcome::Failure failure)
        : PluginError(message), failure_(failure) {}
    SandboxOutcome::Failure failure() const noexcept { return failure_; }

  private:
    SandboxOutcome::Failure failure_;
};

// Where a call runs, and how its caller words a lost worker.
struct CallSite {
    PluginSandbox *sandbox = nullptr;          // null: in this process
    const std::atomic<bool> *cancel = nullptr; // a solve stops when it turns true; a worker is killed if deaf
    // A lost worker's reason as this caller's user reads it (the editor adds that it is unharmed, a booklet names
    // the level); unset: the reason itself.
    std::function<std::string(const std::string &reason)> lost_text;
};

// The level a call is about, as the caller holds it: parsed (a worker gets its canonical text, encoded), or its
// plugin's canonical text (parsed here only for a call in this process), or both.
struct LevelArg {
    LevelPtr level;                    // null: parsed from text when the call runs here
    const std::string *text = nullptr; // the canonical text; null: encoded from level when a worker needs it
    std::string source = "level";      // names the level in errors ("book.db level 12")
    // A level a worker keeps (it read the file: SourceLevel::kept): `kept` names it in `keeper`'s current worker,
    // which is sent that instead of the text; `parse_here` gives this process's copy when `level` is null and
    // another worker, or a replaced one, needs it.
    const PluginSandbox *keeper = nullptr;
    std::string kept = {};
    std::function<LevelPtr()> parse_here = {};
};
// The level as this process holds it: `level`, else `text` parsed, else parse_here().
LevelPtr level_of(const Plugin &plugin, const LevelArg &level);

// A parse that takes longer in the worker is a hang: far above any real file (a 1000 x 1000 loop board reads in
// well under a second). A batch of texts gets 0.05 s more a text (guarded_parse.hpp).
constexpr double kParseDeadlineSeconds = 30;

// plugin.parse(text, format, source), after `sandbox` (when not null) read the same text with the same plugin in its
// worker: a refusal there is rethrown as the plugin's own error (same text, same place); a lost worker is an
// InputError naming `source` and the plugin (parse_lost_reason).
std::vector<ParsedLevel> parse_level_text(const Plugin &plugin, const std::string &text, const std::string &format,
                                          const std::string &source, PluginSandbox *sandbox);
// What a parse says of a worker it lost: "plugin 'x' crashed while reading it (worker killed by SIGSEGV)".
std::string parse_lost_reason(const Plugin &plugin, const SandboxOutcome &out);

CheckReport check_level(const Plugin &plugin, const LevelArg &level, const std::string &solution,
                        const CallSite &site);
// A worker killed for ignoring a cancel is a cancelled report, as a plugin that polls its flag answers itself.
// options.progress also hears the worker's progress; options.cancel defaults to site.cancel.
SolveReport solve_level(const Plugin &plugin, const LevelArg &level, const SolveOptions &options,
                        const CallSite &site);
// The level as its plugin draws it, with `state` (a play state's or solution's text, named `state_source` in its
// errors) on it when not null, drawn `as` the board it makes or as a solution to follow (StateDrawing).
DisplayList draw_level(const Plugin &plugin, const LevelArg &level, const std::string *state,
                       const std::string &state_source, const CallSite &site, StateDrawing as = StateDrawing::board);
// The same drawing as a document: output_format "svg", "png" or "pdf" (drawing_document, sandbox_ops.hpp).
std::string render_level(const Plugin &plugin, const LevelArg &level, const std::string *state,
                         const std::string &state_source, const std::string &output_format, float scale,
                         const CallSite &site, StateDrawing as = StateDrawing::board);
// The move `ai` makes in `state` of the level; a cancel that ends the worker is WorkerLost "cancelled".
std::string ai_move(const Plugin &plugin, const LevelArg &level, const pz_state *state, const std::string &ai,
                    double time_limit_s, const CallSite &site);

} // namespace pluzzle::host
