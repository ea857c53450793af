// The worker frame codec: byte-exact round trips, and no crash on truncated, oversized or random input (a dying
// worker leaves half a frame; a plugin writing to the wrong fd leaves garbage).
#include <pluzzle/host/sandbox/worker_protocol.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace pluzzle::host::wire;
using pluzzle::host::ItemKey;
using pluzzle::host::WorkItem;
namespace item_part = pluzzle::host::item_part;
namespace wire = pluzzle::host::wire; // `Setup` alone is GoogleTest's misspelling trap inside a TEST

namespace {

uint64_t bits(double v) {
    uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}

// Field-by-field equality; doubles by their bits so NaN and -0.0 count as round-tripped.
void expect_same(const Result &a, const Result &b) {
    EXPECT_EQ(a.level_id, b.level_id);
    EXPECT_EQ(a.status, b.status);
    EXPECT_EQ(bits(a.time_ms), bits(b.time_ms));
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.solution, b.solution);
    EXPECT_EQ(a.info, b.info);
    EXPECT_EQ(a.error, b.error);
    EXPECT_EQ(bits(a.difficulty), bits(b.difficulty));
    EXPECT_EQ(a.difficulty_label, b.difficulty_label);
    EXPECT_EQ(a.part, b.part);
    EXPECT_EQ(bits(a.lower_bound), bits(b.lower_bound));
    EXPECT_EQ(bits(a.upper_bound), bits(b.upper_bound));
    EXPECT_EQ(a.solutions_found, b.solutions_found);
    EXPECT_EQ(a.second_solution, b.second_solution);
    EXPECT_EQ(a.cubes, b.cubes);
    EXPECT_EQ(a.combine, b.combine);
}

const std::string kUtf8 = "Łódź ♞ 日本語 \xF0\x9F\xA7\xA9";
const std::string kMultiline = "probe 1\nvalue 3\r\n\n  work 2\n";
const std::string kBinary = std::string("a\0b\xff", 4); // NUL and a stray byte: a str is bytes, not C text

Hello sample_hello() {
    return {kProtocolVersion,
            4242,
            "node-" + kUtf8,
            3,
            {{"lightsout", "1.0.0", 4, Origin::bundled}, {"probe", "", 0, Origin::third_party}}};
}

Setup sample_setup() {
    return {1.5, 10'000'000, 5, 2.15, 256, 2, true, {"/usr/lib/pluzzle/plugins/lightsout.so", "", kUtf8}};
}

Chunk sample_chunk() {
    Chunk chunk{7,
                {pluzzle::host::level_item(1, "probe", kMultiline), pluzzle::host::level_item(-9, "", ""),
                 pluzzle::host::level_item(std::numeric_limits<int64_t>::max(), "nonogram", std::string(1 << 20, 'x') + kUtf8),
                 pluzzle::host::level_item(std::numeric_limits<int64_t>::min(), "kami", kBinary), pluzzle::host::level_item(3, "kami", "kami 1"),
                 pluzzle::host::level_item(3, "kami", "kami 1")}};
    chunk.items[4].part = item_part::split; // ABI 1.8: a split, and a cube with the best cost its conquest knew
    chunk.items[4].want = 16;
    chunk.items[4].time_limit_s = 2.5;
    chunk.items[5].part = 41;
    chunk.items[5].cube = "move 12 3" + kUtf8;
    chunk.items[5].known_best = 17;
    return chunk;
}

std::vector<Result> sample_results() {
    return {{1, 1, 12.5, 1'000'000, "answer 3\nline 2", "{\"nodes\":1}", "", 4.25, "probing", item_part::whole, NAN, NAN, 0, "", {}, -1},
            {2, kStatusCrashed, 0, 0, "", "{\"reason\":\"worker killed by SIGSEGV\",\"signal\":11}", kUtf8, NAN, "", item_part::whole, NAN, NAN, 0, "", {}, -1},
            {3, kStatusTimeout, std::numeric_limits<double>::infinity(), UINT64_MAX, kBinary, "", "x", 0, kUtf8, item_part::whole, NAN, NAN, 0, "", {}, -1},
            {-4, 0, -0.0, 0, "", "", "", 10, "", item_part::whole, NAN, NAN, 0, "", {}, -1},
            {5, 5, std::nan(""), 3, std::string(1 << 20, '\n'), "", "", -0.0, "x", item_part::whole, NAN, NAN, 0, "", {}, -1},
            // ABI 1.8: a split's cubes, and a cube's bounds and second solution
            {6, 4, 1, 2, "", "", "", NAN, "", item_part::split, 10, 14, 1, "", {"move 1 2", "", kUtf8}, PZ_COMBINE_BEST},
            {6, 1, 1, 2, "answer 1", "", "", NAN, "", 7, 12, 12, 2, kBinary, {}, -1}};
}

Call sample_call() {
    return {9, "solve", "/opt/plugins/libpluzzle_kami.so", {{"text", kBinary}, {"solution", "a"}, {"solution", ""}}};
}

Answer sample_answer() {
    return {9, AnswerOutcome::input_error, "level 1:2:3: bad", {{"line", "2"}, {"column", "3"}, {"", kUtf8}}};
}

// One frame of every kind, in a stream.
std::vector<std::string> sample_frames() {
    const auto results = sample_results();
    return {encode(sample_hello()),
            encode(sample_setup()),
            encode(sample_chunk()),
            encode(results[0]),
            encode(Results{results}),
            encode(Results{}),
            encode(Returned{{{1, item_part::whole}, {-2, 5}, {INT64_MAX, item_part::split}}}),
            encode(Interrupt{}),
            encode(Heartbeat{0x0102030405060708u}),
            encode(Cancel{}),
            encode(Stop{}),
            encode(sample_call()),
            encode(sample_answer()),
            encode(Progress{9, 12345, 0.25, "depth 7"})};
}

// Decodes a payload by its kind (what a dispatcher does with each frame).
void decode_any(const Frame &f) {
    switch (f.kind) {
    case Kind::hello: decode_hello(f.payload); break;
    case Kind::setup: decode_setup(f.payload); break;
    case Kind::chunk: decode_chunk(f.payload); break;
    case Kind::result: decode_result(f.payload); break;
    case Kind::results: decode_results(f.payload); break;
    case Kind::returned: decode_returned(f.payload); break;
    case Kind::heartbeat: decode_heartbeat(f.payload); break;
    case Kind::cancel:
    case Kind::stop:
    case Kind::interrupt: decode_empty(f.kind, f.payload); break;
    case Kind::call: decode_call(f.payload); break;
    case Kind::answer: decode_answer(f.payload); break;
    case Kind::progress: decode_progress(f.payload); break;
    }
}

std::vector<Frame> read_all(FrameReader &reader, FrameReader::Status &last) {
    std::vector<Frame> out;
    Frame f;
    while ((last = reader.next(f)) == FrameReader::Status::frame)
        out.push_back(f);
    return out;
}

Frame only_frame(const std::string &bytes) {
    FrameReader reader;
    reader.append(bytes.data(), bytes.size());
    Frame f;
    EXPECT_EQ(reader.next(f), FrameReader::Status::frame) << reader.error();
    EXPECT_EQ(reader.buffered(), 0u);
    return f;
}

// The ProtocolError a decoder throws on `payload`, or a failure.
ProtocolError error_of(Kind kind, const std::string &payload) {
    try {
        decode_any({kind, payload});
    } catch (const ProtocolError &e) {
        return e;
    }
    ADD_FAILURE() << kind_name(kind) << " payload accepted";
    return ProtocolError("", "");
}

std::string u32_le(uint32_t v) {
    std::string s;
    for (int i = 0; i < 4; ++i)
        s.push_back(char(v >> (8 * i)));
    return s;
}

} // namespace

TEST(WorkerProtocol, RoundTripsEveryFrameKind) {
    const Hello hello = decode_hello(only_frame(encode(sample_hello())).payload);
    EXPECT_EQ(hello.protocol, kProtocolVersion);
    EXPECT_EQ(hello.pid, 4242u);
    EXPECT_EQ(hello.host, sample_hello().host);
    EXPECT_EQ(hello.slots, 3u);
    ASSERT_EQ(hello.plugins.size(), 2u);
    EXPECT_EQ(hello.plugins[0].id, "lightsout");
    EXPECT_EQ(hello.plugins[0].version, "1.0.0");
    EXPECT_EQ(hello.plugins[0].abi_minor, 4u);
    EXPECT_EQ(hello.plugins[0].origin, Origin::bundled);
    EXPECT_EQ(hello.plugins[1].version, "");
    EXPECT_EQ(hello.plugins[1].origin, Origin::third_party);

    const wire::Setup setup = decode_setup(only_frame(encode(sample_setup())).payload);
    EXPECT_EQ(setup.timeout_s, 1.5);
    EXPECT_EQ(setup.node_limit, 10'000'000u);
    EXPECT_EQ(setup.max_solutions, 5u);
    EXPECT_EQ(setup.grace_s, 2.15);
    EXPECT_EQ(setup.memory_limit_mib, 256u);
    EXPECT_EQ(setup.local_jobs, 2u);
    EXPECT_TRUE(setup.isolate);
    EXPECT_EQ(setup.plugin_paths, sample_setup().plugin_paths);
    EXPECT_FALSE(decode_setup(payload_of(wire::Setup{})).isolate);

    const Frame chunk_frame = only_frame(encode(sample_chunk()));
    EXPECT_EQ(chunk_frame.kind, Kind::chunk);
    const Chunk chunk = decode_chunk(chunk_frame.payload);
    EXPECT_EQ(chunk.chunk_id, 7u);
    ASSERT_EQ(chunk.items.size(), sample_chunk().items.size());
    for (size_t i = 0; i < chunk.items.size(); ++i) {
        EXPECT_EQ(chunk.items[i].level_id, sample_chunk().items[i].level_id);
        EXPECT_EQ(chunk.items[i].type, sample_chunk().items[i].type);
        EXPECT_EQ(chunk.items[i].text, sample_chunk().items[i].text);
        EXPECT_EQ(chunk.items[i].part, sample_chunk().items[i].part);
        EXPECT_EQ(chunk.items[i].want, sample_chunk().items[i].want);
        EXPECT_EQ(chunk.items[i].cube, sample_chunk().items[i].cube);
        EXPECT_EQ(chunk.items[i].known_best, sample_chunk().items[i].known_best);
        EXPECT_EQ(chunk.items[i].time_limit_s, sample_chunk().items[i].time_limit_s);
    }
    EXPECT_TRUE(decode_chunk(payload_of(Chunk{})).items.empty());

    for (const Result &r : sample_results())
        expect_same(decode_result(only_frame(encode(r)).payload), r);
    const Results batch = decode_results(only_frame(encode(Results{sample_results()})).payload);
    ASSERT_EQ(batch.results.size(), sample_results().size());
    for (size_t i = 0; i < batch.results.size(); ++i)
        expect_same(batch.results[i], sample_results()[i]);

    const std::vector<ItemKey> keys{{1, item_part::whole}, {-2, 5}, {INT64_MAX, item_part::split}};
    EXPECT_EQ(decode_returned(only_frame(encode(Returned{keys})).payload).items, keys);
    EXPECT_EQ(decode_heartbeat(only_frame(encode(Heartbeat{UINT64_MAX})).payload).seq, UINT64_MAX);
    for (const std::string &empty : {encode(Cancel{}), encode(Stop{}), encode(Interrupt{})}) {
        const Frame f = only_frame(empty);
        EXPECT_TRUE(f.payload.empty());
        EXPECT_NO_THROW(decode_empty(f.kind, f.payload));
    }
    EXPECT_EQ(only_frame(encode(Cancel{})).kind, Kind::cancel);
    EXPECT_EQ(only_frame(encode(Stop{})).kind, Kind::stop);

    const Call call = decode_call(only_frame(encode(sample_call())).payload);
    EXPECT_EQ(call.call_id, 9u);
    EXPECT_EQ(call.op, "solve");
    EXPECT_EQ(call.plugin_path, sample_call().plugin_path);
    EXPECT_EQ(call.args, sample_call().args); // repeated keys and empty values kept in order
    EXPECT_EQ(field_or(call.args, "solution"), "a");
    EXPECT_EQ(field_or(call.args, "missing", "none"), "none");
    const Answer answer = decode_answer(only_frame(encode(sample_answer())).payload);
    EXPECT_EQ(answer.call_id, 9u);
    EXPECT_EQ(answer.outcome, AnswerOutcome::input_error);
    EXPECT_EQ(answer.message, sample_answer().message);
    EXPECT_EQ(answer.fields, sample_answer().fields);
    const Progress progress = decode_progress(only_frame(encode(Progress{9, 12345, 0.25, "depth 7"})).payload);
    EXPECT_EQ(progress.call_id, 9u);
    EXPECT_EQ(progress.nodes, 12345u);
    EXPECT_EQ(progress.fraction, 0.25);
    EXPECT_EQ(progress.message, "depth 7");
    std::string bad_outcome = payload_of(sample_answer());
    bad_outcome[4] = char(3);
    EXPECT_THROW(decode_answer(bad_outcome), ProtocolError);
}

TEST(WorkerProtocol, BytesAreLittleEndianWhateverTheHost) {
    EXPECT_EQ(encode(Heartbeat{0x0102030405060708u}),
              std::string("\x08\0\0\0\x07\x08\x07\x06\x05\x04\x03\x02\x01", 13));
    EXPECT_EQ(encode(Stop{}), std::string("\0\0\0\0\x09", 5));
    // f64: the IEEE bits of 1.0 (0x3FF0...) in a little-endian u64; the str header before its bytes.
    Result r;
    r.level_id = -1;
    r.status = 1;
    r.time_ms = 1.0;
    r.solution = "ab";
    EXPECT_EQ(payload_of(r), std::string("\xff\xff\xff\xff\xff\xff\xff\xff"
                                         "\x01"
                                         "\0\0\0\0\0\0\xf0\x3f"
                                         "\0\0\0\0\0\0\0\0"
                                         "\x02\0\0\0ab"
                                         "\0\0\0\0"
                                         "\0\0\0\0"
                                         "\0\0\0\0\0\0\xf8\x7f" // difficulty: NaN (none), the quiet NaN's bits
                                         "\0\0\0\0"
                                         "\xff\xff\xff\xff"             // part: whole (-1)
                                         "\0\0\0\0\0\0\xf8\x7f"     // bounds: NaN
                                         "\0\0\0\0\0\0\xf8\x7f"
                                         "\0\0\0\0"                     // solutions found
                                         "\0\0\0\0"                     // second solution
                                         "\0\0\0\0"                     // cubes
                                         "\xff\xff\xff\xff",            // combine: none (-1)
                                         8 + 1 + 8 + 8 + 6 + 4 + 4 + 8 + 4 + 4 + 8 + 8 + 4 + 4 + 4 + 4));
}

TEST(WorkerProtocol, TruncatedAndOversizedFramesAreReported) {
    // Every strict prefix of a stream of small frames gives the whole frames it holds, then "incomplete".
    std::string stream;
    std::vector<size_t> ends;
    for (const std::string &f : {encode(sample_hello()), encode(sample_setup()), encode(sample_results()[1]),
                                 encode(Returned{{{5, 6}}}), encode(Heartbeat{3}), encode(Cancel{}), encode(Stop{})}) {
        stream += f;
        ends.push_back(stream.size());
    }
    for (size_t n = 0; n < stream.size(); ++n) {
        FrameReader reader;
        reader.append(stream.data(), n);
        FrameReader::Status last;
        const auto frames = read_all(reader, last);
        ASSERT_EQ(last, FrameReader::Status::incomplete) << "prefix " << n << ": " << reader.error();
        size_t whole = 0;
        while (whole < ends.size() && ends[whole] <= n)
            ++whole;
        ASSERT_EQ(frames.size(), whole) << "prefix " << n;
    }
    // Every strict prefix of every payload is refused by its decoder, with a reason.
    for (const std::string &bytes : sample_frames()) {
        const Frame f = only_frame(bytes);
        // The 1 MiB texts: cut near the ends and in steps, not at each of a million bytes.
        for (size_t n = 0; n<f.payload.size(); n += f.payload.size()> 4096 && n > 64 ? 4093 : 1) {
            const ProtocolError e = error_of(f.kind, f.payload.substr(0, n));
            EXPECT_NE(std::string(e.what()).find("malformed"), std::string::npos) << e.what();
            EXPECT_FALSE(e.field().empty()) << e.what();
        }
        if (!f.payload.empty()) { // the steps above may have jumped over the last byte
            EXPECT_THROW(decode_any({f.kind, f.payload.substr(0, f.payload.size() - 1)}), ProtocolError)
                << kind_name(f.kind);
        }
    }
    // A frame header announcing more than the cap is malformed at once, and stays so.
    FrameReader reader;
    const std::string huge = u32_le(kMaxPayload + 1) + "\x03";
    reader.append(huge.data(), huge.size());
    Frame f;
    EXPECT_EQ(reader.next(f), FrameReader::Status::malformed);
    EXPECT_NE(reader.error().find("field 'payload_len'"), std::string::npos) << reader.error();
    const std::string good = encode(Stop{});
    reader.append(good.data(), good.size());
    EXPECT_EQ(reader.next(f), FrameReader::Status::malformed);
}

TEST(WorkerProtocol, CorruptLengthsAndValuesNameTheField) {
    auto expect_field = [](Kind kind, const std::string &payload, const std::string &field, const std::string &why) {
        const ProtocolError e = error_of(kind, payload);
        EXPECT_EQ(e.field(), field) << e.what();
        EXPECT_NE(std::string(e.what()).find("field '" + field + "'"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(kind_name(kind)), std::string::npos) << e.what();
    };
    // CHUNK: chunk_id 1, one item, level_id 2, type "t", then the text's length.
    const std::string head = u32_le(1) + u32_le(1) + std::string("\x02\0\0\0\0\0\0\0", 8) + u32_le(1) + "t";
    // (An item takes 44 bytes at the least: payloads shorter than that are refused at the count, before the text.)
    const std::string thirty(30, 'a');
    expect_field(Kind::chunk, head + u32_le(100) + thirty, "text", "needs 100 bytes but 30 are left");
    expect_field(Kind::chunk, head + u32_le(kMaxString + 1) + thirty, "text", "over the 64 MiB cap");
    // ... then part, want, cube, known_best and time_limit_s (ABI 1.8).
    const auto tail = [](uint32_t part) { return u32_le(part) + u32_le(0) + u32_le(0) + std::string(16, '\0'); };
    expect_field(Kind::chunk, head + u32_le(3) + "abc" + tail(0xffffffffu) + "XY", "payload_len", "2 bytes left over");
    expect_field(Kind::chunk, head + u32_le(3) + "abc" + tail(uint32_t(-3)), "part", "unknown part -3");
    expect_field(Kind::chunk, u32_le(1) + u32_le(0xffffffffu) + "abc", "items", "count 4294967295 needs at least");
    expect_field(Kind::results, u32_le(1000) + std::string(100, '\0'), "results", "count 1000");
    expect_field(Kind::returned, u32_le(2) + std::string(23, '\0'), "items", "needs at least 24 bytes");

    Result r;
    std::string bad_status = payload_of(r);
    bad_status[8] = char(6);
    expect_field(Kind::result, bad_status, "status", "unknown status 6");

    std::string bad_origin = payload_of(sample_hello());
    bad_origin.back() = char(2);
    expect_field(Kind::hello, bad_origin, "origin", "unknown origin 2");
    Hello other = sample_hello();
    other.protocol = kProtocolVersion + 1;
    expect_field(Kind::hello, payload_of(other), "protocol", "version " + std::to_string(kProtocolVersion + 1));

    std::string bad_flag = payload_of(wire::Setup{});
    bad_flag[8 + 8 + 4 + 8 + 8 + 4] = char(2);
    expect_field(Kind::setup, bad_flag, "isolate", "not 0 or 1");
    expect_field(Kind::cancel, "x", "payload_len", "1 bytes left over");

    FrameReader reader;
    const std::string unknown = u32_le(0) + "\x2a";
    reader.append(unknown.data(), unknown.size());
    Frame f;
    EXPECT_EQ(reader.next(f), FrameReader::Status::malformed);
    EXPECT_NE(reader.error().find("field 'kind': unknown frame kind 42"), std::string::npos) << reader.error();

    // The encoder refuses what the decoder would.
    Chunk too_big{1, {pluzzle::host::level_item(1, "probe", std::string(kMaxString + 1, 'x'))}};
    try {
        encode(too_big);
        FAIL() << "an over-cap text was encoded";
    } catch (const ProtocolError &e) {
        EXPECT_EQ(e.field(), "text");
        EXPECT_NE(std::string(e.what()).find("CHUNK"), std::string::npos) << e.what();
    }
    EXPECT_NO_THROW(payload_of(Chunk{1, {pluzzle::host::level_item(1, "probe", std::string(kMaxString, 'x'))}})); // the cap itself is allowed
}

TEST(WorkerProtocol, FramesFedOneByteAtATimeComeOutIdentical) {
    std::string stream;
    std::vector<Frame> expected;
    for (const std::string &bytes : sample_frames()) {
        stream += bytes;
        expected.push_back(only_frame(bytes));
    }
    FrameReader reader;
    std::vector<Frame> got;
    Frame f;
    for (char c : stream) {
        reader.append(&c, 1);
        FrameReader::Status s;
        while ((s = reader.next(f)) == FrameReader::Status::frame)
            got.push_back(f);
        ASSERT_EQ(s, FrameReader::Status::incomplete) << reader.error();
    }
    EXPECT_EQ(reader.buffered(), 0u);
    ASSERT_EQ(got.size(), expected.size());
    for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(got[i].kind, expected[i].kind) << i;
        EXPECT_TRUE(got[i].payload == expected[i].payload) << "frame " << i << " (" << kind_name(got[i].kind) << ")";
    }
}

TEST(WorkerProtocol, MegabyteFramesInPipeSizedPiecesComeOutIntactAndTheLastBigStringKeepsTheBuffer) {
    // A solve's answer as a worker sends it for a big board: two solutions of a megabyte, the last one last, then a
    // small frame right behind it in the same stream.
    std::string a(1 << 20, 'a'), b((1 << 20) + 3, 'b');
    for (size_t i = 0; i < a.size(); i += 4099) a[i] = char('0' + i % 10), b[i] = char('A' + i % 26);
    Answer sent;
    sent.call_id = 42;
    sent.fields = {{"status", "1"}, {"solution", a}, {"solution", b}};
    const Progress after{43, 7, 0.5, "next"};
    const std::string stream = encode(sent) + encode(after);
    EXPECT_EQ(encode(sent), frame(Kind::answer, payload_of(sent))); // one buffer, the same bytes
    FrameReader reader;
    std::vector<Frame> got;
    for (size_t at = 0; at < stream.size(); at += 65536) {
        reader.append(stream.data() + at, std::min<size_t>(65536, stream.size() - at));
        Frame f;
        FrameReader::Status s;
        while ((s = reader.next(f)) == FrameReader::Status::frame)
            got.push_back(std::move(f));
        ASSERT_EQ(s, FrameReader::Status::incomplete) << reader.error();
    }
    ASSERT_EQ(got.size(), 2u);
    ASSERT_EQ(got[0].kind, Kind::answer);
    const Answer copied = decode_answer(std::string_view(got[0].payload));
    const Answer taken = decode_answer(std::move(got[0].payload));
    for (const Answer *answer : {&copied, &taken}) {
        EXPECT_EQ(answer->call_id, 42u);
        ASSERT_EQ(answer->fields.size(), 3u);
        EXPECT_TRUE(answer->fields[1].second == a);
        EXPECT_TRUE(answer->fields[2].second == b);
    }
    EXPECT_EQ(decode_progress(got[1].payload).message, "next");
    // A frame that is the whole buffer is handed over, one behind others is copied out: both come out right.
    FrameReader one;
    const std::string single = encode(sent);
    one.append(single.data(), single.size());
    Frame f;
    ASSERT_EQ(one.next(f), FrameReader::Status::frame);
    EXPECT_TRUE(decode_answer(std::move(f.payload)).fields[2].second == b);
    EXPECT_EQ(one.buffered(), 0u);
}

TEST(WorkerProtocol, RandomBytesNeverCrashTheReaderOrTheDecoders) {
    std::mt19937_64 rng(20240613);
    const std::vector<std::string> frames = [] {
        std::vector<std::string> small;
        for (const std::string &f : sample_frames())
            if (f.size() < 4096) small.push_back(f);
        return small;
    }();
    size_t decoded = 0, refused = 0;
    for (int round = 0; round < 4000; ++round) {
        std::string bytes;
        switch (round % 3) {
        case 0: // pure noise
            bytes.resize(rng() % 512);
            for (char &c : bytes)
                c = char(rng());
            break;
        case 1: // a plausible header over a noise payload, so the decoders see it
            bytes.resize(rng() % 200);
            for (char &c : bytes)
                c = char(rng());
            bytes = u32_le(uint32_t(bytes.size())) + char(1 + rng() % 9) + bytes;
            break;
        default: // a valid frame with a few bytes changed
            bytes = frames[rng() % frames.size()];
            for (int k = 0, n = int(1 + rng() % 4); k < n; ++k)
                bytes[rng() % bytes.size()] = char(rng());
        }
        FrameReader reader;
        for (size_t at = 0; at < bytes.size();) { // in pieces of random sizes
            const size_t piece = std::min<size_t>(bytes.size() - at, 1 + rng() % 64);
            reader.append(bytes.data() + at, piece);
            at += piece;
            Frame f;
            FrameReader::Status s;
            while ((s = reader.next(f)) == FrameReader::Status::frame) {
                try {
                    decode_any(f);
                    ++decoded;
                } catch (const ProtocolError &) {
                    ++refused;
                }
            }
            if (s == FrameReader::Status::malformed) {
                EXPECT_FALSE(reader.error().empty());
            }
        }
    }
    // Both paths were exercised (the mutations keep some frames valid).
    EXPECT_GT(decoded, 0u);
    EXPECT_GT(refused, 100u);
}

// A worker's result crosses the wire unchanged whatever its status: every SolveStatus and every host failure.
TEST(WorkerProtocol, WorkResultsRoundTripThroughTheWireForEveryStatus) {
    std::vector<pluzzle::host::AttemptStatus> statuses(std::begin(pluzzle::kSolveStatuses),
                                                       std::end(pluzzle::kSolveStatuses));
    for (pluzzle::host::AttemptFailure f : pluzzle::host::kAttemptFailures)
        statuses.push_back(f);
    for (const auto &status : statuses) {
        pluzzle::host::WorkResult r;
        r.level_id = -42, r.status = status, r.solution = "R\nL", r.info = "{\"x\":1}", r.error = "why";
        r.time_ms = 12.5, r.nodes = 99, r.difficulty = 7.5, r.difficulty_label = "branching";
        const Result w = to_wire(r);
        EXPECT_TRUE(valid_status(w.status)) << int(w.status);
        const pluzzle::host::WorkResult back = from_wire(decode_result(only_frame(encode(w)).payload));
        EXPECT_EQ(back.status, status) << pluzzle::host::attempt_status_text(status);
        EXPECT_EQ(back.level_id, r.level_id);
        EXPECT_EQ(back.solution, r.solution);
        EXPECT_EQ(back.info, r.info);
        EXPECT_EQ(back.error, r.error);
        EXPECT_EQ(back.time_ms, r.time_ms);
        EXPECT_EQ(back.nodes, r.nodes);
        EXPECT_EQ(back.difficulty, r.difficulty);
        EXPECT_EQ(back.difficulty_label, r.difficulty_label);
    }
}
