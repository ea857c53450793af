// cereal_json.hpp -- include this (never cereal/archives/json.hpp directly): RapidJSON, under cereal, goes into a
// namespace private to this plugin, so its inline functions (with cereal's throwing assertions) never clash with
// another module's copy, and its assertions throw instead of aborting.
#pragma once
#define RAPIDJSON_NAMESPACE sliceit_rapidjson
#define RAPIDJSON_NAMESPACE_BEGIN namespace sliceit_rapidjson {
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
