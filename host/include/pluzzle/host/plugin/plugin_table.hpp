// plugin_table.hpp -- what the host checks in a plugin's C table (<pluzzle/abi.h>) before it trusts it, and the
// table's descriptors read once into the SDK's C++ types. Only the loader and the profile code need these; neither
// needs the level store.
#pragma once
#include <pluzzle/abi.h>
#include <pluzzle/puzzle_types.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace pluzzle::host {

// Checks a plugin table against this host: ABI major, table size, identity fields, required functions, and
// that every declared capability has its functions. Returns the reason it is unusable, or "" if fine.
std::string check_plugin_table(const pz_plugin *table, uint32_t host_major = PZ_ABI_MAJOR);

// The table's identity and descriptors as the SDK's PluginInfo, copied out of the plugin's memory, so no caller
// reads the C structs. For a table check_plugin_table accepted. Fields past struct_size (abi.h rule 2) are absent:
// a 1.0 table has no AIs or solver options, and the AIs of a 1.1 table keep no profile (an empty profile name).
PluginInfo plugin_info(const pz_plugin *table);

// Why `value` is not a profile value text (1..PZ_PROFILE_VALUE_MAX bytes of UTF-8, no control characters), or "".
std::string profile_value_problem(std::string_view value);

} // namespace pluzzle::host
