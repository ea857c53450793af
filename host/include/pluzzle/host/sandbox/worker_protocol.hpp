// worker_protocol.hpp -- the frames between the bulk dispatcher and its workers (issue 13, plan section 2.3).
// Pipes carry whole frames (u32 payload_len LE | u8 kind | payload); MPI sends the payload with tag = kind. Every
// integer is little-endian whatever the host, an f64 travels as its IEEE bits in a u64, a str is u32 len | bytes.
// Decoding never trusts a length: each is checked against the bytes left and the caps, so a worker that dies
// mid-write or writes garbage gives an "incomplete" or a ProtocolError naming the field, never a crash.
#pragma once
#include <pluzzle/host/solve/work_item.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pluzzle::host {
class PluginRegistry;
}

namespace pluzzle::host::wire {

// 2: CALL, ANSWER and PROGRESS (the plugin sandbox); 3: a RESULT carries the difficulty estimate (ABI 1.7); 4: items
// and results name a part of their level, and carry a split's cubes and a cube's bounds (ABI 1.8).
constexpr uint32_t kProtocolVersion = 4;
constexpr uint32_t kMaxString = 64u << 20;   // one str (a level text, a solution); longer is a protocol error
constexpr uint32_t kMaxPayload = 256u << 20; // one frame: catches a garbage length before buffering for it

// Frame kinds (the MPI tag). New kinds are appended; a reader rejects kinds it does not know.
enum class Kind : uint8_t {
    hello = 1,     // w->d  who the worker is and which plugins it loaded
    setup = 2,     // d->w  limits and the plugin files to load
    chunk = 3,     // d->w  levels to solve, text included
    result = 4,    // w->d  one level's result (pipes: one per level, at once)
    results = 5,   // w->d  a batch of results (MPI ranks)
    returned = 6,  // w->d  unstarted levels given back on cancel/stop
    heartbeat = 7, // both  MPI liveness
    cancel = 8,    // d->w  stop solving, give the rest back
    stop = 9,      // d->w  finish and exit
    call = 10,     // h->w  one plugin operation for the sandbox (plugin_sandbox.hpp)
    answer = 11,   // w->h  its answer
    progress = 12, // w->h  a running solve's progress
    interrupt = 13, // d->w  stop what you hold now (it comes back), then go on (ABI 1.8's cubes)
};
bool known_kind(uint8_t kind);
const char *kind_name(Kind kind); // "HELLO", ...

// A bad frame or message: the reason names the message and the field ("RESULT: field 'solution': ...").
class ProtocolError : public std::runtime_error {
  public:
    ProtocolError(const std::string &message, std::string field)
        : std::runtime_error(message), field_(std::move(field)) {}
    const std::string &field() const noexcept { return field_; }

  private:
    std::string field_;
};

enum class Origin : uint8_t { bundled = 0, third_party = 1 };

struct PluginEntry {
    std::string id, version;
    uint32_t abi_minor = 0;
    Origin origin = Origin::bundled;
};

struct Hello {
    static constexpr Kind kind = Kind::hello;
    uint32_t protocol = kProtocolVersion;
    uint32_t pid = 0;
    std::string host;
    uint32_t slots = 1; // levels it solves at once (an MPI rank's local workers)
    std::vector<PluginEntry> plugins;
};

struct Setup {
    static constexpr Kind kind = Kind::setup;
    double timeout_s = 0; // 0: none
    uint64_t node_limit = 0;
    uint32_t max_solutions = 0; // 0: 2
    double grace_s = 0;
    uint64_t memory_limit_mib = 0; // 0: none
    uint32_t local_jobs = 1;
    bool isolate = false;
    std::vector<std::string> plugin_paths; // process workers load exactly these files
};

struct Chunk {
    static constexpr Kind kind = Kind::chunk;
    uint32_t chunk_id = 0;
    std::vector<WorkItem> items; // the dispatcher's items as they are: id, type, text, part
};

// Result.status: 0..5 are pz_solve_status values, then the host's own failures.
constexpr uint8_t kStatusError = 100;
constexpr uint8_t kStatusCrashed = 101;
constexpr uint8_t kStatusTimeout = 102;
constexpr uint8_t kStatusCorrupt = 103; // decided by the dispatcher, so never sent today; kept for a complete mapping
bool valid_status(uint8_t status);

struct Result {
    static constexpr Kind kind = Kind::result;
    int64_t level_id = 0;
    uint8_t status = kStatusError;
    double time_ms = 0;
    uint64_t nodes = 0;
    std::string solution, info, error;
    double difficulty = NAN; // NaN: no estimate
    std::string difficulty_label;
    int32_t part = item_part::whole; // ABI 1.8: what the conquest combines (work_item.hpp)
    double lower_bound = NAN, upper_bound = NAN;
    uint32_t solutions_found = 0;
    std::string second_solution;
    std::vector<std::string> cubes;
    int32_t combine = -1;
};

// A worker's result on the wire and back (the status as its u8 code); every worker kind and executor uses these.
Result to_wire(const WorkResult &r);
WorkResult from_wire(const Result &r);

struct Results {
    static constexpr Kind kind = Kind::results;
    std::vector<Result> results;
};

struct Returned {
    static constexpr Kind kind = Kind::returned;
    std::vector<ItemKey> items;
};

struct Heartbeat {
    static constexpr Kind kind = Kind::heartbeat;
    uint64_t seq = 0;
};

struct Cancel {
    static constexpr Kind kind = Kind::cancel;
};

struct Stop {
    static constexpr Kind kind = Kind::stop;
};

struct Interrupt {
    static constexpr Kind kind = Kind::interrupt;
};

// The plugin sandbox's frames: an operation by name with string arguments, so a new operation needs no new frame.
// Keys may repeat (a solve's solutions travel as repeated "solution" fields).
using Fields = std::vector<std::pair<std::string, std::string>>;

struct Call {
    static constexpr Kind kind = Kind::call;
    uint32_t call_id = 0;
    std::string op;          // "parse", "solve", "check", "render", "ai_move" (sandbox_ops.hpp)
    std::string plugin_path; // the worker loads this file on first use
    Fields args;
};

// How a call ended in the worker: the input's fault (a parse error with its place), the plugin's (an exception, an
// unsupported operation), or an answer.
enum class AnswerOutcome : uint8_t { ok = 0, input_error = 1, plugin_error = 2 };

struct Answer {
    static constexpr Kind kind = Kind::answer;
    uint32_t call_id = 0;
    AnswerOutcome outcome = AnswerOutcome::ok;
    std::string message; // the error's text when not ok
    Fields fields;       // ok: the results; input_error: file, reason, line, column, field
};

struct Progress {
    static constexpr Kind kind = Kind::progress;
    uint32_t call_id = 0;
    uint64_t nodes = 0;
    double fraction = -1; // -1: unknown
    std::string message;
};

// The first value of `key` in `fields`, or `fallback`.
std::string field_or(const Fields &fields, std::string_view key, std::string fallback = {});

// Payloads (what MPI sends). They throw ProtocolError when a string or the payload is over its cap.
std::string payload_of(const Hello &m);
std::string payload_of(const Setup &m);
std::string payload_of(const Chunk &m);
std::string payload_of(const Result &m);
std::string payload_of(const Results &m);
std::string payload_of(const Returned &m);
std::string payload_of(const Heartbeat &m);
std::string payload_of(const Cancel &m);
std::string payload_of(const Stop &m);
std::string payload_of(const Interrupt &m);
std::string payload_of(const Call &m);
std::string payload_of(const Answer &m);
std::string payload_of(const Progress &m);

// This process's HELLO: its pid, host name and loaded plugins (a rank with other plugins is refused).
Hello hello_of(const PluginRegistry &registry, uint32_t slots = 1);

// A whole pipe frame around a payload.
std::string frame(Kind kind, std::string_view payload);
// A message as a whole pipe frame: frame(kind, payload_of(m)), written in one buffer.
std::string encode(const Hello &m);
std::string encode(const Setup &m);
std::string encode(const Chunk &m);
std::string encode(const Result &m);
std::string encode(const Results &m);
std::string encode(const Returned &m);
std::string encode(const Heartbeat &m);
std::string encode(const Cancel &m);
std::string encode(const Stop &m);
std::string encode(const Interrupt &m);
std::string encode(const Call &m);
std::string encode(const Answer &m);
std::string encode(const Progress &m);

// Decoders of one payload: every byte must be used; anything else throws ProtocolError naming the field.
Hello decode_hello(std::string_view payload);
Setup decode_setup(std::string_view payload);
Chunk decode_chunk(std::string_view payload);
Result decode_result(std::string_view payload);
Results decode_results(std::string_view payload);
Returned decode_returned(std::string_view payload);
Heartbeat decode_heartbeat(std::string_view payload);
void decode_empty(Kind kind, std::string_view payload); // CANCEL, STOP, INTERRUPT
Call decode_call(std::string_view payload);
Answer decode_answer(std::string_view payload);
// The same, free to reuse `payload`'s buffer for a big last string (it is left empty or as it was).
Answer decode_answer(std::string &&payload);
Progress decode_progress(std::string_view payload);

struct Frame {
    Kind kind = Kind::hello;
    std::string payload;
};

// Cuts a byte stream (a pipe read in pieces of any size) into frames. A malformed header (unknown kind, a length
// over kMaxPayload) cannot be resynchronised from, so once reported it stays reported.
class FrameReader {
  public:
    enum class Status { frame, incomplete, malformed };

    void append(const char *data, size_t size);
    // frame: `out` holds the next frame; incomplete: more bytes needed; malformed: see error().
    Status next(Frame &out);
    const std::string &error() const noexcept { return error_; }
    size_t buffered() const noexcept { return buffer_.size() - start_; } // bytes not yet returned as frames

  private:
    std::string buffer_;
    size_t start_ = 0; // consumed bytes at the front, dropped when they are the larger part
    std::string error_;
};

} // namespace pluzzle::host::wire
