// sandbox_ops.hpp -- the plugin operations a sandbox worker runs for the host (plugin_sandbox.hpp), both halves:
// the host's side turns a call into CALL arguments and an ANSWER back into the host's types; the worker's side
// (run_sandbox_call) does the work with the plugin loaded in the worker. Each operation is the same Plugin method
// the host would have called in process, so a result is the same wherever it was computed.
//
// Operations and their arguments (all strings on the wire):
//   parse    text, format, source                        -> levels (a count)
//   parse_many format, then (source, text or file) repeated -> one PROGRESS per text as it is read (nodes = its
//                                                           index, fraction 1 read / 0 refused), then file_key (one
//                                                           a file, in order: parse_verdict_key of the bytes read
//                                                           there, empty if unreadable), level_of (the text's index),
//                                                           name and author for each level read, and count. A `file`
//                                                           is a path the worker reads itself. It keeps the levels it
//                                                           read until its next parse_many (KeptLevels)
//   solve    text (canonical), source, time_limit_s, node_limit, max_solutions, option (repeated "k=v")
//                                                        -> status, solution (repeated), nodes, time_ms,
//                                                           lower_bound, upper_bound, difficulty, difficulty_label,
//                                                           stat (repeated "k=v")
// A failed call answers input_error (file, reason, line, column, field, foreign, place repeated: "cell R C" or
// "point X Y") or plugin_error (the message).
//   check    text, solution                              -> ok ("1"/"0"), message
//   render   text, [state, state_source, as ("solution": Plugin::render_solution)], output_format
//            (svg/png/pdf/display_list), scale                                           -> document
//   ai_move  text, state, ai, time_limit_s               -> move
// In solve, check, render and ai_move, `kept` ("BATCH TEXT LEVEL": the parse_many call's id, the text's index in it,
// the level's index in the text) may stand for text and source: the level the worker read last, not sent again.
#pragma once
#include <pluzzle/host/plugin/plugin.hpp>
#include <pluzzle/host/sandbox/worker_protocol.hpp>

#include <atomic>
#include <functional>
#include <string>

namespace pluzzle::host {

class PluginRegistry;

// The levels a worker read in its last parse_many, kept for the calls that follow it: a CLI that reads a file and
// then solves its levels sends a reference (`kept`), not the text again, and the worker does not parse it twice.
// One batch at a time: the next parse_many replaces it (a batch is at most a few hundred texts, 16 MiB).
struct KeptLevels {
    uint32_t batch = 0;      // the parse_many call's id; 0: none
    std::string plugin_path; // whose levels they are
    std::vector<std::vector<LevelPtr>> texts; // each text's levels in order (none: the plugin refused it)
};
// A kept level's reference, as the `kept` argument says it.
std::string kept_reference(uint32_t batch, size_t text, size_t level);

// The worker's side: runs one call with the plugin at call.plugin_path (loaded into `registry` on first use).
// Never throws: a parse error is an input_error answer with its place, anything else a plugin_error.
// `emit` sends a PROGRESS frame at once (parse_many's verdicts); `progress` is a solve's, throttled by the caller.
// `kept` (when not null) keeps parse_many's levels and finds a call's `kept` level.
wire::Answer run_sandbox_call(PluginRegistry &registry, const wire::Call &call, const std::atomic<bool> *cancel,
                              const std::function<void(const pz_progress &)> &progress,
                              const std::function<void(const wire::Progress &)> &emit = {},
                              KeptLevels *kept = nullptr);

// The host's side: the CALL for each operation...
wire::Call parse_call(const Plugin &plugin, const std::string &text, const std::string &format,
                      const std::string &source);
// ...about one level, named by `level`: text_level(...), or {{"kept", reference}}...
wire::Fields text_level(std::string canonical_text, std::string source = "level");
wire::Call solve_call(const Plugin &plugin, wire::Fields level, const SolveOptions &options);
wire::Call check_call(const Plugin &plugin, wire::Fields level, const std::string &solution);
wire::Call render_call(const Plugin &plugin, wire::Fields level, const std::string *state_text,
                       const std::string &state_source, const std::string &output_format, float scale,
                       StateDrawing as = StateDrawing::board);
wire::Call ai_move_call(const Plugin &plugin, wire::Fields level, const std::string &state_text,
                        const std::string &ai, double time_limit_s);

// ...and its answer read back. An answer that is not ok is rethrown as the exception the plugin raised in the
// worker: InputError (with its file, line, column and field) or PluginError.
void rethrow_failure(const wire::Answer &answer);
SolveReport solve_report_of(wire::Answer answer);
CheckReport check_report_of(const wire::Answer &answer);
DisplayList drawing_of(const wire::Answer &answer); // a render call's answer with output_format "display_list"

// A drawing as a render call's document: output_format "png", "pdf", "display_list" (display_list_bytes), else SVG.
std::string drawing_document(const DisplayList &drawing, const std::string &output_format, float scale);

} // namespace pluzzle::host
