// plugin_table.hpp -- what the host checks in a plugin's C table (<pluzzle/abi.h>) before it trusts it. Only the
// loader and the profile code need these; neither needs the level store.
#pragma once
#include <pluzzle/abi.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace pluzzle::host {

// Checks a plugin table against this host: ABI major, table size, identity fields, required functions, and
// that every declared capability has its functions. Returns the reason it is unusable, or "" if fine.
std::string check_plugin_table(const pz_plugin *table, uint32_t host_major = PZ_ABI_MAJOR);

// Why `value` is not a profile value text (1..PZ_PROFILE_VALUE_MAX bytes of UTF-8, no control characters), or "".
std::string profile_value_problem(std::string_view value);

} // namespace pluzzle::host
