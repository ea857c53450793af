// sliceit_test_support.hpp -- small helpers shared by the sliceit tests.
#pragma once
#include "format.hpp"

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

// The one level of a text (parse throws on any error).
inline std::unique_ptr<Level> level_from(const std::string &text) {
    auto levels = parse_levels(text);
    return std::unique_ptr<Level>(static_cast<Level *>(levels.at(0).level.release()));
}

inline std::string square_level(int strokes, int pieces, const std::string &extra = "") {
    return "{\"sliceit\": 1, \"strokes\": " + std::to_string(strokes) + ", \"pieces\": " + std::to_string(pieces) +
           ", \"shapes\": [{\"outer\": [[0,0],[100,0],[100,100],[0,100]]}]" + extra + "}";
}

} // namespace sliceit::test
