// A plugin for the host's tests: its level text says how to behave (sleep while solving, throw from an
// operation), so tests can drive slow bulk runs, cancellation and plugin failures through the real ABI.
// Misbehaving keys for the crash-isolated workers (issue 13), all acted on when solving:
//   crash segv|abort|exit  a real null write, abort(), exit(7)     hang_ms N  spin N ms without polling
//   hog_mb N               hold N MiB (one block, touched)          print      write a line to stdout
//   work N                 N x 10^6 xorshift steps, ticking every 10^4: deterministic CPU and nodes
// and for the plugin sandbox (issue 15), acted on where they name:
//   crash_in parse|render  a null write while parsing this line, or in render    hang_in parse  spin 10 min
// and for solution pages (ABI 1.9): throw render_solution  the solution page is blank (no throw: what selftest must
// find), else it is render()'s picture;
// and for difficulty estimates (ABI 1.7): difficulty N  the solve reports N (any integer: the host checks 0..10),
// labelled "probe N".
// And for cube-and-conquer (ABI 1.8): split first|count|best [L U]  how cube answers combine (best L U: the split
//   proves the cost is at least L and finds a solution of cost U, "answer root"); then one line per cube,
//   cube none|KEY=V,...   keys: solutions=S (count/first: S solutions), cost=C (best: a solution of cost C),
//                         sleep_ms=N (polling), hang_ms=N (deaf), crash=segv|abort|exit,
//                         aim_lies=1 (best: asked for cheaper than the split's bound + 1, a deepening's first
//                         step, it says none)
// The whole solve (after its own sleep_ms) gives what all the cubes give together; a level without cube lines is
// split into no cube (the split solves it whole).
// Compile-time switches build the broken variants the loader must reject or accept:
//   PROBE_ABI_MAJOR=N   report another ABI major          PROBE_MINOR0     an ABI 1.0 plugin (smaller table)
//   PROBE_MINOR1        an ABI 1.1 plugin (games, no AI profiles)
//   PROBE_MINOR2        an ABI 1.2 plugin (the whole table, but the Boost.DLL alias as entry, as SDK 1.2 built it)
// The 1.0-1.2 variants export the Boost.DLL alias `pluzzle_plugin` their SDKs used, not the plain C entry.
//   PROBE_NULL_ENTRY    entry point returns NULL           PROBE_THROW_INIT info() throws while the table is built
//   PROBE_ID="..."      plugin id (default "probe")       PROBE_VERSION="..." plugin version (default "1.0.0")
//   PROBE_BAD_DEFAULT   a parameter's default lies outside its declared range
//   PROBE_CRASH_ON_FOREIGN  parse dies by SIGSEGV on any text that is not a probe level (a parser that trusts its
//                       input: what type detection by content meets among third-party plugins)
#include <pluzzle/plugin.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <thread>

#ifndef PROBE_ID
#define PROBE_ID "probe"
#endif
#ifndef PROBE_VERSION
#define PROBE_VERSION "1.0.0"
#endif

namespace {

struct ProbeLevel {
    int value = 0;          // the "answer"
    int sleep_ms = 0;       // solve takes this long (polling for cancellation)
    std::string throw_in;   // operation that throws: parse is handled at parse time
    int game = 0;           // > 0: a two-player Nim of this many tokens (take 1..3, taking the last wins)
    std::string crash;      // segv, abort or exit: how solve kills the process
    int hang_ms = 0;        // solve first spins this long, deaf to the time limit and cancellation
    int hog_mb = 0;         // solve holds this much memory while it runs
    int work = 0;           // millions of xorshift steps before answering
    bool print = false;     // solve writes to stdout (which abi.h forbids)
    std::string crash_in;   // render: render dies by SIGSEGV (parse dies while reading the line)
    std::optional<int> difficulty; // what solve reports, unchecked (the host's check is under test)
    std::string split;              // first, count or best: the combine of its cubes
    int root_lower = -1, root_upper = -1; // best: what the split itself proves and finds (-1: nothing)
    std::vector<std::string> cubes; // each cube's behaviour, as written ("none" or KEY=V,...)
};

// One cube's behaviour (the `cube` line).
struct ProbeCube {
    int solutions = 0, cost = -1, sleep_ms = 0, hang_ms = 0;
    bool aim_lies = false;
    std::string crash;
};

ProbeCube read_cube(const std::string &spec, int line) {
    ProbeCube c;
    if (spec == "none") return c;
    size_t at = 0;
    while (at <= spec.size()) {
        const size_t comma = std::min(spec.find(',', at), spec.size());
        const std::string item = spec.substr(at, comma - at);
        const size_t eq = item.find('=');
        if (eq == std::string::npos) throw pluzzle::parse_error("expected KEY=V in '" + item + "'", line, 1, "cube");
        const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
        const auto number = [&] {
            const auto n = pluzzle::whole_number<int>(value);
            if (!n || *n < 0) throw pluzzle::parse_error("bad number '" + value + "'", line, 1, "cube");
            return *n;
        };
        if (key == "solutions") c.solutions = number();
        else if (key == "cost") c.cost = number();
        else if (key == "sleep_ms") c.sleep_ms = number();
        else if (key == "hang_ms") c.hang_ms = number();
        else if (key == "aim_lies") c.aim_lies = number() != 0;
        else if (key == "crash" && (value == "segv" || value == "abort" || value == "exit")) c.crash = value;
        else throw pluzzle::parse_error("unknown cube key '" + key + "'", line, 1, "cube");
        at = comma + 1;
    }
    return c;
}

// Ends the process the way a broken plugin would. The null write goes through a volatile pointer so the
// compiler emits a real store (a true fault, not a trap instruction); raise() is only the fallback.
[[noreturn]] void crash_now(const std::string &how) {
    if (how == "abort") std::abort();
    if (how == "exit") std::exit(7);
    int *volatile nowhere = nullptr;
    *nowhere = 1;
    std::raise(SIGSEGV);
    std::abort();
}

void spin_for(int ms) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < end) {
    }
}

// One block of N MiB, one byte touched per page through a volatile pointer: the memory becomes resident, and the
// allocation cannot be optimised away. One block, like a solver's big table: over a memory limit it fails at once
// rather than after faulting in pages up to the limit, so a test's verdict does not hang on how busy the machine is.
std::unique_ptr<char[]> hog(int mib) {
    const size_t bytes = size_t(mib) << 20;
    std::unique_ptr<char[]> held(mib > 0 ? new char[bytes] : nullptr);
    volatile char *b = held.get();
    for (size_t at = 0; at < bytes; at += 4096)
        b[at] = char(at >> 20);
    return held;
}

// N x 10^6 xorshift64 steps counted as nodes 10^4 at a time, so nodes (and the final state, reported as a stat)
// are the same on every machine. False when the control stopped it.
bool work(int millions, pluzzle::SolveControl &control, pluzzle::SolveOutcome &outcome) {
    uint64_t x = 88172645463325252u;
    for (int64_t blocks = int64_t(millions) * 100; blocks > 0; --blocks) {
        for (int i = 0; i < 10000; ++i) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
        if (control.tick(10000)) return false;
    }
    outcome.stats.push_back({"xorshift", std::to_string(x)});
    return true;
}

// Sleeps `ms`, polling the control every millisecond; false when it said stop.
bool sleep_polling(int ms, pluzzle::SolveControl &control) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < end) {
        if (control.tick(1) || control.poll()) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return true;
}

struct ProbeState {
    int answer = -1;
    std::vector<int> takes; // game: tokens taken by each move, players alternating from player 0
};

int taken(const ProbeState &s) {
    int n = 0;
    for (int t : s.takes) n += t;
    return n;
}

class Probe : public pluzzle::TypedPuzzle<ProbeLevel, ProbeState> {
public:
    static constexpr uint64_t capabilities =
        PZ_CAP_SOLVE | PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_PLAY | PZ_CAP_GENERATE | PZ_CAP_GAME | PZ_CAP_BLANK |
        PZ_CAP_SPLIT;

    pluzzle::PluginInfo info() const {
#ifdef PROBE_THROW_INIT
        throw std::runtime_error("probe refuses to initialise");
#endif
        pluzzle::PluginInfo i;
        i.id = PROBE_ID;
        i.name = "Probe (test plugin)";
        i.version = PROBE_VERSION;
        i.description = "Behaves as its level text says; for the host's tests.";
        i.ais = {{"greedy", "Greedy", "leaves a multiple of four tokens when it can"},
                 {"learner",
                  "Learner",
                  "'learner:<level>' takes min(level, 3) tokens (at least 1)",
                  {"level", "2", "0..1000; +1 after a game the learner lost, -1 after one it won"}}};
        i.formats = {{"canonical", "probe",
                      "probe 1 / value N / sleep_ms N / throw OP / crash HOW / hang_ms N / hog_mb N / work N / print"}};
        i.params = {{"value", PZ_PARAM_INT, "7", 0, 1000, "", "the answer"}};
#ifdef PROBE_BAD_DEFAULT
        i.params[0].default_value = "1001"; // outside its own [0, 1000]
#endif
        return i;
    }

    std::vector<pluzzle::Parsed<ProbeLevel>> parse(std::string_view text, std::string_view) const {
#ifdef PROBE_CRASH_ON_FOREIGN
        if (text.substr(0, 5) != "probe") crash_now("segv");
#endif
        auto lines = pluzzle::split_lines(text);
        std::vector<pluzzle::Parsed<ProbeLevel>> out;
        std::optional<ProbeLevel> cur;
        for (auto &line : lines) {
            auto t = pluzzle::tokens(line);
            if (t.empty()) continue;
            if (t[0].text == "probe") {
                if (cur) out.push_back({std::move(*cur), ""});
                cur = ProbeLevel{};
                continue;
            }
            if (!cur) throw pluzzle::parse_error("expected 'probe 1' header", line.number, t[0].column);
            if (t[0].text == "print" && t.size() == 1) {
                cur->print = true;
                continue;
            }
            if (t[0].text == "cube" && t.size() == 2) {
                read_cube(std::string(t[1].text), line.number); // checked now: solve_cube may trust it
                cur->cubes.emplace_back(t[1].text);
                continue;
            }
            if (t[0].text == "split" && (t.size() == 2 || (t.size() == 4 && t[1].text == "best"))) {
                if (t[1].text != "first" && t[1].text != "count" && t[1].text != "best")
                    throw pluzzle::parse_error("expected first, count or best", line.number, t[1].column, "split");
                cur->split = std::string(t[1].text);
                if (t.size() == 4) {
                    cur->root_lower = int(pluzzle::to_int(t[2], line.number, 0, 1000, "split"));
                    cur->root_upper = int(pluzzle::to_int(t[3], line.number, cur->root_lower, 1000, "split"));
                }
                continue;
            }
            if (t.size() != 2) throw pluzzle::parse_error("expected 'key value'", line.number, t[0].column);
            if (t[0].text == "value") cur->value = int(pluzzle::to_int(t[1], line.number, 0, 1000000, "value"));
            else if (t[0].text == "game") cur->game = int(pluzzle::to_int(t[1], line.number, 1, 1000, "game"));
            else if (t[0].text == "sleep_ms") cur->sleep_ms = int(pluzzle::to_int(t[1], line.number, 0, 600000, "sleep_ms"));
            else if (t[0].text == "hang_ms")
                cur->hang_ms = int(pluzzle::to_int(t[1], line.number, 0, 3600000, "hang_ms"));
            else if (t[0].text == "hog_mb")
                cur->hog_mb = int(pluzzle::to_int(t[1], line.number, 0, 1 << 20, "hog_mb"));
            else if (t[0].text == "work")
                cur->work = int(pluzzle::to_int(t[1], line.number, 0, 1000000, "work"));
            else if (t[0].text == "difficulty")
                cur->difficulty = int(pluzzle::to_int(t[1], line.number, -1000, 1000, "difficulty"));
            else if (t[0].text == "crash") {
                cur->crash = std::string(t[1].text);
                if (cur->crash != "segv" && cur->crash != "abort" && cur->crash != "exit")
                    throw pluzzle::parse_error("expected segv, abort or exit", line.number, t[1].column, "crash");
            } else if (t[0].text == "crash_in") {
                if (t[1].text == "parse") crash_now("segv");
                if (t[1].text != "render")
                    throw pluzzle::parse_error("expected parse or render", line.number, t[1].column, "crash_in");
                cur->crash_in = "render";
            } else if (t[0].text == "hang_in" && t[1].text == "parse") {
                spin_for(600000);
            } else if (t[0].text == "throw") {
                cur->throw_in = std::string(t[1].text);
                if (cur->throw_in == "parse") throw std::runtime_error("probe throws in parse");
                if (cur->throw_in == "parse_int") throw 42; // not even a std::exception
            } else
                throw pluzzle::parse_error("unknown key '" + std::string(t[0].text) + "'", line.number, t[0].column,
                                           std::string(t[0].text));
        }
        if (cur) out.push_back({std::move(*cur), ""});
        return out;
    }

    std::string encode(const ProbeLevel &l) const {
        const auto &p = l;
        std::string s = "probe 1\nvalue " + std::to_string(p.value) + "\n";
        if (p.sleep_ms) s += "sleep_ms " + std::to_string(p.sleep_ms) + "\n";
        if (!p.throw_in.empty()) s += "throw " + p.throw_in + "\n";
        if (p.game) s += "game " + std::to_string(p.game) + "\n";
        if (!p.crash.empty()) s += "crash " + p.crash + "\n";
        if (p.hang_ms) s += "hang_ms " + std::to_string(p.hang_ms) + "\n";
        if (p.hog_mb) s += "hog_mb " + std::to_string(p.hog_mb) + "\n";
        if (p.work) s += "work " + std::to_string(p.work) + "\n";
        if (p.print) s += "print\n";
        if (!p.crash_in.empty()) s += "crash_in " + p.crash_in + "\n";
        if (p.difficulty) s += "difficulty " + std::to_string(*p.difficulty) + "\n";
        if (!p.split.empty()) {
            s += "split " + p.split;
            if (p.root_upper >= 0) s += " " + std::to_string(p.root_lower) + " " + std::to_string(p.root_upper);
            s += "\n";
        }
        for (const std::string &c : p.cubes) s += "cube " + c + "\n";
        return s;
    }

    void validate(const ProbeLevel &l) const {
        if (l.throw_in == "validate") throw std::runtime_error("probe throws in validate");
    }

    pluzzle::SolveOutcome solve(const ProbeLevel &l, pluzzle::SolveControl &control) const {
        const auto &p = l;
        if (p.throw_in == "solve") throw std::runtime_error("probe throws in solve");
        if (!p.crash.empty()) crash_now(p.crash);
        spin_for(p.hang_ms);
        const auto held = hog(p.hog_mb); // until the solve returns
        if (p.print) {
            std::printf("probe %d writes to stdout while solving\n", p.value);
            std::fflush(stdout);
        }
        pluzzle::SolveOutcome outcome;
        if (!work(p.work, control, outcome)) {
            outcome.status = control.stop_status();
            return outcome;
        }
        if (!sleep_polling(p.sleep_ms, control)) {
            outcome.status = control.stop_status();
            return outcome;
        }
        if (p.difficulty) outcome.difficulty = {double(*p.difficulty), "probe " + std::to_string(*p.difficulty)};
        if (!p.cubes.empty()) return whole_of_cubes(p, control, outcome);
        control.solution("answer " + std::to_string(p.value));
        outcome.status = PZ_SOLVE_UNIQUE;
        return outcome;
    }

    // --- cube-and-conquer (ABI 1.8): the cubes the level lists, "cube 0", "cube 1", ...
    pluzzle::Split split(const ProbeLevel &l, unsigned, pluzzle::SolveControl &control) const {
        pluzzle::Split s;
        s.combine = l.split == "first" ? pluzzle::Combine::first
                    : l.split == "best" ? pluzzle::Combine::best
                                        : pluzzle::Combine::count;
        if (l.cubes.empty()) { // nothing to split: solved whole
            s.outcome = solve(l, control);
            return s;
        }
        if (l.root_upper >= 0) {
            control.solution("answer root");
            s.outcome.status = PZ_SOLVE_LIMIT;
            s.outcome.lower_bound = l.root_lower;
            s.outcome.upper_bound = l.root_upper;
        }
        for (size_t i = 0; i < l.cubes.size(); ++i) s.cubes.push_back("cube " + std::to_string(i));
        return s;
    }
    pluzzle::SolveOutcome solve_cube(const ProbeLevel &l, std::string_view cube, pluzzle::SolveControl &control) const {
        const auto t = pluzzle::tokens(cube);
        const auto index = t.size() == 2 && t[0].text == "cube" ? pluzzle::whole_number<int>(t[1].text) : std::nullopt;
        if (!index || *index < 0 || size_t(*index) >= l.cubes.size())
            throw pluzzle::bad_argument("no such cube '" + std::string(cube.substr(0, 40)) + "'", "cube");
        const ProbeCube c = read_cube(l.cubes[size_t(*index)], 0);
        if (!c.crash.empty()) crash_now(c.crash);
        spin_for(c.hang_ms);
        pluzzle::SolveOutcome outcome;
        if (!sleep_polling(c.sleep_ms, control)) {
            outcome.status = control.stop_status();
            return outcome;
        }
        if (l.split == "best") {
            const bool lie = c.aim_lies && l.root_upper >= 0 && control.known_best() <= l.root_lower + 1;
            if (c.cost < 0 || c.cost >= control.known_best() || lie) { // nothing cheaper than what is known here
                outcome.status = PZ_SOLVE_UNSOLVABLE;
                if (c.cost >= 0) outcome.lower_bound = control.known_best();
                return outcome;
            }
            control.solution("answer " + std::to_string(l.value));
            outcome.status = PZ_SOLVE_SOLVED;
            outcome.lower_bound = outcome.upper_bound = c.cost;
            return outcome;
        }
        for (int k = 0; k < c.solutions && !control.has_enough(); ++k) control.solution("answer " + std::to_string(l.value));
        outcome.status = c.solutions == 0 ? PZ_SOLVE_UNSOLVABLE : c.solutions == 1 ? PZ_SOLVE_UNIQUE : PZ_SOLVE_MULTIPLE;
        return outcome;
    }

  private:
    // The whole level's answer: what its cubes give together.
    static pluzzle::SolveOutcome whole_of_cubes(const ProbeLevel &l, pluzzle::SolveControl &control,
                                                pluzzle::SolveOutcome outcome) {
        int solutions = 0, cost = -1;
        for (const std::string &spec : l.cubes) {
            const ProbeCube c = read_cube(spec, 0);
            solutions += c.solutions;
            if (c.cost >= 0 && (cost < 0 || c.cost < cost)) cost = c.cost;
        }
        if (l.root_upper >= 0 && (cost < 0 || l.root_upper < cost)) cost = l.root_upper;
        if (l.split == "best") {
            outcome.status = cost < 0 ? PZ_SOLVE_UNSOLVABLE : PZ_SOLVE_SOLVED;
            if (cost >= 0) {
                control.solution("answer " + std::to_string(l.value));
                outcome.lower_bound = outcome.upper_bound = cost;
            }
            return outcome;
        }
        for (int k = 0; k < solutions && !control.has_enough(); ++k) control.solution("answer " + std::to_string(l.value));
        outcome.status = solutions == 0 ? PZ_SOLVE_UNSOLVABLE
                         : l.split == "first" ? PZ_SOLVE_SOLVED
                         : solutions == 1     ? PZ_SOLVE_UNIQUE
                                              : PZ_SOLVE_MULTIPLE;
        return outcome;
    }

  public:

    void render(const ProbeLevel &l, const ProbeState *s, pluzzle::Canvas &c) const {
        if (l.throw_in == "render") throw std::runtime_error("probe throws in render");
        if (l.crash_in == "render") crash_now("segv");
        c.begin(100, 50);
        pluzzle::Group g(c, "probe");
        c.rect(0, 0, 100, 50, {200, 200, 255, 255}, pluzzle::kBlack, 1);
        c.text(50, 25, 12, pluzzle::kBlack, s ? "answered" : "value " + std::to_string(l.value));
    }

    void render_solution(const ProbeLevel &l, const ProbeState &s, pluzzle::Canvas &c) const {
        if (l.throw_in == "render_solution") return c.begin(100, 50); // a page with nothing on it
        render(l, &s, c);
    }

    ProbeLevel generate(const pluzzle::Params &params, uint64_t seed,
                                             pluzzle::SolveControl &) const {
        ProbeLevel l;
        l.value = int(params.integer("value") + int64_t(seed % 1000));
        return l;
    }

    // A blank probe is its 'value' parameter as it is, without the seed.
    ProbeLevel blank(const pluzzle::Params &params) const {
        ProbeLevel l;
        l.value = int(params.integer("value"));
        return l;
    }

    ProbeState start(const ProbeLevel &) const {
        return ProbeState{};
    }
    ProbeState decode_state(const ProbeLevel &l, std::string_view text) const {
        if (l.game) { // "takes 3 1 ..."
            auto t = pluzzle::tokens(text);
            if (t.empty() || t[0].text != "takes") throw pluzzle::parse_error("expected 'takes N...'", 1, 1);
            ProbeState s;
            for (size_t i = 1; i < t.size(); ++i) s.takes.push_back(int(pluzzle::to_int(t[i], 1, 1, 3, "takes")));
            if (taken(s) > l.game) throw pluzzle::invalid("more tokens taken than there are");
            return s;
        }
        auto lines = pluzzle::split_lines(text);
        auto t = lines.empty() ? std::vector<pluzzle::Token>{} : pluzzle::tokens(lines[0]);
        if (t.size() != 2 || t[0].text != "answer") throw pluzzle::parse_error("expected 'answer N'", 1, 1);
        ProbeState s;
        s.answer = int(pluzzle::to_int(t[1], 1, 0, 1000000, "answer"));
        return s;
    }
    std::string encode_state(const ProbeLevel &l, const ProbeState &s) const {
        if (l.game) {
            std::string out = "takes";
            for (int t : s.takes) out += " " + std::to_string(t);
            return out;
        }
        return "answer " + std::to_string(s.answer);
    }
    pluzzle::PlayStatus status(const ProbeLevel &l, const ProbeState &s) const {
        pluzzle::PlayStatus st;
        if (const int tokens = l.game) {
            const auto &g = s;
            st.players = 2;
            st.moves = unsigned(g.takes.size());
            st.to_move = st.moves % 2;
            st.scores = {0, 0};
            for (size_t i = 0; i < g.takes.size(); ++i) st.scores[i % 2] += g.takes[i];
            if (taken(g) == tokens) {
                st.phase = PZ_PLAY_GAME_OVER;
                st.winner = int((st.moves - 1) % 2); // who took the last token
            }
            st.message = std::to_string(tokens - taken(g)) + " tokens left";
            return st;
        }
        const bool right = s.answer == l.value;
        st.phase = right ? PZ_PLAY_SOLVED : PZ_PLAY_ONGOING;
        st.message = right ? "right" : "the answer is wrong";
        return st;
    }
    ProbeState execute(const ProbeLevel &l, const ProbeState &s,
                                            std::string_view move) const {
        if (const int tokens = l.game) { // "take K"
            auto t = pluzzle::tokens(move);
            if (t.size() != 2 || t[0].text != "take") throw pluzzle::bad_argument("expected 'take K'", "move");
            const int k = int(pluzzle::to_int(t[1], 1, 1, 3, "move"));
            ProbeState next = s;
            if (taken(next) + k > tokens) throw pluzzle::invalid("only " + std::to_string(tokens - taken(next)) + " tokens left", "move");
            next.takes.push_back(k);
            return next;
        }
        return decode_state(l, move);
    }
    std::string ai_move(const ProbeLevel &l, const ProbeState &s, std::string_view ai,
                        pluzzle::SolveControl &) const {
        const int left = l.game - taken(s);
        if (ai == "learner" || ai.rfind("learner:", 0) == 0) {
            if (left <= 0) throw pluzzle::invalid("the game is over");
            const int level = ai == "learner" ? 2 : learner_level(ai.substr(8));
            return "take " + std::to_string(std::min({std::max(level, 1), 3, left}));
        }
        if (ai != "greedy") throw pluzzle::bad_argument("unknown AI '" + std::string(ai) + "'", "ai");
        if (left <= 0) throw pluzzle::invalid("the game is over");
        const int k = left % 4 ? left % 4 : 1;
        return "take " + std::to_string(std::min(k, left));
    }
    // The learner gets one level better after each game it lost, one worse after each it won.
    std::string ai_profile_update(const ProbeLevel &l, const ProbeState &s, std::string_view ai,
                                  unsigned ai_seat, std::string_view value) const {
        if (ai != "learner") throw pluzzle::bad_argument("AI '" + std::string(ai) + "' keeps no profile", "ai");
        const pluzzle::PlayStatus st = status(l, s);
        if (st.phase != PZ_PLAY_GAME_OVER) throw pluzzle::invalid("the game is not over");
        const int level = learner_level(value) + (st.winner == int(ai_seat) ? -1 : 1);
        return std::to_string(std::clamp(level, 0, 1000));
    }
    static int learner_level(std::string_view text) {
        int v = 0;
        for (char c : text) {
            if (c < '0' || c > '9' || v > 1000)
                throw pluzzle::bad_argument("bad level '" + std::string(text) + "'", "profile");
            v = v * 10 + (c - '0');
        }
        if (text.empty() || v > 1000) throw pluzzle::bad_argument("bad level '" + std::string(text) + "'", "profile");
        return v;
    }
};

} // namespace

#if defined(PROBE_ABI_MAJOR) || defined(PROBE_MINOR0) || defined(PROBE_MINOR1) || defined(PROBE_MINOR2) ||        \
    defined(PROBE_NULL_ENTRY)
// Hand-made entry points that bend the table the bridge built, as a plugin of another version would have it.
namespace {
const pz_plugin *bent_entry(uint32_t major, uint32_t minor) noexcept {
#ifdef PROBE_NULL_ENTRY
    (void)major, (void)minor;
    return nullptr;
#else
    static pz_plugin table = *pluzzle::detail::Bridge<Probe>::entry(major, minor);
    table.capabilities &= ~uint64_t(PZ_CAP_SPLIT); // every bent table is older than ABI 1.8
#ifdef PROBE_ABI_MAJOR
    table.abi_major = PROBE_ABI_MAJOR;
    table.abi_minor = 0;
#endif
#ifdef PROBE_MINOR0
    table.abi_minor = 0;
    table.capabilities &= ~uint64_t(PZ_CAP_GAME | PZ_CAP_BLANK); // a 1.0 table has no AI, no blank levels
    table.struct_size = PZ_PLUGIN_SIZE_1_0; // the 1.1 fields (ais, ai_move) are not there
#endif
#ifdef PROBE_MINOR1
    table.abi_minor = 1;
    table.capabilities &= ~uint64_t(PZ_CAP_BLANK); // a 1.1 plugin knew no such bit
    table.struct_size = PZ_PLUGIN_SIZE_1_1; // the 1.2 fields (ai_profiles, ai_profile_update) are not there
#endif
#ifdef PROBE_MINOR2
    table.abi_minor = 2;
    table.struct_size = PZ_PLUGIN_SIZE_1_2; // import_image (1.4) is not there
#endif
    return &table;
#endif
}
} // namespace
#if defined(PROBE_MINOR0) || defined(PROBE_MINOR1) || defined(PROBE_MINOR2)
#include <boost/dll/alias.hpp>
BOOST_DLL_ALIAS(bent_entry, pluzzle_plugin)
#else
extern "C" const pz_plugin *pluzzle_plugin_entry(uint32_t major, uint32_t minor) { return bent_entry(major, minor); }
#endif
#else
PLUZZLE_EXPORT_PLUGIN(Probe)
#endif
