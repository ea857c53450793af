// content_hash.cpp -- SHA-1 through OpenSSL's libcrypto (already linked for plugins --verify's SHA-256). It is an
// identity for deduplication and for spotting damaged level text, not a security measure; but every level read by
// a bulk solve is hashed, and Boost's byte-at-a-time SHA-1 cost ~1.4% of a worker's time on 40 KB loop boards,
// where libcrypto's (SHA-NI where the CPU has it) costs a small fraction of that.
#include <pluzzle/host/base/content_hash.hpp>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <memory>
#include <stdexcept>

namespace pluzzle::host {

namespace {

// A digest context, libcrypto set up first without reading openssl.cnf: a hash needs no configuration, and reading
// it costs a worker milliseconds on its first level.
EVP_MD_CTX *new_context() {
    static const bool ready = OPENSSL_init_crypto(OPENSSL_INIT_NO_LOAD_CONFIG, nullptr) == 1;
    (void)ready;
    return EVP_MD_CTX_new();
}

class Sha1 {
  public:
    Sha1() : ctx_(new_context(), EVP_MD_CTX_free) {
        if (!ctx_ || EVP_DigestInit_ex(ctx_.get(), EVP_sha1(), nullptr) != 1)
            throw std::runtime_error("SHA-1 is not available (OpenSSL)");
    }
    Sha1 &add(std::string_view data) {
        EVP_DigestUpdate(ctx_.get(), data.data(), data.size());
        return *this;
    }
    std::string hex() {
        unsigned char digest[EVP_MAX_MD_SIZE];
        unsigned int length = 0;
        EVP_DigestFinal_ex(ctx_.get(), digest, &length);
        static const char kHex[] = "0123456789abcdef";
        std::string out;
        out.reserve(2 * length);
        for (unsigned i = 0; i < length; ++i)
            out += kHex[digest[i] >> 4], out += kHex[digest[i] & 15];
        return out;
    }

  private:
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx_;
};

} // namespace

std::string sha1_hex(std::string_view data) { return Sha1().add(data).hex(); }

std::string content_hash(std::string_view type, std::string_view canonical_text) {
    return Sha1().add(type).add(std::string_view("\0", 1)).add(canonical_text).hex();
}

} // namespace pluzzle::host
