// pack_file_test.cpp -- pack files: byte-identical round trips, atomic writes, and InputError (never a crash) for
// every malformed document.
#include <gtest/gtest.h>

#include "test_support.hpp"

#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <unistd.h>
#include <vector>

#include <pluzzle/host/base/errors.hpp>
#include <pluzzle/host/levels/pack_file.hpp>

namespace fs = std::filesystem;
using namespace pluzzle::host;

namespace {

class PackFileTest : public ::testing::Test {
protected:
    std::string file(const std::string &name) const { return (dir_ / name).string(); }

    pluzzle::test::TempDir temp_;
    const fs::path &dir_ = temp_.path();
};

PackFile tricky_pack() {
    PackFile pack;
    pack.name = "Tricky \"pack\"";
    pack.description = "line one\nline two\twith tab\\ and a backslash";
    pack.levels.push_back({"sokoban", "First", "Ann", "", "#####\n#@$.#\n#####\n"});
    pack.levels.push_back({"sudoku", "Ünïcødé 日本語 🙂", "Zoë", "size=9;\"quoted\"", "1.3\t4..\r\n\\n is not a newline"});
    pack.levels.push_back({"slitherlink", "", "", "", std::string("control \x01\x1f chars / and </script>")});
    pack.levels.push_back({"nonogram", "empty text", "", "", ""});
    return pack;
}

bool same(const PackFile &a, const PackFile &b) {
    if (a.name != b.name || a.description != b.description || a.levels.size() != b.levels.size()) return false;
    for (size_t i = 0; i < a.levels.size(); ++i) {
        const auto &x = a.levels[i], &y = b.levels[i];
        if (x.type != y.type || x.name != y.name || x.author != y.author || x.params != y.params || x.text != y.text)
            return false;
    }
    return true;
}

std::string read_bytes(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The body of a valid version-1 pack with the given levels array (JSON text).
std::string doc_with_levels(const std::string &levels) {
    return R"({"format": "pluzzle-pack", "version": 1, "name": "p", "description": "", "levels": )" + levels + "}";
}

} // namespace

TEST_F(PackFileTest, ExportImportExportIsByteIdentical) {
    const PackFile pack = tricky_pack();
    const std::string json = pack_to_json(pack);
    const PackFile back = pack_from_json(json, "tricky.json");
    EXPECT_TRUE(same(pack, back));
    EXPECT_EQ(pack_to_json(back), json);
    // Non-ASCII text is written as UTF-8, not as \u escapes.
    EXPECT_NE(json.find("日本語 🙂"), std::string::npos);
    EXPECT_EQ(json.back(), '\n');
}

TEST_F(PackFileTest, LayoutIsTheDocumentedOne) {
    PackFile pack;
    pack.name = "n";
    pack.levels.push_back({"t", "", "", "", "x"});
    const std::string json = pack_to_json(pack);
    const size_t format = json.find("\"format\": \"pluzzle-pack\""), version = json.find("\"version\": 1"),
                 levels = json.find("\"levels\": [");
    ASSERT_NE(format, std::string::npos) << json;
    ASSERT_NE(version, std::string::npos) << json;
    ASSERT_NE(levels, std::string::npos) << json;
    EXPECT_LT(format, version);
    EXPECT_LT(version, levels);
    // An empty pack still has its (empty) levels array.
    PackFile empty;
    empty.name = "empty";
    const PackFile back = pack_from_json(pack_to_json(empty), "empty.json");
    EXPECT_TRUE(back.levels.empty());
    EXPECT_EQ(back.name, "empty");
}

TEST_F(PackFileTest, WriteThenReadFile) {
    const std::string path = file("pack.json");
    const PackFile pack = tricky_pack();
    write_pack_file(path, pack);
    EXPECT_EQ(read_bytes(path), pack_to_json(pack));
    EXPECT_FALSE(fs::exists(path + ".tmp"));
    EXPECT_TRUE(same(read_pack_file(path), pack));

    // Overwriting replaces the whole file.
    PackFile smaller;
    smaller.name = "small";
    write_pack_file(path, smaller);
    EXPECT_EQ(read_bytes(path), pack_to_json(smaller));
    EXPECT_FALSE(fs::exists(path + ".tmp"));
}

TEST_F(PackFileTest, UnwritableAndUnreadablePathsNameTheFile) {
    const std::string nowhere = file("no-such-folder/pack.json");
    try {
        write_pack_file(nowhere, tricky_pack());
        FAIL() << "expected InputError";
    } catch (const InputError &e) {
        EXPECT_EQ(e.file(), nowhere);
    }
    EXPECT_FALSE(fs::exists(nowhere + ".tmp"));

    const std::string missing = file("missing.json");
    try {
        read_pack_file(missing);
        FAIL() << "expected InputError";
    } catch (const InputError &e) {
        EXPECT_EQ(e.file(), missing);
        EXPECT_NE(std::string(e.what()).find(missing), std::string::npos);
    }
    EXPECT_THROW(read_pack_file(dir_.string()), InputError);
}

TEST_F(PackFileTest, NewerVersionIsRejected) {
    std::string json = pack_to_json(tricky_pack());
    json.replace(json.find("\"version\": 1"), 12, "\"version\": 2");
    try {
        pack_from_json(json, "future.json");
        FAIL() << "expected InputError";
    } catch (const InputError &e) {
        EXPECT_EQ(e.file(), "future.json");
        EXPECT_EQ(e.reason(), "pack format version 2 is newer than this pluzzle supports (1)");
    }
}

TEST_F(PackFileTest, MalformedDocumentsGiveInputErrorNamingFileAndField) {
    struct Case {
        std::string json, field; // field: the expected InputError::field() ("" = none)
    };
    const std::string valid = pack_to_json(tricky_pack());
    const std::vector<Case> cases = {
        {"", ""},
        {"   \n  ", ""},
        {valid.substr(0, valid.size() / 2), ""}, // truncated
        {valid.substr(0, valid.size() - 3), ""},
        {valid + " trailing", ""},
        {"[]", ""},
        {"42", ""},
        {"\"pluzzle-pack\"", ""},
        {"null", ""},
        {"{}", ""},
        {R"({"format": "something-else", "version": 1, "name": "p", "levels": []})", ""},
        {R"({"format": 7, "version": 1, "name": "p", "levels": []})", "format"},
        {R"({"format": "pluzzle-pack", "name": "p", "levels": []})", "version"},
        {R"({"format": "pluzzle-pack", "version": "1", "name": "p", "levels": []})", "version"},
        {R"({"format": "pluzzle-pack", "version": 1.5, "name": "p", "levels": []})", "version"},
        {R"({"format": "pluzzle-pack", "version": 0, "name": "p", "levels": []})", "version"},
        {R"({"format": "pluzzle-pack", "version": 1, "levels": []})", "name"},
        {R"({"format": "pluzzle-pack", "version": 1, "name": null, "levels": []})", "name"},
        {R"({"format": "pluzzle-pack", "version": 1, "name": "p", "description": 3, "levels": []})", "description"},
        {R"({"format": "pluzzle-pack", "version": 1, "name": "p"})", "levels"},
        {doc_with_levels("5"), "levels"},
        {doc_with_levels("\"x\""), "levels"},
        {doc_with_levels("null"), "levels"},
        {doc_with_levels("{}"), "levels"},
        {doc_with_levels(R"({"type": "a", "text": "b"})"), "levels"},
        {doc_with_levels("[5]"), "levels[0]"},
        {doc_with_levels("[null]"), "levels[0]"},
        {doc_with_levels("[[]]"), "levels[0]"},
        {doc_with_levels(R"([["sokoban", "text"]])"), "levels[0]"},
        {doc_with_levels("[{}]"), "levels[0]"},
        {doc_with_levels(R"([{"type": "a", "text": "b"}, {"type": "a"}])"), "levels[1].text"},
        {doc_with_levels(R"([{"text": "b"}])"), "levels[0].type"},
        {doc_with_levels(R"([{"type": 1, "text": "b"}])"), "levels[0].type"},
        {doc_with_levels(R"([{"type": "a", "text": ["b"]}])"), "levels[0].text"},
        {doc_with_levels(R"([{"type": "a", "text": "b", "author": false}])"), "levels[0].author"},
        {doc_with_levels(R"([{"type": "a", "text": "b", "params": {}}])"), "levels[0].params"},
        {std::string("{\"format\": \"pluzzle-pack\"\0, \"version\": 1}", 38), ""},
        // Deep nesting must not overflow the stack (anywhere: in an ignored key as well).
        {std::string(100000, '['), ""},
        {doc_with_levels("[]").insert(1, "\"deep\": " + std::string(5000, '[') + std::string(5000, ']') + ", "), ""},
    };
    for (const auto &c : cases) {
        SCOPED_TRACE("document: " + c.json.substr(0, 120));
        try {
            pack_from_json(c.json, "broken.json");
            ADD_FAILURE() << "expected InputError";
        } catch (const InputError &e) {
            EXPECT_EQ(e.file(), "broken.json");
            EXPECT_NE(std::string(e.what()).find("broken.json"), std::string::npos) << e.what();
            EXPECT_EQ(e.field(), c.field) << e.what();
        }
    }
}

TEST_F(PackFileTest, SyntaxErrorsCarryLineAndColumn) {
    try {
        pack_from_json("{\n  \"format\": \"pluzzle-pack\",\n  \"version\": 1,,\n}", "syntax.json");
        FAIL() << "expected InputError";
    } catch (const InputError &e) {
        EXPECT_EQ(e.line(), 3);
        EXPECT_GT(e.column(), 1);
        EXPECT_NE(std::string(e.what()).find("syntax.json:3:"), std::string::npos) << e.what();
    }
}

TEST_F(PackFileTest, OptionalFieldsAndUnknownKeys) {
    const std::string json = R"({"levels": [{"text": "b", "future": [1, {"x": 2}], "type": "a"}],
                                 "format": "pluzzle-pack", "name": "p", "version": 1, "extra": {"y": null}})";
    const PackFile pack = pack_from_json(json, "lenient.json");
    EXPECT_EQ(pack.name, "p");
    EXPECT_EQ(pack.description, "");
    ASSERT_EQ(pack.levels.size(), 1u);
    EXPECT_EQ(pack.levels[0].type, "a");
    EXPECT_EQ(pack.levels[0].text, "b");
    EXPECT_EQ(pack.levels[0].name, "");
    EXPECT_EQ(pack.levels[0].author, "");
    EXPECT_EQ(pack.levels[0].params, "");
    // A byte-order mark is skipped.
    EXPECT_EQ(pack_from_json("\xEF\xBB\xBF" + json, "bom.json").levels.size(), 1u);
}

TEST_F(PackFileTest, EveryTruncationOrByteFlipIsInputErrorOrValid) {
    const std::string valid = pack_to_json(tricky_pack());
    // Every cut before the closing brace (after it, only the final newline is lost: still valid).
    for (size_t n = 0; n <= valid.rfind('}'); ++n) {
        try {
            pack_from_json(valid.substr(0, n), "cut.json");
            ADD_FAILURE() << "a truncated pack was accepted at " << n;
        } catch (const InputError &) {
        }
    }
    // Byte flips: each round changes 3 bytes of the valid document (seeded, so the same rounds every run). A flip
    // into a string's contents usually leaves valid JSON, a flip into the structure usually does not, so both the
    // accepting and the refusing path are taken; the counts prove it. Anything but InputError fails the test.
    std::mt19937 rng(2024);
    const std::string alphabet = "{}[]\",:\\0a \x01\xff";
    int accepted = 0, refused = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string mutated = valid;
        for (int k = 0; k < 3; ++k) mutated[rng() % mutated.size()] = alphabet[rng() % alphabet.size()];
        if (mutated == valid) continue; // every flip wrote the byte already there
        PackFile pack;
        try {
            pack = pack_from_json(mutated, "flip.json");
        } catch (const InputError &e) {
            ++refused;
            EXPECT_EQ(e.file(), "flip.json");
            continue;
        } catch (const std::exception &e) {
            ADD_FAILURE() << "round " << round << ": not an InputError: " << e.what();
            continue;
        } catch (...) {
            ADD_FAILURE() << "round " << round << ": not an InputError (not even a std::exception)";
            continue;
        }
        ++accepted;
        // Whatever was accepted is a pack like any other: it exports, and the export imports to the same pack and
        // exports byte-identically.
        try {
            const std::string json = pack_to_json(pack);
            const PackFile again = pack_from_json(json, "flip-export.json");
            EXPECT_TRUE(same(again, pack)) << "round " << round;
            EXPECT_EQ(pack_to_json(again), json) << "round " << round;
        } catch (const std::exception &e) {
            ADD_FAILURE() << "round " << round << ": an accepted pack does not round-trip: " << e.what();
        }
    }
    EXPECT_GT(accepted, 0);
    EXPECT_GT(refused, 0);
    RecordProperty("accepted", accepted);
    RecordProperty("refused", refused);
}

TEST_F(PackFileTest, LooksLikePackFile) {
    EXPECT_TRUE(looks_like_pack_file(pack_to_json(tricky_pack())));
    EXPECT_TRUE(looks_like_pack_file(R"({"format":"pluzzle-pack","version":1})"));
    EXPECT_TRUE(looks_like_pack_file("\xEF\xBB\xBF\n {\n\"name\": \"x\", \"format\" :\t\"pluzzle-pack\"}"));
    EXPECT_FALSE(looks_like_pack_file(""));
    EXPECT_FALSE(looks_like_pack_file("{}"));
    EXPECT_FALSE(looks_like_pack_file(R"({"format": "other"})"));
    EXPECT_FALSE(looks_like_pack_file(R"([{"format": "pluzzle-pack"}])"));
    EXPECT_FALSE(looks_like_pack_file("#####\n#@$.#\n#####\n"));
    EXPECT_FALSE(looks_like_pack_file(R"({"jobs": 4, "plugin_paths": []})"));
}
