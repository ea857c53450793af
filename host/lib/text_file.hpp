// text_file.hpp -- whole-file reads and crash-safe writes, with errors that name the file.
#pragma once
#include <string>

namespace pluzzle::host {

// The file's bytes; InputError naming it if it is missing, a folder or unreadable.
std::string read_text_file(const std::string &path);
// Writes path + ".tmp", fsyncs it and renames it over path: a reader (or a crash) never sees half a file.
// InputError naming path if it cannot be written.
void write_text_file(const std::string &path, const std::string &content);

} // namespace pluzzle::host
