// content_hash.hpp -- the identity of a level's content: the store uses it to spot the same level twice in a pack.
#pragma once
#include <string>
#include <string_view>

namespace pluzzle::host {

// Lower-case hex SHA-1 of type + '\0' + canonical_text (the NUL keeps "ab"+"c" apart from "a"+"bc").
std::string content_hash(std::string_view type, std::string_view canonical_text);

// Lower-case hex SHA-1 of data (the digest content_hash uses; exposed so it can be checked against test vectors).
std::string sha1_hex(std::string_view data);

} // namespace pluzzle::host
