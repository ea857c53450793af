// A plugin whose capability bits disagree with the methods it overrides must not build: the export bridge
// static_asserts (sdk/include/pluzzle/export.hpp). Each case compiles a small plugin with the real compiler and the
// real SDK headers (-fsyntax-only), so the check is exactly what a plugin author meets.
#include "test_support.hpp"

using namespace pluzzle::test;

namespace {

// A minimal plugin: `caps` is the declared constant (or "" for none), `extra` adds overrides.
std::string plugin_source(const std::string &caps, const std::string &extra) {
    return "#include <pluzzle/plugin.hpp>\n"
           "struct L : pluzzle::Level {};\n"
           "class P final : public pluzzle::Puzzle {\n"
           "public:\n" +
           (caps.empty() ? std::string() : "    static constexpr uint64_t capabilities = " + caps + ";\n") +
           "    pluzzle::PluginInfo info() const override { return {}; }\n"
           "    std::vector<pluzzle::ParsedLevel> parse(std::string_view, std::string_view) const override { return {}; }\n"
           "    std::string encode(const pluzzle::Level &) const override { return {}; }\n"
           "    void render(const pluzzle::Level &, const pluzzle::State *, pluzzle::Canvas &) const override {}\n" +
           extra + "};\nPLUZZLE_EXPORT_PLUGIN(P)\n";
}

const std::string kSolve =
    "    pluzzle::SolveOutcome solve(const pluzzle::Level &, pluzzle::SolveControl &) const override { return {}; }\n";
const std::string kEditInterpret = "    std::string edit_interpret(const pluzzle::Level &, std::string_view, "
                                   "const pluzzle::Input &) const override { return {}; }\n";
const std::string kBlankGrid =
    "    std::unique_ptr<pluzzle::Level> blank_grid(int, int) const override { return std::make_unique<L>(); }\n";

RunResult compile(const std::string &source) {
    TempDir dir;
    write_file(dir / "plugin.cpp", source);
    return run(quote(PLUZZLE_CXX_COMPILER) + " -std=c++17 -fsyntax-only -I" +
                   quote(std::string(PLUZZLE_SOURCE_DIR) + "/sdk/include") + " " + quote(dir / "plugin.cpp"),
               true);
}

void expect_refused(const std::string &caps, const std::string &extra, const std::string &message) {
    const RunResult r = compile(plugin_source(caps, extra));
    EXPECT_NE(r.exit_code, 0) << "built although it should not:\n" << plugin_source(caps, extra);
    EXPECT_NE(r.out.find(message), std::string::npos) << r.out;
}

} // namespace

TEST(CapabilityCheck, MatchingBitsBuild) {
    const RunResult r = compile(plugin_source("PZ_CAP_SOLVE | PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_BLANK", kSolve + kBlankGrid));
    EXPECT_EQ(r.exit_code, 0) << r.out;
    const RunResult none = compile(plugin_source("0", ""));
    EXPECT_EQ(none.exit_code, 0) << none.out;
}

TEST(CapabilityCheck, AMethodWithoutItsBitOrABitWithoutItsMethodFailsTheBuild) {
    expect_refused("0", kSolve, "PZ_CAP_SOLVE is declared exactly when solve() is overridden");
    expect_refused("PZ_CAP_SOLVE", "", "PZ_CAP_SOLVE is declared exactly when solve() is overridden");
    expect_refused("PZ_CAP_BLANK", "", "PZ_CAP_BLANK is declared exactly when blank() or blank_grid() is overridden");
    expect_refused("PZ_CAP_EDIT", kEditInterpret, "PZ_CAP_EDIT is declared exactly when edit_interpret()");
    expect_refused("PZ_CAP_PLAY", "", "PZ_CAP_PLAY needs start, decode_state, encode_state, status and execute");
    expect_refused("PZ_CAP_COUNT_SOLUTIONS", "", "they need PZ_CAP_SOLVE");
    expect_refused("uint64_t(1) << 40", "", "not a pz_capability");
}

TEST(CapabilityCheck, APluginMustDeclareItsCapabilities) {
    expect_refused("", "", "declare the plugin's capabilities in the Puzzle class");
}
