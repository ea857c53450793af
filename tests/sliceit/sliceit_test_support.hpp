// sliceit_test_support.hpp -- small helpers shared by the sliceit tests.
#pragma once
#include "formats.hpp"

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

namespace sliceit::test {

inline std::string data_file(const std::string &name) {
    std::ifstream in(std::string(PLUZZLE_SOURCE_DIR) + "/data/sliceit/" + name);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The one level of a text (parse throws on any error), on the heap so tests can hold it as `*level`.
inline std::unique_ptr<Level> level_from(const std::string &text) {
    auto levels = parse_levels(text);
    return std::make_unique<Level>(std::move(levels.at(0).level));
}

inline std::string square_level(int strokes, int pieces, const std::string &extra = "") {
    return "{\"sliceit\": 1, \"strokes\": " + std::to_string(strokes) + ", \"pieces\": " + std::to_string(pieces) +
           ", \"shapes\": [{\"outer\": [[0,0],[100,0],[100,100],[0,100]]}]" + extra + "}";
}

} // namespace sliceit::test
