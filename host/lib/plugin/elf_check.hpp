// elf_check.hpp -- looks at a would-be plugin file before the system loader does. dlopen() maps a truncated
// library and then faults (SIGBUS) touching pages past the end of the file, killing the host; a half-copied .so
// in a plugin folder must be a skipped file with a reason instead.
#pragma once
#include <string>

namespace pluzzle::host {

// "" if `path` is a regular, complete ELF shared object of this machine's class and architecture; otherwise
// why not ("not an ELF file", "truncated: segment 2 ends at byte 81234 of 3000", ...).
std::string elf_problem(const std::string &path);

} // namespace pluzzle::host
