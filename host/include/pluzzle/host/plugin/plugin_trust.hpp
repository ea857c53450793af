// plugin_trust.hpp -- whether a plugin file (or the folder it is loaded from) may be loaded: code another user can
// replace is code that user runs as you. Like ssh with a private key of loose permissions, the host refuses it and
// says how to fix it.
#pragma once
#include <cstdint>
#include <string>

namespace pluzzle::host {

struct FileOwnership {
    std::string owner;   // user name (or the uid as digits when it has no name)
    std::string group;   // likewise
    uint32_t mode = 0;   // permission bits, e.g. 0755
    std::string problem; // empty when trusted; else a sentence naming the path, the problem and the fix
};

// Reads the file or folder's owner and mode (following symlinks: what matters is what gets loaded) and judges it:
// refused when writable by others (o+w), writable by a group other than the owner's own private group (g+w), or
// owned by a user who is neither the one running pluzzle nor root.
FileOwnership plugin_file_ownership(const std::string &path);

// Permission bits as ls and chmod write them: "0755".
std::string mode_text(uint32_t mode);

// Lower-case hex SHA-256 of the file's bytes (OpenSSL's libcrypto); std::runtime_error if it cannot be read.
std::string sha256_file_hex(const std::string &path);

} // namespace pluzzle::host
