#include "plugin/elf_check.hpp"

#include <elf.h>

#include <filesystem>
#include <fstream>
#include <vector>

namespace pluzzle::host {

namespace {

template <class T> bool read_at(std::ifstream &in, uint64_t offset, T &out) {
    in.seekg(std::streamoff(offset));
    in.read(reinterpret_cast<char *>(&out), sizeof out);
    return bool(in);
}

} // namespace

std::string elf_problem(const std::string &path) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::is_regular_file(status)) return "not a regular file";
    const uint64_t size = std::filesystem::file_size(path, ec);
    if (ec) return "cannot read its size: " + ec.message();
    std::ifstream in(path, std::ios::binary);
    if (!in) return "cannot open it";

    Elf64_Ehdr eh{};
    if (size < sizeof eh || !read_at(in, 0, eh) || eh.e_ident[EI_MAG0] != ELFMAG0 || eh.e_ident[EI_MAG1] != ELFMAG1 ||
        eh.e_ident[EI_MAG2] != ELFMAG2 || eh.e_ident[EI_MAG3] != ELFMAG3)
        return "not an ELF file";
    if (eh.e_ident[EI_CLASS] != ELFCLASS64) return "not a 64-bit ELF file";
    if (eh.e_type != ET_DYN) return "not a shared library (ELF type " + std::to_string(eh.e_type) + ")";
#if defined(__x86_64__)
    if (eh.e_machine != EM_X86_64) return "built for another processor (ELF machine " + std::to_string(eh.e_machine) + ")";
#elif defined(__aarch64__)
    if (eh.e_machine != EM_AARCH64) return "built for another processor (ELF machine " + std::to_string(eh.e_machine) + ")";
#endif
    if (eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_phnum == 0) return "malformed ELF program headers";
    if (eh.e_phoff + uint64_t(eh.e_phnum) * sizeof(Elf64_Phdr) > size)
        return "truncated: program headers end past the end of the file (" + std::to_string(size) + " bytes)";
    for (unsigned i = 0; i < eh.e_phnum; ++i) {
        Elf64_Phdr ph{};
        if (!read_at(in, eh.e_phoff + uint64_t(i) * sizeof ph, ph)) return "cannot read program header " + std::to_string(i);
        if (ph.p_type == PT_LOAD && ph.p_offset + ph.p_filesz > size)
            return "truncated: segment " + std::to_string(i) + " ends at byte " + std::to_string(ph.p_offset + ph.p_filesz) +
                   " of " + std::to_string(size);
    }
    if (eh.e_shoff && eh.e_shoff + uint64_t(eh.e_shnum) * eh.e_shentsize > size)
        return "truncated: section headers end past the end of the file (" + std::to_string(size) + " bytes)";
    return {};
}

} // namespace pluzzle::host
