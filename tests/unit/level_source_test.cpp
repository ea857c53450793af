// Choosing the plugin for a file: --type, extension, content; ambiguity and unknown types are clear errors.
#include <pluzzle/host/levels/level_source.hpp>
#include <pluzzle/host/levels/pack_file.hpp>
#include "test_support.hpp"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <future>

using namespace pluzzle::host;
using namespace pluzzle::test;
using namespace std::string_literals;

namespace {

PluginRegistry &registry() {
    static PluginRegistry reg = [] {
        PluginRegistry r;
        r.load_folders({PLUZZLE_PLUGIN_DIR, probe_dir("good"), probe_dir("old")});
        return r;
    }();
    return reg;
}

} // namespace

TEST(LevelSource, ExtensionPicksThePlugin) {
    auto levels = load_levels(registry(), data_dir() + "/lightsout/classic.lightsout");
    ASSERT_GE(levels.size(), 3u);
    EXPECT_EQ(levels[0].plugin->id(), "lightsout");
    EXPECT_EQ(levels[1].index, 1u);
    EXPECT_FALSE(levels[0].name.empty());
}

TEST(LevelSource, ContentDecidesWhenTheExtensionSaysNothing) {
    auto levels = load_levels_from_text(registry(), "lightsout 1\nsize 2 1\n#.\n", "level.txt");
    ASSERT_EQ(levels.size(), 1u);
    EXPECT_EQ(levels[0].plugin->id(), "lightsout");
}

TEST(LevelSource, TwoReadersAreAmbiguous) {
    try {
        load_levels_from_text(registry(), "probe 1\nvalue 1\n", "level.txt");
        FAIL() << "expected ambiguity";
    } catch (const InputError &e) {
        EXPECT_EQ(e.reason(), "ambiguous: readable as probe, probe_old; choose with --type");
        EXPECT_EQ(e.field(), "type");
    }
    auto chosen = load_levels_from_text(registry(), "probe 1\nvalue 1\n", "level.txt", {"probe_old", ""});
    EXPECT_EQ(chosen.at(0).plugin->id(), "probe_old");
}

TEST(LevelSource, NobodyReadsGarbage) {
    try {
        load_levels_from_text(registry(), "%%% not a level %%%\n", "junk.txt");
        FAIL() << "expected an error";
    } catch (const InputError &e) {
        EXPECT_EQ(e.file(), "junk.txt");
        EXPECT_NE(e.reason().find("no installed plugin can read this file"), std::string::npos);
        EXPECT_NE(e.reason().find("lightsout:"), std::string::npos) << "each plugin's reason is listed";
    }
}

TEST(LevelSource, UnknownTypeAndFormatAreNamed) {
    try {
        load_levels_from_text(registry(), "x", "a.txt", {"nosuch", ""});
        FAIL();
    } catch (const InputError &e) {
        EXPECT_EQ(e.field(), "type");
        EXPECT_NE(e.reason().find("lightsout"), std::string::npos) << "installed types are listed";
    }
    EXPECT_THROW(load_levels_from_text(registry(), "x", "a.txt", {"lightsout", "nosuchformat"}), InputError);
}

TEST(LevelSource, MissingFileAndFolderAreInputErrors) {
    TempDir dir;
    EXPECT_THROW(load_levels(registry(), dir / "missing.lightsout"), InputError);
    EXPECT_THROW(load_levels(registry(), dir.path().string()), InputError);
    write_file(dir / "empty.lightsout", "");
    EXPECT_THROW(load_levels(registry(), dir / "empty.lightsout"), InputError);
}

// ---- what counts as a level file -------------------------------------------------------------------------------

namespace {

// The InputError reason load_levels gives for `path` ("" when it loads).
std::string load_error(const std::string &path) {
    try {
        load_levels(registry(), path);
        return "";
    } catch (const InputError &e) {
        EXPECT_EQ(e.file(), path);
        return e.reason();
    }
}

} // namespace

TEST(LevelSource, AFifoIsRefusedWithoutWaitingForAWriter) {
    TempDir dir;
    const std::string fifo = dir / "level.lightsout";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0) << std::strerror(errno);
    auto reason = std::async(std::launch::async, [&] { return load_error(fifo); });
    if (reason.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
        // Blocked opening the FIFO: a writer that closes at once sets the reader free, then fail.
        int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
        if (fd >= 0) ::close(fd);
        reason.wait();
        FAIL() << "reading a FIFO hung";
    }
    EXPECT_NE(reason.get().find("not a regular file"), std::string::npos);
}

TEST(LevelSource, DevicesAndSocketsAreNotRegularFiles) {
    EXPECT_NE(load_error("/dev/zero").find("not a regular file"), std::string::npos); // endless: never read
    TempDir dir;
    const std::string path = dir / "level.sock";
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    ASSERT_GE(fd, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    ASSERT_LT(path.size(), sizeof(addr.sun_path));
    std::strcpy(addr.sun_path, path.c_str());
    ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)), 0) << std::strerror(errno);
    EXPECT_NE(load_error(path).find("not a regular file"), std::string::npos);
    ::close(fd);
}

TEST(LevelSource, OversizedFilesAreRefusedUnread) {
    TempDir dir;
    const std::string path = dir / "huge.lightsout";
    write_file(path, "lightsout 1\n");
    fs::resize_file(path, kMaxInputFileBytes + 1); // sparse: no disk space used
    EXPECT_NE(load_error(path).find("file too large"), std::string::npos);
}

TEST(LevelSource, NulBytesAndInvalidUtf8AreNamedByLineAndColumn) {
    TempDir dir;
    write_file(dir / "nul.lightsout", "lightsout 1\nsize 2 1\n#\0\n"s);
    EXPECT_EQ(load_error(dir / "nul.lightsout"), "contains a NUL byte at line 3, column 2");
    // Columns count characters: the two-byte "\xC3\xA9" is column 9, the stray 0xFF column 10. A file with some
    // UTF-8 in it is damaged UTF-8, not Windows-1252.
    write_file(dir / "damaged.lightsout", "lightsout 1\nname caf\xC3\xA9\xFF\nsize 2 1\n#.\n");
    EXPECT_EQ(load_error(dir / "damaged.lightsout"), "not valid UTF-8 at line 2, column 10");
    // Neither UTF-8 nor Windows-1252 (0x81 means nothing there).
    write_file(dir / "binary.lightsout", "lightsout 1\nname x\x81\nsize 2 1\n#.\n");
    EXPECT_EQ(load_error(dir / "binary.lightsout"), "not valid UTF-8 at line 2, column 7");
    // Text in memory (stored levels, pack files' levels) must be UTF-8: an overlong form, a surrogate, a code point
    // past U+10FFFF, a sequence cut short.
    for (const char *bad : {"\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE2\x82"}) {
        try {
            load_levels_from_text(registry(), std::string("lightsout 1\n") + bad, "mem.lightsout");
            ADD_FAILURE() << "accepted " << bad;
        } catch (const InputError &e) {
            EXPECT_EQ(e.reason(), "not valid UTF-8 at line 2, column 1") << bad;
        }
    }
    try {
        load_levels_from_text(registry(), "probe 1\nvalue \0\n"s, "mem.probe");
        FAIL() << "a NUL byte was accepted";
    } catch (const InputError &e) {
        EXPECT_EQ(e.file(), "mem.probe");
        EXPECT_EQ(e.line(), 2);
        EXPECT_EQ(e.column(), 7);
    }
}

// Older tools wrote Windows-1252 (webpbn's .non exports, e.g. #10076's author): read it, and keep the text as UTF-8.
TEST(LevelSource, AWindows1252FileIsReadAsSuch) {
    TempDir dir;
    write_file(dir / "old.lightsout", "lightsout 1\nname Caf\xE9 \x93quoted\x94 \x80\nsize 2 1\n#.\n");
    auto levels = load_levels(registry(), dir / "old.lightsout");
    ASSERT_EQ(levels.size(), 1u);
    EXPECT_EQ(levels[0].name, "Caf\xC3\xA9 \xE2\x80\x9Cquoted\xE2\x80\x9D \xE2\x82\xAC"); // é, curly quotes, euro
    EXPECT_TRUE(levels[0].read_as_windows_1252);
    write_file(dir / "new.lightsout", "lightsout 1\nname Caf\xC3\xA9\nsize 2 1\n#.\n");
    EXPECT_FALSE(load_levels(registry(), dir / "new.lightsout").at(0).read_as_windows_1252);
}

TEST(LevelSource, AByteOrderMarkIsIgnored) {
    TempDir dir;
    write_file(dir / "bom.lightsout", "\xEF\xBB\xBFlightsout 1\nname caf\xC3\xA9\nsize 2 1\n#.\n");
    auto levels = load_levels(registry(), dir / "bom.lightsout");
    ASSERT_EQ(levels.size(), 1u);
    EXPECT_EQ(levels[0].name, "caf\xC3\xA9");
    // A pack file with a byte order mark is still recognised as one.
    PackFile pack;
    pack.name = "p";
    pack.description = "with a mark";
    pack.levels.push_back({"lightsout", "one", "", "", levels[0].plugin->encode(levels[0].level.get())});
    write_file(dir / "pack.json", "\xEF\xBB\xBF" + pack_to_json(pack));
    auto from_pack = load_levels(registry(), dir / "pack.json");
    ASSERT_EQ(from_pack.size(), 1u);
    EXPECT_EQ(from_pack[0].name, "one");
    EXPECT_EQ(from_pack[0].pack_description, "with a mark");
}

// Pack files hold canonical text: a level in another of the plugin's formats is not guessed at.
TEST(LevelSource, PackLevelsAreReadInTheCanonicalFormat) {
    PluginRegistry reg;
    reg.load_folders({PLUZZLE_PLUGIN_DIR});
    auto nonogram = reg.find("nonogram");
    if (!nonogram || !nonogram->has_format("non")) GTEST_SKIP() << "needs the nonogram plugin and its .non format";
    const std::string non = read_file(data_dir() + "/nonogram/webpbn-00001.non");
    ASSERT_EQ(load_levels_from_text(reg, non, "demo.non").size(), 1u); // readable as a level file
    PackFile pack;
    pack.name = "p";
    pack.levels.push_back({"nonogram", "demo", "", "", non});
    EXPECT_THROW(load_levels_from_text(reg, pack_to_json(pack), "pack.json"), InputError);
    // Its canonical text is read.
    auto level = load_levels_from_text(reg, non, "demo.non").at(0);
    pack.levels[0].text = nonogram->encode(level.level.get());
    EXPECT_EQ(load_levels_from_text(reg, pack_to_json(pack), "pack.json").size(), 1u);
}
