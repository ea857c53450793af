// store_listing.hpp -- a pack's contents as one comparable string, for the pack-management tests of the CLI's store
// and of the editor's undoable commands.
#pragma once
#include <pluzzle/host/store/store.hpp>

#include <cstdint>
#include <string>

namespace pluzzle::test {

// name@position for each level of the pack, in order ("" for an empty or missing pack).
inline std::string listing(host::Store &store, const std::string &pack) {
    std::string s;
    for (const auto &l : store.levels(host::LevelFilter(pack)))
        s += (s.empty() ? "" : " ") + l.name + "@" + std::to_string(l.position);
    return s;
}

// The id of the level named `name` (in any pack), or -1.
inline int64_t id_of(host::Store &store, const std::string &name) {
    for (const auto &l : store.levels())
        if (l.name == name) return l.id;
    return -1;
}

} // namespace pluzzle::test
