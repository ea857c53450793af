// The shared byte writer and bounds-checked reader (base/bytes.hpp) under the worker frames and the drawings:
// little-endian whatever the host, and input cut short is an error naming the field -- never a read past the end.
#include "base/bytes.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

using namespace pluzzle::host;

namespace {

struct TestReader : ByteReader {
    using ByteReader::ByteReader;
    [[noreturn]] void fail(const char *field, const std::string &why) const override {
        throw std::runtime_error(std::string(field) + ": " + why);
    }
};

// Expects `read` to fail with exactly `message`.
template <class Read> void expect_error(Read read, const std::string &message) {
    try {
        read();
        ADD_FAILURE() << "no error; expected: " << message;
    } catch (const std::runtime_error &e) {
        EXPECT_EQ(e.what(), message);
    }
}

// What EveryPrefixOfAMessageFailsCleanly writes.
void read_message(ByteReader &r) {
    r.u32("a");
    r.str("b");
    r.f64("c");
}

} // namespace

TEST(Bytes, WritesLittleEndianAndReadsItBack) {
    ByteWriter w;
    w.u8(0xab);
    w.u32(0x01020304u);
    w.i64(-2);
    w.f32(1.0f);
    w.f64(-0.0);
    w.str(std::string("a\0b", 3));
    w.raw("zz");
    const std::string bytes = w.take();
    EXPECT_EQ(bytes, std::string("\xab"
                                 "\x04\x03\x02\x01"
                                 "\xfe\xff\xff\xff\xff\xff\xff\xff"
                                 "\0\0\x80\x3f"
                                 "\0\0\0\0\0\0\0\x80"
                                 "\x03\0\0\0a\0b"
                                 "zz",
                                 1 + 4 + 8 + 4 + 8 + 7 + 2));
    TestReader r(bytes);
    EXPECT_EQ(r.u8("a"), 0xab);
    EXPECT_EQ(r.u32("b"), 0x01020304u);
    EXPECT_EQ(r.i64("c"), -2);
    EXPECT_EQ(r.f32("d"), 1.0f);
    const double zero = r.f64("e");
    EXPECT_TRUE(zero == 0 && std::signbit(zero));
    EXPECT_EQ(r.str("f"), std::string("a\0b", 3));
    EXPECT_EQ(r.bytes(2, "g"), "zz");
    EXPECT_NO_THROW(r.end("end"));
}

TEST(Bytes, ATruncatedReadNamesItsFieldAndNeverReadsPastTheEnd) {
    // The reader sees the first 3 bytes of a longer buffer: a u32 there would read the 4th, which is not its.
    const std::string buffer = "abcXYZ";
    const std::string_view three(buffer.data(), 3);
    expect_error([&] { TestReader(three).u32("level_id"); }, "level_id: needs 4 bytes but 3 are left");
    expect_error([&] { TestReader(three).u64("nodes"); }, "nodes: needs 8 bytes but 3 are left");
    // A string whose length says more than is there.
    ByteWriter w;
    w.u32(5);
    w.raw("abc");
    const std::string cut = w.take();
    expect_error([&] { TestReader(cut).str("text"); }, "text: needs 5 bytes but 3 are left");
    // A garbage count is refused before anything is reserved for it.
    expect_error([&] { TestReader(std::string("\xff\xff\xff\xff", 4) + "ab").count("items", 1); },
                 "items: count 4294967295 needs at least 4294967295 bytes but 2 are left");
    // A failed read takes nothing: what is left is still there.
    TestReader r(three);
    EXPECT_THROW(r.u32("x"), std::runtime_error);
    EXPECT_EQ(r.left(), 3u);
    EXPECT_EQ(r.bytes(3, "y"), "abc");
    EXPECT_THROW(r.u8("z"), std::runtime_error);
    // Bytes left over, and a flag that is neither 0 nor 1.
    expect_error([&] { TestReader(three).end("payload_len"); }, "payload_len: 3 bytes left over after the message");
    expect_error([&] { TestReader(std::string("\x02")).flag("isolate"); }, "isolate: value 2 is not 0 or 1");
}

TEST(Bytes, EveryPrefixOfAMessageFailsCleanly) {
    ByteWriter w;
    w.u32(7);
    w.str("hello");
    w.f64(2.5);
    const std::string bytes = w.take();
    for (size_t n = 0; n < bytes.size(); ++n) {
        const std::string head = bytes.substr(0, n); // its own buffer: a read past its end is the sanitizers' to see
        TestReader r(head);
        EXPECT_THROW(read_message(r), std::runtime_error) << "prefix " << n;
    }
}
