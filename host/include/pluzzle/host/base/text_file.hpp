// text_file.hpp -- whole-file reads and crash-safe writes, with errors that name the file; the checks that make
// a file's bytes acceptable as level text (UTF-8, no NUL).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pluzzle::host {

// Input files larger than this are refused (a level file is small; this stops a runaway read into memory).
constexpr size_t kMaxInputFileBytes = size_t(256) << 20; // 256 MiB

// The file's bytes; InputError naming it if it is missing, a folder, not a regular file (a FIFO, device or
// socket: refused without reading, so never a hang), larger than kMaxInputFileBytes, or unreadable.
std::string read_text_file(const std::string &path);

// The same file's bytes mapped read-only, with the same checks and errors: for a reader that only looks, a
// megabyte costs neither a copy nor a page fault a page (MAP_POPULATE maps them all at once). A file that shrinks
// while mapped kills its reader (SIGBUS): only the sandbox worker, whose crash the host survives and retries
// without the file, uses it.
class MappedFile {
  public:
    explicit MappedFile(const std::string &path);
    ~MappedFile();
    MappedFile(const MappedFile &) = delete;
    MappedFile &operator=(const MappedFile &) = delete;
    std::string_view text() const { return {static_cast<const char *>(data_), size_}; }

  private:
    void *data_ = nullptr;
    size_t size_ = 0;
};
// Writes path + ".tmp", fsyncs it and renames it over path: a reader (or a crash) never sees half a file.
// InputError naming path if it cannot be written.
void write_text_file(const std::string &path, const std::string &content);

// `text` without a leading UTF-8 byte order mark.
std::string_view strip_utf8_bom(std::string_view text);
// InputError naming `source`, the line and the column (counted in characters, from 1) of the first NUL byte or
// invalid UTF-8 sequence (overlong forms, surrogates and code points past U+10FFFF are invalid).
void check_utf8_text(std::string_view text, const std::string &source);
// Bytes read as Windows-1252 (what older Windows tools wrote; e.g. accented names in webpbn's .non exports), as
// UTF-8; nullopt when a byte has no Windows-1252 meaning (0x81, 0x8D, 0x8F, 0x90, 0x9D). Uses glibc's iconv.
std::optional<std::string> windows_1252_to_utf8(std::string_view bytes);

} // namespace pluzzle::host
