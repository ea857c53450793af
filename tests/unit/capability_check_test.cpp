// A plugin whose capability bits disagree with the methods it defines must not build: the export bridge
// static_asserts one rule (sdk/include/pluzzle/capability_rules.hpp), and a method with the right name and a wrong
// signature fails with the signature expected. Each case compiles a small plugin with the real compiler and the real
// SDK headers (-fsyntax-only), so the check is exactly what a plugin author meets.
#include "test_support.hpp"

using namespace pluzzle::test;

namespace {

// A minimal plugin with plain value types: `caps` is the declared constant (or "" for none), `extra` adds methods.
std::string plugin_source(const std::string &caps, const std::string &extra) {
    return "#include <pluzzle/plugin.hpp>\n"
           "struct Board { int cells = 0; };\n"
           "struct Marks { int marked = 0; };\n"
           "class P : public pluzzle::TypedPuzzle<Board, Marks> {\n"
           "public:\n" +
           (caps.empty() ? std::string() : "    static constexpr uint64_t capabilities = " + caps + ";\n") +
           "    pluzzle::PluginInfo info() const { return {}; }\n"
           "    std::vector<pluzzle::Parsed<Board>> parse(std::string_view, std::string_view) const { return {}; }\n"
           "    std::string encode(const Board &) const { return {}; }\n"
           "    void render(const Board &, const Marks *, pluzzle::Canvas &) const {}\n" +
           extra + "};\nPLUZZLE_EXPORT_PLUGIN(P)\n";
}

const std::string kSolve =
    "    pluzzle::SolveOutcome solve(const Board &, pluzzle::SolveControl &) const { return {}; }\n";
const std::string kEditInterpret =
    "    std::string edit_interpret(const Board &, std::string_view, const pluzzle::Input &) const { return {}; }\n";
const std::string kBlankGrid = "    Board blank_grid(int, int) const { return {}; }\n";
const std::string kStart = "    Marks start(const Board &) const { return {}; }\n";

RunResult compile(const std::string &source) {
    TempDir dir;
    write_file(dir / "plugin.cpp", source);
    return run(quote(PLUZZLE_CXX_COMPILER) + " -std=c++17 -fsyntax-only -I" +
                   quote(std::string(PLUZZLE_SOURCE_DIR) + "/sdk/include") + " " + quote(dir / "plugin.cpp"),
               true);
}

void expect_compile_error(const std::string &source, const std::string &message) {
    const RunResult r = compile(source);
    EXPECT_NE(r.exit_code, 0) << "built although it should not:\n" << source;
    EXPECT_NE(r.out.find(message), std::string::npos) << r.out;
}

void expect_refused(const std::string &caps, const std::string &extra, const std::string &message) {
    expect_compile_error(plugin_source(caps, extra), message);
}

} // namespace

TEST(CapabilityCheck, MatchingBitsBuild) {
    const RunResult r =
        compile(plugin_source("PZ_CAP_SOLVE | PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_BLANK", kSolve + kBlankGrid));
    EXPECT_EQ(r.exit_code, 0) << r.out;
    const RunResult none = compile(plugin_source("0", ""));
    EXPECT_EQ(none.exit_code, 0) << none.out;
}

TEST(CapabilityCheck, AMethodWithoutItsBitOrABitWithoutItsMethodFailsTheBuild) {
    expect_refused("0", kSolve, "PZ_CAP_SOLVE is declared exactly when solve() is defined");
    expect_refused("PZ_CAP_SOLVE", "", "PZ_CAP_SOLVE is declared exactly when solve() is defined");
    expect_refused("PZ_CAP_BLANK", "", "PZ_CAP_BLANK is declared exactly when blank() or blank_grid() is defined");
    expect_refused("PZ_CAP_EDIT", kEditInterpret, "PZ_CAP_EDIT is declared exactly when edit_interpret()");
    expect_refused("PZ_CAP_PLAY", "", "PZ_CAP_PLAY needs start, decode_state, encode_state, status and execute");
    expect_refused("PZ_CAP_PLAY", kStart, "PZ_CAP_PLAY needs start, decode_state, encode_state, status and execute");
    expect_refused("0", kStart, "start() or execute() is defined: declare PZ_CAP_PLAY");
    expect_refused("PZ_CAP_COUNT_SOLUTIONS", "", "they need PZ_CAP_SOLVE");
    expect_refused("uint64_t(1) << 40", "", "not a pz_capability");
}

TEST(CapabilityCheck, APluginMustDeclareItsCapabilities) {
    expect_refused("", "", "declare the plugin's capabilities in the puzzle class");
}

TEST(CapabilityCheck, ATypedMethodWithTheRightNameAndAWrongSignatureFailsWithTheExpectedOne) {
    // Non-const, and a Level where the state belongs: both would otherwise be silently ignored.
    expect_compile_error(plugin_source("PZ_CAP_SOLVE", "    pluzzle::SolveOutcome solve(const Board &, "
                                                       "pluzzle::SolveControl &) { return {}; }\n"),
                         "solve has the wrong signature for a TypedPuzzle: expected SolveOutcome solve(const L &, "
                         "SolveControl &) const");
    expect_compile_error(plugin_source("0", "    void validate(const Marks &) const {}\n"),
                         "validate has the wrong signature for a TypedPuzzle: expected void validate(const L &) const");
}
