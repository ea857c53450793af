// pack_file.hpp -- the pack file: a pack of levels as one JSON document, for export, import and exchange.
//
//   {"format": "pluzzle-pack", "version": 1, "name": ..., "description": ...,
//    "levels": [{"type": ..., "name": ..., "author": ..., "params": ..., "text": ...}, ...]}
//
// Required: format, version, name, levels, and each level's type and text. Optional (default ""): description
// and each level's name, author and params. Unknown keys are ignored. Written by cereal's JSON archive, so
// export -> import -> export is byte-identical.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace pluzzle::host {

struct PackFileLevel {
    std::string type, name, author, params, text;
};

struct PackFile {
    std::string name, description;
    std::vector<PackFileLevel> levels;
};

constexpr int kPackFormatVersion = 1;

std::string pack_to_json(const PackFile &pack);
// Throws InputError(source_name, ...): syntax errors with line and column, wrong or missing fields by name
// ("levels[2].text"), a format version newer than kPackFormatVersion.
PackFile pack_from_json(const std::string &json, const std::string &source_name);

// Writes path + ".tmp", flushes it to disk, then renames it over path: readers never see a half-written file.
// Throws InputError naming path when it cannot be written.
void write_pack_file(const std::string &path, const PackFile &pack);
// InputError naming path if the file cannot be read or is not a valid pack file.
PackFile read_pack_file(const std::string &path);

// Cheap sniff (looks at the first few KiB only): a JSON object with "format": "pluzzle-pack".
bool looks_like_pack_file(std::string_view text);

} // namespace pluzzle::host
