// worker_protocol.cpp -- byte-exact little-endian encoding and bounds-checked decoding of the worker frames.
#include <pluzzle/host/sandbox/worker_protocol.hpp>

#include <pluzzle/host/plugin/plugin_registry.hpp>

#include "base/bytes.hpp"

#include <type_traits>

#include <unistd.h>

namespace pluzzle::host::wire {

namespace {

constexpr size_t kHeaderSize = 5; // u32 payload_len | u8 kind

std::string mib(uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

[[noreturn]] void cannot_encode(Kind kind, const char *field, const std::string &why) {
    throw ProtocolError(std::string("cannot encode ") + kind_name(kind) + ": field '" + field + "': " + why, field);
}

void check_payload_size(Kind kind, size_t size) {
    if (size > kMaxPayload)
        cannot_encode(kind, "payload_len",
                      "payload of " + std::to_string(size) + " bytes over the " + mib(kMaxPayload) + " cap");
}

// Each message's fields are listed once, in layout() below, for an `io` that is an Encode (it writes them, and
// refuses what the decoder would) or a Decode (it reads them back, checking each): the two directions cannot drift.
// Field<Io, T> is the message as that io takes it: read-only to write it, writable to read it.
template <class Io, class T> using Field = std::conditional_t<Io::decoding, T &, const T &>;

// Counts the bytes an Encode will write, so it allocates once: a frame carrying a level of megabytes is copied
// into its buffer once, not again each time the buffer outgrows itself.
class Measure {
  public:
    static constexpr bool decoding = false;
    void u8(uint8_t, const char *) { bytes += 1; }
    void u32(uint32_t, const char *) { bytes += 4; }
    void i32(int32_t, const char *) { bytes += 4; }
    void u64(uint64_t, const char *) { bytes += 8; }
    void i64(int64_t, const char *) { bytes += 8; }
    void f64(double, const char *) { bytes += 8; }
    void flag(bool, const char *) { bytes += 1; }
    template <class Enum> void enum_u8(Enum, const char *, Enum) { bytes += 1; }
    void str(std::string_view s, const char *) { bytes += 4 + s.size(); }
    template <class T, class Each> void list(const std::vector<T> &items, const char *, size_t, Each each) {
        bytes += 4;
        for (const T &item : items)
            each(item);
    }
    size_t bytes = 0;
};

class Encode {
  public:
    static constexpr bool decoding = false;
    // `framed`: the payload goes after a frame header (its length filled in by done()); `size`: the bytes to come.
    Encode(Kind kind, bool framed, size_t size) : kind_(kind), header_(framed ? kHeaderSize : 0) {
        out_.reserve(header_ + size);
        if (framed) {
            out_.u32(0);
            out_.u8(uint8_t(kind));
        }
    }
    void u8(uint8_t v, const char *) { out_.u8(v); }
    void u32(uint32_t v, const char *) { out_.u32(v); }
    void i32(int32_t v, const char *) { out_.u32(uint32_t(v)); }
    void u64(uint64_t v, const char *) { out_.u64(v); }
    void i64(int64_t v, const char *) { out_.i64(v); }
    void f64(double v, const char *) { out_.f64(v); }
    void flag(bool v, const char *) { out_.u8(v ? 1 : 0); }
    template <class Enum> void enum_u8(Enum v, const char *, Enum) { out_.u8(uint8_t(v)); }
    void str(std::string_view s, const char *field) {
        if (s.size() > kMaxString)
            cannot_encode(kind_, field, "length " + std::to_string(s.size()) + " over the " + mib(kMaxString) + " cap");
        out_.str(s);
    }
    // A count, then each element.
    template <class T, class Each> void list(const std::vector<T> &items, const char *field, size_t, Each each) {
        if (items.size() > UINT32_MAX)
            cannot_encode(kind_, field, "count " + std::to_string(items.size()) + " does not fit a u32");
        out_.u32(uint32_t(items.size()));
        for (const T &item : items)
            each(item);
    }
    std::string done() {
        const size_t payload = out_.size() - header_;
        check_payload_size(kind_, payload);
        if (header_) out_.patch_u32(0, uint32_t(payload));
        return out_.take();
    }

  private:
    Kind kind_;
    size_t header_;
    ByteWriter out_;
};

// A ByteReader whose errors are ProtocolErrors naming the frame kind and the field.
class PayloadReader : public ByteReader {
  public:
    PayloadReader(Kind kind, std::string_view payload) : ByteReader(payload), kind_(kind) {}
    [[noreturn]] void fail(const char *field, const std::string &why) const override {
        throw ProtocolError(std::string("malformed ") + kind_name(kind_) + ": field '" + field + "': " + why, field);
    }

  private:
    Kind kind_;
};

class Decode {
  public:
    static constexpr bool decoding = true;
    // `owned`: the string `payload` views, when the decoder may take it over (see str()).
    Decode(Kind kind, std::string_view payload, std::string *owned = nullptr) : in_(kind, payload), owned_(owned) {}
    void u8(uint8_t &v, const char *field) { v = in_.u8(field); }
    void u32(uint32_t &v, const char *field) { v = in_.u32(field); }
    void i32(int32_t &v, const char *field) { v = int32_t(in_.u32(field)); }
    void u64(uint64_t &v, const char *field) { v = in_.u64(field); }
    void i64(int64_t &v, const char *field) { v = in_.i64(field); }
    void f64(double &v, const char *field) { v = in_.f64(field); }
    void flag(bool &v, const char *field) { v = in_.flag(field); }
    // A u8 enum whose values run from 0 to `last`.
    template <class Enum> void enum_u8(Enum &v, const char *field, Enum last) {
        const uint8_t n = in_.u8(field);
        if (n > uint8_t(last)) fail(field, std::string("unknown ") + field + " " + std::to_string(n));
        v = Enum(n);
    }
    void str(std::string &v, const char *field) {
        const uint32_t n = in_.u32(field);
        if (n > kMaxString) fail(field, "length " + std::to_string(n) + " over the " + mib(kMaxString) + " cap");
        const std::string_view bytes = in_.bytes(n, field);
        // A big string that ends the payload (a solve's solution: sandbox_ops puts it last) takes the payload's own
        // buffer, its front cut off in place: a megabyte not copied into fresh memory.
        if (owned_ && n >= kTakeOverBytes && in_.left() == 0) {
            const size_t offset = size_t(bytes.data() - owned_->data());
            v = std::move(*owned_);
            owned_ = nullptr;
            v.erase(0, offset);
            return;
        }
        v = std::string(bytes);
    }
    // A count of elements of at least `min_size` bytes each, then each element.
    template <class T, class Each> void list(std::vector<T> &items, const char *field, size_t min_size, Each each) {
        const uint32_t n = in_.count(field, min_size);
        items.clear();
        items.reserve(n);
        for (uint32_t i = 0; i < n; ++i) {
            T item{};
            each(item);
            items.push_back(std::move(item));
        }
    }
    [[noreturn]] void fail(const char *field, const std::string &why) const { in_.fail(field, why); }
    void end() { in_.end("payload_len"); }

  private:
    static constexpr size_t kTakeOverBytes = size_t(64) << 10;
    PayloadReader in_;
    std::string *owned_;
};

// The smallest encoding of one element, for Decode::list.
constexpr size_t kMinPluginEntry = 4 + 4 + 4 + 1;
constexpr size_t kMinItem = 8 + 4 + 4 + 4 + 4 + 4 + 8 + 8;
constexpr size_t kMinResult = 8 + 1 + 8 + 8 + 4 + 4 + 4 + 8 + 4 + 4 + 8 + 8 + 4 + 4 + 4 + 4;
constexpr size_t kMinItemKey = 8 + 4;
constexpr size_t kMinField = 4 + 4;
constexpr size_t kMinString = 4;

template <class Io> void layout(Io &io, Field<Io, Fields> fields) {
    io.list(fields, "fields", kMinField, [&](auto &f) {
        io.str(f.first, "field key");
        io.str(f.second, "field value");
    });
}

template <class Io> void layout(Io &io, Field<Io, Hello> m) {
    io.u32(m.protocol, "protocol");
    // The layout after this field belongs to the version: a stranger's HELLO is not read further.
    if constexpr (Io::decoding)
        if (m.protocol != kProtocolVersion)
            io.fail("protocol", "the worker speaks version " + std::to_string(m.protocol) + ", this host version " +
                                    std::to_string(kProtocolVersion));
    io.u32(m.pid, "pid");
    io.str(m.host, "host");
    io.u32(m.slots, "slots");
    io.list(m.plugins, "plugins", kMinPluginEntry, [&](auto &p) {
        io.str(p.id, "plugin id");
        io.str(p.version, "plugin version");
        io.u32(p.abi_minor, "abi_minor");
        io.enum_u8(p.origin, "origin", Origin::third_party);
    });
}

template <class Io> void layout(Io &io, Field<Io, Setup> m) {
    io.f64(m.timeout_s, "timeout_s");
    io.u64(m.node_limit, "node_limit");
    io.u32(m.max_solutions, "max_solutions");
    io.f64(m.grace_s, "grace_s");
    io.u64(m.memory_limit_mib, "memory_limit_mib");
    io.u32(m.local_jobs, "local_jobs");
    io.flag(m.isolate, "isolate");
    io.list(m.plugin_paths, "plugin_paths", kMinString, [&](auto &p) { io.str(p, "plugin_path"); });
}

template <class Io> void layout(Io &io, Field<Io, Chunk> m) {
    io.u32(m.chunk_id, "chunk_id");
    io.list(m.items, "items", kMinItem, [&](auto &item) {
        io.i64(item.level_id, "level_id");
        io.str(item.type, "type");
        io.str(item.text, "text");
        io.i32(item.part, "part");
        if constexpr (Io::decoding)
            if (item.part < item_part::split) io.fail("part", "unknown part " + std::to_string(item.part));
        io.u32(item.want, "want");
        io.str(item.cube, "cube");
        io.f64(item.known_best, "known_best");
        io.f64(item.time_limit_s, "time_limit_s");
    });
}

template <class Io> void layout(Io &io, Field<Io, Result> m) {
    io.i64(m.level_id, "level_id");
    io.u8(m.status, "status");
    if constexpr (Io::decoding)
        if (!valid_status(m.status)) io.fail("status", "unknown status " + std::to_string(m.status));
    io.f64(m.time_ms, "time_ms");
    io.u64(m.nodes, "nodes");
    io.str(m.solution, "solution"), io.str(m.info, "info"), io.str(m.error, "error");
    io.f64(m.difficulty, "difficulty");
    io.str(m.difficulty_label, "difficulty_label");
    io.i32(m.part, "part");
    io.f64(m.lower_bound, "lower_bound");
    io.f64(m.upper_bound, "upper_bound");
    io.u32(m.solutions_found, "solutions_found");
    io.str(m.second_solution, "second_solution");
    io.list(m.cubes, "cubes", kMinString, [&](auto &c) { io.str(c, "cube"); });
    io.i32(m.combine, "combine");
}

template <class Io> void layout(Io &io, Field<Io, Results> m) {
    io.list(m.results, "results", kMinResult, [&](auto &r) { layout<Io>(io, r); });
}

template <class Io> void layout(Io &io, Field<Io, Returned> m) {
    io.list(m.items, "items", kMinItemKey, [&](auto &key) {
        io.i64(key.level_id, "level_id");
        io.i32(key.part, "part");
    });
}

template <class Io> void layout(Io &io, Field<Io, Heartbeat> m) { io.u64(m.seq, "seq"); }

template <class Io> void layout(Io &io, Field<Io, Call> m) {
    io.u32(m.call_id, "call_id");
    io.str(m.op, "op");
    io.str(m.plugin_path, "plugin_path");
    layout<Io>(io, m.args);
}

template <class Io> void layout(Io &io, Field<Io, Answer> m) {
    io.u32(m.call_id, "call_id");
    io.enum_u8(m.outcome, "outcome", AnswerOutcome::plugin_error);
    io.str(m.message, "message");
    layout<Io>(io, m.fields);
}

template <class Io> void layout(Io &io, Field<Io, Progress> m) {
    io.u32(m.call_id, "call_id");
    io.u64(m.nodes, "nodes");
    io.f64(m.fraction, "fraction");
    io.str(m.message, "message");
}

template <class Message> std::string encoded(const Message &m, bool framed = false) {
    Measure size;
    layout<Measure>(size, m);
    Encode io(Message::kind, framed, size.bytes);
    layout<Encode>(io, m);
    return io.done();
}

// Every byte of the payload must be used.
template <class Message> Message decoded(std::string_view payload) {
    Decode io(Message::kind, payload);
    Message m;
    layout<Decode>(io, m);
    io.end();
    return m;
}

} // namespace

std::string field_or(const Fields &fields, std::string_view key, std::string fallback) {
    for (const auto &[k, v] : fields)
        if (k == key) return v;
    return fallback;
}

bool known_kind(uint8_t kind) { return kind >= uint8_t(Kind::hello) && kind <= uint8_t(Kind::interrupt); }

const char *kind_name(Kind kind) {
    switch (kind) {
    case Kind::hello: return "HELLO";
    case Kind::setup: return "SETUP";
    case Kind::chunk: return "CHUNK";
    case Kind::result: return "RESULT";
    case Kind::results: return "RESULTS";
    case Kind::returned: return "RETURNED";
    case Kind::heartbeat: return "HEARTBEAT";
    case Kind::cancel: return "CANCEL";
    case Kind::stop: return "STOP";
    case Kind::call: return "CALL";
    case Kind::answer: return "ANSWER";
    case Kind::progress: return "PROGRESS";
    case Kind::interrupt: return "INTERRUPT";
    }
    return "UNKNOWN";
}

bool valid_status(uint8_t status) { return status <= 5 || (status >= kStatusError && status <= kStatusCorrupt); }

std::string payload_of(const Hello &m) { return encoded(m); }
std::string payload_of(const Setup &m) { return encoded(m); }
std::string payload_of(const Chunk &m) { return encoded(m); }
std::string payload_of(const Result &m) { return encoded(m); }
std::string payload_of(const Results &m) { return encoded(m); }
std::string payload_of(const Returned &m) { return encoded(m); }
std::string payload_of(const Heartbeat &m) { return encoded(m); }
std::string payload_of(const Call &m) { return encoded(m); }
std::string payload_of(const Answer &m) { return encoded(m); }
std::string payload_of(const Progress &m) { return encoded(m); }
std::string payload_of(const Cancel &) { return {}; }
std::string payload_of(const Stop &) { return {}; }
std::string payload_of(const Interrupt &) { return {}; }

std::string encode(const Hello &m) { return encoded(m, true); }
std::string encode(const Setup &m) { return encoded(m, true); }
std::string encode(const Chunk &m) { return encoded(m, true); }
std::string encode(const Result &m) { return encoded(m, true); }
std::string encode(const Results &m) { return encoded(m, true); }
std::string encode(const Returned &m) { return encoded(m, true); }
std::string encode(const Heartbeat &m) { return encoded(m, true); }
std::string encode(const Call &m) { return encoded(m, true); }
std::string encode(const Answer &m) { return encoded(m, true); }
std::string encode(const Progress &m) { return encoded(m, true); }
std::string encode(const Cancel &) { return frame(Kind::cancel, {}); }
std::string encode(const Stop &) { return frame(Kind::stop, {}); }
std::string encode(const Interrupt &) { return frame(Kind::interrupt, {}); }

std::string frame(Kind kind, std::string_view payload) {
    check_payload_size(kind, payload.size());
    ByteWriter out;
    out.u32(uint32_t(payload.size()));
    out.u8(uint8_t(kind));
    out.raw(payload);
    return out.take();
}

Hello hello_of(const PluginRegistry &registry, uint32_t slots) {
    Hello hello;
    hello.pid = uint32_t(getpid());
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    hello.host = host;
    hello.slots = slots;
    for (const auto &p : registry.plugins())
        hello.plugins.push_back({p->id(), p->version(), 0, Origin::bundled});
    return hello;
}

Hello decode_hello(std::string_view payload) { return decoded<Hello>(payload); }
Setup decode_setup(std::string_view payload) { return decoded<Setup>(payload); }
Chunk decode_chunk(std::string_view payload) { return decoded<Chunk>(payload); }
Result decode_result(std::string_view payload) { return decoded<Result>(payload); }
Results decode_results(std::string_view payload) { return decoded<Results>(payload); }
Returned decode_returned(std::string_view payload) { return decoded<Returned>(payload); }
Heartbeat decode_heartbeat(std::string_view payload) { return decoded<Heartbeat>(payload); }
Call decode_call(std::string_view payload) { return decoded<Call>(payload); }
Answer decode_answer(std::string_view payload) { return decoded<Answer>(payload); }
Answer decode_answer(std::string &&payload) {
    Decode io(Kind::answer, payload, &payload);
    Answer m;
    layout<Decode>(io, m);
    io.end();
    return m;
}
Progress decode_progress(std::string_view payload) { return decoded<Progress>(payload); }
void decode_empty(Kind kind, std::string_view payload) { PayloadReader(kind, payload).end("payload_len"); }

void FrameReader::append(const char *data, size_t size) {
    // Drop the consumed front once it outweighs the rest, so a long stream does not grow the buffer.
    if (start_ > 0 && start_ >= buffer_.size() - start_) {
        buffer_.erase(0, start_);
        start_ = 0;
    }
    // A big frame's whole length is reserved once its header is here, so its bytes are not copied again each time
    // the buffer outgrows itself.
    if (buffer_.size() - start_ < 4 && buffer_.size() - start_ + size >= 4) {
        std::string head = buffer_.substr(start_);
        head.append(data, 4 - head.size());
        const uint32_t len = le_u32(head);
        if (len <= kMaxPayload) buffer_.reserve(start_ + kHeaderSize + len);
    }
    buffer_.append(data, size);
}

FrameReader::Status FrameReader::next(Frame &out) {
    if (!error_.empty()) return Status::malformed;
    const size_t available = buffer_.size() - start_;
    if (available < 4) return Status::incomplete;
    const auto *p = reinterpret_cast<const unsigned char *>(buffer_.data() + start_);
    const uint32_t len = le_u32(std::string_view(buffer_).substr(start_, 4));
    // Judge the header as soon as its bytes are here, not once a garbage length's worth has arrived.
    if (len > kMaxPayload) {
        error_ = "malformed frame: field 'payload_len': " + std::to_string(len) + " bytes over the " +
                 mib(kMaxPayload) + " cap";
        return Status::malformed;
    }
    if (available < kHeaderSize) return Status::incomplete;
    if (!known_kind(p[4])) {
        error_ = "malformed frame: field 'kind': unknown frame kind " + std::to_string(p[4]);
        return Status::malformed;
    }
    if (available - kHeaderSize < len) return Status::incomplete;
    out.kind = Kind(p[4]);
    if (start_ == 0 && buffer_.size() == kHeaderSize + len) { // the frame is all there is: take the buffer itself
        out.payload = std::move(buffer_);
        out.payload.erase(0, kHeaderSize);
        buffer_.clear();
        return Status::frame;
    }
    out.payload.assign(buffer_, start_ + kHeaderSize, len);
    start_ += kHeaderSize + len;
    if (start_ == buffer_.size()) {
        buffer_.clear();
        start_ = 0;
    }
    return Status::frame;
}

namespace {

// A WorkResult and a wire Result differ only in how they say the status.
template <class From, class To> void copy_all_but_status(const From &r, To &w) {
    w.level_id = r.level_id;
    w.part = r.part;
    w.lower_bound = r.lower_bound, w.upper_bound = r.upper_bound;
    w.solutions_found = r.solutions_found;
    w.second_solution = r.second_solution;
    w.cubes = r.cubes;
    w.combine = r.combine;
    w.time_ms = r.time_ms;
    w.difficulty = r.difficulty;
    w.difficulty_label = r.difficulty_label;
    w.nodes = r.nodes;
    w.solution = r.solution, w.info = r.info, w.error = r.error;
}

} // namespace

Result to_wire(const WorkResult &r) {
    Result w;
    if (r.status) {
        w.status = uint8_t(*r.status);
    } else {
        const AttemptFailure f = *r.status.failure();
        w.status = f == AttemptFailure::crashed   ? kStatusCrashed
                   : f == AttemptFailure::timeout ? kStatusTimeout
                   : f == AttemptFailure::corrupt ? kStatusCorrupt
                                                  : kStatusError;
    }
    copy_all_but_status(r, w);
    return w;
}

WorkResult from_wire(const Result &r) {
    WorkResult w;
    switch (r.status) {
    case kStatusCrashed: w.status = AttemptFailure::crashed; break;
    case kStatusTimeout: w.status = AttemptFailure::timeout; break;
    case kStatusCorrupt: w.status = AttemptFailure::corrupt; break;
    case kStatusError: w.status = AttemptFailure::error; break;
    default: w.status = SolveStatus(r.status); break; // the decoder checked it is a pz_solve_status
    }
    copy_all_but_status(r, w);
    return w;
}

} // namespace pluzzle::host::wire
