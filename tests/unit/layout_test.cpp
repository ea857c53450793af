// layout_test.cpp -- the source tree's layering, checked on every build so the folders keep telling the truth
// (issue 45): editor -> host -> sdk <- plugins with no arrow back up, host/lib's groups including one way only, and
// no source file grown past the size a reader takes in at once.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = PLUZZLE_SOURCE_DIR;

// host/lib's groups, lowest first. A group may include its own headers and those of lower ranks; two groups of
// the same rank (store and solve; jobs and selftest) know nothing of each other.
const std::map<std::string, int> kHostGroupRank = {
    {"base", 0}, {"render", 1}, {"plugin", 2}, {"store", 3},  {"solve", 3},
    {"sandbox", 4}, {"levels", 5}, {"jobs", 6}, {"selftest", 6},
};

bool is_source(const fs::path &p) {
    const std::string ext = p.extension().string();
    return ext == ".cpp" || ext == ".hpp" || ext == ".h" || ext == ".c";
}

std::vector<fs::path> sources_under(const fs::path &dir) {
    std::vector<fs::path> out;
    for (const auto &e : fs::recursive_directory_iterator(kRoot / dir))
        if (e.is_regular_file() && is_source(e.path())) out.push_back(e.path());
    return out;
}

// Every `#include <...>` / `#include "..."` target of a file, with its line number.
std::vector<std::pair<int, std::string>> includes_of(const fs::path &file) {
    static const std::regex include_line(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
    std::vector<std::pair<int, std::string>> out;
    std::ifstream in(file);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        std::smatch m;
        if (std::regex_search(line, m, include_line)) out.emplace_back(n, m[1].str());
    }
    return out;
}

// The host group a file belongs to (host/lib/<g>/ or host/include/pluzzle/host/<g>/), or "" for none.
std::string host_group_of_file(const fs::path &file) {
    const std::string rel = fs::relative(file, kRoot).generic_string();
    for (const char *prefix : {"host/lib/", "host/include/pluzzle/host/"}) {
        const std::string p = prefix;
        if (rel.compare(0, p.size(), p) != 0) continue;
        const size_t slash = rel.find('/', p.size());
        return slash == std::string::npos ? std::string() : rel.substr(p.size(), slash - p.size());
    }
    return {};
}

// The host group an include names: <pluzzle/host/<g>/x.hpp>, or a private "<g>/x.hpp" of host/lib.
std::string host_group_of_include(const std::string &target) {
    static const std::regex public_header(R"(^pluzzle/host/([a-z_]+)/)");
    static const std::regex private_header(R"(^([a-z_]+)/[a-z_0-9]+\.hpp$)");
    std::smatch m;
    if (std::regex_search(target, m, public_header)) return m[1].str();
    if (std::regex_search(target, m, private_header) && kHostGroupRank.count(m[1].str())) return m[1].str();
    return {};
}

std::string where(const fs::path &file, int line) {
    return fs::relative(file, kRoot).generic_string() + ":" + std::to_string(line);
}

} // namespace

TEST(Layout, EveryHostFileSitsInAKnownGroup) {
    for (const char *dir : {"host/lib", "host/include/pluzzle/host"})
        for (const fs::path &f : sources_under(dir)) {
            const std::string g = host_group_of_file(f);
            EXPECT_TRUE(kHostGroupRank.count(g)) << fs::relative(f, kRoot) << " is in no known group ('" << g
                                                 << "'): add the group to this test and to host/README.md";
        }
}

TEST(Layout, HostGroupsIncludeOneWay) {
    int checked = 0;
    for (const char *dir : {"host/lib", "host/include/pluzzle/host"})
        for (const fs::path &f : sources_under(dir)) {
            const std::string from = host_group_of_file(f);
            if (!kHostGroupRank.count(from)) continue;
            for (const auto &[line, target] : includes_of(f)) {
                const std::string to = host_group_of_include(target);
                if (to.empty() || to == from) continue;
                ++checked;
                ASSERT_TRUE(kHostGroupRank.count(to)) << where(f, line) << " includes unknown group " << target;
                EXPECT_LT(kHostGroupRank.at(to), kHostGroupRank.at(from))
                    << where(f, line) << ": group '" << from << "' includes '" << target
                    << "' of a group at its own level or above (host/README.md has the order)";
            }
        }
    EXPECT_GT(checked, 50) << "the include scan found too few cross-group includes: is the pattern still right?";
}

TEST(Layout, NoArrowBackUp) {
    // The SDK and the plugins know nothing of the host or the editor; the host knows nothing of the editor.
    const std::vector<std::pair<std::string, std::vector<std::string>>> forbidden = {
        {"sdk", {"pluzzle/host/", "editor/"}},
        {"plugins", {"pluzzle/host/", "editor/"}},
        {"host", {"editor/", "pluzzle/editor"}},
    };
    for (const auto &[dir, prefixes] : forbidden)
        for (const fs::path &f : sources_under(dir))
            for (const auto &[line, target] : includes_of(f))
                for (const std::string &p : prefixes)
                    EXPECT_NE(target.compare(0, p.size(), p), 0) << where(f, line) << " includes " << target;
}

TEST(Layout, NoSourceFileOverSixHundredAndFiftyLines) {
    // "~600 lines" with a little slack; a file past it has two ideas in it and wants splitting along its seams.
    constexpr int kMaxLines = 650;
    for (const char *dir : {"host", "sdk", "plugins", "editor"})
        for (const fs::path &f : sources_under(dir)) {
            std::ifstream in(f);
            int lines = 0;
            for (std::string s; std::getline(in, s);) ++lines;
            EXPECT_LE(lines, kMaxLines) << fs::relative(f, kRoot) << " has " << lines << " lines";
        }
}
