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
// finding: the target prints it and aborts, so libFuzzer saves the input.
#include <pluzzle/host/plugin_registry.hpp>

#include <pluzzle/solve_status.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace pluzzle::host;

PluginRegistry *g_registry = nullptr;
const Plugin *g_plugin = nullptr;

[[noreturn]] void finding(const std::string &what) {
    std::fprintf(stderr, "pluzzle-fuzz: FINDING in plugin '%s': %s\n", g_plugin ? g_plugin->id().c_str() : "?",
                 what.c_str());
    std::abort();
}

// Limits small enough for thousands of runs a second, large enough to reach the solver's inner loops.
SolveOptions tiny_limits() {
    SolveOptions o;
    o.node_limit = 2000;
    o.time_limit_s = 0.25;
    return o;
}

struct Move {
    uint8_t what; // low 2 bits: press, drag, release, key; bit 2: right button; bits 3..: edit tool instead of play
    float x, y;   // fractions of the drawing's extent
    uint8_t extra;
};

std::vector<Move> moves_of(std::string_view bytes) {
    std::vector<Move> out;
    for (size_t i = 0; i + 4 <= bytes.size() && out.size() < 16; i += 4)
        out.push_back(
            {uint8_t(bytes[i]), uint8_t(bytes[i + 1]) / 255.0f, uint8_t(bytes[i + 2]) / 255.0f, uint8_t(bytes[i + 3])});
    return out;
}

pz_input input_of(const Move &m, const DisplayList &picture) {
    pz_input in{};
    in.struct_size = sizeof in;
    in.kind = int32_t(m.what & 3);
    in.x = m.x * picture.width;
    in.y = m.y * picture.height;
    in.start_x = in.x, in.start_y = in.y;
    in.button = (m.what & 4) ? 1 : 0;
    static constexpr int32_t keys[] = {PZ_KEY_UP,    PZ_KEY_DOWN,   PZ_KEY_LEFT,      PZ_KEY_RIGHT,
                                       PZ_KEY_ENTER, PZ_KEY_ESCAPE, PZ_KEY_BACKSPACE, PZ_KEY_DELETE};
    in.key = m.extra < 8 ? keys[m.extra] : int32_t(m.extra); // the arrows and editing keys, or a character
    return in;
}

void play(const Plugin &plugin, const LevelPtr &level, const std::vector<Move> &moves) {
    StatePtr state = plugin.new_state(level);
    for (const Move &m : moves) {
        if (m.what & 8) continue; // an edit
        const DisplayList picture = plugin.render(level.get(), state.get());
        plugin.status(state.get());
        const std::string move = plugin.interpret(state.get(), input_of(m, picture));
        if (move.empty()) continue;
        try {
            state = plugin.execute(state, move);
        } catch (const InputError &) {
            continue; // a move the rules refuse (the game is over): said, not done
        }
        const std::string text = plugin.encode_state(state.get());
        if (plugin.encode_state(plugin.decode_state(level, text, "state").get()) != text)
            finding("state text does not round-trip: " + text);
    }
}

void edit(const Plugin &plugin, LevelPtr level, const std::vector<Move> &moves) {
    const auto &tools = plugin.tools();
    if (tools.empty()) return;
    for (const Move &m : moves) {
        if (!(m.what & 8)) continue;
        const DisplayList picture = plugin.render(level.get(), nullptr);
        const std::string edit =
            plugin.edit_interpret(level.get(), tools[(m.what >> 4) % tools.size()].id, input_of(m, picture));
        if (edit.empty()) continue;
        try {
            level = plugin.edit_execute(level.get(), edit);
        } catch (const InputError &) {
            continue; // an edit that would break the level's rules is refused with a reason
        }
        plugin.render(level.get(), nullptr);
    }
    const std::string text = plugin.encode(level.get());
    const std::string format = plugin.formats().front().name;
    const auto again = plugin.parse(text, format, "edited");
    if (again.size() != 1 || plugin.encode(again.front().level.get()) != text)
        finding("an edited level does not round-trip: " + text);
}

void exercise(const Plugin &plugin, const LevelPtr &level, const std::vector<Move> &moves) {
    const std::string text = plugin.encode(level.get());
    const std::string canonical = plugin.formats().front().name;
    std::vector<ParsedLevel> again;
    try {
        again = plugin.parse(text, canonical, "encoded");
    } catch (const InputError &e) {
        finding(std::string("the level's own encoding does not parse: ") + e.what() + "\n" + text);
    }
    if (again.size() != 1) finding("the encoding of one level parses as " + std::to_string(again.size()));
    if (plugin.encode(again.front().level.get()) != text) finding("encode -> parse -> encode changes the text");
    plugin.describe(level.get());
    plugin.render(level.get(), nullptr);
    if (plugin.can(PZ_CAP_SOLVE)) {
        SolveReport report;
        try {
            report = plugin.solve(level.get(), tiny_limits());
        } catch (const InputError &) {
            report.status = PZ_SOLVE_LIMIT; // a solver may refuse, with the reason, a level it has no answer for
        }                                   // (celladd's game with no AI opponent: no line to find)
        if (pluzzle::counts_as_solved(report.status))
            for (const std::string &solution : report.solutions)
                if (const CheckReport c = plugin.check(level.get(), solution); !c.ok)
                    finding("check rejects the solver's own solution (" + c.message + "): " + solution);
    }
    if (plugin.can(PZ_CAP_PLAY)) play(plugin, level, moves);
    if (plugin.can(PZ_CAP_EDIT)) edit(plugin, level, moves);
}

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
    const std::string_view text = input.substr(0, cut);
    const std::vector<Move> moves =
        cut == std::string_view::npos ? std::vector<Move>{} : moves_of(input.substr(cut + 1));
    const Plugin &plugin = *g_plugin;
    for (const auto &format : plugin.formats()) {
        try {
            std::vector<ParsedLevel> levels;
            try {
                levels = plugin.parse(text, format.name, "fuzz");
            } catch (const InputError &) {
                continue; // the input's fault, said with its place: what a bad file must get
            }
            for (const ParsedLevel &parsed : levels) {
                try {
                    exercise(plugin, parsed.level, moves);
                } catch (const InputError &e) { // past validate, only a refused move or edit is the input's fault
                    finding(std::string("a valid level refused (format ") + format.name + "): " + e.what());
                }
            }
        } catch (const PluginError &e) {
            finding(std::string("internal error (format ") + format.name + "): " + e.what());
        } catch (const std::exception &e) {
            finding(std::string("exception (format ") + format.name + "): " + e.what());
        }
    }
    return 0;
}
