// The SDK contract, checked for EVERY plugin in the build's plugin folder against its bundled pack in data/<id>/
// (after Tatham's fuzzpuzz): canonical text round-trips exactly, and any mutated text that parses and validates
// survives every other operation -- encode, describe, solve with small limits, render, play -- without a crash.
// A new plugin is covered by adding its folder under plugins/ and its pack under data/. The plain-C test plugin
// (tests/plugins/c_plugin) and the SDK's examples (sdk/examples/<id>) are held to the same contract with their
// levels beside their source.
#include "built_plugins.hpp"
#include <pluzzle/host/levels/level_source.hpp>
#include <pluzzle/host/plugin/plugin_registry.hpp>
#include <pluzzle/host/render/svg_writer.hpp>
#include "test_support.hpp"

#include <random>

using namespace pluzzle::host;
using namespace pluzzle::test;

namespace {

const std::string kCPluginId = "ctoggle";

// The built plugins and the plain-C test plugin, in one registry.
const PluginRegistry &contract_plugins() {
    static const PluginRegistry reg = [] {
        PluginRegistry r;
        r.load_folders({PLUZZLE_PLUGIN_DIR});
        r.load_file(probe_dir("c_plugin") + "/pluzzle_ctoggle.so");
        return r;
    }();
    return reg;
}

// Every text file of the plugin's pack folder (README.md aside): data/<id>/, or the sample levels beside the
// source of the C test plugin and of the SDK's examples.
std::vector<std::pair<std::string, std::string>> bundled_files(const std::string &id) {
    std::vector<std::pair<std::string, std::string>> out;
    const fs::path example = fs::path(PLUZZLE_SOURCE_DIR) / "sdk/examples" / id / "data";
    const fs::path dir = id == kCPluginId            ? fs::path(PLUZZLE_SOURCE_DIR) / "tests/plugins/c_plugin/data"
                         : fs::is_directory(example) ? example
                                                     : fs::path(data_dir()) / id;
    if (!fs::is_directory(dir)) return out;
    for (auto &e : fs::directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() != ".md") out.emplace_back(e.path().string(), read_file(e.path().string()));
    std::sort(out.begin(), out.end());
    return out;
}

std::string mutate(const std::string &text, std::mt19937_64 &rng) {
    std::string s = text;
    const int edits = 1 + int(rng() % 4);
    static const std::string alphabet = "0123456789 \n\t#.-,;:|{}[]\"abcxyz\xff";
    for (int e = 0; e < edits && !s.empty(); ++e) {
        const size_t at = rng() % s.size();
        switch (rng() % 5) {
        case 0: s[at] = alphabet[rng() % alphabet.size()]; break;            // replace
        case 1: s.erase(at, 1 + rng() % 3); break;                            // delete
        case 2: s.insert(at, 1, alphabet[rng() % alphabet.size()]); break;    // insert
        case 3: s.resize(at); break;                                           // truncate
        default: s.insert(at, s.substr(rng() % s.size(), 1 + rng() % 8));     // duplicate a piece
        }
    }
    return s;
}

// The bundled levels are solved with room to find their solutions, which are then checked and played.
SolveOptions bundled_level_limits() {
    SolveOptions limits;
    limits.time_limit_s = 0.2;
    limits.node_limit = 20000;
    return limits;
}

// Mutated levels are many (300 per bundled file), and solving them is only one operation among the rest: a node
// budget keeps each solve short and the same on any machine. Under the sanitizers every sliceit solve ran into the
// 0.2 s limit (92 s for that one test); at 2,000 nodes sliceit still solves, and so checks, 643 of the mutated
// levels (729 at 20,000 nodes, 401 at 500) in a quarter of the time. The time limit stays as a guard.
SolveOptions mutated_level_limits() {
    SolveOptions limits;
    limits.time_limit_s = 0.2;
    limits.node_limit = 2000;
    return limits;
}

// Runs every operation on a level that validated. Failures must be errors, not crashes or hangs. Counts the
// solutions the solver reported (each is checked and played here) in `solved`.
void exercise(const Plugin &p, const LevelPtr &level, std::mt19937_64 &rng, const SolveOptions &limits,
              size_t &solved) {
    const std::string text = p.encode(level.get());
    auto again = p.parse(text, "", "re-encoded");
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(p.encode(again[0].level.get()), text) << "canonical text must round-trip exactly";
    (void)p.describe(level.get());
    (void)svg_document(p.render(level.get(), nullptr));
    if (p.can(PZ_CAP_SOLVE)) {
        const SolveReport r = p.solve(level.get(), limits);
        solved += r.solutions.empty() ? 0 : 1;
        if (!r.solutions.empty() && p.can(PZ_CAP_PLAY)) {
            EXPECT_TRUE(p.check(level.get(), r.solutions[0]).ok) << "a reported solution must check";
            auto state = p.decode_state(level, r.solutions[0], "solution");
            EXPECT_NE(p.status(state.get()).phase, PZ_PLAY_ONGOING) << "a solution decodes to a finished state";
            (void)svg_document(p.render(level.get(), state.get()));
        }
    }
    if (p.can(PZ_CAP_PLAY)) {
        StatePtr state = p.new_state(level);
        for (int i = 0; i < 20; ++i) {
            pz_input in{};
            in.kind = PZ_INPUT_PRESS;
            in.x = float(rng() % 1000) - 50;
            in.y = float(rng() % 1000) - 50;
            const std::string move = p.interpret(state.get(), in);
            if (move.empty()) continue;
            state = p.execute(state, move);
            (void)p.status(state.get());
        }
        const std::string saved = p.encode_state(state.get());
        EXPECT_EQ(p.encode_state(p.decode_state(level, saved, "state").get()), saved) << "play states round-trip";
    }
}

} // namespace

TEST(PluginContract, ThePlainCPluginLoads) {
    ASSERT_TRUE(contract_plugins().find(kCPluginId))
        << (contract_plugins().problems().empty() ? "" : contract_plugins().problems()[0].reason);
    EXPECT_EQ(contract_plugins().plugins().size(), built_plugins().plugins().size() + 1);
}

TEST(PluginContract, EveryBuiltPluginHasABundledPackThatRoundTrips) {
    ASSERT_FALSE(built_plugins().plugins().empty());
    for (auto &p : contract_plugins().plugins()) {
        SCOPED_TRACE(p->id());
        auto files = bundled_files(p->id());
        EXPECT_FALSE(files.empty()) << "data/" << p->id() << "/ should hold the plugin's bundled pack";
        std::mt19937_64 rng(1);
        size_t solved = 0;
        for (auto &[path, text] : files) {
            auto levels = load_levels_from_text(contract_plugins(), text, path, {p->id(), ""});
            for (auto &l : levels) exercise(*p, l.level, rng, bundled_level_limits(), solved);
        }
        if (p->can(PZ_CAP_SOLVE)) {
            EXPECT_GT(solved, 0u) << "a solver should solve some of its own bundled levels";
        }
    }
}

// One test per plugin (they run side by side under ctest -j; under the sanitizers the slowest takes a minute).
namespace {

class MutatedLevels : public ::testing::TestWithParam<std::string> {};

std::vector<std::string> contract_plugin_ids() {
    std::vector<std::string> ids;
    for (auto &p : contract_plugins().plugins())
        ids.push_back(p->id());
    return ids;
}

} // namespace

TEST_P(MutatedLevels, EitherFailCleanlyOrSurviveEverything) {
    const auto p = contract_plugins().find(GetParam());
    ASSERT_TRUE(p);
    std::mt19937_64 rng(20261121);
    size_t accepted = 0, rejected = 0, solved = 0;
    for (auto &[path, text] : bundled_files(p->id())) {
        for (int round = 0; round < 300; ++round) {
            const std::string bad = mutate(text, rng);
            std::vector<ParsedLevel> levels;
            try {
                levels = p->parse(bad, "", path);
            } catch (const InputError &e) {
                ++rejected;
                EXPECT_FALSE(e.reason().empty());
                continue;
            }
            ++accepted;
            for (auto &l : levels) {
                try {
                    exercise(*p, l.level, rng, mutated_level_limits(), solved);
                } catch (const InputError &) {
                    // e.g. a move the plugin rejects: an error is fine, a crash is not
                }
            }
        }
    }
    EXPECT_GT(rejected, 0u) << "mutations should produce some malformed texts";
    EXPECT_GT(accepted, 0u) << "and some texts that still validate, to exercise";
    RecordProperty("accepted", int(accepted));
    RecordProperty("solved", int(solved));
}

// Every plugin of the build's folder and the plain-C one (ThePlainCPluginLoads checks that none is missing).
INSTANTIATE_TEST_SUITE_P(EveryPlugin, MutatedLevels, ::testing::ValuesIn(contract_plugin_ids()),
                         [](const ::testing::TestParamInfo<std::string> &info) { return info.param; });
