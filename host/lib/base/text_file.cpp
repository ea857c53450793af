#include <pluzzle/host/base/text_file.hpp>

#include <pluzzle/host/base/errors.hpp>
#include <pluzzle/host/base/utf8.hpp>

#include <fcntl.h>
#include <iconv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace pluzzle::host {

namespace {

InputError not_regular(const std::string &path, mode_t mode) {
    const char *kind = S_ISFIFO(mode)   ? "a FIFO"
                       : S_ISCHR(mode)  ? "a character device"
                       : S_ISBLK(mode)  ? "a block device"
                       : S_ISSOCK(mode) ? "a socket"
                                        : "a special file";
    return InputError(path, std::string("not a regular file (it is ") + kind + ")");
}

std::string too_large(size_t size) {
    return "file too large (" + std::to_string(size) + " bytes; the limit is " +
           std::to_string(kMaxInputFileBytes >> 20) + " MiB)";
}

// Closes the descriptor however the read ends.
struct Fd {
    int fd;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

} // namespace

namespace {

// The regular file at `path`, open for reading, and its size; InputError as read_text_file says.
Fd open_regular_file(const std::string &path, struct stat &st) {
    // stat first: opening a FIFO would block until a writer comes, opening a socket fails obscurely.
    if (::stat(path.c_str(), &st) != 0) throw InputError(path, std::string("cannot read: ") + std::strerror(errno));
    if (S_ISDIR(st.st_mode)) throw InputError(path, "cannot read: it is a directory");
    if (!S_ISREG(st.st_mode)) throw not_regular(path, st.st_mode);
    // O_NONBLOCK: if the path was swapped for a FIFO since the stat, open still returns at once (fstat rejects it).
    Fd file{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
    if (file.fd < 0) throw InputError(path, std::string("cannot read: ") + std::strerror(errno));
    if (::fstat(file.fd, &st) != 0) throw InputError(path, std::string("cannot read: ") + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) throw not_regular(path, st.st_mode);
    if (static_cast<unsigned long long>(st.st_size) > kMaxInputFileBytes)
        throw InputError(path, too_large(size_t(st.st_size)));
    return Fd{std::exchange(file.fd, -1)};
}

} // namespace

MappedFile::MappedFile(const std::string &path) {
    struct stat st {};
    const Fd file = open_regular_file(path, st);
    size_ = size_t(st.st_size);
    if (size_ == 0) return; // nothing to map: an empty view
    data_ = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE | MAP_POPULATE, file.fd, 0);
    if (data_ == MAP_FAILED) {
        data_ = nullptr, size_ = 0;
        throw InputError(path, std::string("cannot read: ") + std::strerror(errno));
    }
}

MappedFile::~MappedFile() {
    if (data_) ::munmap(data_, size_);
}

std::string read_text_file(const std::string &path) {
    struct stat st {};
    const Fd file = open_regular_file(path, st);
    std::string text(static_cast<size_t>(st.st_size), '\0');
    size_t done = 0;
    for (;;) {
        if (done == text.size()) {
            if (text.size() > kMaxInputFileBytes) throw InputError(path, too_large(text.size()));
            text.resize(text.size() + 4096); // the file may have grown since fstat: read to its real end
        }
        const ssize_t n = ::read(file.fd, &text[done], text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw InputError(path, std::string("cannot read: ") + std::strerror(errno));
        if (n == 0) break;
        done += static_cast<size_t>(n);
    }
    text.resize(done);
    if (text.size() > kMaxInputFileBytes) throw InputError(path, too_large(text.size()));
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

std::string_view strip_utf8_bom(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    return text;
}

void check_utf8_text(std::string_view text, const std::string &source) {
    int line = 1, column = 1;
    auto fail = [&](const char *what) {
        throw InputError(source, what + (" at line " + std::to_string(line) + ", column " + std::to_string(column)),
                         line, column);
    };
    for (size_t i = 0; i < text.size(); ++column) {
        if (text[i] == '\0') fail("contains a NUL byte");
        if (text[i] == '\n') {
            ++line;
            column = 0;
            ++i;
            continue;
        }
        const size_t length = utf8_sequence(text, i);
        if (!length) fail("not valid UTF-8");
        i += length;
    }
}

std::optional<std::string> windows_1252_to_utf8(std::string_view bytes) {
    iconv_t cd = ::iconv_open("UTF-8", "WINDOWS-1252");
    if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt; // glibc without its gconv modules
    std::string out(bytes.size() * 3, '\0');                      // every Windows-1252 byte is at most 3 bytes of UTF-8
    char *in = const_cast<char *>(bytes.data());
    char *to = out.data();
    size_t in_left = bytes.size(), out_left = out.size();
    const size_t rc = ::iconv(cd, &in, &in_left, &to, &out_left);
    ::iconv_close(cd);
    if (rc == size_t(-1) || in_left != 0) return std::nullopt;
    out.resize(out.size() - out_left);
    return out;
}

} // namespace pluzzle::host
