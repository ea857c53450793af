// A plugin that misbehaves inside solve, as its level says: "misbehave crash" aborts the process ("misbehave
// crash_parse" already while reading the line), "misbehave hang"
// loops ignoring cancellation until the file named by `release PATH` exists (at most 20 s, so a forgotten test
// still ends), which lets a test end the abandoned thread instead of leaving it to spin. It edits ("set N") and plays
// like any plugin, so the editor's autosave and abandoned-solve paths are tested through the real ABI. It splits too
// (two cubes that misbehave the same way), so the editor's solve through the cubes meets the crash and the hang.
#include <pluzzle/plugin.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

namespace {

struct Bad {
    std::string how = "none"; // none | crash | hang
    int value = 0;
    std::string release; // hang: the file whose existence ends the hang
};

struct Shown {
    int value = 0;
};

class Misbehaving : public pluzzle::TypedPuzzle<Bad, Shown> {
  public:
    static constexpr uint64_t capabilities = PZ_CAP_SOLVE | PZ_CAP_PLAY | PZ_CAP_EDIT | PZ_CAP_SPLIT;
    pluzzle::PluginInfo info() const {
        pluzzle::PluginInfo i;
        i.id = "misbehaving";
        i.name = "Misbehaving (editor test plugin)";
        i.version = "1.0.0";
        i.formats = {{"canonical", "bad", "misbehave none|crash|hang / value N"}};
        i.tools = {{"inc", "Increment", "i", "adds one to the value"}};
        return i;
    }
    std::vector<pluzzle::Parsed<Bad>> parse(std::string_view text, std::string_view) const {
        Bad level;
        for (auto &line : pluzzle::split_lines(text)) {
            auto t = pluzzle::tokens(line);
            if (t.size() != 2) continue;
            if (t[0].text == "misbehave") level.how = std::string(t[1].text);
            if (level.how == "crash_parse") std::abort(); // a parser that dies on its input
            if (t[0].text == "release") level.release = std::string(t[1].text);
            if (t[0].text == "value") level.value = int(pluzzle::to_int(t[1], line.number, 0, 1000000, "value"));
        }
        std::vector<pluzzle::Parsed<Bad>> out;
        out.push_back({std::move(level), ""});
        return out;
    }
    std::string encode(const Bad &b) const {
        return "misbehave " + b.how + "\nvalue " + std::to_string(b.value) + "\n" +
               (b.release.empty() ? "" : "release " + b.release + "\n");
    }
    pluzzle::SolveOutcome solve(const Bad &b, pluzzle::SolveControl &control) const {
        if (b.how == "crash") std::abort();
        if (b.how == "hang") { // never polls control
            const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
            while (std::chrono::steady_clock::now() < end && (b.release.empty() || !std::filesystem::exists(b.release)))
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        control.solution("show " + std::to_string(b.value));
        pluzzle::SolveOutcome outcome;
        outcome.status = PZ_SOLVE_SOLVED;
        return outcome;
    }
    pluzzle::Split split(const Bad &b, unsigned, pluzzle::SolveControl &) const {
        if (b.how == "crash") std::abort();
        pluzzle::Split out;
        out.combine = pluzzle::Combine::first;
        out.cubes = {"a", "b"};
        out.outcome.status = PZ_SOLVE_LIMIT;
        return out;
    }
    pluzzle::SolveOutcome solve_cube(const Bad &b, std::string_view, pluzzle::SolveControl &control) const {
        return solve(b, control);
    }
    void render(const Bad &l, const Shown *, pluzzle::Canvas &c) const {
        c.begin(100, 100);
        c.text(50, 50, 20, pluzzle::kBlack, std::to_string(l.value));
    }
    Shown start(const Bad &) const { return Shown{}; }
    Shown decode_state(const Bad &, std::string_view text) const {
        Shown s;
        auto t = pluzzle::tokens(text);
        if (t.size() == 2) s.value = int(pluzzle::to_int(t[1], 1, 0, 1000000, "value"));
        return s;
    }
    std::string encode_state(const Bad &, const Shown &s) const {
        return "show " + std::to_string(s.value);
    }
    pluzzle::PlayStatus status(const Bad &l, const Shown &s) const {
        pluzzle::PlayStatus st;
        st.phase = s.value == l.value ? PZ_PLAY_SOLVED : PZ_PLAY_ONGOING;
        return st;
    }
    Shown execute(const Bad &l, const Shown &,
                                            std::string_view move) const {
        return decode_state(l, move);
    }
    std::string edit_interpret(const Bad &, std::string_view, const pluzzle::Input &in) const {
        return in.kind == PZ_INPUT_PRESS ? "inc" : "";
    }
    Bad edit_execute(const Bad &l, std::string_view edit) const {
        Bad next = l;
        if (edit == "inc")
            ++next.value;
        else
            throw pluzzle::bad_argument("unknown edit '" + std::string(edit) + "'", "edit");
        return next;
    }
};

} // namespace

PLUZZLE_EXPORT_PLUGIN(Misbehaving)
