// formats.hpp -- the canonical level file (extension .sliceit): one JSON object, human-editable.
//
//   {
//       "sliceit": 1,                       format version (required; identifies the file)
//       "name": "House",                    optional
//       "strokes": 5,                       N, 1..12
//       "pieces": 10,                       M, 1..100
//       "tolerance": 3,                     optional, percentage points around 100/M (default 3)
//       "sliver": 1,                        optional, percent of the total area ignored as a sliver (default 1)
//       "shapes": [ {"outer": [[x, y], ...], "holes": [[[x, y], ...], ...]} ],   holes optional
//       "forbidden": [ [[x, y], ...] ]      optional: polygons no stroke may touch
//   }
//
// Coordinates are plain numbers, y pointing down. Rings are open (the first vertex is not repeated) and may run
// either way round. Read through cereal's JSON archive; written by hand so points stay one pair per entry.
#pragma once
#include "level.hpp"

#include <pluzzle/typed_puzzle.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace sliceit {

// Parses and validates; every error names the line and the field.
std::vector<pluzzle::Parsed<Level>> parse_levels(std::string_view text);
std::string encode_level(const Level &level);
// Shortest text that reads back to exactly `v`.
std::string number_text(double v);

} // namespace sliceit
