// How the host reads level files through the sandbox (issue 45: "the pipe, not a second pass"), with the real
// pluzzle-worker and the probe plugin: the worker reads a whole file itself and keeps the levels it read, a solve
// then names the kept level instead of sending its text again, and none of this can make the host parse a text its
// worker has not read safely -- not when the file changes between the two reads, not after the worker is replaced.
#include "built_plugins.hpp"
#include "test_support.hpp"

#include <pluzzle/host/base/errors.hpp>
#include <pluzzle/host/base/text_file.hpp>
#include <pluzzle/host/levels/level_files.hpp>
#include <pluzzle/host/render/display_list_bytes.hpp>
#include <pluzzle/host/sandbox/guarded_parse.hpp>
#include <pluzzle/host/sandbox/plugin_calls.hpp>
#include <pluzzle/host/sandbox/plugin_sandbox.hpp>
#include <pluzzle/host/sandbox/sandbox_ops.hpp>

#include <chrono>
#include <future>
#include <thread>

using namespace pluzzle;
using namespace pluzzle::test;

namespace {

// A registry holding only the probe plugin, for load_level_files (it claims the ".probe" extension).
const host::PluginRegistry &probes() { return probe_registry(); }

host::SourceOptions through(host::PluginSandbox &sandbox) {
    host::SourceOptions options;
    options.sandbox = &sandbox;
    return options;
}

// A probe file of one level, read through a sandbox as the CLI reads its files (load_level_files).
struct OneLevelRead {
    host::PluginSandbox sandbox;
    host::LoadedFiles loaded;
    explicit OneLevelRead(const std::string &text) {
        TempDir dir;
        const std::string path = (dir.path() / "a.probe").string();
        write_file(path, text);
        loaded = host::load_level_files(probes(), {path}, through(sandbox));
    }
    const host::SourceLevel &level() const { return loaded.files.at(0).levels.at(0); }
};

} // namespace

TEST(SandboxReads, ASolveAfterAGuardedReadNamesTheKeptLevelAndAnswersAsInProcess) {
    TempDir dir;
    const std::string a = (dir.path() / "a.probe").string(), b = (dir.path() / "b.probe").string();
    write_file(a, "probe 1\nvalue 5\n");
    write_file(b, "probe 1\nvalue 6\nprobe 1\nvalue 7\n");
    host::PluginSandbox sandbox;
    const host::LoadedFiles loaded = host::load_level_files(probes(), {a, b}, through(sandbox));
    ASSERT_EQ(loaded.failures.size(), 0u);
    ASSERT_EQ(loaded.level_count(), 3u);
    size_t kept = 0;
    for (const auto &file : loaded.files)
        for (const host::SourceLevel &l : file.levels) {
            ASSERT_NE(l.level, nullptr) << "not parsed here without leave_in_worker";
            EXPECT_EQ(l.keeper, &sandbox);
            ASSERT_TRUE(sandbox.keeps(l.kept)) << l.file << " #" << l.index << ": '" << l.kept << "'";
            ++kept;
            const host::SolveReport there = host::solve_level(*l.plugin, host::level_arg(l, l.file), {}, {&sandbox, nullptr, {}});
            const host::SolveReport here = l.plugin->solve(l.level.get(), {});
            EXPECT_EQ(there.status, here.status) << l.kept;
            EXPECT_EQ(there.solutions, here.solutions) << l.kept;
            EXPECT_EQ(there.nodes, here.nodes) << l.kept;
        }
    EXPECT_EQ(kept, 3u);
    EXPECT_EQ(sandbox.workers_started(), 1u);
    // A level this process parsed on its own is not one the worker keeps: it goes as text, with the same answer.
    const auto own = probe()->parse("probe 1\nvalue 5\n", "", "own").at(0).level;
    EXPECT_EQ(host::solve_level(*probe(), {own, nullptr, "own"}, {}, {&sandbox, nullptr, {}}).solutions,
              probe()->solve(own.get(), {}).solutions);
}

// `pluzzle check` and `render` hand their level to the worker as solve does (level_arg): the kept one, not its text.
TEST(SandboxReads, ACheckOrADrawingAfterAGuardedReadNamesTheKeptLevel) {
    OneLevelRead read("probe 1\nvalue 5\n");
    host::PluginSandbox &sandbox = read.sandbox;
    const host::SourceLevel &l = read.level();
    ASSERT_TRUE(sandbox.keeps(l.kept));
    // No level here: the text could only reach the worker through this process's parse, which is counted.
    size_t parsed_here = 0;
    host::LevelArg arg = host::level_arg(l, l.file);
    arg.level = nullptr;
    arg.parse_here = [&] {
        ++parsed_here;
        return l.level;
    };
    const host::CallSite site{&sandbox, nullptr, {}};
    const host::CheckReport checked = host::check_level(*l.plugin, arg, "answer 5", site);
    const host::CheckReport expected = l.plugin->check(l.level.get(), "answer 5");
    EXPECT_EQ(checked.ok, expected.ok);
    EXPECT_EQ(checked.message, expected.message);
    const host::DisplayList drawing = l.plugin->render(l.level.get(), nullptr);
    EXPECT_EQ(host::display_list_bytes(host::draw_level(*l.plugin, arg, nullptr, "", site)),
              host::display_list_bytes(drawing));
    EXPECT_EQ(host::render_level(*l.plugin, arg, nullptr, "", "svg", 1, site), host::drawing_document(drawing, "svg", 1));
    EXPECT_EQ(parsed_here, 0u);
    // Another sandbox's worker keeps nothing: it is sent this process's parse.
    host::PluginSandbox other;
    EXPECT_EQ(host::check_level(*l.plugin, arg, "answer 5", {&other, nullptr, {}}).ok, expected.ok);
    EXPECT_EQ(parsed_here, 1u);
}

TEST(SandboxReads, AReplacedWorkerKeepsNothingAndTheTextIsSentInstead) {
    OneLevelRead read("probe 1\nvalue 9\n");
    host::PluginSandbox &sandbox = read.sandbox;
    const host::SourceLevel &l = read.level();
    ASSERT_TRUE(sandbox.keeps(l.kept));
    // A crash replaces the worker: the next one has read nothing.
    const auto crash = sandbox.call(host::solve_call(*probe(), host::text_level("probe 1\ncrash segv\n"), {}), "probe");
    ASSERT_FALSE(crash.answered());
    EXPECT_FALSE(sandbox.keeps(l.kept));
    const host::SolveReport there = host::solve_level(*l.plugin, host::level_arg(l, l.file), {}, {&sandbox, nullptr, {}});
    EXPECT_EQ(there.solutions, l.plugin->solve(l.level.get(), {}).solutions);
    EXPECT_EQ(sandbox.workers_started(), 2u);
}

TEST(SandboxReads, AReferenceTheWorkerDoesNotHoldIsAnErrorNotAGuess) {
    host::PluginSandbox sandbox;
    for (const std::string reference : {"1 0 0", "99 0 0", "garbage"}) {
        const auto out = sandbox.call(host::solve_call(*probe(), {{"kept", reference}}, {}), "probe");
        ASSERT_TRUE(out.answered()) << out.reason;
        try {
            host::solve_report_of(*out.answer);
            FAIL() << "a solve of kept level '" << reference << "' answered";
        } catch (const host::PluginError &e) {
            EXPECT_TRUE(contains(e.what(), "keeps no level '" + reference + "'")) << e.what();
        }
    }
}

TEST(SandboxReads, AFileThatChangedBetweenTheTwoReadsIsJudgedByWhatThisProcessRead) {
    TempDir dir;
    const std::string path = (dir.path() / "moving.probe").string();
    const auto verdict_of = [&](const std::string &on_disk, const std::string &here) {
        write_file(path, on_disk);
        host::PluginSandbox sandbox;
        host::ParseVerdicts verdicts;
        host::read_in_sandbox(sandbox, *probe(), "", {{path, here, true}}, verdicts);
        return verdicts;
    };
    // The file crashes the plugin now, but this process holds a good text: no crash is blamed on the good text,
    // and reading it goes through the worker again.
    host::ParseVerdicts verdicts = verdict_of("probe 1\ncrash_in parse\n", "probe 1\nvalue 3\n");
    EXPECT_EQ(verdicts.count(host::parse_verdict_key(*probe(), "", "probe 1\nvalue 3\n")), 0u);
    host::PluginSandbox sandbox;
    EXPECT_EQ(host::guarded_parse(*probe(), "probe 1\nvalue 3\n", "", path, &sandbox, &verdicts).size(), 1u);
    // The file is good now, but this process holds the text that crashes: the worker's verdict on the file is not
    // taken for it, and the guarded read of this text crashes the worker, never this process.
    verdicts = verdict_of("probe 1\nvalue 3\n", "probe 1\ncrash_in parse\n");
    EXPECT_EQ(verdicts.count(host::parse_verdict_key(*probe(), "", "probe 1\ncrash_in parse\n")), 0u);
    try {
        host::guarded_parse(*probe(), "probe 1\ncrash_in parse\n", "", path, &sandbox, &verdicts);
        FAIL() << "the crashing text was read";
    } catch (const host::InputError &e) {
        EXPECT_TRUE(contains(e.what(), "crashed while reading it")) << e.what();
    }
    // And the same file unchanged: its verdict is kept, under this process's key.
    verdicts = verdict_of("probe 1\nvalue 4\n", "probe 1\nvalue 4\n");
    EXPECT_EQ(verdicts.count(host::parse_verdict_key(*probe(), "", "probe 1\nvalue 4\n")), 1u);
    // A worker that read a file and then died on the next text of its batch never confirmed the file's bytes: no
    // verdict for this process's copy (here a text that crashes), so it too is read in the worker first.
    write_file(path, "probe 1\nvalue 5\n");
    verdicts.clear();
    const std::string mine = "probe 1\nvalue 2\ncrash_in parse\n", crashing = "probe 1\ncrash_in parse\n";
    {
        host::PluginSandbox batch;
        host::read_in_sandbox(batch, *probe(), "", {{path, mine, true}, {"next", crashing, false}}, verdicts);
    }
    EXPECT_EQ(verdicts.count(host::parse_verdict_key(*probe(), "", mine)), 0u);
    ASSERT_EQ(verdicts.count(host::parse_verdict_key(*probe(), "", crashing)), 1u); // the text sent whole: the culprit
    EXPECT_EQ(verdicts.at(host::parse_verdict_key(*probe(), "", crashing)).verdict, host::ParseVerdict::crashed);
    // The files' copies here arrive after the worker started reading (texts_ready): the same verdicts.
    write_file(path, "probe 1\nvalue 6\n");
    std::vector<host::SandboxText> late = {{path, {}, true}};
    const std::string here = "probe 1\nvalue 6\n";
    std::promise<void> ready;
    std::thread filler([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        late[0].text = here;
        ready.set_value();
    });
    host::ParseVerdicts early;
    host::read_in_sandbox(sandbox, *probe(), "", late, early, ready.get_future().share());
    filler.join();
    ASSERT_EQ(early.count(host::parse_verdict_key(*probe(), "", here)), 1u);
    EXPECT_EQ(early.at(host::parse_verdict_key(*probe(), "", here)).verdict, host::ParseVerdict::read);
}

// read_in_sandbox hands back each text's key, so load_level_files and the reads after it do not hash a text again.
TEST(SandboxReads, EachTextsKeyComesBackInOrderAfterACrashToo) {
    const std::vector<std::string> texts = {"probe 1\nvalue 1\n", "probe 1\ncrash_in parse\n", "probe 1\nvalue 2\n"};
    host::PluginSandbox sandbox;
    host::ParseVerdicts verdicts;
    const auto keys = host::read_in_sandbox(sandbox, *probe(), "", {{"a", texts[0]}, {"b", texts[1]}, {"c", texts[2]}},
                                            verdicts);
    ASSERT_EQ(keys.size(), texts.size());
    for (size_t i = 0; i < texts.size(); ++i)
        EXPECT_EQ(keys[i], host::parse_verdict_key(*probe(), "", texts[i])) << i;
    EXPECT_EQ(verdicts.at(keys[1]).verdict, host::ParseVerdict::crashed);
    EXPECT_EQ(verdicts.at(keys[2]).verdict, host::ParseVerdict::read);
    // A known key is used for a text of its size only (the file's text, or its end after a byte order mark).
    const host::TextKeys known = {{probe().get(), "", texts[2].size(), keys[2]}};
    EXPECT_EQ(host::find_verdict(&verdicts, *probe(), "", texts[2], &known), &verdicts.at(keys[2]));
    EXPECT_EQ(host::find_verdict(&verdicts, *probe(), "", "probe 1\nvalue 22\n", &known), nullptr);
}

TEST(SandboxReads, AMappedFileHasTheBytesAndTheErrorsOfARead) {
    TempDir dir;
    const std::string path = (dir.path() / "f.txt").string(), empty = (dir.path() / "empty.txt").string();
    std::string bytes(300000, 'x');
    for (size_t i = 0; i < bytes.size(); i += 7) bytes[i] = char('a' + i % 26);
    write_file(path, bytes);
    write_file(empty, "");
    EXPECT_TRUE(host::MappedFile(path).text() == bytes);
    EXPECT_TRUE(host::MappedFile(path).text() == host::read_text_file(path));
    EXPECT_EQ(host::MappedFile(empty).text().size(), 0u);
    for (const std::string &bad : {(dir.path() / "missing").string(), dir.path().string()}) {
        std::string mapped, read;
        try {
            host::MappedFile{bad};
        } catch (const host::InputError &e) {
            mapped = e.what();
        }
        try {
            host::read_text_file(bad);
        } catch (const host::InputError &e) {
            read = e.what();
        }
        EXPECT_FALSE(mapped.empty()) << bad;
        EXPECT_EQ(mapped, read) << bad;
    }
}

// `pluzzle solve` only hands its levels to the worker that read them (SourceOptions::leave_in_worker): this process
// does not parse them, the names come from the worker, and any other worker -- one of `-j 2`, or one that replaced
// a crashed worker -- gets this process's parse of the same text, made then.
TEST(SandboxReads, LevelsLeftInTheWorkerAreParsedHereOnlyWhenAnotherWorkerNeedsThem) {
    TempDir dir;
    const std::string one = read_file(data_dir() + "/loop/square-loop-05x05.loop");
    const std::string path = (dir.path() / "two.loop").string();
    write_file(path, "loop 1\nname First one" + one.substr(6) + "\nloop 1\nname Second" + one.substr(6));
    host::PluginSandbox keeper;
    host::SourceOptions options = through(keeper);
    options.leave_in_worker = true;
    const host::LoadedFiles loaded = host::load_level_files(built_plugins(), {path}, options);
    ASSERT_EQ(loaded.failures.size(), 0u) << (loaded.failures.empty() ? "" : loaded.failures[0].error.what());
    const auto &levels = loaded.files.at(0).levels;
    ASSERT_EQ(levels.size(), 2u);
    const auto here = built_plugins().find("loop")->parse(read_file(path), "", path);
    for (size_t i = 0; i < 2; ++i) {
        const host::SourceLevel &l = levels[i];
        EXPECT_EQ(l.level, nullptr) << "parsed here although its worker keeps it";
        EXPECT_EQ(l.keeper, &keeper);
        EXPECT_EQ(l.name, here[i].name);
        const host::SolveReport expected = l.plugin->solve(here[i].level.get(), {});
        host::PluginSandbox other;
        for (host::PluginSandbox *sandbox : {&keeper, &other}) {
            const host::SolveReport got = host::solve_level(*l.plugin, host::level_arg(l, path), {}, {sandbox, nullptr, {}});
            EXPECT_EQ(got.solutions, expected.solutions) << i;
            EXPECT_EQ(got.nodes, expected.nodes) << i;
        }
        EXPECT_EQ(l.plugin->encode(host::level_here(l).get()), l.plugin->encode(here[i].level.get()));
    }
    // The keeping worker replaced by a crash: the next solve sends this process's parse instead.
    ASSERT_FALSE(keeper.call(host::solve_call(*probe(), host::text_level("probe 1\ncrash segv\n"), {}), "probe").answered());
    EXPECT_EQ(host::solve_level(*levels[1].plugin, host::level_arg(levels[1], path), {}, {&keeper, nullptr, {}}).solutions,
              levels[1].plugin->solve(here[1].level.get(), {}).solutions);
    // Without the option, and for a file the worker refuses, nothing changes: parsed here, or the plugin's error.
    const host::LoadedFiles parsed = host::load_level_files(built_plugins(), {path}, through(keeper));
    EXPECT_NE(parsed.files.at(0).levels.at(0).level, nullptr);
    EXPECT_TRUE(keeper.keeps(parsed.files.at(0).levels.at(0).kept)); // and still named as the worker keeps it
    write_file(path, "loop 1\nrules loop\ngrid square\nsize 2 2\ntiles\nzz\n");
    const host::LoadedFiles refused = host::load_level_files(built_plugins(), {path}, options);
    ASSERT_EQ(refused.failures.size(), 1u);
    EXPECT_TRUE(contains(refused.failures[0].error.what(), "hex")) << refused.failures[0].error.what();
}
