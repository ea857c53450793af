// worker_protocol.cpp -- byte-exact little-endian encoding and bounds-checked decoding of the worker frames.
#include <pluzzle/host/sandbox/worker_protocol.hpp>

#include <pluzzle/host/plugin/plugin_registry.hpp>

#include "base/bytes.hpp"

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

// A ByteWriter that refuses what the decoder would: a str over kMaxString, a count over a u32, a payload over
// kMaxPayload.
class Writer : public ByteWriter {
  public:
    explicit Writer(Kind kind) : kind_(kind) {}
    void str(std::string_view s, const char *field) {
        if (s.size() > kMaxString)
            cannot_encode(kind_, field, "length " + std::to_string(s.size()) + " over the " + mib(kMaxString) + " cap");
        ByteWriter::str(s);
    }
    // A count, then each element.
    template <class List, class WriteOne> void list(const List &items, const char *field, WriteOne write_one) {
        if (items.size() > UINT32_MAX)
            cannot_encode(kind_, field, "count " + std::to_string(items.size()) + " does not fit a u32");
        u32(uint32_t(items.size()));
        for (const auto &item : items)
            write_one(item);
    }
    std::string done() {
        check_payload_size(kind_, size());
        return take();
    }

  private:
    Kind kind_;
};

// A ByteReader whose errors are ProtocolErrors naming the frame kind and the field.
class Reader : public ByteReader {
  public:
    Reader(Kind kind, std::string_view payload) : ByteReader(payload), kind_(kind) {}
    std::string str(const char *field) {
        const uint32_t n = u32(field);
        if (n > kMaxString) fail(field, "length " + std::to_string(n) + " over the " + mib(kMaxString) + " cap");
        return std::string(bytes(n, field));
    }
    // A u8 enum whose values run from 0 to `last`.
    template <class Enum> Enum enum_u8(const char *field, Enum last) {
        const uint8_t v = u8(field);
        if (v > uint8_t(last)) fail(field, std::string("unknown ") + field + " " + std::to_string(v));
        return Enum(v);
    }
    // A count of elements of at least `min_size` bytes each, then each element.
    template <class T, class ReadOne> std::vector<T> list(const char *field, size_t min_size, ReadOne read_one) {
        const uint32_t n = count(field, min_size);
        std::vector<T> items;
        items.reserve(n);
        for (uint32_t i = 0; i < n; ++i)
            items.push_back(read_one());
        return items;
    }
    [[noreturn]] void fail(const char *field, const std::string &why) const override {
        throw ProtocolError(std::string("malformed ") + kind_name(kind_) + ": field '" + field + "': " + why, field);
    }

  private:
    Kind kind_;
};

// One payload: `write` puts the message's fields.
template <class Write> std::string encoded(Kind kind, Write write) {
    Writer w(kind);
    write(w);
    return w.done();
}

// One payload: `read` fills the message's fields, and every byte must be used.
template <class Message, class Read> Message decoded(Kind kind, std::string_view payload, Read read) {
    Reader r(kind, payload);
    Message m;
    read(r, m);
    r.end("payload_len");
    return m;
}

// The smallest encoding of one element, for Reader::list.
constexpr size_t kMinPluginEntry = 4 + 4 + 4 + 1;
constexpr size_t kMinItem = 8 + 4 + 4;
constexpr size_t kMinResult = 8 + 1 + 8 + 8 + 4 + 4 + 4 + 8 + 4;
constexpr size_t kMinField = 4 + 4;

void write_result(Writer &w, const Result &r) {
    w.i64(r.level_id);
    w.u8(r.status);
    w.f64(r.time_ms);
    w.u64(r.nodes);
    w.str(r.solution, "solution");
    w.str(r.info, "info");
    w.str(r.error, "error");
    w.f64(r.difficulty);
    w.str(r.difficulty_label, "difficulty_label");
}

Result read_result(Reader &r) {
    Result m;
    m.level_id = r.i64("level_id");
    m.status = r.u8("status");
    if (!valid_status(m.status)) r.fail("status", "unknown status " + std::to_string(m.status));
    m.time_ms = r.f64("time_ms");
    m.nodes = r.u64("nodes");
    m.solution = r.str("solution");
    m.info = r.str("info");
    m.error = r.str("error");
    m.difficulty = r.f64("difficulty");
    m.difficulty_label = r.str("difficulty_label");
    return m;
}

void write_fields(Writer &w, const Fields &fields) {
    w.list(fields, "fields", [&](const Fields::value_type &f) {
        w.str(f.first, "field key");
        w.str(f.second, "field value");
    });
}

Fields read_fields(Reader &r) {
    return r.list<Fields::value_type>("fields", kMinField, [&] {
        std::string key = r.str("field key");
        return Fields::value_type(std::move(key), r.str("field value"));
    });
}

} // namespace

std::string field_or(const Fields &fields, std::string_view key, std::string fallback) {
    for (const auto &[k, v] : fields)
        if (k == key) return v;
    return fallback;
}

bool known_kind(uint8_t kind) { return kind >= uint8_t(Kind::hello) && kind <= uint8_t(Kind::progress); }

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
    }
    return "UNKNOWN";
}

bool valid_status(uint8_t status) { return status <= 5 || (status >= kStatusError && status <= kStatusCorrupt); }

std::string payload_of(const Hello &m) {
    return encoded(Kind::hello, [&](Writer &w) {
        w.u32(m.protocol);
        w.u32(m.pid);
        w.str(m.host, "host");
        w.u32(m.slots);
        w.list(m.plugins, "plugins", [&](const PluginEntry &p) {
            w.str(p.id, "plugin id");
            w.str(p.version, "plugin version");
            w.u32(p.abi_minor);
            w.u8(uint8_t(p.origin));
        });
    });
}

std::string payload_of(const Setup &m) {
    return encoded(Kind::setup, [&](Writer &w) {
        w.f64(m.timeout_s);
        w.u64(m.node_limit);
        w.f64(m.grace_s);
        w.u64(m.memory_limit_mib);
        w.u32(m.local_jobs);
        w.u8(m.isolate ? 1 : 0);
        w.list(m.plugin_paths, "plugin_paths", [&](const std::string &p) { w.str(p, "plugin_path"); });
    });
}

std::string payload_of(const Chunk &m) {
    return encoded(Kind::chunk, [&](Writer &w) {
        w.u32(m.chunk_id);
        w.list(m.items, "items", [&](const WorkItem &item) {
            w.i64(item.level_id);
            w.str(item.type, "type");
            w.str(item.text, "text");
        });
    });
}

std::string payload_of(const Result &m) {
    return encoded(Kind::result, [&](Writer &w) { write_result(w, m); });
}

std::string payload_of(const Results &m) {
    return encoded(Kind::results,
                   [&](Writer &w) { w.list(m.results, "results", [&](const Result &r) { write_result(w, r); }); });
}

std::string payload_of(const Returned &m) {
    return encoded(Kind::returned,
                   [&](Writer &w) { w.list(m.level_ids, "level_ids", [&](int64_t id) { w.i64(id); }); });
}

std::string payload_of(const Heartbeat &m) {
    return encoded(Kind::heartbeat, [&](Writer &w) { w.u64(m.seq); });
}

std::string payload_of(const Call &m) {
    return encoded(Kind::call, [&](Writer &w) {
        w.u32(m.call_id);
        w.str(m.op, "op");
        w.str(m.plugin_path, "plugin_path");
        write_fields(w, m.args);
    });
}

std::string payload_of(const Answer &m) {
    return encoded(Kind::answer, [&](Writer &w) {
        w.u32(m.call_id);
        w.u8(uint8_t(m.outcome));
        w.str(m.message, "message");
        write_fields(w, m.fields);
    });
}

std::string payload_of(const Progress &m) {
    return encoded(Kind::progress, [&](Writer &w) {
        w.u32(m.call_id);
        w.u64(m.nodes);
        w.f64(m.fraction);
        w.str(m.message, "message");
    });
}

std::string payload_of(const Cancel &) { return {}; }
std::string payload_of(const Stop &) { return {}; }

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

Hello decode_hello(std::string_view payload) {
    return decoded<Hello>(Kind::hello, payload, [](Reader &r, Hello &m) {
        m.protocol = r.u32("protocol");
        // The layout after this field belongs to the version: a stranger's HELLO is not read further.
        if (m.protocol != kProtocolVersion)
            r.fail("protocol", "the worker speaks version " + std::to_string(m.protocol) + ", this host version " +
                                   std::to_string(kProtocolVersion));
        m.pid = r.u32("pid");
        m.host = r.str("host");
        m.slots = r.u32("slots");
        m.plugins = r.list<PluginEntry>("plugins", kMinPluginEntry, [&] {
            PluginEntry p;
            p.id = r.str("plugin id");
            p.version = r.str("plugin version");
            p.abi_minor = r.u32("abi_minor");
            p.origin = r.enum_u8("origin", Origin::third_party);
            return p;
        });
    });
}

Setup decode_setup(std::string_view payload) {
    return decoded<Setup>(Kind::setup, payload, [](Reader &r, Setup &m) {
        m.timeout_s = r.f64("timeout_s");
        m.node_limit = r.u64("node_limit");
        m.grace_s = r.f64("grace_s");
        m.memory_limit_mib = r.u64("memory_limit_mib");
        m.local_jobs = r.u32("local_jobs");
        m.isolate = r.flag("isolate");
        m.plugin_paths = r.list<std::string>("plugin_paths", 4, [&] { return r.str("plugin_path"); });
    });
}

Chunk decode_chunk(std::string_view payload) {
    return decoded<Chunk>(Kind::chunk, payload, [](Reader &r, Chunk &m) {
        m.chunk_id = r.u32("chunk_id");
        m.items = r.list<WorkItem>("items", kMinItem, [&] {
            WorkItem item;
            item.level_id = r.i64("level_id");
            item.type = r.str("type");
            item.text = r.str("text");
            return item;
        });
    });
}

Result decode_result(std::string_view payload) {
    return decoded<Result>(Kind::result, payload, [](Reader &r, Result &m) { m = read_result(r); });
}

Results decode_results(std::string_view payload) {
    return decoded<Results>(Kind::results, payload, [](Reader &r, Results &m) {
        m.results = r.list<Result>("results", kMinResult, [&] { return read_result(r); });
    });
}

Returned decode_returned(std::string_view payload) {
    return decoded<Returned>(Kind::returned, payload, [](Reader &r, Returned &m) {
        m.level_ids = r.list<int64_t>("level_ids", 8, [&] { return r.i64("level_id"); });
    });
}

Heartbeat decode_heartbeat(std::string_view payload) {
    return decoded<Heartbeat>(Kind::heartbeat, payload, [](Reader &r, Heartbeat &m) { m.seq = r.u64("seq"); });
}

void decode_empty(Kind kind, std::string_view payload) { Reader(kind, payload).end("payload_len"); }

Call decode_call(std::string_view payload) {
    return decoded<Call>(Kind::call, payload, [](Reader &r, Call &m) {
        m.call_id = r.u32("call_id");
        m.op = r.str("op");
        m.plugin_path = r.str("plugin_path");
        m.args = read_fields(r);
    });
}

Answer decode_answer(std::string_view payload) {
    return decoded<Answer>(Kind::answer, payload, [](Reader &r, Answer &m) {
        m.call_id = r.u32("call_id");
        m.outcome = r.enum_u8("outcome", AnswerOutcome::plugin_error);
        m.message = r.str("message");
        m.fields = read_fields(r);
    });
}

Progress decode_progress(std::string_view payload) {
    return decoded<Progress>(Kind::progress, payload, [](Reader &r, Progress &m) {
        m.call_id = r.u32("call_id");
        m.nodes = r.u64("nodes");
        m.fraction = r.f64("fraction");
        m.message = r.str("message");
    });
}

void FrameReader::append(const char *data, size_t size) {
    // Drop the consumed front once it outweighs the rest, so a long stream does not grow the buffer.
    if (start_ > 0 && start_ >= buffer_.size() - start_) {
        buffer_.erase(0, start_);
        start_ = 0;
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
    out.payload.assign(buffer_, start_ + kHeaderSize, len);
    start_ += kHeaderSize + len;
    if (start_ == buffer_.size()) {
        buffer_.clear();
        start_ = 0;
    }
    return Status::frame;
}

Result to_wire(const WorkResult &r) {
    Result w;
    w.level_id = r.level_id;
    if (r.status) {
        w.status = uint8_t(*r.status);
    } else {
        const AttemptFailure f = *r.status.failure();
        w.status = f == AttemptFailure::crashed   ? kStatusCrashed
                   : f == AttemptFailure::timeout ? kStatusTimeout
                   : f == AttemptFailure::corrupt ? kStatusCorrupt
                                                  : kStatusError;
    }
    w.time_ms = r.time_ms;
    w.difficulty = r.difficulty;
    w.difficulty_label = r.difficulty_label;
    w.nodes = r.nodes;
    w.solution = r.solution, w.info = r.info, w.error = r.error;
    return w;
}

WorkResult from_wire(const Result &r) {
    WorkResult w;
    w.level_id = r.level_id;
    switch (r.status) {
    case kStatusCrashed: w.status = AttemptFailure::crashed; break;
    case kStatusTimeout: w.status = AttemptFailure::timeout; break;
    case kStatusCorrupt: w.status = AttemptFailure::corrupt; break;
    case kStatusError: w.status = AttemptFailure::error; break;
    default: w.status = SolveStatus(r.status); break; // the decoder checked it is a pz_solve_status
    }
    w.time_ms = r.time_ms;
    w.difficulty = r.difficulty;
    w.difficulty_label = r.difficulty_label;
    w.nodes = r.nodes;
    w.solution = r.solution, w.info = r.info, w.error = r.error;
    return w;
}

} // namespace pluzzle::host::wire
