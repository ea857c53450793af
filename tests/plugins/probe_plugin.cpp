// A plugin for the host's tests: its level text says how to behave (sleep while solving, throw from an
// operation), so tests can drive slow bulk runs, cancellation and plugin failures through the real ABI.
// Compile-time switches build the broken variants the loader must reject or accept:
//   PROBE_ABI_MAJOR=N   report another ABI major          PROBE_MINOR0     an ABI 1.0 plugin (smaller table)
//   PROBE_NULL_ENTRY    entry point returns NULL           PROBE_THROW_INIT info() throws while the table is built
//   PROBE_ID="..."      plugin id (default "probe")
#include <pluzzle/plugin.hpp>

#include <chrono>
#include <thread>

#ifndef PROBE_ID
#define PROBE_ID "probe"
#endif

namespace {

struct ProbeLevel : pluzzle::Level {
    int value = 0;          // the "answer"
    int sleep_ms = 0;       // solve takes this long (polling for cancellation)
    std::string throw_in;   // operation that throws: parse is handled at parse time
};

struct ProbeState : pluzzle::State {
    int answer = -1;
};

class Probe : public pluzzle::Puzzle {
public:
    pluzzle::PluginInfo info() const override {
#ifdef PROBE_THROW_INIT
        throw std::runtime_error("probe refuses to initialise");
#endif
        pluzzle::PluginInfo i;
        i.id = PROBE_ID;
        i.name = "Probe (test plugin)";
        i.version = "1.0.0";
        i.description = "Behaves as its level text says; for the host's tests.";
        i.capabilities = PZ_CAP_SOLVE | PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_PLAY | PZ_CAP_GENERATE;
        i.formats = {{"canonical", "probe", "probe 1 / value N / sleep_ms N / throw OP"}};
        i.params = {{"value", PZ_PARAM_INT, "7", 0, 1000, "", "the answer"}};
        return i;
    }

    std::vector<pluzzle::ParsedLevel> parse(std::string_view text, std::string_view) const override {
        auto lines = pluzzle::split_lines(text);
        std::vector<pluzzle::ParsedLevel> out;
        std::unique_ptr<ProbeLevel> cur;
        for (auto &line : lines) {
            auto t = pluzzle::tokens(line);
            if (t.empty()) continue;
            if (t[0].text == "probe") {
                if (cur) out.push_back({std::move(cur), ""});
                cur = std::make_unique<ProbeLevel>();
                continue;
            }
            if (!cur) throw pluzzle::parse_error("expected 'probe 1' header", line.number, t[0].column);
            if (t.size() != 2) throw pluzzle::parse_error("expected 'key value'", line.number, t[0].column);
            if (t[0].text == "value") cur->value = int(pluzzle::to_int(t[1], line.number, 0, 1000000, "value"));
            else if (t[0].text == "sleep_ms") cur->sleep_ms = int(pluzzle::to_int(t[1], line.number, 0, 600000, "sleep_ms"));
            else if (t[0].text == "throw") {
                cur->throw_in = std::string(t[1].text);
                if (cur->throw_in == "parse") throw std::runtime_error("probe throws in parse");
                if (cur->throw_in == "parse_int") throw 42; // not even a std::exception
            } else
                throw pluzzle::parse_error("unknown key '" + std::string(t[0].text) + "'", line.number, t[0].column,
                                           std::string(t[0].text));
        }
        if (cur) out.push_back({std::move(cur), ""});
        return out;
    }

    std::string encode(const pluzzle::Level &l) const override {
        const auto &p = pluzzle::as<ProbeLevel>(l);
        std::string s = "probe 1\nvalue " + std::to_string(p.value) + "\n";
        if (p.sleep_ms) s += "sleep_ms " + std::to_string(p.sleep_ms) + "\n";
        if (!p.throw_in.empty()) s += "throw " + p.throw_in + "\n";
        return s;
    }

    void validate(const pluzzle::Level &l) const override {
        if (pluzzle::as<ProbeLevel>(l).throw_in == "validate") throw std::runtime_error("probe throws in validate");
    }

    pluzzle::SolveOutcome solve(const pluzzle::Level &l, pluzzle::SolveControl &control) const override {
        const auto &p = pluzzle::as<ProbeLevel>(l);
        if (p.throw_in == "solve") throw std::runtime_error("probe throws in solve");
        const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(p.sleep_ms);
        while (std::chrono::steady_clock::now() < end) {
            if (control.tick(1) || control.poll()) return {control.stop_status()};
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        control.solution("answer " + std::to_string(p.value));
        return {PZ_SOLVE_UNIQUE};
    }

    void render(const pluzzle::Level &l, const pluzzle::State *s, pluzzle::Canvas &c) const override {
        if (pluzzle::as<ProbeLevel>(l).throw_in == "render") throw std::runtime_error("probe throws in render");
        c.begin(100, 50);
        pluzzle::Group g(c, "probe");
        c.rect(0, 0, 100, 50, {200, 200, 255, 255}, pluzzle::kBlack, 1);
        c.text(50, 25, 12, pluzzle::kBlack, s ? "answered" : "value " + std::to_string(pluzzle::as<ProbeLevel>(l).value));
    }

    std::unique_ptr<pluzzle::Level> generate(const pluzzle::Params &params, uint64_t seed,
                                             pluzzle::SolveControl &) const override {
        auto l = std::make_unique<ProbeLevel>();
        l->value = int(params.integer("value") + int64_t(seed % 1000));
        return l;
    }

    std::unique_ptr<pluzzle::State> start(const pluzzle::Level &) const override {
        return std::make_unique<ProbeState>();
    }
    std::unique_ptr<pluzzle::State> decode_state(const pluzzle::Level &, std::string_view text) const override {
        auto lines = pluzzle::split_lines(text);
        auto t = lines.empty() ? std::vector<pluzzle::Token>{} : pluzzle::tokens(lines[0]);
        if (t.size() != 2 || t[0].text != "answer") throw pluzzle::parse_error("expected 'answer N'", 1, 1);
        auto s = std::make_unique<ProbeState>();
        s->answer = int(pluzzle::to_int(t[1], 1, 0, 1000000, "answer"));
        return s;
    }
    std::string encode_state(const pluzzle::Level &, const pluzzle::State &s) const override {
        return "answer " + std::to_string(pluzzle::as<ProbeState>(s).answer);
    }
    pluzzle::PlayStatus status(const pluzzle::Level &l, const pluzzle::State &s) const override {
        pluzzle::PlayStatus st;
        const bool right = pluzzle::as<ProbeState>(s).answer == pluzzle::as<ProbeLevel>(l).value;
        st.phase = right ? PZ_PLAY_SOLVED : PZ_PLAY_ONGOING;
        st.message = right ? "right" : "the answer is wrong";
        return st;
    }
    std::unique_ptr<pluzzle::State> execute(const pluzzle::Level &l, const pluzzle::State &,
                                            std::string_view move) const override {
        return decode_state(l, move);
    }
};

} // namespace

#if defined(PROBE_ABI_MAJOR) || defined(PROBE_MINOR0) || defined(PROBE_NULL_ENTRY)
// Hand-made entry points that bend the table the bridge built, as a plugin of another version would have it.
namespace {
const pz_plugin *bent_entry(uint32_t major, uint32_t minor) noexcept {
#ifdef PROBE_NULL_ENTRY
    (void)major, (void)minor;
    return nullptr;
#else
    static pz_plugin table = *pluzzle::detail::Bridge<Probe>::entry(major, minor);
#ifdef PROBE_ABI_MAJOR
    table.abi_major = PROBE_ABI_MAJOR;
    table.abi_minor = 0;
#endif
#ifdef PROBE_MINOR0
    table.abi_minor = 0;
    table.struct_size = PZ_PLUGIN_SIZE_1_0; // the 1.1 fields (ais, ai_move) are not there
#endif
    return &table;
#endif
}
} // namespace
BOOST_DLL_ALIAS(bent_entry, pluzzle_plugin)
#else
PLUZZLE_EXPORT_PLUGIN(Probe)
#endif
