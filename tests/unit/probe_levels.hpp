// probe_levels.hpp -- databases of probe-plugin levels for the CLI tests of `db solve` (worker processes, runs on
// one database): import them, read back each level's newest result.
#pragma once
#include "test_support.hpp"
#include <pluzzle/host/store/store.hpp>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace pluzzle::test {

struct Row {
    std::string status, solution, info;
    uint64_t nodes = 0;
};

// level name -> its newest result
inline std::map<std::string, Row> results_by_name(const std::string &db) {
    pluzzle::host::Store store(db);
    std::map<std::string, Row> out;
    for (const auto &l : store.levels()) {
        const auto results = store.results(l.id);
        if (results.empty()) continue;
        const auto &r = results.front();
        out[l.name] = {pluzzle::host::attempt_status_text(r.status), r.solution, r.info, r.nodes};
    }
    return out;
}

// One file per level (the file name becomes the level's name).
inline std::string import_levels(const TempDir &dir, const std::vector<std::pair<std::string, std::string>> &levels) {
    std::string files;
    for (const auto &[name, body] : levels) {
        write_file(dir / (name + ".probe"), "probe 1\n" + body);
        files += " " + quote(dir / (name + ".probe"));
    }
    const std::string db = dir / "levels.db";
    EXPECT_EQ(run(cli(probe_dir("good")) + " -q db import " + quote(db) + files + " --pack p").exit_code, 0);
    return db;
}

} // namespace pluzzle::test
