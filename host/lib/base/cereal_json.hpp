// cereal_json.hpp -- include this (never cereal/archives/json.hpp directly) in files that read or write the
// host's JSON documents with cereal.
//
// RapidJSON (under cereal) is compiled into a private namespace, and cereal's json.hpp comes before any other
// RapidJSON header: so RapidJSON's assertions throw here (cereal makes them throw instead of abort), and files
// that use RapidJSON directly with its default, non-throwing assertions (json_line.hpp, the tests) cannot share,
// and swap at link time, these inline functions.
#pragma once
#define RAPIDJSON_NAMESPACE pluzzle_cereal_rapidjson
#define RAPIDJSON_NAMESPACE_BEGIN namespace pluzzle_cereal_rapidjson {
#define RAPIDJSON_NAMESPACE_END }
#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>
#include <rapidjson/encodedstream.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>
#include <string_view>

namespace pluzzle::host {

namespace cereal_rj = RAPIDJSON_NAMESPACE;

// Checks syntax and nesting depth with RapidJSON's iterative SAX reader (no input can overflow the stack of
// cereal's recursive parser afterwards) and that the root is an object; InputError(source, ...) with line and
// column otherwise. `not_an_object` is the message for a root that is not an object. Returns the text for cereal:
// the same document with its numbers in a form RapidJSON 1.1.0 reads exactly (pluzzle/internal/json_copy.hpp).
std::string check_json_object(std::string_view json, const std::string &source, const char *not_an_object);

} // namespace pluzzle::host
