// bytes.hpp -- little-endian byte strings: a writer that appends integers, floats and length-prefixed strings, and
// a reader that checks every length against what is left, so input cut short or garbled is an error naming the
// field, never a read past the end. The worker frames (worker_protocol.cpp) and the drawings a sandboxed render
// sends back (display_list_bytes.cpp) are both written and read with them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace pluzzle::host {

class ByteWriter {
  public:
    void u8(uint8_t v) { out_.push_back(char(v)); }
    void u32(uint32_t v);
    void u64(uint64_t v);
    void i32(int32_t v) { u32(uint32_t(v)); }
    void i64(int64_t v) { u64(uint64_t(v)); }
    void f32(float v);            // its IEEE bits, as a u32
    void f64(double v);           // its IEEE bits, as a u64
    void str(std::string_view s); // a u32 length, then the bytes (the caller keeps it under 4 GiB)
    void raw(std::string_view s) { out_.append(s); }
    void patch_u32(size_t at, uint32_t v); // overwrites 4 bytes written before (a length known only at the end)
    void reserve(size_t n) { out_.reserve(n); } // a big message written once, not copied each time it outgrows
    size_t size() const { return out_.size(); }
    std::string take() { return std::move(out_); }

  private:
    std::string out_;
};

// Reads what a ByteWriter wrote, front to back. Each read names its field for the error; the owner's fail() says
// what the bytes were (a frame, a drawing) and throws its own error type.
class ByteReader {
  public:
    explicit ByteReader(std::string_view bytes) : rest_(bytes) {}
    virtual ~ByteReader() = default;

    uint8_t u8(const char *field) { return uint8_t(bytes(1, field)[0]); }
    uint32_t u32(const char *field);
    uint64_t u64(const char *field);
    int32_t i32(const char *field) { return int32_t(u32(field)); }
    int64_t i64(const char *field) { return int64_t(u64(field)); }
    float f32(const char *field);
    double f64(const char *field);
    bool flag(const char *field); // a u8 that must be 0 or 1
    std::string str(const char *field) { return std::string(bytes(u32(field), field)); }
    std::string_view bytes(size_t n, const char *field); // the next n bytes
    // An element count, refused when even elements of `min_size` bytes each could not fit in what is left (so a
    // garbage count cannot make the caller reserve gigabytes).
    uint32_t count(const char *field, size_t min_size);
    size_t left() const { return rest_.size(); }
    void end(const char *field); // fails unless every byte was read

    // Throws the owner's error: "<what the bytes are> ... field: why".
    [[noreturn]] virtual void fail(const char *field, const std::string &why) const = 0;

  private:
    std::string_view rest_;
};

// The u32 at the front of `four` (4 bytes or more): a length header, judged before the bytes it announces are here.
uint32_t le_u32(std::string_view four);

} // namespace pluzzle::host
