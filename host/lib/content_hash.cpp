// content_hash.cpp -- SHA-1 through Boost's header-only implementation (no crypto library needed: this is an
// identity for deduplication, not a security measure).
#include <pluzzle/host/content_hash.hpp>

#include <boost/uuid/detail/sha1.hpp>

#include <type_traits>

namespace pluzzle::host {

namespace {

using boost::uuids::detail::sha1;

void append_hex(std::string &out, unsigned long value, int digits) {
    static const char kHex[] = "0123456789abcdef";
    for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) out += kHex[(value >> shift) & 0xf];
}

std::string digest_hex(sha1 &hasher) {
    sha1::digest_type digest;
    hasher.get_digest(digest);
    // Boost up to 1.85 gives five big-endian 32-bit words, later versions twenty bytes: print either as 40 digits.
    using Element = std::remove_extent_t<sha1::digest_type>;
    constexpr int kDigits = static_cast<int>(sizeof(Element)) * 2;
    std::string out;
    out.reserve(40);
    for (Element element : digest) append_hex(out, static_cast<unsigned long>(element), kDigits);
    return out;
}

} // namespace

std::string sha1_hex(std::string_view data) {
    sha1 hasher;
    hasher.process_bytes(data.data(), data.size());
    return digest_hex(hasher);
}

std::string content_hash(std::string_view type, std::string_view canonical_text) {
    sha1 hasher;
    hasher.process_bytes(type.data(), type.size());
    hasher.process_byte(0);
    hasher.process_bytes(canonical_text.data(), canonical_text.size());
    return digest_hex(hasher);
}

} // namespace pluzzle::host
