// The real `pluzzle` binary end to end: exit codes, --json lines, every subcommand, bad inputs.
#include <pluzzle/host/store/store.hpp>
#include "test_support.hpp"

#include <algorithm>
#include <csignal>
#include <set>
#include <thread>
#include <unistd.h>

using namespace pluzzle::test;

namespace {

const char *kUniqueLevel = "lightsout 1\nname corner\nsize 3 3\n##.\n#..\n...\n";
// A 5x5 board cannot switch a single corner: proved unsolvable.
const char *kImpossibleLevel = "lightsout 1\nname lonely\nsize 5 5\n#....\n.....\n.....\n.....\n.....\n";

} // namespace

TEST(Cli, HelpAndUsageExitCodes) {
    EXPECT_EQ(run(cli() + " --help").exit_code, 0);
    for (const char *sub :
         {"plugins", "solve", "check", "render", "generate", "import-image", "db", "db import", "db solve", "db profiles"})
        EXPECT_EQ(run(cli() + " " + sub + " --help").exit_code, 0) << sub;
    EXPECT_EQ(run(cli()).exit_code, 2);
    EXPECT_EQ(run(cli() + " frobnicate").exit_code, 2);
    EXPECT_EQ(run(cli() + " solve --no-such-flag x").exit_code, 2);
    EXPECT_EQ(run(cli() + " solve").exit_code, 2); // FILE is required
    EXPECT_EQ(run(cli() + " import-image loop").exit_code, 2); // PICTURE and -o are required
}

TEST(Cli, PluginsListsLoadedAndSkipped) {
    RunResult r = run(cli(probe_dir("bad")) + " --json plugins");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    auto lines = json_lines(r.out);
    std::set<std::string> ids, skipped;
    for (auto &l : lines) {
        if (l.HasMember("id")) {
            ids.insert(member(l, "id"));
            for (const char *k : {"name", "version", "abi", "path", "capabilities"}) EXPECT_TRUE(l.HasMember(k)) << k;
            EXPECT_TRUE(l["formats"].IsArray());
        }
        if (l.HasMember("skipped")) skipped.insert(fs::path(member(l, "skipped")).filename().string());
    }
    EXPECT_TRUE(ids.count("lightsout"));
    EXPECT_EQ(skipped, (std::set<std::string>{"pluzzle_no_symbol.so", "pluzzle_probe_abi2.so", "pluzzle_probe_null.so",
                                              "pluzzle_probe_throwing.so", "pluzzle_probe_bad_default.so"}));
    RunResult human = run(cli() + " plugins");
    EXPECT_NE(human.out.find("lightsout"), std::string::npos);
    EXPECT_NE(human.out.find("capabilities:"), std::string::npos);
}

TEST(Cli, SolveJsonCarriesTheAgreedFields) {
    TempDir dir;
    write_file(dir / "one.lightsout", kUniqueLevel);
    RunResult r = run(cli() + " --json solve " + quote(dir / "one.lightsout"));
    ASSERT_EQ(r.exit_code, 0) << r.out;
    auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 1u);
    for (const char *k : {"file", "index", "type", "status", "solution", "time_ms", "nodes"})
        EXPECT_TRUE(lines[0].HasMember(k)) << k;
    EXPECT_EQ(member(lines[0], "type"), "lightsout");
    EXPECT_EQ(member(lines[0], "status"), "unique");
    EXPECT_EQ(member(lines[0], "index"), "0");
    // The printed solution is accepted by `check`.
    write_file(dir / "sol.txt", member(lines[0], "solution"));
    EXPECT_EQ(run(cli() + " check " + quote(dir / "one.lightsout") + " --solution " + quote(dir / "sol.txt")).exit_code, 0);
    write_file(dir / "wrong.txt", "press 2,2"); // (0,0) alone is the answer
    RunResult wrong = run(cli() + " check " + quote(dir / "one.lightsout") + " --solution " + quote(dir / "wrong.txt"));
    EXPECT_EQ(wrong.exit_code, 1);
    EXPECT_NE(wrong.out.find("wrong"), std::string::npos);
}

TEST(Cli, MultiPuzzleFileIsManyLevelsInInputOrder) {
    RunResult r = run(cli() + " --json solve -j 2 " + quote(data_dir() + "/lightsout/classic.lightsout"));
    EXPECT_EQ(r.exit_code, 0) << r.out;
    auto lines = json_lines(r.out);
    ASSERT_GE(lines.size(), 3u) << r.out;
    for (size_t i = 0; i < lines.size(); ++i) {
        EXPECT_EQ(member(lines[i], "index"), std::to_string(i)); // input order, whatever the threads did
        EXPECT_NE(member(lines[i], "solution"), "");
    }
}

TEST(Cli, AnImpossibleLevelIsReportedAndExitsOne) {
    TempDir dir;
    write_file(dir / "two.lightsout", std::string(kUniqueLevel) + kImpossibleLevel);
    RunResult r = run(cli() + " --json solve " + quote(dir / "two.lightsout"));
    EXPECT_EQ(r.exit_code, 1);
    auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 2u) << r.out;
    EXPECT_EQ(member(lines[0], "status"), "unique");
    EXPECT_EQ(member(lines[1], "status"), "unsolvable");
    EXPECT_EQ(member(lines[1], "name"), "lonely");
}

TEST(Cli, BadInputIsExitThreeWithFileAndLine) {
    TempDir dir;
    write_file(dir / "bad.lightsout", "lightsout 1\nsize 3 3\n##.\n#x.\n...\n");
    RunResult r = run(cli() + " solve " + quote(dir / "bad.lightsout"), true);
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.out.find(dir / "bad.lightsout" + ":4:2"), std::string::npos) << r.out;

    RunResult missing = run(cli() + " solve " + quote(dir / "missing.lightsout"), true);
    EXPECT_EQ(missing.exit_code, 3);
    EXPECT_NE(missing.out.find("missing.lightsout"), std::string::npos);

    write_file(dir / "junk.bin", std::string("\x7f" "ELF\0\0garbage\xff\xfe", 16));
    RunResult junk = run(cli() + " --json solve " + quote(dir / "junk.bin"));
    EXPECT_EQ(junk.exit_code, 3);
    auto lines = json_lines(junk.out);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_NE(member(lines[0], "error").find("junk.bin"), std::string::npos);

    EXPECT_EQ(run(cli() + " solve --type nosuchtype " + quote(dir / "bad.lightsout")).exit_code, 3);
    EXPECT_EQ(run(cli() + " generate lightsout --param width=0 -o " + quote(dir / "g.lightsout")).exit_code, 3);
    EXPECT_EQ(run(cli() + " generate lightsout --param nonsense -o " + quote(dir / "g.lightsout")).exit_code, 3);
}

TEST(Cli, RenderWritesSvgWithAndWithoutSolution) {
    TempDir dir;
    write_file(dir / "one.lightsout", kUniqueLevel);
    ASSERT_EQ(run(cli() + " render " + quote(dir / "one.lightsout") + " -o " + quote(dir / "a.svg")).exit_code, 0);
    const std::string svg = read_file(dir / "a.svg");
    EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
    EXPECT_NE(svg.find("<svg"), std::string::npos);
    EXPECT_NE(svg.find("<polygon"), std::string::npos);
    RunResult solved = run(cli() + " --json solve " + quote(dir / "one.lightsout"));
    write_file(dir / "sol.txt", member(json_lines(solved.out).at(0), "solution"));
    ASSERT_EQ(run(cli() + " render " + quote(dir / "one.lightsout") + " --solution " + quote(dir / "sol.txt") + " -o " +
                  quote(dir / "b.svg")).exit_code, 0);
    EXPECT_NE(read_file(dir / "b.svg"), svg); // the solution is drawn
    EXPECT_EQ(run(cli() + " render " + quote(dir / "one.lightsout") + " --index 2 -o " + quote(dir / "c.svg")).exit_code, 3);
}

TEST(Cli, GenerateIsDeterministicPerSeed) {
    TempDir dir;
    const std::string gen = cli() + " generate lightsout --param width=6 --param height=4 --seed 11 --count 3 -o ";
    ASSERT_EQ(run(gen + quote(dir / "a.json")).exit_code, 0);
    ASSERT_EQ(run(gen + quote(dir / "b.json")).exit_code, 0);
    EXPECT_EQ(read_file(dir / "a.json"), read_file(dir / "b.json"));
    RunResult solved = run(cli() + " --json solve " + quote(dir / "a.json"));
    EXPECT_EQ(json_lines(solved.out).size(), 3u) << solved.out;
    ASSERT_EQ(run(cli() + " generate lightsout --seed 5 --db " + quote(dir / "g.db") + " --pack gen --count 4").exit_code, 0);
    RunResult listed = run(cli() + " --json db list " + quote(dir / "g.db") + " --pack gen");
    EXPECT_EQ(json_lines(listed.out).size(), 4u);
}

TEST(Cli, DatabaseImportExportRoundTrip) {
    TempDir dir;
    const std::string db = dir / "levels.db";
    RunResult imp = run(cli() + " db import " + quote(db) + " " + quote(data_dir() + "/lightsout/classic.lightsout") +
                        " --pack classic");
    ASSERT_EQ(imp.exit_code, 0) << imp.out;
    // Importing again adds nothing (content hash unique within the pack).
    RunResult again = run(cli() + " --json db import " + quote(db) + " " +
                          quote(data_dir() + "/lightsout/classic.lightsout") + " --pack classic");
    EXPECT_EQ(member(json_lines(again.out).at(0), "added"), "0");

    ASSERT_EQ(run(cli() + " db export " + quote(db) + " --pack classic -o " + quote(dir / "p1.json")).exit_code, 0);
    const std::string db2 = dir / "copy.db";
    ASSERT_EQ(run(cli() + " db import " + quote(db2) + " " + quote(dir / "p1.json") + " --pack classic").exit_code, 0);
    ASSERT_EQ(run(cli() + " db export " + quote(db2) + " --pack classic -o " + quote(dir / "p2.json")).exit_code, 0);
    EXPECT_EQ(read_file(dir / "p1.json"), read_file(dir / "p2.json"));

    RunResult packs = run(cli() + " --json db list " + quote(db));
    auto lines = json_lines(packs.out);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(member(lines[0], "pack"), "classic");
    EXPECT_EQ(run(cli() + " db export " + quote(db) + " --pack nosuch -o " + quote(dir / "x.json")).exit_code, 3);
}

// Many files go into the database in one transaction; each file's line still counts its own new levels, and a level
// repeated in a later file counts once. A dry run reads and checks everything and writes nothing.
TEST(Cli, DatabaseImportOfManyFilesCountsEachFileAndDryRunWritesNothing) {
    TempDir dir;
    write_file(dir / "a.lightsout", kUniqueLevel);
    write_file(dir / "b.lightsout", kImpossibleLevel);
    write_file(dir / "c.lightsout", kUniqueLevel);
    const std::string db = dir / "levels.db";
    const std::string files =
        quote(dir / "a.lightsout") + " " + quote(dir / "b.lightsout") + " " + quote(dir / "c.lightsout");

    RunResult dry = run(cli() + " db import " + quote(db) + " " + files + " --pack p --dry-run");
    ASSERT_EQ(dry.exit_code, 0) << dry.out;
    EXPECT_NE(dry.out.find("would import 3 level(s) from 3 file(s)"), std::string::npos) << dry.out;
    EXPECT_FALSE(fs::exists(db));

    RunResult imp = run(cli() + " --json db import " + quote(db) + " " + files + " --pack p");
    ASSERT_EQ(imp.exit_code, 0) << imp.out;
    auto lines = json_lines(imp.out);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(member(lines[0], "added"), "1");
    EXPECT_EQ(member(lines[1], "added"), "1");
    EXPECT_EQ(member(lines[2], "added"), "0"); // the same level as a.lightsout
    pluzzle::host::Store store(db);
    auto levels = store.levels({"p", ""});
    ASSERT_EQ(levels.size(), 2u);
    EXPECT_EQ(levels[0].name, "corner");
    EXPECT_EQ(levels[1].name, "lonely");
    EXPECT_EQ(levels[1].position, levels[0].position + 1);
}

// A webpbn-style .non file written by a Windows tool: its author's name is Windows-1252, not UTF-8.
const char *kWindows1252Non = "catalogue \"test #1\"\ntitle \"Caf\xE9\"\nby \"Jos\xE9 P\xE9rez\"\nwidth 2\nheight 2\n\n"
                              "rows\n1\n2\n\ncolumns\n2\n1\n";

// Thousands of files from the wild: a bad one is reported with its reason and skipped, the rest are imported, and
// the command exits 3 saying how many failed. Windows-1252 files load, stored as UTF-8, with one note for all.
TEST(Cli, DatabaseImportGoesPastBadFilesAndReadsWindows1252) {
    TempDir dir;
    write_file(dir / "a.non", kWindows1252Non);
    write_file(dir / "b.non", std::string(kWindows1252Non).replace(0, 17, "catalogue \"test #2\"") + "\n");
    write_file(dir / "bad.lightsout", "lightsout 1\nsize 2 2\n#.\n");
    write_file(dir / "good.lightsout", kUniqueLevel);
    const std::string db = dir / "levels.db";
    RunResult r =
        run(cli() + " db import " + quote(db) + " " + quote(dir / "a.non") + " " + quote(dir / "bad.lightsout") + " " +
                quote(dir / "good.lightsout") + " " + quote(dir / "b.non") + " --pack mixed",
            true);
    EXPECT_EQ(r.exit_code, 3) << r.out;
    EXPECT_NE(r.out.find("imported 3 new level(s) of 3 into pack 'mixed' (0 already there); 1 file(s) failed"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("bad.lightsout:4:1: expected 2 rows, found 1"), std::string::npos)
        << r.out; // the file and the line at fault
    const std::string note = "2 file(s) were not UTF-8 and were read as Windows-1252";
    ASSERT_NE(r.out.find(note), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find(note), r.out.rfind(note)); // said once
    pluzzle::host::Store store(db);
    std::set<std::string> authors;
    for (auto &l : store.levels())
        authors.insert(l.author);
    EXPECT_TRUE(authors.count("Jos\xC3\xA9 P\xC3\xA9rez")) << "stored as UTF-8";

    // `solve` over many files goes on the same way.
    RunResult solve = run(cli() + " --json solve " + quote(dir / "bad.lightsout") + " " + quote(dir / "a.non") + " " +
                          quote(dir / "good.lightsout"));
    EXPECT_EQ(solve.exit_code, 3) << solve.out;
    size_t solved = 0, failed = 0;
    for (auto &line : json_lines(solve.out)) {
        if (line.HasMember("status")) solved += member(line, "status") == "unique";
        if (line.HasMember("error") && !line.HasMember("status")) {
            ++failed;
            EXPECT_EQ(member(line, "file"), dir / "bad.lightsout");
            EXPECT_EQ(member(line, "line"), "4");
        }
    }
    EXPECT_EQ(solved, 2u);
    EXPECT_EQ(failed, 1u);
}

TEST(Cli, DatabaseProfilesListsAndSetsPlayerValues) {
    TempDir dir;
    const std::string db = dir / "levels.db";
    { pluzzle::host::Store store(db); }
    const std::string env = cli(probe_dir("good"));
    RunResult empty = run(env + " --json db profiles " + quote(db));
    ASSERT_EQ(empty.exit_code, 0) << empty.out;
    EXPECT_TRUE(json_lines(empty.out).empty());

    RunResult set = run(env + " db profiles " + quote(db) + " --set ann probe learner 5");
    ASSERT_EQ(set.exit_code, 0) << set.out;
    EXPECT_NE(set.out.find("set the level of player 'ann' for probe/learner to 5"), std::string::npos) << set.out;
    RunResult json_set = run(env + " --json db profiles " + quote(db) + " --set 'bob smith' probe learner 9");
    ASSERT_EQ(json_set.exit_code, 0) << json_set.out;
    EXPECT_EQ(member(json_lines(json_set.out).at(0), "value"), "9");

    RunResult list = run(env + " --json db profiles " + quote(db));
    ASSERT_EQ(list.exit_code, 0) << list.out;
    auto lines = json_lines(list.out);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(member(lines[0], "player"), "ann");
    EXPECT_EQ(member(lines[0], "plugin"), "probe");
    EXPECT_EQ(member(lines[0], "ai"), "learner");
    EXPECT_EQ(member(lines[0], "value"), "5");
    EXPECT_EQ(member(lines[0], "updated_at").size(), 24u);
    EXPECT_EQ(member(lines[1], "player"), "bob smith");
    RunResult only_bob = run(env + " --json db profiles " + quote(db) + " --player 'bob smith'");
    EXPECT_EQ(json_lines(only_bob.out).size(), 1u);
    RunResult human = run(env + " db profiles " + quote(db));
    EXPECT_NE(human.out.find("ann"), std::string::npos) << human.out;

    // Bad input: exit 3 with the reason; nothing stored.
    RunResult no_ai = run(env + " db profiles " + quote(db) + " --set ann probe nosuch 5", true);
    EXPECT_EQ(no_ai.exit_code, 3) << no_ai.out;
    EXPECT_NE(no_ai.out.find("type 'probe' has no AI 'nosuch'"), std::string::npos) << no_ai.out;
    RunResult no_profile = run(env + " db profiles " + quote(db) + " --set ann probe greedy 5", true);
    EXPECT_EQ(no_profile.exit_code, 3) << no_profile.out;
    EXPECT_NE(no_profile.out.find("AI 'greedy' keeps no player profile"), std::string::npos) << no_profile.out;
    RunResult no_type = run(env + " db profiles " + quote(db) + " --set ann nosuch learner 5", true);
    EXPECT_EQ(no_type.exit_code, 3) << no_type.out;
    RunResult empty_value = run(env + " db profiles " + quote(db) + " --set ann probe learner ''", true);
    EXPECT_EQ(empty_value.exit_code, 3) << empty_value.out;
    EXPECT_NE(empty_value.out.find("cannot be empty"), std::string::npos) << empty_value.out;
    RunResult missing = run(env + " db profiles " + quote(dir / "nosuch.db"), true);
    EXPECT_EQ(missing.exit_code, 3) << missing.out;
    EXPECT_EQ(run(env + " db profiles " + quote(db) + " --set ann probe").exit_code, 2); // --set takes four
    EXPECT_EQ(json_lines(run(env + " --json db profiles " + quote(db)).out).size(), 2u);
}

TEST(Cli, TruncatedDatabaseIsBadInputNamingTheFile) {
    TempDir dir;
    const std::string db = dir / "levels.db";
    ASSERT_EQ(run(cli() + " db import " + quote(db) + " " + quote(data_dir() + "/lightsout/classic.lightsout") +
                  " --pack classic").exit_code, 0);
    ASSERT_EQ(run("sqlite3 " + quote(db) + " 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null 2>&1 || true").exit_code, 0);
    const std::string bytes = read_file(db);
    write_file(dir / "trunc.db", bytes.substr(0, 1000));
    RunResult r = run(cli() + " db list " + quote(dir / "trunc.db"), true);
    EXPECT_EQ(r.exit_code, 3) << r.out;
    EXPECT_NE(r.out.find("trunc.db"), std::string::npos) << r.out;
    write_file(dir / "text.db", "definitely not a database, just some words that go on for a while\n");
    RunResult t = run(cli() + " db solve " + quote(dir / "text.db"), true);
    EXPECT_EQ(t.exit_code, 3) << t.out;
    EXPECT_NE(t.out.find("text.db"), std::string::npos) << t.out;
}

TEST(Cli, BulkSolvePrintsASummaryTable) {
    TempDir dir;
    const std::string db = dir / "levels.db";
    write_file(dir / "impossible.lightsout", kImpossibleLevel);
    ASSERT_EQ(run(cli() + " db import " + quote(db) + " " + quote(data_dir() + "/lightsout/classic.lightsout") + " " +
                  quote(dir / "impossible.lightsout") + " --pack classic").exit_code, 0);
    RunResult r = run(cli() + " db solve " + quote(db) + " -j 2");
    EXPECT_EQ(r.exit_code, 1); // the impossible level is unsolved
    EXPECT_NE(r.out.find("type"), std::string::npos);
    EXPECT_NE(r.out.find("lightsout"), std::string::npos);
    EXPECT_NE(r.out.find("unsolvable"), std::string::npos);
    // Everything has a final result now: --resume has nothing left to do.
    RunResult again = run(cli() + " --json db solve " + quote(db) + " --resume");
    auto lines = json_lines(again.out);
    ASSERT_EQ(lines.size(), 1u) << again.out;
    EXPECT_EQ(member(lines[0], "attempted"), "0");
    EXPECT_EQ(member(lines[0], "skipped"), member(lines[0], "total"));
    EXPECT_EQ(again.exit_code, 0);
}

// Kill a bulk run mid-way, then --resume: every level ends with exactly one result, none is lost or repeated.
TEST(Cli, BulkRunKilledMidwayThenResumedLosesNothing) {
    TempDir dir;
    const int kLevels = 30;
    std::string text;
    for (int i = 0; i < kLevels; ++i) text += "probe 1\nvalue " + std::to_string(i) + "\nsleep_ms 150\n";
    write_file(dir / "slow.probe", text);
    const std::string db = dir / "levels.db";
    const std::string env = cli(probe_dir("good"));
    ASSERT_EQ(run(env + " db import " + quote(db) + " " + quote(dir / "slow.probe") + " --pack slow").exit_code, 0);

    const pid_t pid = start_shell(env + " -q db solve " + quote(db) + " -j 2 >/dev/null 2>&1");
    ASSERT_GE(pid, 0);
    auto stored = [&] {
        pluzzle::host::Store store(db);
        size_t n = 0;
        for (auto &l : store.levels()) n += store.results(l.id).size();
        return n;
    };
    size_t before_kill = 0;
    for (int i = 0; i < 400 && (before_kill = stored()) < 4; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    const size_t after_kill = stored();
    ASSERT_GE(after_kill, 4u);
    ASSERT_LT(after_kill, size_t(kLevels)) << "the run finished before it could be killed";

    RunResult resumed = run(env + " --json db solve " + quote(db) + " --resume -j 2");
    EXPECT_EQ(resumed.exit_code, 0) << resumed.out;
    auto lines = json_lines(resumed.out);
    ASSERT_FALSE(lines.empty());
    const auto &summary = lines.back();
    EXPECT_EQ(member(summary, "skipped"), std::to_string(after_kill));
    EXPECT_EQ(member(summary, "attempted"), std::to_string(kLevels - after_kill));

    pluzzle::host::Store store(db);
    std::set<std::string> answers;
    for (auto &l : store.levels()) {
        auto results = store.results(l.id);
        ASSERT_EQ(results.size(), 1u) << "level " << l.name;
        EXPECT_EQ(results[0].status, PZ_SOLVE_UNIQUE);
        answers.insert(results[0].solution);
    }
    EXPECT_EQ(answers.size(), size_t(kLevels));
}

TEST(Cli, SettingsFileAddsPluginFoldersAndBadSettingsAreNamed) {
    TempDir dir;
    write_file(dir / "settings.json",
               "{\"plugin_paths\": [\"" + probe_dir("good") + "\"], \"jobs\": 2, \"timeout_s\": 5, \"future_key\": 1}");
    RunResult r = run(cli() + " --settings " + quote(dir / "settings.json") + " --json plugins");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    bool probe = false;
    for (auto &l : json_lines(r.out)) probe = probe || member(l, "id") == "probe";
    EXPECT_TRUE(probe) << r.out;
    // Without the settings file the probe plugin is not found.
    EXPECT_EQ(run(cli() + " plugins").out.find("probe"), std::string::npos);

    write_file(dir / "broken.json", "{\"jobs\": \"many\"");
    RunResult bad = run(cli() + " --settings " + quote(dir / "broken.json") + " plugins", true);
    EXPECT_EQ(bad.exit_code, 3);
    EXPECT_NE(bad.out.find("broken.json"), std::string::npos) << bad.out;
}

TEST(Cli, BenchSignatureIsDeterministic) {
    const std::string cmd = cli() + " --json bench " + quote(data_dir() + "/lightsout/classic.lightsout");
    RunResult a = run(cmd), b = run(cmd);
    auto la = json_lines(a.out), lb = json_lines(b.out);
    ASSERT_FALSE(la.empty());
    ASSERT_TRUE(la.back().HasMember("signature")) << a.out;
    EXPECT_EQ(member(la.back(), "signature"), member(lb.back(), "signature"));
    EXPECT_EQ(member(la.back(), "signature").size(), 16u);
    EXPECT_EQ(member(la.front(), "status"), "unique");
    EXPECT_EQ(a.exit_code, 0);
}

TEST(Cli, BenchRunsABaselineInTheSameRun) {
    RunResult r = run(cli() + " --json bench " + quote(data_dir() + "/nonogram/webpbn-00001.non") +
                      " --baseline-option probing=0");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    auto lines = json_lines(r.out);
    ASSERT_GE(lines.size(), 2u);
    EXPECT_EQ(member(lines.front(), "status"), "unique");
    EXPECT_EQ(member(lines.front(), "baseline_status"), "unique");
    // An option the plugin does not declare is bad input, found before anything is solved.
    RunResult bad = run(cli() + " bench " + quote(data_dir() + "/lightsout/classic.lightsout") +
                        " --baseline-option nosuch=1", true);
    EXPECT_EQ(bad.exit_code, 3);
    EXPECT_NE(bad.out.find("nosuch"), std::string::npos) << bad.out;
}

// Ctrl-C: in-flight solves are cancelled (not stored as results), finished ones are kept, the summary says so,
// and --resume completes the rest.
TEST(Cli, BulkRunInterruptedWithCtrlCKeepsItsResults) {
    TempDir dir;
    const int kLevels = 20;
    std::string text;
    for (int i = 0; i < kLevels; ++i) text += "probe 1\nvalue " + std::to_string(i) + "\nsleep_ms 200\n";
    write_file(dir / "slow.probe", text);
    const std::string db = dir / "levels.db";
    const std::string env = cli(probe_dir("good"));
    ASSERT_EQ(run(env + " db import " + quote(db) + " " + quote(dir / "slow.probe") + " --pack slow").exit_code, 0);
    const std::string out = dir / "out.json";
    const pid_t pid = start_shell(env + " --json db solve " + quote(db) + " -j 2 >" + quote(out));
    ASSERT_GE(pid, 0);
    // Wait for a few results, then interrupt.
    for (int i = 0; i < 400; ++i) {
        const std::string so_far = read_file(out);
        if (std::count(so_far.begin(), so_far.end(), '\n') >= 3) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    const auto t0 = std::chrono::steady_clock::now();
    kill(pid, SIGINT);
    int status = 0;
    waitpid(pid, &status, 0);
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5)) << "cancellation must be prompt";
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1);
    auto lines = json_lines(read_file(out));
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(member(lines.back(), "cancelled"), "true");
    const size_t reported = lines.size() - 1;

    pluzzle::host::Store store(db);
    size_t stored = 0;
    for (auto &l : store.levels()) {
        auto results = store.results(l.id);
        ASSERT_LE(results.size(), 1u);
        if (!results.empty()) { EXPECT_EQ(results[0].status, PZ_SOLVE_UNIQUE); } // nothing "cancelled" was stored
        stored += results.size();
    }
    EXPECT_EQ(stored, reported);
    ASSERT_LT(stored, size_t(kLevels));

    RunResult resumed = run(env + " --json db solve " + quote(db) + " --resume -j 2");
    EXPECT_EQ(resumed.exit_code, 0) << resumed.out;
    EXPECT_EQ(member(json_lines(resumed.out).back(), "attempted"), std::to_string(kLevels - stored));
}
