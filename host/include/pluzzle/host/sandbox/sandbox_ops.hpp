// sandbox_ops.hpp -- the plugin operations a sandbox worker runs for the host (plugin_sandbox.hpp), both halves:
// the host's side turns a call into CALL arguments and an ANSWER back into the host's types; the worker's side
// (run_sandbox_call) does the work with the plugin loaded in the worker. Each operation is the same Plugin method
// the host would have called in process, so a result is the same wherever it was computed.
//
// Operations and their arguments (all strings on the wire):
//   load     (none)                                      -> (none): the plugin is loaded (PluginSandbox::preload)
//   parse    text, format, source                        -> levels (a count)
//   parse_many format, then (source, text) repeated      -> one PROGRESS per text as it is read (nodes = its index,
//                                                           fraction 1 read / 0 refused), then count
//   solve    text (canonical), source, time_limit_s, node_limit, max_solutions, option (repeated "k=v")
//                                                        -> status, solution (repeated), nodes, time_ms,
//                                                           lower_bound, upper_bound, difficulty, difficulty_label,
//                                                           stat (repeated "k=v")
// A failed call answers input_error (file, reason, line, column, field, foreign, place repeated: "cell R C" or
// "point X Y") or plugin_error (the message).
//   check    text, solution                              -> ok ("1"/"0"), message
//   render   text, [state, state_source], output_format (svg/png/pdf/display_list), scale -> document
//   ai_move  text, state, ai, time_limit_s               -> move
#pragma once
#include <pluzzle/host/plugin/plugin.hpp>
#include <pluzzle/host/sandbox/worker_protocol.hpp>

#include <atomic>
#include <functional>
#include <string>

namespace pluzzle::host {

class PluginRegistry;

// The worker's side: runs one call with the plugin at call.plugin_path (loaded into `registry` on first use).
// Never throws: a parse error is an input_error answer with its place, anything else a plugin_error.
// `emit` sends a PROGRESS frame at once (parse_many's verdicts); `progress` is a solve's, throttled by the caller.
wire::Answer run_sandbox_call(PluginRegistry &registry, const wire::Call &call, const std::atomic<bool> *cancel,
                              const std::function<void(const pz_progress &)> &progress,
                              const std::function<void(const wire::Progress &)> &emit = {});

// The host's side: the CALL for each operation...
wire::Call parse_call(const Plugin &plugin, const std::string &text, const std::string &format,
                      const std::string &source);
wire::Call solve_call(const Plugin &plugin, const std::string &canonical_text, const std::string &source,
                      const SolveOptions &options);
wire::Call check_call(const Plugin &plugin, const std::string &canonical_text, const std::string &solution);
wire::Call render_call(const Plugin &plugin, const std::string &canonical_text, const std::string *state_text,
                       const std::string &state_source, const std::string &output_format, float scale);
wire::Call ai_move_call(const Plugin &plugin, const std::string &canonical_text, const std::string &state_text,
                        const std::string &ai, double time_limit_s);

// ...and its answer read back. An answer that is not ok is rethrown as the exception the plugin raised in the
// worker: InputError (with its file, line, column and field) or PluginError.
void rethrow_failure(const wire::Answer &answer);
SolveReport solve_report_of(const wire::Answer &answer);
CheckReport check_report_of(const wire::Answer &answer);
DisplayList drawing_of(const wire::Answer &answer); // a render call's answer with output_format "display_list"

// A drawing as a render call's document: output_format "png", "pdf", "display_list" (display_list_bytes), else SVG.
std::string drawing_document(const DisplayList &drawing, const std::string &output_format, float scale);

} // namespace pluzzle::host
