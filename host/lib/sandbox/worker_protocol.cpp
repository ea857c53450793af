// worker_protocol.cpp -- byte-exact little-endian encoding and bounds-checked decoding of the worker frames.
#include <pluzzle/host/sandbox/worker_protocol.hpp>

#include <pluzzle/host/plugin/plugin_registry.hpp>

#include <cstring>
#include <unistd.h>

namespace pluzzle::host::wire {

namespace {

constexpr size_t kHeaderSize = 5; // u32 payload_len | u8 kind

std::string mib(uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

class Writer {
  public:
    explicit Writer(Kind kind) : kind_(kind) {}
    void u8(uint8_t v) { out_.push_back(char(v)); }
    void u32(uint32_t v) {
        for (int i = 0; i < 4; ++i)
            out_.push_back(char((v >> (8 * i)) & 0xffu));
    }
    void u64(uint64_t v) {
        for (int i = 0; i < 8; ++i)
            out_.push_back(char((v >> (8 * i)) & 0xffu));
    }
    void i64(int64_t v) { u64(uint64_t(v)); }
    void f64(double v) {
        uint64_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        u64(bits);
    }
    void count(size_t n, const char *field) {
        if (n > UINT32_MAX) fail(field, "count " + std::to_string(n) + " does not fit a u32");
        u32(uint32_t(n));
    }
    void str(std::string_view s, const char *field) {
        if (s.size() > kMaxString)
            fail(field, "length " + std::to_string(s.size()) + " over the " + mib(kMaxString) + " cap");
        u32(uint32_t(s.size()));
        out_.append(s);
    }
    std::string done() {
        if (out_.size() > kMaxPayload)
            fail("payload_len",
                 "payload of " + std::to_string(out_.size()) + " bytes over the " + mib(kMaxPayload) + " cap");
        return std::move(out_);
    }

  private:
    [[noreturn]] void fail(const char *field, const std::string &why) const {
        throw ProtocolError(std::string("cannot encode ") + kind_name(kind_) + ": field '" + field + "': " + why,
                            field);
    }
    Kind kind_;
    std::string out_;
};

class Reader {
  public:
    Reader(Kind kind, std::string_view payload) : kind_(kind), rest_(payload) {}
    uint8_t u8(const char *field) { return uint8_t(take(1, field)[0]); }
    uint32_t u32(const char *field) {
        const auto b = take(4, field);
        uint32_t v = 0;
        for (int i = 0; i < 4; ++i)
            v |= uint32_t(uint8_t(b[i])) << (8 * i);
        return v;
    }
    uint64_t u64(const char *field) {
        const auto b = take(8, field);
        uint64_t v = 0;
        for (int i = 0; i < 8; ++i)
            v |= uint64_t(uint8_t(b[i])) << (8 * i);
        return v;
    }
    int64_t i64(const char *field) { return int64_t(u64(field)); }
    double f64(const char *field) {
        const uint64_t bits = u64(field);
        double v;
        std::memcpy(&v, &bits, sizeof v);
        return v;
    }
    bool flag(const char *field) {
        const uint8_t v = u8(field);
        if (v > 1) fail(field, "value " + std::to_string(v) + " is not 0 or 1");
        return v == 1;
    }
    std::string str(const char *field) {
        const uint32_t n = u32(field);
        if (n > kMaxString) fail(field, "length " + std::to_string(n) + " over the " + mib(kMaxString) + " cap");
        return std::string(take(n, field));
    }
    // An element count, refused when even elements of `min_size` bytes each could not fit in what is left (so a
    // garbage count cannot make us reserve gigabytes).
    uint32_t count(const char *field, size_t min_size) {
        const uint32_t n = u32(field);
        if (uint64_t(n) * min_size > rest_.size())
            fail(field, "count " + std::to_string(n) + " needs at least " + std::to_string(uint64_t(n) * min_size) +
                            " bytes but " + std::to_string(rest_.size()) + " are left");
        return n;
    }
    void end() {
        if (!rest_.empty()) fail("payload_len", std::to_string(rest_.size()) + " bytes left over after the message");
    }
    [[noreturn]] void fail(const char *field, const std::string &why) const {
        throw ProtocolError(std::string("malformed ") + kind_name(kind_) + ": field '" + field + "': " + why, field);
    }

  private:
    std::string_view take(size_t n, const char *field) {
        if (n > rest_.size())
            fail(field, "needs " + std::to_string(n) + " bytes but " + std::to_string(rest_.size()) + " are left");
        const auto head = rest_.substr(0, n);
        rest_.remove_prefix(n);
        return head;
    }
    Kind kind_;
    std::string_view rest_;
};

// The smallest encoding of one element, for Reader::count.
constexpr size_t kMinPluginEntry = 4 + 4 + 4 + 1;
constexpr size_t kMinItem = 8 + 4 + 4;
constexpr size_t kMinResult = 8 + 1 + 8 + 8 + 4 + 4 + 4 + 8 + 4;

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
    w.count(fields.size(), "fields");
    for (const auto &[key, value] : fields) {
        w.str(key, "field key");
        w.str(value, "field value");
    }
}

Fields read_fields(Reader &r) {
    Fields fields;
    const uint32_t n = r.count("fields", 8);
    fields.reserve(n);
    for (uint32_t i = 0; i < n; ++i) {
        std::string key = r.str("field key");
        fields.emplace_back(std::move(key), r.str("field value"));
    }
    return fields;
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
    Writer w(Kind::hello);
    w.u32(m.protocol);
    w.u32(m.pid);
    w.str(m.host, "host");
    w.u32(m.slots);
    w.count(m.plugins.size(), "plugins");
    for (const auto &p : m.plugins) {
        w.str(p.id, "plugin id");
        w.str(p.version, "plugin version");
        w.u32(p.abi_minor);
        w.u8(uint8_t(p.origin));
    }
    return w.done();
}

std::string payload_of(const Setup &m) {
    Writer w(Kind::setup);
    w.f64(m.timeout_s);
    w.u64(m.node_limit);
    w.f64(m.grace_s);
    w.u64(m.memory_limit_mib);
    w.u32(m.local_jobs);
    w.u8(m.isolate ? 1 : 0);
    w.count(m.plugin_paths.size(), "plugin_paths");
    for (const auto &p : m.plugin_paths)
        w.str(p, "plugin_path");
    return w.done();
}

std::string payload_of(const Chunk &m) {
    Writer w(Kind::chunk);
    w.u32(m.chunk_id);
    w.count(m.items.size(), "items");
    for (const auto &item : m.items) {
        w.i64(item.level_id);
        w.str(item.type, "type");
        w.str(item.text, "text");
    }
    return w.done();
}

std::string payload_of(const Result &m) {
    Writer w(Kind::result);
    write_result(w, m);
    return w.done();
}

std::string payload_of(const Results &m) {
    Writer w(Kind::results);
    w.count(m.results.size(), "results");
    for (const auto &r : m.results)
        write_result(w, r);
    return w.done();
}

std::string payload_of(const Returned &m) {
    Writer w(Kind::returned);
    w.count(m.level_ids.size(), "level_ids");
    for (int64_t id : m.level_ids)
        w.i64(id);
    return w.done();
}

std::string payload_of(const Heartbeat &m) {
    Writer w(Kind::heartbeat);
    w.u64(m.seq);
    return w.done();
}

std::string payload_of(const Call &m) {
    Writer w(Kind::call);
    w.u32(m.call_id);
    w.str(m.op, "op");
    w.str(m.plugin_path, "plugin_path");
    write_fields(w, m.args);
    return w.done();
}

std::string payload_of(const Answer &m) {
    Writer w(Kind::answer);
    w.u32(m.call_id);
    w.u8(uint8_t(m.outcome));
    w.str(m.message, "message");
    write_fields(w, m.fields);
    return w.done();
}

std::string payload_of(const Progress &m) {
    Writer w(Kind::progress);
    w.u32(m.call_id);
    w.u64(m.nodes);
    w.f64(m.fraction);
    w.str(m.message, "message");
    return w.done();
}

std::string payload_of(const Cancel &) { return {}; }
std::string payload_of(const Stop &) { return {}; }

std::string frame(Kind kind, std::string_view payload) {
    if (payload.size() > kMaxPayload)
        throw ProtocolError(std::string("cannot encode ") + kind_name(kind) + ": field 'payload_len': payload of " +
                                std::to_string(payload.size()) + " bytes over the " + mib(kMaxPayload) + " cap",
                            "payload_len");
    std::string out;
    out.reserve(kHeaderSize + payload.size());
    const auto n = uint32_t(payload.size());
    for (int i = 0; i < 4; ++i)
        out.push_back(char((n >> (8 * i)) & 0xffu));
    out.push_back(char(kind));
    out.append(payload);
    return out;
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
    Reader r(Kind::hello, payload);
    Hello m;
    m.protocol = r.u32("protocol");
    // The layout after this field belongs to the version: a stranger's HELLO is not read further.
    if (m.protocol != kProtocolVersion)
        r.fail("protocol", "the worker speaks version " + std::to_string(m.protocol) + ", this host version " +
                               std::to_string(kProtocolVersion));
    m.pid = r.u32("pid");
    m.host = r.str("host");
    m.slots = r.u32("slots");
    const uint32_t n = r.count("plugins", kMinPluginEntry);
    m.plugins.reserve(n);
    for (uint32_t i = 0; i < n; ++i) {
        PluginEntry p;
        p.id = r.str("plugin id");
        p.version = r.str("plugin version");
        p.abi_minor = r.u32("abi_minor");
        const uint8_t origin = r.u8("origin");
        if (origin > uint8_t(Origin::third_party)) r.fail("origin", "unknown origin " + std::to_string(origin));
        p.origin = Origin(origin);
        m.plugins.push_back(std::move(p));
    }
    r.end();
    return m;
}

Setup decode_setup(std::string_view payload) {
    Reader r(Kind::setup, payload);
    Setup m;
    m.timeout_s = r.f64("timeout_s");
    m.node_limit = r.u64("node_limit");
    m.grace_s = r.f64("grace_s");
    m.memory_limit_mib = r.u64("memory_limit_mib");
    m.local_jobs = r.u32("local_jobs");
    m.isolate = r.flag("isolate");
    const uint32_t n = r.count("plugin_paths", 4);
    m.plugin_paths.reserve(n);
    for (uint32_t i = 0; i < n; ++i)
        m.plugin_paths.push_back(r.str("plugin_path"));
    r.end();
    return m;
}

Chunk decode_chunk(std::string_view payload) {
    Reader r(Kind::chunk, payload);
    Chunk m;
    m.chunk_id = r.u32("chunk_id");
    const uint32_t n = r.count("items", kMinItem);
    m.items.reserve(n);
    for (uint32_t i = 0; i < n; ++i) {
        WorkItem item;
        item.level_id = r.i64("level_id");
        item.type = r.str("type");
        item.text = r.str("text");
        m.items.push_back(std::move(item));
    }
    r.end();
    return m;
}

Result decode_result(std::string_view payload) {
    Reader r(Kind::result, payload);
    Result m = read_result(r);
    r.end();
    return m;
}

Results decode_results(std::string_view payload) {
    Reader r(Kind::results, payload);
    Results m;
    const uint32_t n = r.count("results", kMinResult);
    m.results.reserve(n);
    for (uint32_t i = 0; i < n; ++i)
        m.results.push_back(read_result(r));
    r.end();
    return m;
}

Returned decode_returned(std::string_view payload) {
    Reader r(Kind::returned, payload);
    Returned m;
    const uint32_t n = r.count("level_ids", 8);
    m.level_ids.reserve(n);
    for (uint32_t i = 0; i < n; ++i)
        m.level_ids.push_back(r.i64("level_id"));
    r.end();
    return m;
}

Heartbeat decode_heartbeat(std::string_view payload) {
    Reader r(Kind::heartbeat, payload);
    Heartbeat m;
    m.seq = r.u64("seq");
    r.end();
    return m;
}

void decode_empty(Kind kind, std::string_view payload) { Reader(kind, payload).end(); }

Call decode_call(std::string_view payload) {
    Reader r(Kind::call, payload);
    Call m;
    m.call_id = r.u32("call_id");
    m.op = r.str("op");
    m.plugin_path = r.str("plugin_path");
    m.args = read_fields(r);
    r.end();
    return m;
}

Answer decode_answer(std::string_view payload) {
    Reader r(Kind::answer, payload);
    Answer m;
    m.call_id = r.u32("call_id");
    const uint8_t outcome = r.u8("outcome");
    if (outcome > uint8_t(AnswerOutcome::plugin_error)) r.fail("outcome", "unknown outcome " + std::to_string(outcome));
    m.outcome = AnswerOutcome(outcome);
    m.message = r.str("message");
    m.fields = read_fields(r);
    r.end();
    return m;
}

Progress decode_progress(std::string_view payload) {
    Reader r(Kind::progress, payload);
    Progress m;
    m.call_id = r.u32("call_id");
    m.nodes = r.u64("nodes");
    m.fraction = r.f64("fraction");
    m.message = r.str("message");
    r.end();
    return m;
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
    uint32_t len = 0;
    for (int i = 0; i < 4; ++i)
        len |= uint32_t(p[i]) << (8 * i);
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
