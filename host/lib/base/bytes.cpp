// bytes.cpp -- see bytes.hpp.
#include "base/bytes.hpp"

#include <cstring>

namespace pluzzle::host {
namespace {

template <class Unsigned> void put_le(std::string &out, Unsigned v) {
    for (size_t i = 0; i < sizeof v; ++i)
        out.push_back(char((v >> (8 * i)) & 0xffu));
}

template <class Unsigned> Unsigned get_le(std::string_view b) {
    Unsigned v = 0;
    for (size_t i = 0; i < sizeof v; ++i)
        v |= Unsigned(uint8_t(b[i])) << (8 * i);
    return v;
}

template <class To, class From> To bit_cast(From from) {
    static_assert(sizeof(To) == sizeof(From));
    To to;
    std::memcpy(&to, &from, sizeof to);
    return to;
}

} // namespace

void ByteWriter::u32(uint32_t v) { put_le(out_, v); }
void ByteWriter::u64(uint64_t v) { put_le(out_, v); }
void ByteWriter::f32(float v) { u32(bit_cast<uint32_t>(v)); }
void ByteWriter::f64(double v) { u64(bit_cast<uint64_t>(v)); }

void ByteWriter::patch_u32(size_t at, uint32_t v) {
    for (size_t i = 0; i < 4; ++i)
        out_[at + i] = char((v >> (8 * i)) & 0xffu);
}

void ByteWriter::str(std::string_view s) {
    u32(uint32_t(s.size()));
    out_.append(s);
}

uint32_t le_u32(std::string_view four) { return get_le<uint32_t>(four); }

uint32_t ByteReader::u32(const char *field) { return get_le<uint32_t>(bytes(4, field)); }
uint64_t ByteReader::u64(const char *field) { return get_le<uint64_t>(bytes(8, field)); }
float ByteReader::f32(const char *field) { return bit_cast<float>(u32(field)); }
double ByteReader::f64(const char *field) { return bit_cast<double>(u64(field)); }

bool ByteReader::flag(const char *field) {
    const uint8_t v = u8(field);
    if (v > 1) fail(field, "value " + std::to_string(v) + " is not 0 or 1");
    return v == 1;
}

std::string_view ByteReader::bytes(size_t n, const char *field) {
    if (n > rest_.size())
        fail(field, "needs " + std::to_string(n) + " bytes but " + std::to_string(rest_.size()) + " are left");
    const auto head = rest_.substr(0, n);
    rest_.remove_prefix(n);
    return head;
}

uint32_t ByteReader::count(const char *field, size_t min_size) {
    const uint32_t n = u32(field);
    if (uint64_t(n) * min_size > rest_.size())
        fail(field, "count " + std::to_string(n) + " needs at least " + std::to_string(uint64_t(n) * min_size) +
                        " bytes but " + std::to_string(rest_.size()) + " are left");
    return n;
}

void ByteReader::end(const char *field) {
    if (!rest_.empty()) fail(field, std::to_string(rest_.size()) + " bytes left over after the message");
}

} // namespace pluzzle::host
