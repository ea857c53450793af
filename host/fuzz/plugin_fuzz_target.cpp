// plugin_fuzz_target.cpp -- the libFuzzer target behind `pluzzle-fuzz PLUGIN.so [libFuzzer options]`: any plugin,
// loaded exactly as the host loads it (trust checks, ABI checks, the C table through host::Plugin), is driven the
// way a user's files and clicks drive it, and abi.h's rule 5 is enforced: a level that passed validate must never
// crash, hang or corrupt memory.
//
// One input is a level text, optionally followed by a NUL and moves (4 bytes each: what, x, y, extra). Every
// format the plugin declares is tried on the text (seeds from data/ come in all of them); for each level parsed:
//   encode -> parse -> encode gives the same text (the exact round trip the database's hashes rely on);
//   describe, render (to a recording canvas), solve with tiny limits -- a solution the solver gives must pass check
//   (a solver may refuse a level, saying why);
//   the moves: pointer presses/drags/keys through interpret -> execute on a play state (state text round trip
//   after each), and edit tools through edit_interpret -> edit_execute on the level.
// A bad input must come back as InputError (a parse or rule error naming its place); anything else -- a
// PluginError (the plugin's internal error), another exception, a broken round trip, a rejected solution -- is a
// finding: the target prints it and aborts, so libFuzzer saves the input. The checks themselves live in
// host/lib/selftest/plugin_exercise.cpp, shared with `pluzzle selftest`.
#include <pluzzle/host/selftest/plugin_exercise.hpp>
#include <pluzzle/host/plugin/plugin_registry.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

using namespace pluzzle::host;

PluginRegistry *g_registry = nullptr;
const Plugin *g_plugin = nullptr;

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
    // `pluzzle-fuzz PLUGIN.so ...`: the plugin is taken out of the arguments before libFuzzer reads them, and kept
    // in the environment for the processes libFuzzer starts itself (-fork, -jobs), which get no such argument.
    if (*argc > 1 && std::string_view((*argv)[1]).find(".so") != std::string_view::npos) {
        setenv("PLUZZLE_FUZZ_PLUGIN", (*argv)[1], 1);
        for (int i = 1; i + 1 < *argc; ++i)
            (*argv)[i] = (*argv)[i + 1];
        --*argc;
    }
    const char *path = std::getenv("PLUZZLE_FUZZ_PLUGIN");
    if (!path) {
        std::fprintf(stderr, "usage: pluzzle-fuzz PLUGIN.so [CORPUS_DIR...] [libFuzzer options, e.g. -runs=N "
                             "-max_total_time=S -dict=FILE]\n");
        std::exit(2);
    }
    g_registry = new PluginRegistry;
    if (!g_registry->load_file(path)) {
        std::fprintf(stderr, "pluzzle-fuzz: %s: %s\n", path, g_registry->problems().back().reason.c_str());
        std::exit(2);
    }
    g_plugin = g_registry->plugins().front().get();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const std::string_view input(reinterpret_cast<const char *>(data), size);
    const size_t cut = input.find('\0');
    const std::vector<ExerciseMove> moves =
        cut == std::string_view::npos ? std::vector<ExerciseMove>{} : moves_from_bytes(input.substr(cut + 1));
    ExerciseTally tally;
    try {
        exercise_text(*g_plugin, input.substr(0, cut), moves, tiny_solve_limits(), tally);
    } catch (const ContractViolation &e) {
        std::fprintf(stderr, "pluzzle-fuzz: FINDING in plugin '%s': %s\n", g_plugin->id().c_str(), e.what());
        std::abort();
    }
    return 0;
}
