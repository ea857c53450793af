// replay_main.cpp -- `pluzzle-fuzz-replay PLUGIN.so [--shard=I/N] PATH...`: runs the fuzz target once on each file
// (or each file of each folder) with any compiler, no libFuzzer needed: how ctest replays the saved corpora on every
// CI run, and how a finding is re-run under a debugger. `--shard=I/N` replays every N-th input from the I-th (0-based)
// of the sorted list, so a large corpus is replayed by N tests side by side. Exit 0 when every input passed (a
// finding aborts).
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv);
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
    LLVMFuzzerInitialize(&argc, &argv);
    std::vector<std::filesystem::path> inputs;
    size_t shard = 0, shards = 1;
    for (int i = 1; i < argc; ++i) {
        if (std::strncmp(argv[i], "--shard=", 8) == 0) {
            const char *text = argv[i] + 8, *end = text + std::strlen(text);
            const auto [slash, e1] = std::from_chars(text, end, shard);
            const auto [tail, e2] =
                slash < end && *slash == '/' ? std::from_chars(slash + 1, end, shards) : std::from_chars_result{};
            if (e1 != std::errc() || e2 != std::errc() || tail != end || shards == 0 || shard >= shards) {
                std::fprintf(stderr, "pluzzle-fuzz-replay: %s: expected --shard=I/N with 0 <= I < N\n", argv[i]);
                return 2;
            }
            continue;
        }
        const std::filesystem::path path(argv[i]);
        if (std::filesystem::is_directory(path)) {
            for (const auto &e : std::filesystem::recursive_directory_iterator(path))
                if (e.is_regular_file()) inputs.push_back(e.path());
        } else if (std::filesystem::is_regular_file(path)) {
            inputs.push_back(path);
        } else {
            std::fprintf(stderr, "pluzzle-fuzz-replay: %s: no such file or folder\n", argv[i]);
            return 2;
        }
    }
    std::sort(inputs.begin(), inputs.end()); // the same order every run, so the shards split it the same way
    size_t replayed = 0;
    for (size_t k = shard; k < inputs.size(); k += shards) {
        const auto &path = inputs[k];
        ++replayed;
        std::ifstream in(path, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::fprintf(stderr, "%s\n", path.c_str()); // the input a finding's abort belongs to
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size());
    }
    std::printf("replayed %zu input(s) of %zu: no finding\n", replayed, inputs.size());
    return 0;
}
