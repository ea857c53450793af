#include <pluzzle/host/plugin/plugin_trust.hpp>

#include <openssl/evp.h>

#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>

namespace pluzzle::host {

namespace {

std::string user_name(uid_t uid) {
    const passwd *pw = ::getpwuid(uid);
    return pw ? pw->pw_name : std::to_string(uid);
}

std::string group_name(gid_t gid) {
    const group *gr = ::getgrgid(gid);
    return gr ? gr->gr_name : std::to_string(gid);
}

} // namespace

std::string mode_text(uint32_t mode) {
    char text[8];
    std::snprintf(text, sizeof text, "%04o", mode & 07777);
    return text;
}

FileOwnership plugin_file_ownership(const std::string &path) {
    FileOwnership out;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        out.problem = path + ": cannot read its owner and mode: " + std::strerror(errno);
        return out;
    }
    out.owner = user_name(st.st_uid);
    out.group = group_name(st.st_gid);
    out.mode = uint32_t(st.st_mode & 07777);
    const std::string what = S_ISDIR(st.st_mode) ? "plugin folder" : "plugin";
    const std::string where =
        path + " (owner " + out.owner + ", group " + out.group + ", mode " + mode_text(out.mode) + ")";
    // A user-private group (same name as the owner, the Debian default with umask 002) is the owner alone.
    const bool private_group = out.group == out.owner;
    if (st.st_mode & S_IWOTH)
        out.problem =
            "refused " + what + " " + where + ": any user can replace it and run code as you; fix: chmod o-w " + path;
    else if ((st.st_mode & S_IWGRP) && !private_group)
        out.problem = "refused " + what + " " + where + ": the members of group '" + out.group +
                      "' can replace it and run code as you; fix: chmod g-w " + path;
    else if (st.st_uid != ::geteuid() && st.st_uid != 0)
        out.problem = "refused " + what + " " + where + ": owned by user '" + out.owner +
                      "', who is neither you nor root, and could replace it; fix: chown " + user_name(::geteuid()) +
                      " " + path + " (or remove it)";
    return out;
}

std::string sha256_file_hex(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(path + ": cannot read: " + std::strerror(errno));
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
    if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 is not available (OpenSSL)");
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
        EVP_DigestUpdate(ctx.get(), buffer, size_t(in.gcount()));
    if (in.bad()) throw std::runtime_error(path + ": read error");
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_DigestFinal_ex(ctx.get(), digest, &length);
    static const char kHex[] = "0123456789abcdef";
    std::string hex;
    for (unsigned i = 0; i < length; ++i)
        hex += kHex[digest[i] >> 4], hex += kHex[digest[i] & 15];
    return hex;
}

} // namespace pluzzle::host
