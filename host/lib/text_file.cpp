#include "text_file.hpp"

#include "errors.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace pluzzle::host {

std::string read_text_file(const std::string &path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path, "cannot read: it is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, std::string("cannot read: ") + std::strerror(errno));
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) throw InputError(path, std::string("cannot read: ") + std::strerror(errno));
    return text;
}

void write_text_file(const std::string &path, const std::string &content) {
    const std::string tmp = path + ".tmp";
    auto fail = [&](const char *doing) {
        std::string reason = std::strerror(errno);
        ::unlink(tmp.c_str());
        throw InputError(path, std::string("cannot write (") + doing + "): " + reason);
    };
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw InputError(path, std::string("cannot write: ") + std::strerror(errno));
    for (size_t done = 0; done < content.size();) {
        ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            int saved = errno;
            ::close(fd);
            errno = saved;
            fail("write");
        }
        done += static_cast<size_t>(n);
    }
    if (::fsync(fd) != 0) {
        int saved = errno;
        ::close(fd);
        errno = saved;
        fail("fsync");
    }
    if (::close(fd) != 0) fail("close");
    if (::rename(tmp.c_str(), path.c_str()) != 0) fail("rename");
}

} // namespace pluzzle::host
